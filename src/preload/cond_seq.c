/* SPDX-License-Identifier: MIT */
/*
 * The condition variable's sequence count and waiter count (cond.c has the
 * design and the argument that no wake-up is lost).
 */
#include <limits.h>

#include <fairlock/fork.h>

#include "objects.h"

static inline bool shared(const struct flp_cond *c)
{
	return __atomic_load_n(&c->flags, __ATOMIC_RELAXED) & FLP_COND_SHARED;
}

/*
 * The count is the parent's: every waiter it counts stayed there.  Only
 * waiters of this process change it from here on, and the first of them
 * to enter (they enter under the one mutex, and a destroy before any of
 * them has none to wait for) sets it to none.  RELAXED: as the count.
 *
 * Not for a process-shared one: in shared memory it is the parent's own
 * object, whose waiters are still asleep in the parent and must stay
 * counted, or a broadcast from the child would see nobody and wake
 * nobody (LTP's stress/pthread_cond_wait/stress1).  In memory that fork
 * copied, a shared one keeps counting the parent's waiters, as glibc's
 * does: a destroy in the child waits for them.
 */
static inline bool parents_waiters_counted(const struct flp_cond *c,
					   uint32_t gen)
{
	return !shared(c) &&
	       __atomic_load_n(&c->fork_generation, __ATOMIC_RELAXED) != gen;
}

static void forget_parents_waiters(struct flp_cond *c, uint32_t gen)
{
	uint32_t v = __atomic_load_n(&c->waiters, __ATOMIC_RELAXED);

	__atomic_store_n(&c->waiters, v & FLP_COND_DESTROYING, __ATOMIC_RELAXED);
	__atomic_store_n(&c->fork_generation, gen, __ATOMIC_RELAXED);
}

uint32_t flp_cond_enter(struct flp_cond *c)
{
	uint32_t gen = fl_fork_generation();

	if (FL_UNLIKELY(parents_waiters_counted(c, gen)))
		forget_parents_waiters(c, gen);
	/*
	 * Both RELAXED, under the mutex: a signaller that must wake this
	 * waiter changed the waited-for state under the same mutex after
	 * the waiter unlocks, so the mutex orders the count and the read
	 * before the signaller's load and move.
	 */
	__atomic_fetch_add(&c->waiters, 1, __ATOMIC_RELAXED);
	return __atomic_load_n(&c->seq, __ATOMIC_RELAXED);
}

int flp_cond_sleep(struct flp_cond *c, uint32_t seq, clockid_t clock,
		   const struct timespec *abstime)
{
	return flp_futex_wait_until(&c->seq, seq, shared(c), clock, abstime);
}

void flp_cond_leave(struct flp_cond *c)
{
	bool is_shared = shared(c);
	/*
	 * RELEASE: this waiter's last touches of *c happen before a
	 * destroyer's ACQUIRE sees it gone and the memory is reused (mutant
	 * preload_cond_leave_rel).
	 */
	uint32_t old = __atomic_fetch_sub(&c->waiters, 1, __ATOMIC_RELEASE);

	/*
	 * The last waiter out wakes a destroyer.  The address may be freed
	 * by then; a wake on it is harmless (a futex wake on memory reused
	 * by another futex user is one more spurious wake-up, which every
	 * futex user must tolerate).
	 */
	if (old == (FLP_COND_DESTROYING | 1u))
		flp_futex_wake(&c->waiters, INT_MAX, is_shared);
}

void flp_cond_wake(struct flp_cond *c, int count)
{
	/* RELAXED: see flp_cond_enter(). */
	if (!(__atomic_load_n(&c->waiters, __ATOMIC_RELAXED) & ~FLP_COND_DESTROYING))
		return;
	/*
	 * RELAXED: the woken waiter takes the mutex before it looks at any
	 * state, so the mutex, not this count, orders what the signaller
	 * did before it.  The move itself is what wakes (mutant
	 * preload_cond_wake_lost: no move, and the waiter sleeps on).
	 */
	__atomic_fetch_add(&c->seq, 1, __ATOMIC_RELAXED);
	flp_futex_wake(&c->seq, count, shared(c));
}

void flp_cond_cancelled(struct flp_cond *c, uint32_t seq)
{
	/*
	 * RELAXED: a hint that a signal came; one wake-up too many is a
	 * spurious one, which every waiter tolerates.
	 */
	if (__atomic_load_n(&c->seq, __ATOMIC_RELAXED) != seq)
		flp_cond_wake(c, 1);
}

void flp_cond_await_leavers(struct flp_cond *c)
{
	uint32_t gen = fl_fork_generation();
	uint32_t v;

	if (parents_waiters_counted(c, gen))
		forget_parents_waiters(c, gen);

	/*
	 * ACQUIRE, here and in the loop: pairs with flp_cond_leave()'s
	 * RELEASE (mutant preload_cond_destroy_acq).  In the loop the futex
	 * call before the load already orders it, in the model as in the
	 * kernel (a futex call is a full barrier), so that mutant,
	 * preload_cond_destroy_loop_acq, is redundant there; C11 promises
	 * nothing of a system call, so the ACQUIRE stays.
	 */
	v = __atomic_fetch_or(&c->waiters, FLP_COND_DESTROYING, __ATOMIC_ACQUIRE);
	v |= FLP_COND_DESTROYING;
	while (v != FLP_COND_DESTROYING) {
		flp_futex_wait_until(&c->waiters, v, shared(c), CLOCK_MONOTONIC, NULL);
		v = __atomic_load_n(&c->waiters, __ATOMIC_ACQUIRE);
	}
}
