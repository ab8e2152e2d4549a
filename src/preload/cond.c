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
 * The counts and their ordering are cond_seq.c's; this file is the
 * pthread glue: attributes, deadlines, cancellation, the mutex.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <string.h>

#include "preload.h"

static inline struct flp_cond *as_cond(pthread_cond_t *pc)
{
	return (struct flp_cond *)(void *)pc;
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
	if (!flp_on())
		return FLP_REAL(pthread_cond_destroy)(pc);
	flp_cond_await_leavers(as_cond(pc));
	return 0;
}
FLP_EXPORT(pthread_cond_destroy, flp_cond_destroy);

int flp_cond_signal(pthread_cond_t *pc)
{
	if (!flp_on())
		return FLP_REAL(pthread_cond_signal)(pc);
	flp_cond_wake(as_cond(pc), 1);
	return 0;
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
	flp_cond_wake(as_cond(pc), INT_MAX);
	return 0;
}
FLP_EXPORT(pthread_cond_broadcast, flp_cond_broadcast);

struct wait_frame {
	struct flp_cond *c;
	pthread_mutex_t *pm;
	uint32_t seq;
	int cancel_type;	/* the caller's, restored on the way out */
};

/*
 * Cancelled while asleep: pass on a signal this waiter may have taken,
 * leave, and hold the mutex again before the caller's cleanup handlers
 * run, as POSIX says.
 */
static void cancelled_in_wait(void *arg)
{
	struct wait_frame *f = arg;

	flp_cond_cancelled(f->c, f->seq);
	flp_cond_leave(f->c);
	flp_mutex_lock(f->pm);
	pthread_setcanceltype(f->cancel_type, NULL);
}

static int wait_until(pthread_cond_t *pc, pthread_mutex_t *pm,
		      clockid_t clock, const struct timespec *abstime)
{
	struct wait_frame frame = { as_cond(pc), pm, 0, PTHREAD_CANCEL_DEFERRED };
	struct flp_cond *c = frame.c;
	int err, slept, ignored;

	if (abstime && (err = flp_check_deadline(clock, abstime)))
		return err;
	flp_count(FLP_N_COND_WAIT);
	/*
	 * Deferred cancellation until the sleep, whatever the caller's type:
	 * neither entering nor unlocking is a cancellation point, so a
	 * caller that runs with asynchronous cancellation cannot be stopped
	 * between them with the count or the mutex half changed.
	 */
	pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &frame.cancel_type);
	frame.seq = flp_cond_enter(c);
	err = flp_mutex_unlock(pm);
	if (err) {
		flp_cond_leave(c);
		pthread_setcanceltype(frame.cancel_type, NULL);
		return err;
	}
	/*
	 * A cancellation point, as glibc's wait is: the sleep runs with
	 * asynchronous cancellation (glibc's own futex waits do the same),
	 * and a cancelled waiter passes on a signal it may have taken,
	 * leaves and retakes the mutex before the caller's cleanup handlers
	 * run.
	 */
	pthread_cleanup_push(cancelled_in_wait, &frame);
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &ignored);
	slept = flp_cond_sleep(c, frame.seq, clock, abstime);
	pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &ignored);
	pthread_cleanup_pop(0);
	flp_cond_leave(c);
	err = flp_mutex_lock(pm);
	pthread_setcanceltype(frame.cancel_type, NULL);
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
