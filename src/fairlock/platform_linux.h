/* SPDX-License-Identifier: MIT */
/*
 * The platform (platform.h) as Linux gives it: futexes, clock_gettime(),
 * the CPU counts, and the spin budgets measured on real machines.
 */
#ifndef FAIRLOCK_PLATFORM_LINUX_H
#define FAIRLOCK_PLATFORM_LINUX_H

#include <linux/futex.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <fairlock/arch.h>

/* --- futexes --- */

/*
 * Sleep while *word == expected.  EAGAIN (the word moved on), EINTR and
 * spurious wake-ups all simply return.  The kernel finds the word's wait
 * queue from its address: `queue` is the model's.
 */
static inline void fl_plat_futex_wait(uint32_t *word, uint32_t expected,
				      unsigned int queue)
{
	(void)queue;
	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static inline void fl_plat_futex_wake(uint32_t *word, int count,
				      unsigned int queue)
{
	(void)queue;
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

/* Sleep while *token is FL_PARK_WAITING, up to an absolute deadline. */
static inline void fl_plat_token_sleep(uint32_t *token, uint32_t waiting,
				       int waiter, clockid_t clock,
				       const struct timespec *abstime)
{
	int op = FUTEX_WAIT_BITSET_PRIVATE;

	(void)waiter;
	if (abstime && clock == CLOCK_REALTIME)
		op |= FUTEX_CLOCK_REALTIME;
	/*
	 * FUTEX_WAIT_BITSET takes an absolute time, so waits cut short by a
	 * signal or a spurious wake-up keep their deadline.  A time before
	 * 1970 is refused (EINVAL) and counts as passed: the caller looks at
	 * the clock itself.
	 */
	syscall(SYS_futex, token, op, waiting, abstime, NULL,
		FUTEX_BITSET_MATCH_ANY);
}

static inline void fl_plat_token_wake(uint32_t *token, int waiter)
{
	(void)waiter;
	syscall(SYS_futex, token, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/* The caller's number among parked threads: only the model tells them apart. */
static inline int fl_plat_self(void)
{
	return 0;
}

/* --- the clock --- */

static inline uint64_t fl_plat_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline bool fl_plat_deadline_passed(clockid_t clock,
					   const struct timespec *abstime)
{
	struct timespec now;

	clock_gettime(clock, &now);
	return now.tv_sec > abstime->tv_sec ||
	       (now.tv_sec == abstime->tv_sec && now.tv_nsec >= abstime->tv_nsec);
}

/* parking.c's one out-of-line copy of fl_plat_now_ns() (parking.h). */
uint64_t fl__now_ns(void);

/*
 * Whether the parked node `n` (struct fl__parked) has waited `bound_us`
 * or more since it first parked.  A macro: the clock is read first, as the
 * expression reads.
 */
#define fl_plat_past_bound(n, bound_us) \
	(fl__now_ns() - (n)->since_ns >= (uint64_t)(bound_us) * 1000u)

/*
 * The mutex's turns: the clock in microseconds, 32 bits (it wraps every
 * ~71 minutes; turns are compared by difference), and whether a turn that
 * began at `start_us` has lasted `turn_us`.
 */
#ifndef fl_plat_now_us	/* a unit test may move the clock by hand */
#define fl_plat_now_us() ((uint32_t)(fl__now_ns() / 1000u))
#endif
#define fl_plat_turn_over(start_us, turn_us) \
	(fl_plat_now_us() - (uint32_t)(start_us) >= (uint32_t)(turn_us))

#include "platform_linux_cpus.h"

/* --- spinning --- */

/* Real machines: the budgets the lock files measured (their comments). */
#define FL_PLAT_POLLS(n) (n)
#define FL_PLAT_PAUSES(n) (n)
#define FL_PLAT_SPIN_LEARNS 1
#define FL_PLAT_SPIN_WANTED true
/* A watching waiter past the bound waits for the holder's turn to end. */
#define FL_PLAT_WATCHERS_SKIP_BOUND 1

/*
 * A waiter's record: on its stack, so that a thread waits on any number
 * of locks at once (a signal handler's lock while its thread waits)
 * without sharing one.
 */
#define FL_PLAT_WAITER(type, name) type name##_on_stack, *name = &name##_on_stack

/* --- where sleepers sleep --- */

/* The parking ticket lock's futex slots: a hash of lock and ticket. */
#define FL_PLAT_PARK_SLOTS 1024u

static inline uintptr_t fl_plat_park_slot(const void *lock, uint16_t ticket)
{
	uintptr_t h = ((uintptr_t)lock >> 3) ^ ((uintptr_t)ticket * 0x9e3779b1u);

	h ^= h >> 16;
	return (h * 0x85ebca6bu) % FL_PLAT_PARK_SLOTS;
}

/*
 * The parking table's buckets: 256 keeps collisions rare for the locks a
 * program contends at once (a collision only makes two locks' waiters
 * share a queue lock and a list walk).
 */
#define FL_PLAT_PARK_BUCKETS 256u

#include "bucket_lock_linux.h"

/* The per-thread and per-process parts (platform.h). */
#define FL_PLAT_THREAD_INDEX "thread_index_linux.h"
#define FL_PLAT_FORK_WORD "fork_word_linux.h"

#endif /* FAIRLOCK_PLATFORM_LINUX_H */
