/* SPDX-License-Identifier: MIT */
/*
 * Runs every selected lock in every configuration.  Within one
 * configuration the locks take turns, repetition after repetition (the
 * starting lock rotates), so slow drifts of a noisy machine hit every lock
 * alike; each figure is the median over repetitions.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/single_threaded.h>
#include <unistd.h>

#include "report.h"
#include "syscount.h"

static void *idle_forever(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

/*
 * Make the process multi-threaded before anything is measured.  glibc
 * (2.34 and later) skips the atomic instructions of pthread_mutex_lock
 * while a process has one thread, which no program that needs a mutex
 * has; an idle second thread makes the uncontended figures the ones such
 * a program sees.  The thread sleeps for the whole run and costs no CPU.
 */
static int leave_single_threaded_mode(void)
{
	pthread_t t;
	int err = pthread_create(&t, NULL, idle_forever, NULL);

	if (err) {
		fprintf(stderr, "lockbench: cannot start the idle thread: %s\n",
			strerror(err));
		return -1;
	}
	pthread_detach(t);
	if (__libc_single_threaded) {
		fprintf(stderr, "lockbench: the C library still runs single-threaded\n");
		return -1;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Field-by-field medians of `reps` samples. */
static void median_sample(struct lb_sample *samples, unsigned int reps,
			  struct lb_sample *out)
{
	double v[LB_MAX_REPS] = { 0 };

#define MEDIAN_OF(field)                                      \
	do {                                                  \
		for (unsigned int r = 0; r < reps; r++)       \
			v[r] = (double)samples[r].field;      \
		out->field = median(v, reps);                 \
	} while (0)
	MEDIAN_OF(ops_per_s);
	MEDIAN_OF(jain);
	MEDIAN_OF(max_min);
	MEDIAN_OF(handoff_ns);
	MEDIAN_OF(wait_p50_ns);
	MEDIAN_OF(wait_p99_ns);
	MEDIAN_OF(wait_p999_ns);
	MEDIAN_OF(worst_thread_p99_ns);
	MEDIAN_OF(futex_per_kacq);
#undef MEDIAN_OF
	/* Worst cases: the worst over all repetitions, not a median. */
	out->max_write_wait_ns = 0;
	out->max_reads_during_wait = 0;
	out->wait_max_ns = 0;
	for (unsigned int r = 0; r < reps; r++) {
		if (samples[r].wait_max_ns > out->wait_max_ns)
			out->wait_max_ns = samples[r].wait_max_ns;
		if (samples[r].max_write_wait_ns > out->max_write_wait_ns)
			out->max_write_wait_ns = samples[r].max_write_wait_ns;
		if (samples[r].max_reads_during_wait >
		    out->max_reads_during_wait)
			out->max_reads_during_wait =
				samples[r].max_reads_during_wait;
	}
}

struct rows {
	struct lb_row *v;
	size_t n, cap;
};

static struct lb_row *add_row(struct rows *rows)
{
	if (rows->n == rows->cap) {
		rows->cap = rows->cap ? 2 * rows->cap : 64;
		rows->v = realloc(rows->v, rows->cap * sizeof(*rows->v));
		if (!rows->v) {
			perror("lockbench");
			exit(1);
		}
	}
	memset(&rows->v[rows->n], 0, sizeof(rows->v[0]));
	return &rows->v[rows->n++];
}

typedef bool (*lock_filter)(const struct lb_lock *);

static bool any_lock(const struct lb_lock *l)
{
	(void)l;
	return true;
}

/* rw mode: the reader-writer locks, and pthread_mutex as the baseline. */
static bool rw_or_mutex(const struct lb_lock *l)
{
	return l->rw || !strcmp(l->name, "pthread-mutex");
}

static bool is_peer(const struct lb_lock *l)
{
	return strcmp(l->family, "fairlock") != 0;
}

/*
 * The value to compare with in repetition r: the best peer (FIFO only if
 * asked), or the named lock.  `value[j][r]` is lock idx[j]'s figure.
 */
static double reference(const size_t *idx, size_t n,
			double value[][LB_MAX_REPS], unsigned int r,
			bool lower_is_better, bool fifo_only, const char *name)
{
	double best = 0;

	for (size_t j = 0; j < n; j++) {
		const struct lb_lock *l = lb_locks[idx[j]];
		double v = value[j][r];

		if (name ? strcmp(l->name, name) != 0 :
			   !is_peer(l) || (fifo_only && !l->fifo))
			continue;
		if (best == 0 || (lower_is_better ? v < best : v > best))
			best = v;
	}
	return best;
}

/* Median over repetitions of value[j][r] / ref[r]; 0 if no reference. */
static double median_ratio(double value[][LB_MAX_REPS], size_t j,
			   const double *ref, unsigned int reps)
{
	double q[LB_MAX_REPS] = { 0 };

	for (unsigned int r = 0; r < reps; r++) {
		if (ref[r] <= 0)
			return 0;
		q[r] = value[j][r] / ref[r];
	}
	return median(q, reps);
}

static void run_group(const struct lb_config *cfg, struct rows *rows,
		      const char *mode, const struct lb_params *p,
		      lock_filter filter)
{
	size_t idx[LB_MAX_LOCKS], n = 0, first = rows->n;
	static struct lb_sample samples[LB_MAX_LOCKS][LB_MAX_REPS];
	static double value[LB_MAX_LOCKS][LB_MAX_REPS]; /* ns or ops/s */
	double ref_a[LB_MAX_REPS], ref_b[LB_MAX_REPS];
	bool uncontended = !strcmp(mode, "uncontended");
	bool rw = !strcmp(mode, "rw");

	for (size_t i = 0; i < lb_nlocks; i++)
		if (cfg->selected[i] && filter(lb_locks[i]))
			idx[n++] = i;
	if (n == 0)
		return;
	for (unsigned int r = 0; r < cfg->reps; r++) {
		for (size_t k = 0; k < n; k++) {
			size_t j = (k + r) % n; /* rotate who goes first */
			const struct lb_lock *lock = lb_locks[idx[j]];

			if (uncontended) {
				value[j][r] = lb_measure_uncontended(
					lock, cfg->pairs);
			} else {
				struct lb_params pr = *p;

				pr.rep = r;
				lb_measure_contended(lock, &pr, &samples[j][r]);
				value[j][r] = samples[j][r].ops_per_s;
			}
		}
	}
	for (unsigned int r = 0; r < cfg->reps; r++) {
		if (rw) {
			ref_a[r] = reference(idx, n, value, r, false, false,
					     "pthread-rwlock");
			ref_b[r] = 0;
		} else {
			ref_a[r] = reference(idx, n, value, r, uncontended,
					     true, NULL);
			ref_b[r] = reference(idx, n, value, r, uncontended,
					     false,
					     uncontended ? "pthread-spin" : NULL);
		}
	}
	for (size_t j = 0; j < n; j++) {
		struct lb_row *row = add_row(rows);

		row->mode = mode;
		row->lock = lb_locks[idx[j]];
		row->threads = uncontended ? 1 : p->threads;
		row->read_pct = p->read_pct;
		row->ratio_a = median_ratio(value, j, ref_a, cfg->reps);
		row->ratio_b = median_ratio(value, j, ref_b, cfg->reps);
		if (uncontended)
			row->ns_per_op = median(value[j], cfg->reps);
		else
			median_sample(samples[j], cfg->reps, &row->s);
	}
	lb_print_group(cfg, rows->v + first, rows->n - first);
}

int lb_run_all(const struct lb_config *cfg)
{
	struct rows rows = { 0 };
	struct lb_params p = { .cs_work = cfg->cs_work,
			       .ncs_work = cfg->ncs_work,
			       .duration_ms = cfg->duration_ms,
			       .pin = cfg->pin };
	int status = 0;

	if (lb_nlocks > LB_MAX_LOCKS) {
		fprintf(stderr, "lockbench: too many locks compiled in\n");
		return 1;
	}
	if (leave_single_threaded_mode() < 0)
		return 1;
	/* Before any result is kept: an unwritable file stops the run. */
	if (cfg->windows) {
		p.windows = fopen(cfg->windows, "w");
		if (!p.windows) {
			perror(cfg->windows);
			return 1;
		}
		lb_windows_header(p.windows);
	}
	if (cfg->mode_uncontended)
		run_group(cfg, &rows, "uncontended", &p, any_lock);
	p.futex_fd = -1;
	if (cfg->mode_throughput || cfg->mode_handoff || cfg->mode_rw) {
		p.futex_fd = lb_futex_counter_open();
		if (p.futex_fd < 0)
			printf("futex calls: not counted (%s)\n",
			       lb_futex_counter_why());
	}
	if (cfg->mode_throughput) {
		p.waits = cfg->waits;
		for (unsigned int i = 0; i < cfg->nthreads; i++) {
			p.threads = cfg->threads[i];
			run_group(cfg, &rows, "throughput", &p, any_lock);
		}
		p.waits = false;
	}
	if (p.windows && fclose(p.windows) != 0) {
		perror(cfg->windows);
		status = 1;
	}
	p.windows = NULL;
	if (cfg->mode_handoff) {
		p.threads = 2;
		p.handoff = true;
		run_group(cfg, &rows, "handoff", &p, any_lock);
		p.handoff = false;
	}
	if (cfg->mode_rw) {
		for (unsigned int i = 0; i < cfg->nthreads; i++) {
			if (cfg->threads[i] < 2)
				continue; /* a writer waits only for others */
			for (unsigned int k = 0; k < cfg->nread_pct; k++) {
				p.threads = cfg->threads[i];
				p.read_pct = cfg->read_pct[k];
				run_group(cfg, &rows, "rw", &p, rw_or_mutex);
			}
		}
	}
	if (cfg->csv && lb_write_csv(cfg->csv, cfg, rows.v, rows.n) < 0)
		status = 1;
	if (cfg->json && lb_write_json(cfg->json, cfg, rows.v, rows.n) < 0)
		status = 1;
	free(rows.v);
	return status;
}
