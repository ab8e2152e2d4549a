/* SPDX-License-Identifier: MIT */
/*
 * fairlock mutex: a sleeping lock as fast as the unfair ones, with a bound
 * on how long any waiter waits.
 *
 * The kernel's spinning locks (ticket, qspinlock, qrwlock) and the strict
 * FIFO parking lock hand the lock to the next in line on every release.
 * With more threads than CPUs that costs a cache-line transfer and often
 * a wake-up per acquisition, while an unfair lock lets the running thread
 * take the lock again.  This mutex is unfair on purpose, as long as that
 * is harmless, and fair once it is not:
 *
 *  - a running thread may take a free lock ahead of threads that sleep
 *    (barging);
 *  - one waiter stays awake and watches the lock (unless its thread's
 *    recent watches kept ending in sleeps): it lets the holder keep the
 *    lock for a turn (100 us, or 2048 acquisitions if sooner; after a
 *    turn the time ended, as many as the watcher counted in it, at least
 *    64, if it watched all of it), and then asks for it (ASKED): the
 *    holder's next unlock leaves the lock to the watcher, nobody else may
 *    take it meanwhile, and the holder, back for the lock, queues behind
 *    the other waiters or, with none, watches the new holder's turn, even
 *    when its wait finds the lock free (but for a timed lock).  A lock whose holder has
 *    gone (two looks found the same free word; every lock moves a tick in
 *    the word on while a watcher is awake) the watcher takes at its
 *    second look.  So while every thread wants the lock it changes hands
 *    once a turn, in arrival order, and a thread waits long once a turn
 *    rather than a little at most acquisitions;
 *  - the other waiters sleep in arrival order in a queue kept outside the
 *    mutex (a process-wide table keyed by the mutex's address); when the
 *    watcher has taken the lock, the next unlock wakes the first sleeper
 *    to watch, and no unlock wakes anyone while a thread is awake to try
 *    (the WOKEN bit), so a burst of unlocks makes one system call, not
 *    one each;
 *  - a woken waiter that loses its try to a barging thread goes back to
 *    the head of the queue, not the tail;
 *  - a sleeping waiter that will not watch when woken, once it has waited
 *    longer than the mutex's bound (1 ms unless set:
 *    fl_mutex_init_max_wait()), is handed the lock directly by the unlock,
 *    and if a barging thread took the lock first, that thread's unlock
 *    does (HANDOFF: nobody else may take it meanwhile).  Watchers are
 *    served by turns instead: one waiting behind k others waits about k+1
 *    turns (EXPERIMENT: the bound's promise for them is to be settled).
 *
 * Why this design (docs/fairlock.md has the comparison): Go's sync.Mutex
 * switches to direct hand-off once a waiter has waited over 1 ms;
 * WebKit's WTF::Lock and Rust's parking_lot (whose address-keyed queue
 * table this uses) make a fair unlock on a random timer (~0.5-1 ms on
 * average), which bounds unfairness on average, not per waiter; the
 * kernel's struct mutex hands off after a woken waiter fails once, without
 * a time bound.  Here the bound is per waiter and in time, and the waiters
 * past it are served in arrival order.
 *
 * Timed waits (fl_mutex_timedlock) are waiters like the others: queued in
 * order, woken, handed the lock past the bound; one whose deadline passes
 * leaves the queue.
 *
 * fork(): the child can use every mutex as it stands, as with glibc's.  A
 * mutex held by the thread that forked is still held, by that thread, and
 * unlocks normally; one held by another thread stays held (that thread is
 * not in the child); the waiters of the parent, their queue and the bits
 * they left in the word are gone.  Nothing is needed from the program: the
 * child notices the fork on its own (a page marked MADV_WIPEONFORK), empties
 * the queues and ignores bits stamped with the parent's fork generation.
 *
 * Word: LOCKED (bit 0), WOKEN (bit 1), HANDOFF (bit 2), PARKED (bit 3:
 * the queue may hold waiters), ASKED (bit 4), the fork generation that
 * set bits 1-4 (bits 5-23, modulo 2^19; 0 when none is set), and the tick
 * (bits 24-31: moved on by every lock while WOKEN is set; 0 otherwise).  All-zero memory is
 * an unlocked mutex with the default bound, so FL_MUTEX_INIT and
 * zero-filled memory both work.  The futexes are process-private: do not place this mutex in
 * memory shared between processes.
 *
 * Cost when uncontended: lock is one load and one compare-exchange,
 * unlock one fetch-sub; no system call unless someone sleeps.
 *
 * Ordering guarantees: acquire on lock and successful trylock, release on
 * unlock, as a pthread mutex gives; not the RCsc full barrier of the
 * ticket locks (a store before unlock may pass a load after the next
 * lock).  Capacity: any number of waiters (each queues a node on its own
 * stack).
 *
 * Misuse: unlocking a mutex that is not locked ends the process with a
 * message (fl__bug); there is no owner, so unlocking a mutex another
 * thread locked is allowed, as for a semaphore.
 */
#ifndef FAIRLOCK_MUTEX_H
#define FAIRLOCK_MUTEX_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h> /* clockid_t, which <time.h> hides in strict ISO C */
#include <time.h>

#include <fairlock/arch.h>

FL_EXTERN_C_BEGIN

/*
 * 32 bytes, as in release 0.1 (whose layout had the waiters' futex words
 * and a queue inside): programs built against it keep their size, and
 * their inline fast paths agree with this word (LOCKED and HANDOFF where
 * they were; any other bit sends an unlock to the slow path).  Their
 * lock does not know ASKED, so it may take a lock owed to a watcher: that
 * costs the watcher its turn, never mutual exclusion.
 */
typedef struct fl_mutex {
	uint32_t state;		/* FL__MUTEX_* bits and their fork generation */
	uint32_t unused1[2];	/* zero */
	uint32_t max_wait_us;	/* the bound; 0: FL_MUTEX_MAX_WAIT_US_DEFAULT */
	uint32_t unused2[4];	/* [0]: when the holder's turn began, in us,
				 * [2]: the locks that end it (0: the usual
				 * count); hints; the rest zero */
} fl_mutex_t;

#define FL_MUTEX_INIT { 0, { 0, 0 }, 0, { 0, 0, 0, 0 } }
#define FL_MUTEX_MAX_WAIT_US_DEFAULT 1000u

#define FL__MUTEX_LOCKED 1u
#define FL__MUTEX_WOKEN 2u
#define FL__MUTEX_HANDOFF 4u
#define FL__MUTEX_PARKED 8u
#define FL__MUTEX_ASKED 16u
#define FL__MUTEX_GENERATION_SHIFT 5
#define FL__MUTEX_GENERATION_MASK 0x7ffffu	/* 19 bits: 5-23 */
#define FL__MUTEX_TICK_SHIFT 24
/* Not to be taken by a newcomer: held, or owed to a waiter. */
#define FL__MUTEX_BUSY (FL__MUTEX_LOCKED | FL__MUTEX_HANDOFF | FL__MUTEX_ASKED)

/*
 * The word a lock writes when it takes the lock from `v`: LOCKED, and
 * while a watcher is awake (WOKEN) the tick (bits 24-31) moves on, so the
 * watcher can tell a holder that keeps taking the lock from one that has
 * gone (src/fairlock/mutex.c).  The tick wraps on its own: the carry out
 * of bit 31 is dropped.
 */
static inline uint32_t fl__mutex_taken(uint32_t v)
{
	return (v | FL__MUTEX_LOCKED) +
	       ((v & FL__MUTEX_WOKEN) << (FL__MUTEX_TICK_SHIFT - 1));
}

FL_API void fl__mutex_lock_slow(fl_mutex_t *m);
FL_API void fl__mutex_unlock_slow(fl_mutex_t *m, uint32_t old);
FL_API bool fl__mutex_trylock_owed(fl_mutex_t *m);

static inline void fl_mutex_init(fl_mutex_t *m)
{
	__atomic_store_n(&m->state, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&m->max_wait_us, 0, __ATOMIC_RELAXED);
	for (int i = 0; i < 2; i++)
		__atomic_store_n(&m->unused1[i], 0, __ATOMIC_RELAXED);
	for (int i = 0; i < 4; i++)
		__atomic_store_n(&m->unused2[i], 0, __ATOMIC_RELAXED);
}

/*
 * A mutex whose waiters wait at most about `max_wait_us` microseconds
 * before the lock is handed to them in arrival order (0: the default,
 * 1000).  Smaller is fairer and slower under contention: each hand-over
 * to a waiter that sleeps costs a wake-up while the lock stays free.
 */
static inline void fl_mutex_init_max_wait(fl_mutex_t *m, uint32_t max_wait_us)
{
	fl_mutex_init(m);
	__atomic_store_n(&m->max_wait_us, max_wait_us, __ATOMIC_RELAXED);
}

/* The bound in force, in microseconds. */
static inline uint32_t fl_mutex_max_wait_us(const fl_mutex_t *m)
{
	uint32_t us = __atomic_load_n(&m->max_wait_us, __ATOMIC_RELAXED);

	return us ? us : FL_MUTEX_MAX_WAIT_US_DEFAULT;
}

static inline bool fl_mutex_trylock(fl_mutex_t *m)
{
	uint32_t v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);

	/*
	 * Free, and owed to nobody (a waiter past the bound, or the watcher
	 * whose holder's turn is over).  ACQUIRE on success: pairs with the
	 * RELEASE of the unlock that freed it (mutant mutex_trylock_acq).
	 */
	while (!(v & FL__MUTEX_BUSY))
		if (__atomic_compare_exchange_n(&m->state, &v,
						fl__mutex_taken(v), false,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return true;
	/*
	 * Free but owed (HANDOFF, ASKED): to a waiter, or, in a child after
	 * fork(), to a thread of the parent's; out of line, which tells them
	 * apart.
	 */
	if (!(v & FL__MUTEX_LOCKED))
		return fl__mutex_trylock_owed(m);
	return false;
}

static inline void fl_mutex_lock(fl_mutex_t *m)
{
	/*
	 * The word is read first, so that with sleepers counted in it the
	 * compare-exchange still expects the right value; ACQUIRE as in
	 * trylock (mutant mutex_lock_acq).
	 */
	uint32_t v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);

	if (FL_LIKELY(!(v & FL__MUTEX_BUSY) &&
		      __atomic_compare_exchange_n(&m->state, &v,
						  fl__mutex_taken(v), false,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED)))
		return;
	fl__mutex_lock_slow(m);
}

static inline void fl_mutex_unlock(fl_mutex_t *m)
{
	/*
	 * RELEASE: the critical section happens before the next owner's
	 * ACQUIRE (mutant mutex_unlock_rel).  One RMW on the word that also
	 * holds the sleeper count and HANDOFF, so what it returns says
	 * whether anyone must be woken: no second load, no store-load fence.
	 */
	uint32_t old = __atomic_fetch_sub(&m->state, FL__MUTEX_LOCKED,
					  __ATOMIC_RELEASE);

	/*
	 * Nothing to do while only WOKEN or ASKED is set besides LOCKED: a
	 * thread is awake and will try, and nobody sleeps (so a holder
	 * watched through its turn makes no call).  A lock that was not
	 * held goes to the slow path, which reports it.
	 */
	if (FL_UNLIKELY((old & (FL__MUTEX_LOCKED | FL__MUTEX_HANDOFF |
				FL__MUTEX_PARKED)) != FL__MUTEX_LOCKED))
		fl__mutex_unlock_slow(m, old);
}

static inline bool fl_mutex_is_locked(const fl_mutex_t *m)
{
	return __atomic_load_n(&m->state, __ATOMIC_RELAXED) & FL__MUTEX_LOCKED;
}

/*
 * In a forked child: nothing to do, the mutex handles a child on its own
 * (above; fairlock/fork.h).  For code that treats every fairlock lock
 * alike.
 */
static inline void fl_mutex_after_fork(fl_mutex_t *m)
{
	(void)m;
}

/*
 * Someone may sleep, or the next release is owed to a waiter.  In a forked
 * child also while the word still carries a parent's waiters' flags: the
 * child's next lock or trylock drops a parent's HANDOFF or ASKED, and its
 * first contended lock the rest.
 */
static inline bool fl_mutex_is_contended(const fl_mutex_t *m)
{
	return __atomic_load_n(&m->state, __ATOMIC_RELAXED) &
	       (FL__MUTEX_PARKED | FL__MUTEX_HANDOFF | FL__MUTEX_ASKED);
}

/*
 * Lock, waiting no later than `abstime` on `clock` (CLOCK_REALTIME or
 * CLOCK_MONOTONIC): 0 with the lock held, ETIMEDOUT without it once the
 * deadline has passed, EINVAL for another clock or a tv_nsec outside
 * [0, 1e9) (then nothing is done).  A free lock owed to nobody is taken
 * whatever the deadline says, and without looking at it, as
 * pthread_mutex_timedlock() does (one owed to a waiter is not free).
 * The waiter queues, is woken and is handed the lock past the bound like
 * every other.
 */
FL_API int fl_mutex_timedlock(fl_mutex_t *m, clockid_t clock,
			      const struct timespec *abstime);

FL_EXTERN_C_END

#endif /* FAIRLOCK_MUTEX_H */
