/* SPDX-License-Identifier: MIT */
/*
 * The mutex in a forked child.  The parent left the word with every flag
 * set under its generation and a queue holding a node of a thread that
 * is not in the child; the thread that forked holds the lock (WMM_HELD,
 * the pthread_atfork pattern) or nobody does.  Then fl_model_fork() (what
 * the child's first slow path notices by itself in the real build) and
 * WMM_THREADS threads of the child, the first of them the one that forked
 * and unlocks first if it holds the lock, all lock and unlock.
 *
 * Checked: mutual exclusion through plain data, no thread waits for ever
 * (--check-liveness: a flag of the parent's, or its queue, would keep the
 * child's waiters asleep or the lock owed to nobody), the word back to 0.
 * The child's threads call fl_fork_generation() at once and concurrently
 * with its emptying of the table, whose ordering this also checks.
 *
 * WMM_TRY: the lock free but owed (HANDOFF without LOCKED: fork() came
 * between an unlock's release and its hand-over); the child's thread 1
 * makes one trylock, and once both are done a trylock must get the lock
 * (a parent's HANDOFF must not refuse it for ever: fl__mutex_trylock_owed
 * drops it; its ACQUIRE pairs with thread 0's unlock when thread 0 came
 * between the inline try's look and the out-of-line one's).
 */
#include "wmm.h"

#include <fairlock/mutex.h>

#include "ticket.c"
#include "parking.c"
#include "mutex.c"

#ifndef WMM_THREADS
#define WMM_THREADS 2
#endif

static fl_mutex_t lock = FL_MUTEX_INIT;
static unsigned int sections; /* plain: guarded by the lock */
static unsigned int entered;  /* atomic: sections begun */
static struct fl__parked gone; /* a parent's thread's node */

static void child_thread(int self)
{
#ifdef WMM_HELD
	if (self == 0) {
		__atomic_fetch_add(&entered, 1, __ATOMIC_RELAXED);
		sections++;
		fl_mutex_unlock(&lock);
	}
#endif
#ifdef WMM_TRY
	if (self == 1) {
		/* One try: it may meet thread 0 holding the lock. */
		if (!fl_mutex_trylock(&lock))
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

int main(void)
{
	uint32_t parent_gen = fl_fork_generation();
	struct fl__bucket *b;

	/* The parent's state at fork(). */
	gone.key = &lock;
	gone.waiter = 3;
	b = fl__bucket_lock(&lock);
	fl__queue_push_back(b, &gone);
	fl__bucket_unlock(b);
	lock.state = FL__MUTEX_WOKEN | FL__MUTEX_HANDOFF | FL__MUTEX_PARKED |
		     FL__MUTEX_ASKED | parent_gen << FL__MUTEX_GENERATION_SHIFT;
#ifdef WMM_TRY
	/* No watcher (ASKED never stands without WOKEN): owed by HANDOFF. */
	lock.state &= ~(FL__MUTEX_WOKEN | FL__MUTEX_ASKED);
#endif
#ifdef WMM_HELD
	lock.state |= FL__MUTEX_LOCKED;
#endif
	fl_model_fork();
	wmm_run(WMM_THREADS, child_thread);
#ifdef WMM_TRY
	assert(fl_mutex_trylock(&lock));
	fl_mutex_unlock(&lock);
#endif
	assert(sections == entered);
	assert(lock.state == 0);
	return 0;
}
