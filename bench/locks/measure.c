/* SPDX-License-Identifier: MIT */
/* One measurement of one lock: uncontended cost, or a contended run. */
#define _GNU_SOURCE /* pthread_setaffinity_np */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure.h"
#include "syscount.h"

static void *new_lock(const struct lb_lock *lock)
{
	/* A cache line at least, and what the type asks for. */
	size_t align = lock->align > 64 ? lock->align : 64;
	size_t size = (lock->size + align - 1) & ~(align - 1);
	void *l = aligned_alloc(align, size);

	if (!l) {
		perror("lockbench: aligned_alloc");
		exit(1);
	}
	memset(l, 0, size);
	lock->init(l);
	return l;
}

double lb_measure_uncontended(const struct lb_lock *lock, uint64_t pairs)
{
	void *l = new_lock(lock);
	uint64_t t0, t1;

	lock->uncontended(l, LB_WARMUP_PAIRS); /* warm cache and predictor */
	t0 = lb_now_ns();
	lock->uncontended(l, pairs);
	t1 = lb_now_ns();
	free(l);
	return (double)(t1 - t0) / (double)pairs;
}

struct start {
	const struct lb_lock *lock;
	void *l;
	struct lb_thread *t;
	pthread_barrier_t *go;
};

static void *thread_main(void *p)
{
	struct start *s = p;

	pthread_barrier_wait(s->go);
	s->lock->worker(s->l, s->t);
	return NULL;
}

/*
 * With no more threads than CPUs, thread i runs on the i-th allowed CPU:
 * otherwise the scheduler sometimes puts two threads on one CPU, and a
 * 2-thread figure jumps by 3x from run to run.  Beyond the CPU count the
 * scheduler places threads; placement is part of what is measured.
 */
static void pin_threads(pthread_t *tid, unsigned int n)
{
	cpu_set_t allowed;
	int cpus[LB_MAX_THREADS], ncpu = 0;

	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0)
		return;
	for (int c = 0; c < CPU_SETSIZE && ncpu < LB_MAX_THREADS; c++)
		if (CPU_ISSET(c, &allowed))
			cpus[ncpu++] = c;
	if ((int)n > ncpu)
		return;
	for (unsigned int i = 0; i < n; i++) {
		cpu_set_t one;

		CPU_ZERO(&one);
		CPU_SET(cpus[i], &one);
		pthread_setaffinity_np(tid[i], sizeof(one), &one);
	}
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Jain's fairness index (sum x)^2 / (n sum x^2): 1 = perfectly even. */
static double jain(const double *x, unsigned int n)
{
	double sum = 0, sq = 0;

	for (unsigned int i = 0; i < n; i++) {
		sum += x[i];
		sq += x[i] * x[i];
	}
	return sq > 0 ? sum * sum / (n * sq) : 1.0;
}

void lb_windows_header(FILE *f)
{
	fputs("lock,threads,rep,window,thread,acquisitions\n", f);
}

/* The run's time passes: in one sleep, or in windows, writing each
 * thread's acquisitions in each (lb_params.windows). */
static void run_for(const struct lb_lock *lock, const struct lb_run *run,
		    const struct lb_params *p)
{
	struct timespec dur = { (time_t)(p->duration_ms / 1000),
				(long)(p->duration_ms % 1000) * 1000000L };
	struct timespec tick = { 0, LB_WINDOW_MS * 1000000L };
	uint64_t last[LB_MAX_THREADS] = { 0 };

	if (!p->windows) {
		nanosleep(&dur, NULL);
		return;
	}
	for (unsigned int w = 0; w < p->duration_ms / LB_WINDOW_MS; w++) {
		nanosleep(&tick, NULL);
		for (unsigned int i = 0; i < p->threads; i++) {
			const struct lb_thread *t = &run->thread[i];
			uint64_t now = __atomic_load_n(&t->acquisitions,
						       __ATOMIC_RELAXED) +
				       __atomic_load_n(&t->reads, __ATOMIC_RELAXED);

			fprintf(p->windows, "%s,%u,%u,%u,%u,%llu\n", lock->name,
				p->threads, p->rep, w, i,
				(unsigned long long)(now - last[i]));
			last[i] = now;
		}
	}
}

/* Start the run's threads, let them work for the duration, stop and join
 * them; the nanoseconds it took. */
static uint64_t run_threads(const struct lb_lock *lock, void *l,
			    struct lb_run *run, const struct lb_params *p)
{
	struct start *st = calloc(p->threads, sizeof(*st));
	pthread_t *tid = calloc(p->threads, sizeof(*tid));
	pthread_barrier_t go;
	uint64_t t0, t1;

	if (!st || !tid) {
		perror("lockbench");
		exit(1);
	}
	pthread_barrier_init(&go, NULL, p->threads + 1);
	for (unsigned int i = 0; i < p->threads; i++) {
		struct lb_thread *t = &run->thread[i];

		t->run = run;
		t->id = i;
		t->rng = 0x9e3779b97f4a7c15ull * (i + 1);
		st[i] = (struct start){ lock, l, t, &go };
		if (pthread_create(&tid[i], NULL, thread_main, &st[i])) {
			perror("lockbench: pthread_create");
			exit(1);
		}
	}
	if (p->pin)
		pin_threads(tid, p->threads);
	pthread_barrier_wait(&go);
	t0 = lb_now_ns();
	run_for(lock, run, p);
	__atomic_store_n(&run->stop, 1, __ATOMIC_RELAXED);
	for (unsigned int i = 0; i < p->threads; i++)
		pthread_join(tid[i], NULL);
	t1 = lb_now_ns();
	pthread_barrier_destroy(&go);
	free(st);
	free(tid);
	return t1 - t0;
}

/* Throughput, Jain, the spread of shares and the writers' worst waits. */
static void summarise_shares(const struct lb_thread *t, unsigned int n,
			     uint64_t elapsed_ns, struct lb_sample *out)
{
	double per[LB_MAX_THREADS], lo = 0, hi = 0, total = 0;

	for (unsigned int i = 0; i < n; i++) {
		per[i] = (double)(t[i].acquisitions + t[i].reads);
		total += per[i];
		lo = i == 0 || per[i] < lo ? per[i] : lo;
		hi = per[i] > hi ? per[i] : hi;
		if (t[i].max_write_wait_ns > out->max_write_wait_ns)
			out->max_write_wait_ns = t[i].max_write_wait_ns;
		if (t[i].max_reads_during_wait > out->max_reads_during_wait)
			out->max_reads_during_wait = t[i].max_reads_during_wait;
	}
	out->ops_per_s = total / ((double)elapsed_ns / 1e9);
	out->jain = jain(per, n);
	out->max_min = lo > 0 ? hi / lo : -1; /* -1: a thread starved */
}

/* Every acquisition's wait, merged: the quantiles and the worst thread's p99. */
static void summarise_waits(const struct lb_thread *t, unsigned int n,
			    struct lb_sample *out)
{
	static struct lb_wait_hist all_waits;

	memset(&all_waits, 0, sizeof(all_waits));
	for (unsigned int i = 0; i < n; i++) {
		double p99 = lb_wait_quantile_ns(&t[i].waits, 0.99);

		lb_wait_merge(&all_waits, &t[i].waits);
		if (p99 > out->worst_thread_p99_ns)
			out->worst_thread_p99_ns = p99;
	}
	out->wait_p50_ns = lb_wait_quantile_ns(&all_waits, 0.5);
	out->wait_p99_ns = lb_wait_quantile_ns(&all_waits, 0.99);
	out->wait_p999_ns = lb_wait_quantile_ns(&all_waits, 0.999);
	out->wait_max_ns = lb_wait_quantile_ns(&all_waits, 1.0);
}

/* The median of the hand-over samples every thread kept. */
static void summarise_handoffs(const struct lb_thread *t, unsigned int n,
			       struct lb_sample *out)
{
	unsigned int nsamples = 0, k = 0;
	uint32_t *all, median;

	for (unsigned int i = 0; i < n; i++)
		nsamples += t[i].samples < LB_HANDOFF_SAMPLES ? t[i].samples :
							       LB_HANDOFF_SAMPLES;
	all = nsamples ? malloc(nsamples * sizeof(*all)) : NULL;
	if (!all)
		return;
	for (unsigned int i = 0; i < n; i++) {
		unsigned int m = t[i].samples < LB_HANDOFF_SAMPLES ? t[i].samples :
								    LB_HANDOFF_SAMPLES;

		memcpy(all + k, t[i].sample_ns, m * sizeof(*all));
		k += m;
	}
	qsort(all, nsamples, sizeof(*all), cmp_u32);
	median = all[nsamples / 2];
	out->handoff_ns = median;
	free(all);
}

void lb_measure_contended(const struct lb_lock *lock,
			  const struct lb_params *p, struct lb_sample *out)
{
	struct lb_run run = {
		.threads = p->threads, .cs_work = p->cs_work,
		.ncs_work = p->ncs_work, .read_pct = p->read_pct,
		.handoff = p->handoff, .time_writes = p->read_pct > 0,
		.time_waits = p->waits,
		.last_owner = -1,
	};
	struct lb_thread *t = aligned_alloc(64, p->threads * sizeof(*t));
	void *l = new_lock(lock);
	int64_t futex0 = lb_futex_counter_read(p->futex_fd), futex1;
	uint64_t total = 0, elapsed;

	if (!t) {
		perror("lockbench");
		exit(1);
	}
	memset(t, 0, p->threads * sizeof(*t));
	run.thread = t;
	elapsed = run_threads(lock, l, &run, p);
	futex1 = lb_futex_counter_read(p->futex_fd);

	memset(out, 0, sizeof(*out));
	summarise_shares(t, p->threads, elapsed, out);
	if (p->waits)
		summarise_waits(t, p->threads, out);
	for (unsigned int i = 0; i < p->threads; i++)
		total += t[i].acquisitions + t[i].reads;
	out->futex_per_kacq = futex0 >= 0 && futex1 >= futex0 && total > 0 ?
				      (double)(futex1 - futex0) * 1000.0 / (double)total :
				      -1;
	if (run.shared != lb_total_writes(t, p->threads)) {
		fprintf(stderr, "lockbench: %s lost updates: mutual exclusion broken\n",
			lock->name);
		exit(3);
	}
	summarise_handoffs(t, p->threads, out);
	free(l);
	free(t);
}

uint64_t lb_total_writes(const struct lb_thread *t, unsigned int n)
{
	uint64_t sum = 0;

	for (unsigned int i = 0; i < n; i++)
		sum += t[i].acquisitions;
	return sum;
}
