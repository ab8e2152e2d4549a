/* SPDX-License-Identifier: MIT */
/*
 * qspinlock (its word-sized path: the only one a C11 checker can read; the
 * sub-word path's stores are herd7's part), WMM_THREADS threads (default
 * 3), each taking the lock WMM_ROUNDS times (default 1): mutual exclusion
 * and hand-over through plain data, through the fast path, the pending
 * bit and the MCS queue alike (with 3 threads GenMC reaches all three).
 */
#include "wmm.h"

#include <fairlock/qspinlock.h>

#include "qspinlock.c"
#include "thread_index.c"

#ifndef WMM_THREADS
#define WMM_THREADS 3
#endif
#ifndef WMM_ROUNDS
#define WMM_ROUNDS 1
#endif

static fl_qspinlock_t lock = FL_QSPINLOCK_INIT;
static unsigned int sections; /* plain: guarded by the lock */
static int inside = -1;

static void worker(int self)
{
	for (int r = 0; r < WMM_ROUNDS; r++) {
		fl_qspin_lock(&lock);
		assert(inside == -1);
		inside = self;
		sections++;
		assert(inside == self);
		inside = -1;
		fl_qspin_unlock(&lock);
	}
}

int main(void)
{
	wmm_run(WMM_THREADS, worker);
	assert(sections == WMM_THREADS * WMM_ROUNDS);
	assert(lock.val == 0);
	return 0;
}
