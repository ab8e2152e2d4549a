/* SPDX-License-Identifier: MIT */
/*
 * How long, and how often, a thread that never stops running is kept off
 * its CPU: one thread pinned to each of CPUs 0 and 1 reads the monotonic
 * clock in a loop for SECONDS and counts the gaps of 20 us or more
 * between two reads (a read takes well under 1 us), by size.  Issue 42:
 * the mutex's watcher misses such gaps (make-up time).
 * build: cc -O2 -pthread -o /tmp/offcpu offcpu.c; run: /tmp/offcpu [SECONDS]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const uint64_t edges_ns[] = {
	100000, 500000, 1000000, 4000000, 10000000,
};
#define BINS (sizeof(edges_ns) / sizeof(edges_ns[0]) + 1)

struct cpu_gaps {
	int cpu;
	uint64_t count, total_ns, bins[BINS];
};

static uint64_t run_ns;

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void *watch_clock(void *arg)
{
	struct cpu_gaps *g = arg;
	cpu_set_t one;
	uint64_t last, end;

	CPU_ZERO(&one);
	CPU_SET(g->cpu, &one);
	if (pthread_setaffinity_np(pthread_self(), sizeof(one), &one) != 0) {
		fprintf(stderr, "offcpu: cannot pin a thread to CPU %d\n",
			g->cpu);
		exit(1);
	}
	last = now_ns();
	end = last + run_ns;
	while (last < end) {
		uint64_t t = now_ns(), gap = t - last;
		size_t b = 0;

		last = t;
		if (gap < 20000)
			continue;
		while (b < BINS - 1 && gap >= edges_ns[b])
			b++;
		g->count++;
		g->total_ns += gap;
		g->bins[b]++;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 10.0;
	struct cpu_gaps g[2] = { { .cpu = 0 }, { .cpu = 1 } };
	pthread_t t[2];

	if (seconds <= 0) {
		fprintf(stderr, "usage: offcpu [SECONDS > 0]\n");
		return 2;
	}
	run_ns = (uint64_t)(seconds * 1e9);
	for (int i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, watch_clock, &g[i]) != 0) {
			fprintf(stderr, "offcpu: pthread_create failed\n");
			return 1;
		}
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	printf("cpu  gaps>=20us  off-cpu ms  share  "
	       "<100us  <500us  <1ms  <4ms  <10ms  >=10ms\n");
	for (int i = 0; i < 2; i++) {
		printf("%3d  %10llu  %10.1f  %4.2f%% ", g[i].cpu,
		       (unsigned long long)g[i].count, (double)g[i].total_ns / 1e6,
		       100.0 * (double)g[i].total_ns / (double)run_ns);
		for (size_t b = 0; b < BINS; b++)
			printf(" %6llu", (unsigned long long)g[i].bins[b]);
		printf("\n");
	}
	return 0;
}
