/* SPDX-License-Identifier: MIT */
/*
 * pthread_cond_* on a futex sequence count, with the mutex of mutex.c (or
 * glibc's, for a mutex glibc serves).
 *
 * A waiter counts itself in, reads `seq` while it still holds the mutex,
 * unlocks, and sleeps only while `seq` is unchanged.  A signal moves `seq`
 * on before it wakes anyone.  A signaller that changed the waited-for
 * state did so under the mutex, after the waiter's unlock, so its move of
 * `seq` comes after the waiter's read in seq's order: either the kernel
 * sees the new value and the waiter does not sleep, or the wake finds it
 * asleep.  No wake-up is lost; a waiter may wake spuriously, as POSIX
 * allows.  The kernel wakes sleepers of equal priority in the order they
 * went to sleep, so a signal wakes the longest waiter that is asleep.
 *
 * `waiters` lets a signal with nobody waiting skip the system call, and
 * lets destroy wait until woken waiters have stopped touching the
 * condition variable (destroying one right after a broadcast is allowed).
 */
#define _GNU_SOURCE
#include <limits.h>
#include <string.h>

#include "preload.h"

static inline struct flp_cond *as_cond(pthread_cond_t *pc)
{
	return (struct flp_cond *)(void *)pc;
}

static inline bool shared(const struct flp_cond *c)
{
	return __atomic_load_n(&c->flags, __ATOMIC_RELAXED) & FLP_COND_SHARED;
}

int flp_cond_init(pthread_cond_t *pc, const pthread_condattr_t *attr)
{
	struct flp_cond *c = as_cond(pc);
	clockid_t clock = CLOCK_REALTIME;
	int pshared = PTHREAD_PROCESS_PRIVATE;

	if (!flp_on())
		return FLP_REAL(pthread_cond_init)(pc, attr);
	if (attr) {
		pthread_condattr_getclock(attr, &clock);
		pthread_condattr_getpshared(attr, &pshared);
	}
	memset(pc, 0, sizeof(*pc));
	c->flags = (clock == CLOCK_MONOTONIC ? FLP_COND_MONOTONIC : 0) |
		   (pshared == PTHREAD_PROCESS_SHARED ? FLP_COND_SHARED : 0);
	flp_count(FLP_N_COND);
	return 0;
}
FLP_EXPORT(pthread_cond_init, flp_cond_init);

int flp_cond_destroy(pthread_cond_t *pc)
{
	struct flp_cond *c = as_cond(pc);
	uint32_t v;

	if (!flp_on())
		return FLP_REAL(pthread_cond_destroy)(pc);
	/*
	 * Wait for every waiter to have left (leave()).  ACQUIRE pairs with
	 * leave()'s RELEASE: their last touches of *c happen before the
	 * memory is reused.
	 */
	v = __atomic_fetch_or(&c->waiters, FLP_COND_DESTROYING, __ATOMIC_ACQUIRE) |
	    FLP_COND_DESTROYING;
	while (v != FLP_COND_DESTROYING) {
		flp_futex_wait_until(&c->waiters, v, shared(c), CLOCK_MONOTONIC,
				     NULL);
		v = __atomic_load_n(&c->waiters, __ATOMIC_ACQUIRE);
	}
	return 0;
}
FLP_EXPORT(pthread_cond_destroy, flp_cond_destroy);

static int wake(pthread_cond_t *pc, int count)
{
	struct flp_cond *c = as_cond(pc);

	/*
	 * RELAXED: a waiter counted itself in while it held the mutex, and a
	 * signaller that must wake it changed the state under that mutex
	 * after it, so the mutex orders the count before this read.
	 */
	if (!(__atomic_load_n(&c->waiters, __ATOMIC_RELAXED) & ~FLP_COND_DESTROYING))
		return 0;
	/*
	 * RELEASE: what the signaller did before signalling is visible to a
	 * waiter that sees the new count (the kernel's futex check reads it).
	 */
	__atomic_fetch_add(&c->seq, 1, __ATOMIC_RELEASE);
	flp_futex_wake(&c->seq, count, shared(c));
	return 0;
}

int flp_cond_signal(pthread_cond_t *pc)
{
	if (!flp_on())
		return FLP_REAL(pthread_cond_signal)(pc);
	return wake(pc, 1);
}
FLP_EXPORT(pthread_cond_signal, flp_cond_signal);

int flp_cond_broadcast(pthread_cond_t *pc)
{
	if (!flp_on())
		return FLP_REAL(pthread_cond_broadcast)(pc);
	/*
	 * Everyone wakes and competes for the mutex; the mutex's waiters then
	 * sleep on its own futex.  (glibc does the same since 2.25.)
	 */
	return wake(pc, INT_MAX);
}
FLP_EXPORT(pthread_cond_broadcast, flp_cond_broadcast);

/* The waiter is done with *c; after this it must not touch it. */
static void leave(struct flp_cond *c)
{
	bool is_shared = shared(c);
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

struct wait_frame {
	struct flp_cond *c;
	pthread_mutex_t *pm;
};

/* Cancelled while asleep: leave, and hold the mutex again, as POSIX says. */
static void cancelled_in_wait(void *arg)
{
	struct wait_frame *f = arg;

	leave(f->c);
	flp_mutex_lock(f->pm);
}

static int wait_until(pthread_cond_t *pc, pthread_mutex_t *pm,
		      clockid_t clock, const struct timespec *abstime)
{
	struct wait_frame frame = { as_cond(pc), pm };
	struct flp_cond *c = frame.c;
	int err, slept, cancel_type;
	uint32_t seq;

	if (abstime && (err = flp_check_deadline(clock, abstime)))
		return err;
	flp_count(FLP_N_COND_WAIT);
	/* RELAXED, under the mutex: see wake(). */
	__atomic_fetch_add(&c->waiters, 1, __ATOMIC_RELAXED);
	seq = __atomic_load_n(&c->seq, __ATOMIC_RELAXED);
	err = flp_mutex_unlock(pm);
	if (err) {
		leave(c);
		return err;
	}
	/*
	 * A cancellation point, as glibc's wait is: the sleep runs with
	 * asynchronous cancellation (glibc's own futex waits do the same),
	 * and a cancelled waiter leaves and retakes the mutex before the
	 * caller's cleanup handlers run.
	 */
	pthread_cleanup_push(cancelled_in_wait, &frame);
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &cancel_type);
	slept = flp_futex_wait_until(&c->seq, seq, shared(c), clock, abstime);
	pthread_setcanceltype(cancel_type, NULL);
	pthread_cleanup_pop(0);
	leave(c);
	err = flp_mutex_lock(pm);
	return err ? err : slept;
}

int flp_cond_wait(pthread_cond_t *pc, pthread_mutex_t *pm)
{
	if (!flp_on())
		return FLP_REAL(pthread_cond_wait)(pc, pm);
	return wait_until(pc, pm, CLOCK_REALTIME, NULL);
}
FLP_EXPORT(pthread_cond_wait, flp_cond_wait);

int flp_cond_timedwait(pthread_cond_t *pc, pthread_mutex_t *pm,
		       const struct timespec *abstime)
{
	uint32_t flags;

	if (!flp_on())
		return FLP_REAL(pthread_cond_timedwait)(pc, pm, abstime);
	if (!abstime)
		return EINVAL;
	flags = __atomic_load_n(&as_cond(pc)->flags, __ATOMIC_RELAXED);
	return wait_until(pc, pm, flags & FLP_COND_MONOTONIC ? CLOCK_MONOTONIC :
			  CLOCK_REALTIME, abstime);
}
FLP_EXPORT(pthread_cond_timedwait, flp_cond_timedwait);

int flp_cond_clockwait(pthread_cond_t *pc, pthread_mutex_t *pm,
		       clockid_t clock, const struct timespec *abstime)
{
	if (!flp_on())
		return FLP_REAL(pthread_cond_clockwait)(pc, pm, clock, abstime);
	if (!abstime)
		return EINVAL;
	return wait_until(pc, pm, clock, abstime);
}
FLP_EXPORT(pthread_cond_clockwait, flp_cond_clockwait);
