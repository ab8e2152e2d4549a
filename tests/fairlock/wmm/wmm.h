/* SPDX-License-Identifier: MIT */
/*
 * What every GenMC harness shares.  A harness is one C file that GenMC
 * compiles with the library's own sources in the model build
 * (model_platform.h, force-included by run.sh), so this header pulls in the slow paths the harness's
 * locks need and supplies the few functions the model build leaves to
 * the program: misuse reports, yielding, and the qspinlock thread index.
 *
 * Plain (non-atomic) variables in the harnesses are deliberate: GenMC
 * reports any two conflicting plain accesses not ordered by happens-before
 * as a data race, so a lock that lets two critical sections overlap, or
 * hands over without synchronising, fails the check.
 */
#ifndef FL_WMM_H
#define FL_WMM_H

#ifndef FL_MODEL_CHECK
#error "build the harnesses with model_platform.h (tests/fairlock/wmm/run.sh)"
#endif

#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include <fairlock/arch.h>

void fl__bug(const char *func, const void *lock, const char *why)
{
	(void)func;
	(void)lock;
	(void)why;
	assert(0 && "fl__bug: misuse or capacity reached");
	abort();
}

void fl__yield(void)
{
}

static __thread int wmm_self = -1;

int fl_model_thread_index(void)
{
	return wmm_self;
}

/* The harness's threads: fn(i) on threads 0..n-1, all joined. */
#define WMM_MAX_THREADS 4

static void (*wmm_fn)(int);

static void *wmm_start(void *arg)
{
	wmm_self = (int)(intptr_t)arg;
	wmm_fn(wmm_self);
	return NULL;
}

static inline void wmm_run(int n, void (*fn)(int))
{
	pthread_t t[WMM_MAX_THREADS];

	wmm_fn = fn;
	for (int i = 0; i < n; i++)
		pthread_create(&t[i], NULL, wmm_start, (void *)(intptr_t)i);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
}

#endif /* FL_WMM_H */
