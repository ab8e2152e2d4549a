/* SPDX-License-Identifier: MIT */
#ifndef LOCKBENCH_REPORT_H
#define LOCKBENCH_REPORT_H

#include "measure.h"

#define LB_MAX_CONFIGS 16
#define LB_MAX_REPS 101
#define LB_MAX_LOCKS 32

struct lb_config {
	const char *modes, *locks, *csv, *json;
	const char *windows;	/* --windows FILE: throughput runs' 10 ms windows */
	bool mode_uncontended, mode_throughput, mode_handoff, mode_rw;
	bool pin;
	bool waits; /* throughput mode times every acquisition */
	bool selected[LB_MAX_LOCKS];
	unsigned int threads[LB_MAX_CONFIGS], nthreads;
	unsigned int read_pct[LB_MAX_CONFIGS], nread_pct;
	unsigned int duration_ms, reps, cs_work, ncs_work;
	unsigned long pairs;
};

/* The median over repetitions of one lock in one configuration. */
struct lb_row {
	const char *mode;
	const struct lb_lock *lock;
	unsigned int threads, read_pct;
	double ns_per_op; /* uncontended only */
	struct lb_sample s;
	/*
	 * Ratios to peers, computed within each repetition (when every lock
	 * ran within a second of the others) and then the median taken:
	 * steadier on a noisy machine than a ratio of two medians.
	 *   uncontended: ns / best FIFO peer's ns, ns / pthread-spin's ns
	 *   throughput, handoff: ops / best FIFO peer's, ops / best peer's
	 *   rw: ops / pthread-rwlock's ops (ratio_b unused)
	 * 0 when there is nothing to compare with.
	 */
	double ratio_a, ratio_b;
};

int lb_run_all(const struct lb_config *cfg);

/* Print one configuration's rows as a table with ratios to the peers. */
void lb_print_group(const struct lb_config *cfg, const struct lb_row *rows,
		    size_t n);
int lb_write_csv(const char *path, const struct lb_config *cfg,
		 const struct lb_row *rows, size_t n);
int lb_write_json(const char *path, const struct lb_config *cfg,
		  const struct lb_row *rows, size_t n);

#endif
