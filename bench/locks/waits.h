/* SPDX-License-Identifier: MIT */
/*
 * The wait of every acquisition: from just before lock() to just after it
 * returns, in a per-thread histogram of log-spaced buckets (8 per power of
 * two, so a percentile is within 12.5% above the true value), and the
 * exact longest.  Time is read with the cheapest clock the machine has:
 * the TSC on x86-64 (lb_wait_calibrate() measures its rate against
 * CLOCK_MONOTONIC), clock_gettime() elsewhere.  Both timestamps cost the
 * same for every lock, so they lower all locks' throughput alike.
 */
#ifndef LOCKBENCH_WAITS_H
#define LOCKBENCH_WAITS_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#define LB_WAIT_SUB 8u          /* buckets per power of two */
#define LB_WAIT_BUCKETS (64u * LB_WAIT_SUB)

struct lb_wait_hist {
	uint64_t n;
	uint64_t max_ticks;
	uint32_t count[LB_WAIT_BUCKETS];
};

/* CLOCK_MONOTONIC in nanoseconds: every timing of lockbench's
 * (adapter.h's hand-over samples, run lengths, the TSC's calibration). */
static inline uint64_t lb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Ticks of lb_wait_clock() per nanosecond (1 without a TSC). */
extern double lb_wait_ticks_per_ns;

void lb_wait_calibrate(void);

static inline uint64_t lb_wait_clock(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

/* Bucket of a value: exact below 8, then 8 per power of two. */
static inline unsigned int lb_wait_bucket(uint64_t v)
{
	unsigned int k;

	if (v < LB_WAIT_SUB)
		return (unsigned int)v;
	k = 63u - (unsigned int)__builtin_clzll(v); /* >= 3 */
	return (k - 2u) * LB_WAIT_SUB +
	       (unsigned int)((v >> (k - 3u)) & (LB_WAIT_SUB - 1u));
}

static inline void lb_wait_record(struct lb_wait_hist *h, uint64_t ticks)
{
	h->count[lb_wait_bucket(ticks)]++;
	h->n++;
	if (ticks > h->max_ticks)
		h->max_ticks = ticks;
}

void lb_wait_merge(struct lb_wait_hist *into, const struct lb_wait_hist *h);

/* The q-quantile (0 < q <= 1) in ns: the upper end of its bucket, at most
 * the longest wait seen; 0 for an empty histogram. */
double lb_wait_quantile_ns(const struct lb_wait_hist *h, double q);

#endif
