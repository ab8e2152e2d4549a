/* SPDX-License-Identifier: MIT */
/*
 * Waiting with a deadline, as the timed pthread calls need it: futex waits
 * on an absolute time of either clock, and polling for the locks that have
 * no timed wait of their own.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "preload.h"

int flp_check_deadline(clockid_t clock, const struct timespec *abstime)
{
	if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC)
		return EINVAL;
	if (!abstime || abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000L)
		return EINVAL;
	return 0;
}

/* Nanoseconds from now until abstime on `clock`; 0 or less once passed. */
static long long ns_left(clockid_t clock, const struct timespec *abstime)
{
	struct timespec now;

	clock_gettime(clock, &now);
	return (long long)(abstime->tv_sec - now.tv_sec) * 1000000000LL +
	       (abstime->tv_nsec - now.tv_nsec);
}

/*
 * The spinning locks and the mutex have no wait that gives up, so a timed
 * lock tries, sleeps and tries again.  It is not served in arrival order
 * and may take up to 1 ms longer than the lock stays busy: documented in
 * fairlock-run(1).
 */
int flp_poll_until(bool (*try)(void *), void *arg, clockid_t clock,
		   const struct timespec *abstime)
{
	int saved_errno = errno;
	long long step_ns = 10000;

	for (;;) {
		long long left;
		struct timespec nap;

		if (try(arg))
			break;
		left = ns_left(clock, abstime);
		if (left <= 0) {
			errno = saved_errno;
			return ETIMEDOUT;
		}
		nap.tv_sec = 0;
		nap.tv_nsec = (long)(left < step_ns ? left : step_ns);
		nanosleep(&nap, NULL);
		if (step_ns < 1000000)
			step_ns *= 2;
	}
	errno = saved_errno;
	return 0;
}

int flp_futex_wait_until(uint32_t *word, uint32_t expected, bool shared,
			 clockid_t clock, const struct timespec *abstime)
{
	int op = FUTEX_WAIT_BITSET | (shared ? 0 : FUTEX_PRIVATE_FLAG);
	int saved_errno = errno, ret = 0;

	if (abstime && abstime->tv_sec < 0)
		return ETIMEDOUT;	/* the kernel refuses negative times */
	if (abstime && clock == CLOCK_REALTIME)
		op |= FUTEX_CLOCK_REALTIME;
	/*
	 * FUTEX_WAIT_BITSET takes an absolute time, so a wait interrupted by
	 * a signal and retried by the caller keeps its deadline.
	 */
	if ((syscall(SYS_futex, word, op, expected, abstime, NULL,
		     FUTEX_BITSET_MATCH_ANY) == -1 && errno == ETIMEDOUT) ||
	    (abstime && ns_left(clock, abstime) <= 0))
		ret = ETIMEDOUT;
	errno = saved_errno;
	return ret;
}

void flp_futex_wake(uint32_t *word, int count, bool shared)
{
	int saved_errno = errno;

	syscall(SYS_futex, word, shared ? FUTEX_WAKE : FUTEX_WAKE_PRIVATE,
		count, NULL, NULL, 0);
	errno = saved_errno;
}
