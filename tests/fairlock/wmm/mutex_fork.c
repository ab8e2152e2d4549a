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
 * child's waiters asleep or the lock owed to nobody), the lock free at
 * the end with no flag of the child's left (back to 0 unless the parent
 * left only flags a newcomer's lock does not look at, which may stay:
 * WMM_PARKED, WMM_WOKEN_PARKED).
 * The child's threads call fl_fork_generation() at once and concurrently
 * with its emptying of the table, whose ordering this also checks.
 *
 * WMM_TRY: the lock free but owed (HANDOFF without LOCKED: fork() came
 * between an unlock's release and its hand-over); the child's thread 1
 * makes one trylock, and once both are done a trylock must get the lock
 * (a parent's HANDOFF must not refuse it for ever: fl__mutex_trylock_owed
 * drops it; its ACQUIRE pairs with thread 0's unlock when thread 0 came
 * between the inline try's look and the out-of-line one's).
 *
 * WMM_PARKED: the parent left only PARKED (a thread of its slept in the
 * mutex), which a newcomer's lock does not look at: it takes the lock
 * with the parent's bit still in the word.  WMM_WOKEN_PARKED: WOKEN and
 * PARKED (a thread of its watched, another slept), the word with which an
 * unlock looks at the holder's turn (end_turn()).  WMM_FREE (with WMM_HELD):
 * the thread that forked only unlocks, and the last thread out of its
 * section frees the mutex, as POSIX allows once nobody uses it; nothing
 * may touch it after (GenMC reports an access to freed memory), though
 * the first unlock may still be on its way out.
 */
#include "wmm.h"

#include <stdlib.h>

#include <fairlock/mutex.h>

#include "ticket.c"
#include "parking.c"
#include "mutex.c"

#ifndef WMM_THREADS
#define WMM_THREADS 2
#endif

static fl_mutex_t *lock;
static unsigned int sections; /* plain: guarded by the lock */
static unsigned int entered;  /* atomic: sections begun */
static struct fl__parked gone; /* a parent's thread's node */

/* One section, its lock already taken; the last one out may free the mutex. */
static void section_end(fl_mutex_t *m)
{
	unsigned int done;

	__atomic_fetch_add(&entered, 1, __ATOMIC_RELAXED);
	done = ++sections;
	fl_mutex_unlock(m);
#ifdef WMM_FREE
	if (done == WMM_THREADS)
		free(m);
#else
	(void)done;
#endif
}

static void child_thread(int self)
{
	fl_mutex_t *m = lock;

#ifdef WMM_HELD
	if (self == 0) {
		section_end(m);
#ifdef WMM_FREE
		return;
#endif
	}
#endif
#ifdef WMM_TRY
	if (self == 1) {
		/* One try: it may meet thread 0 holding the lock. */
		if (!fl_mutex_trylock(m))
			return;
	} else {
		fl_mutex_lock(m);
	}
#else
	(void)self;
	fl_mutex_lock(m);
#endif
	section_end(m);
}

int main(void)
{
	uint32_t parent_gen = fl_fork_generation();
	struct fl__bucket *b;
	uint32_t flags = FL__MUTEX_WOKEN | FL__MUTEX_HANDOFF | FL__MUTEX_PARKED |
			 FL__MUTEX_ASKED;

	lock = malloc(sizeof(*lock));
	fl_mutex_init(lock);
	/* The parent's state at fork(). */
	gone.key = lock;
	gone.waiter = 3;
	b = fl__bucket_lock(lock);
	fl__queue_push_back(b, &gone);
	fl__bucket_unlock(b);
#ifdef WMM_TRY
	/* No watcher (ASKED never stands without WOKEN): owed by HANDOFF. */
	flags = FL__MUTEX_HANDOFF | FL__MUTEX_PARKED;
#endif
#ifdef WMM_PARKED
	flags = FL__MUTEX_PARKED;
#endif
#ifdef WMM_WOKEN_PARKED
	flags = FL__MUTEX_WOKEN | FL__MUTEX_PARKED;
#endif
	lock->state = flags | parent_gen << FL__MUTEX_GENERATION_SHIFT;
#ifdef WMM_HELD
	lock->state |= FL__MUTEX_LOCKED;
#endif
	fl_model_fork();
	wmm_run(WMM_THREADS, child_thread);
#ifndef WMM_FREE
#ifdef WMM_TRY
	assert(fl_mutex_trylock(lock));
	fl_mutex_unlock(lock);
#endif
	assert(sections == entered);
	/*
	 * Free, and no flag of the child's left: a parent's PARKED, which a
	 * newcomer's lock does not look at, may stay (an unlock cannot drop it
	 * after its release: the mutex may be freed by then); the next wait
	 * drops it.
	 */
#if defined(WMM_PARKED) || defined(WMM_WOKEN_PARKED)
	assert(!(lock->state & LOCKED));
	assert(!(lock->state & FLAGS) || stale(lock->state, fl_fork_generation()));
#else
	assert(lock->state == 0);
#endif
	free(lock);
#endif
	return 0;
}
