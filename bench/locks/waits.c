/* SPDX-License-Identifier: MIT */
/* The wait histograms' clock rate, merging and quantiles. */
#include <time.h>

#include "waits.h"

double lb_wait_ticks_per_ns = 1.0;

void lb_wait_calibrate(void)
{
#if defined(__x86_64__) || defined(__i386__)
	/* 20 ms against CLOCK_MONOTONIC: a rate good to a few parts in 10^4. */
	uint64_t n0 = lb_now_ns(), t0 = lb_wait_clock(), n1, t1;
	struct timespec d = { 0, 20000000L };

	nanosleep(&d, NULL);
	n1 = lb_now_ns();
	t1 = lb_wait_clock();
	if (n1 > n0 && t1 > t0)
		lb_wait_ticks_per_ns = (double)(t1 - t0) / (double)(n1 - n0);
#endif
}

void lb_wait_merge(struct lb_wait_hist *into, const struct lb_wait_hist *h)
{
	for (unsigned int i = 0; i < LB_WAIT_BUCKETS; i++)
		into->count[i] += h->count[i];
	into->n += h->n;
	if (h->max_ticks > into->max_ticks)
		into->max_ticks = h->max_ticks;
}

/* The largest value in bucket b. */
static uint64_t bucket_top(unsigned int b)
{
	unsigned int k;

	if (b < LB_WAIT_SUB)
		return b;
	k = b / LB_WAIT_SUB + 2u;
	return ((uint64_t)(LB_WAIT_SUB + b % LB_WAIT_SUB + 1u) << (k - 3u)) - 1u;
}

double lb_wait_quantile_ns(const struct lb_wait_hist *h, double q)
{
	uint64_t want, seen = 0, top = 0;

	if (h->n == 0)
		return 0;
	want = (uint64_t)(q * (double)h->n + 0.999999);
	if (want == 0)
		want = 1;
	for (unsigned int b = 0; b < LB_WAIT_BUCKETS; b++) {
		seen += h->count[b];
		if (seen >= want) {
			top = bucket_top(b);
			break;
		}
	}
	if (top > h->max_ticks)
		top = h->max_ticks;
	return (double)top / lb_wait_ticks_per_ns;
}
