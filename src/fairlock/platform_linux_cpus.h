/* SPDX-License-Identifier: MIT */
/* The CPU counts of platform_linux.h: how many waiters can run at once. */
#ifndef FAIRLOCK_PLATFORM_LINUX_CPUS_H
#define FAIRLOCK_PLATFORM_LINUX_CPUS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <fairlock/arch.h>

/*
 * The CPUs online, read once.  Not the affinity mask that the bounded
 * queue follows: that is the calling thread's, and a thread pinned to one
 * CPU would see 1.
 */
static inline uint32_t fl_plat_online_cpus(void)
{
	static uint32_t cached;
	/* RELAXED: any value stored is the count, or 0 (read it again). */
	uint32_t n = __atomic_load_n(&cached, __ATOMIC_RELAXED);

	if (FL_UNLIKELY(n == 0)) {
		long online = sysconf(_SC_NPROCESSORS_ONLN);

		n = online > 0 ? (uint32_t)online : 1;
		__atomic_store_n(&cached, n, __ATOMIC_RELAXED);
	}
	return n;
}

/*
 * CPUs in the calling thread's affinity mask, else those online.  Linux's
 * own, not an operation of the seam: lock code calls fl_plat_cpus().
 */
static inline uint32_t linux_affinity_cpus(void)
{
	/* Room for 8192 CPUs; the raw call returns the mask's size in bytes. */
	unsigned long mask[8192 / (8 * sizeof(unsigned long))];
	long bytes = syscall(SYS_sched_getaffinity, 0, sizeof(mask), mask);
	uint32_t n = 0;

	for (long i = 0; bytes > 0 && i < bytes / (long)sizeof(mask[0]); i++)
		n += (uint32_t)__builtin_popcountl(mask[i]);
	if (n == 0)
		n = fl_plat_online_cpus();
	return n;
}

/* Re-read the affinity mask at most this often (CLOCK_MONOTONIC_COARSE). */
#define FL_PLAT_CPUS_REREAD_MS 100u

/* *cached's value before the first read: none yet. */
#define FL_PLAT_CPUS_AT_START 0u

/*
 * The affinity mask's count, kept in *cached and re-read when due.  The
 * re-read's timer is a static of this function, so each file that calls
 * it has its own: call it from one file (ticket_park.c does), or move the
 * timer beside *cached before a second caller shares the count.
 */
static inline uint32_t fl_plat_cpus(uint32_t *cached)
{
	/* When the next re-read is due, in ms modulo 2^32 (32 bits: every
	 * machine here has 32-bit atomics); compared by signed difference. */
	static uint32_t cpus_next_read_ms;
	struct timespec ts;
	uint32_t now, due = __atomic_load_n(&cpus_next_read_ms, __ATOMIC_RELAXED);
	uint32_t n = __atomic_load_n(cached, __ATOMIC_RELAXED);

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	now = (uint32_t)ts.tv_sec * 1000u + (uint32_t)(ts.tv_nsec / 1000000);
	/*
	 * One thread re-reads when due; the others go on with the last
	 * count.  RELAXED throughout: the count is a tuning hint, and any
	 * value read is a count some thread once stored.
	 */
	if ((n == 0 || (int32_t)(now - due) >= 0) &&
	    __atomic_compare_exchange_n(&cpus_next_read_ms, &due,
					now + FL_PLAT_CPUS_REREAD_MS, false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
		n = linux_affinity_cpus();
		__atomic_store_n(cached, n, __ATOMIC_RELAXED);
	}
	return n ? n : linux_affinity_cpus();
}

#endif /* FAIRLOCK_PLATFORM_LINUX_CPUS_H */
