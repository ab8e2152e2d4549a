/* SPDX-License-Identifier: MIT */
/*
 * qspinlock MCS queue: two threads queue behind each other and hand the
 * queue head over (what qspin_mutex.c's 3 threads cannot reach: one holds,
 * one is pending, so at most one queues; 4 threads there take GenMC more
 * than 10 minutes).  The lock starts as 0,1,0, a pending waiter about to
 * take it, so both lockers see the pending bit and queue.  Thread 0 is
 * that pending waiter: it claims the lock (0,1,0 -> 0,0,1, as
 * clear_pending_set_locked() does), runs a section, and unlocks.  The
 * sections update plain data: an overlap or a hand-over without
 * synchronisation is a race.  With --check-liveness, a queued thread that
 * is never made queue head (a lost link or hand-over) is a violation.
 */
#include "wmm.h"

#include <fairlock/qspinlock.h>

#include "qspinlock.c"
#include "thread_index.c"

#ifndef WMM_THREADS
#define WMM_THREADS 3
#endif

static fl_qspinlock_t lock = { FL_Q_PENDING_VAL };
static unsigned int sections; /* plain: guarded by the lock */

static void worker(int self)
{
	if (self == 0)
		/* 0,1,0 -> 0,0,1; RELAXED as in the library: we own it. */
		__atomic_fetch_add(&lock.val, FL_Q_LOCKED_VAL - FL_Q_PENDING_VAL,
				   __ATOMIC_RELAXED);
	else
		fl_qspin_lock(&lock);
	sections++;
	fl_qspin_unlock(&lock);
}

int main(void)
{
	wmm_run(WMM_THREADS, worker);
	assert(sections == WMM_THREADS);
	assert(lock.val == 0);
	return 0;
}
