/* SPDX-License-Identifier: MIT */
#ifndef LOCKBENCH_MEASURE_H
#define LOCKBENCH_MEASURE_H

#include <stdio.h>

#include "adapter.h"

struct lb_params {
	unsigned int threads;
	unsigned int cs_work, ncs_work;
	unsigned int read_pct;
	unsigned int duration_ms;
	bool handoff;
	bool waits; /* time every exclusive acquisition */
	int futex_fd; /* lb_futex_counter_open()'s counter, or -1 */
	bool pin; /* pin threads to CPUs when they fit */
	/*
	 * With a file: each thread's acquisitions in every 10 ms window of the
	 * run, one CSV line per window and thread: "lock,threads,rep,window,
	 * thread,acquisitions" (fairness over time; lb_windows_header()).
	 */
	FILE *windows;
	unsigned int rep;
};

#define LB_WINDOW_MS 10
void lb_windows_header(FILE *f);

/* What one contended run gives. */
struct lb_sample {
	double ops_per_s;
	double jain;
	double max_min;
	double handoff_ns;
	uint64_t max_write_wait_ns;
	uint64_t max_reads_during_wait;
	/* Waits of exclusive acquisitions (with lb_params.waits), all
	 * threads together, and the p99 of the thread that fared worst. */
	double wait_p50_ns, wait_p99_ns, wait_p999_ns, wait_max_ns;
	double worst_thread_p99_ns;
	/* futex system calls per 1000 acquisitions, the run's own thread
	 * start and join included; -1 when they could not be counted */
	double futex_per_kacq;
};

/* Mean ns for one lock+unlock pair, over `pairs` pairs on one thread. */
double lb_measure_uncontended(const struct lb_lock *lock, uint64_t pairs);

/* One timed run; exits non-zero if the lock lost an update. */
void lb_measure_contended(const struct lb_lock *lock,
			  const struct lb_params *p, struct lb_sample *out);

uint64_t lb_total_writes(const struct lb_thread *t, unsigned int n);

#endif
