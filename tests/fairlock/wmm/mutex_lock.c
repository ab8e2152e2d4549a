/* SPDX-License-Identifier: MIT */
/*
 * The mutex, WMM_THREADS threads (default 3): mutual exclusion and
 * hand-over through plain data, the word back to 0 at the end (the queue
 * emptied and cleared PARKED, WOKEN and HANDOFF were cleared by the
 * threads they were for), and, with --check-liveness, no lost wake-up: a
 * parked waiter is always woken while the lock is free (the futexes are
 * the model build's stand-ins, tests/fairlock/wmm/model_platform_impl.h, and
 * never time out).
 *
 * WMM_BOUND n sets the mutex's bound in the model's clock, which counts a
 * waiter's dequeues (src/fairlock/mutex.c): 1 makes every dequeue a
 * hand-over of the lock; 2 lets a waiter be woken once, lose, and be
 * handed the lock the next time.  Without it the bound is never reached.
 * WMM_TRYLOCK: thread 0 makes one trylock instead of a lock.
 * WMM_TIMED: thread 0 locks with a deadline, and one more thread passes
 * that deadline at any moment of thread 0's run: thread 0 then either has
 * the lock or leaves the queue, and nobody is left asleep by its leaving.
 * WMM_ROUNDS n: each thread takes the lock n times (default 1); with 2
 * threads and 2 rounds a woken thread can find the lock taken again and
 * queue again, which 3 threads reach at far greater cost.
 * WMM_ROUNDS_1 n: thread 1 takes the lock n times instead (the IMM runs
 * give one thread one round, which keeps them to minutes: the other
 * thread's second round still finds the lock taken, asked for or owed).
 */
#include "wmm.h"

#include <errno.h>

#include <fairlock/mutex.h>

#include "ticket.c"
#include "parking.c"
#include "mutex.c"

#ifndef WMM_THREADS
#define WMM_THREADS 3
#endif
#ifndef WMM_BOUND
#define WMM_BOUND 0
#endif
#ifndef WMM_ROUNDS
#define WMM_ROUNDS 1
#endif
#ifndef WMM_ROUNDS_1
#define WMM_ROUNDS_1 WMM_ROUNDS
#endif

static fl_mutex_t lock = FL_MUTEX_INIT;
static unsigned int sections; /* plain: guarded by the lock */
static unsigned int entered;  /* atomic: sections begun */

static void take_once(int self)
{
#if defined(WMM_TRYLOCK)
	if (self == 0) {
		if (!fl_mutex_trylock(&lock))
			return;
	} else {
		fl_mutex_lock(&lock);
	}
#elif defined(WMM_TIMED)
	if (self == 0) {
		static const struct timespec some_time = { 1, 0 };

		if (fl_mutex_timedlock(&lock, CLOCK_MONOTONIC, &some_time) == ETIMEDOUT)
			return;
	} else {
		fl_mutex_lock(&lock);
	}
#else
	(void)self;
	fl_mutex_lock(&lock);
#endif
	__atomic_fetch_add(&entered, 1, __ATOMIC_RELAXED);
	sections++;
	fl_mutex_unlock(&lock);
}

static void worker(int self)
{
#ifdef WMM_TIMED
	/* The last thread is the clock: thread 0's deadline passes now. */
	if (self == WMM_THREADS) {
		__atomic_store_n(&fl_model_deadline_passed[0], 1, __ATOMIC_SEQ_CST);
		return;
	}
#endif
	int rounds = self == 1 ? WMM_ROUNDS_1 : WMM_ROUNDS;

	for (int i = 0; i < rounds; i++)
		take_once(self);
}

int main(void)
{
	if (WMM_BOUND)
		fl_mutex_init_max_wait(&lock, WMM_BOUND);
#ifdef WMM_TIMED
	wmm_run(WMM_THREADS + 1, worker);
#else
	wmm_run(WMM_THREADS, worker);
#endif
	assert(sections == entered);
	assert(lock.state == 0);
	return 0;
}
