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
 *    (barging), and a waiter polls briefly before it sleeps, unless its
 *    thread's recent polls kept ending in sleeps;
 *  - an unlock wakes one sleeper, and none while a woken thread has not
 *    yet had its try (the WOKEN bit), so a burst of unlocks makes one
 *    system call, not one each;
 *  - a waiter that has waited longer than the mutex's bound (1 ms unless
 *    set: fl_mutex_init_max_wait()) joins a strict FIFO queue of such
 *    waiters (a fl_ticket_park_t inside the mutex); the first of them
 *    sets HANDOFF, after which nobody else may take the lock: the next
 *    release is theirs.  So every waiter gets the lock within about the
 *    bound plus one critical section per starving waiter ahead of it
 *    (docs/fairlock.md: the measured worst case).  A sleeping waiter
 *    sleeps no longer than its bound: its wait times out into the queue.
 *
 * Why this design (docs/fairlock.md has the comparison): Go's sync.Mutex
 * switches to direct hand-off once a waiter has waited over 1 ms, but its
 * hand-off order is the semaphore's; WebKit's WTF::Lock and parking_lot
 * make a fair unlock on a random timer (~0.5-1 ms on average), which
 * bounds unfairness on average, not per waiter; the kernel's struct mutex
 * hands off after a woken waiter fails once, without a time bound.  Here
 * the bound is per waiter and in time, and the waiters past it are served
 * in arrival order.
 *
 * Word: LOCKED (bit 0), WOKEN (bit 1), HANDOFF (bit 2), and above them the
 * number of threads asleep or about to sleep.  All-zero memory is an
 * unlocked mutex with the default bound, so FL_MUTEX_INIT and zero-filled
 * memory both work.  The futexes are process-private: do not place this
 * mutex in memory shared between processes.
 *
 * Cost when uncontended: lock is one load and one compare-exchange,
 * unlock one fetch-sub; no system call unless someone sleeps.
 *
 * Ordering guarantees: acquire on lock and successful trylock, release on
 * unlock, as a pthread mutex gives; not the RCsc full barrier of the
 * ticket locks (a store before unlock may pass a load after the next
 * lock).  Capacity: 2^29 sleeping threads.
 */
#ifndef FAIRLOCK_MUTEX_H
#define FAIRLOCK_MUTEX_H

#include <stdbool.h>
#include <stdint.h>

#include <fairlock/ticket_park.h>

FL_EXTERN_C_BEGIN

typedef struct fl_mutex {
	uint32_t state;		/* FL__MUTEX_* bits and the sleeper count */
	uint32_t wake_seq;	/* futex word the sleepers wait on */
	uint32_t handoff_seq;	/* futex word the waiter owed the lock waits on */
	uint32_t max_wait_us;	/* the bound; 0: FL_MUTEX_MAX_WAIT_US_DEFAULT */
	/* Waiters past the bound, in arrival order; its holder sets HANDOFF. */
	fl_ticket_park_t starving;
} fl_mutex_t;

#define FL_MUTEX_INIT { 0, 0, 0, 0, FL_TICKET_PARK_INIT }
#define FL_MUTEX_MAX_WAIT_US_DEFAULT 1000u

#define FL__MUTEX_LOCKED 1u
#define FL__MUTEX_WOKEN 2u
#define FL__MUTEX_HANDOFF 4u
#define FL__MUTEX_SLEEPER 8u	/* one sleeper in the count */

FL_API void fl__mutex_lock_slow(fl_mutex_t *m);
FL_API void fl__mutex_unlock_slow(fl_mutex_t *m, uint32_t old);

static inline void fl_mutex_init(fl_mutex_t *m)
{
	__atomic_store_n(&m->state, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&m->wake_seq, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&m->handoff_seq, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&m->max_wait_us, 0, __ATOMIC_RELAXED);
	fl_ticket_park_init(&m->starving);
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
	 * Free, and not owed to a waiter past the bound.  ACQUIRE on
	 * success: pairs with the RELEASE of the unlock that freed it
	 * (mutant mutex_trylock_acq).
	 */
	while (!(v & (FL__MUTEX_LOCKED | FL__MUTEX_HANDOFF)))
		if (__atomic_compare_exchange_n(&m->state, &v,
						v | FL__MUTEX_LOCKED, false,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return true;
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

	if (FL_LIKELY(!(v & (FL__MUTEX_LOCKED | FL__MUTEX_HANDOFF)) &&
		      __atomic_compare_exchange_n(&m->state, &v,
						  v | FL__MUTEX_LOCKED, false,
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

	if (FL_UNLIKELY(old != FL__MUTEX_LOCKED))
		fl__mutex_unlock_slow(m, old);
}

static inline bool fl_mutex_is_locked(const fl_mutex_t *m)
{
	return __atomic_load_n(&m->state, __ATOMIC_RELAXED) & FL__MUTEX_LOCKED;
}

/* Someone sleeps, or the next release is owed to a waiter past the bound. */
static inline bool fl_mutex_is_contended(const fl_mutex_t *m)
{
	return __atomic_load_n(&m->state, __ATOMIC_RELAXED) &
	       ~(FL__MUTEX_LOCKED | FL__MUTEX_WOKEN);
}

FL_EXTERN_C_END

#endif /* FAIRLOCK_MUTEX_H */
