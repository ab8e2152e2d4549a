/* SPDX-License-Identifier: MIT */
/*
 * Mutual exclusion under contention: N threads each take the lock many
 * times and update plain (non-atomic) data inside.  Any overlap of two
 * critical sections shows up as a lost update, a broken invariant, or (under
 * ThreadSanitizer) a data race report.
 *
 * usage: test_stress ticket|ticket-try|ticket-park|ticket-park-bounded|qspin|qspin-try|qrw THREADS
 */
#include <string.h>

#include <fairlock/qrwlock.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

#include "harness.h"

#define MAX_THREADS 256
#define MIN_EVIDENCE 100

static struct {
	fl_ticket_t ticket;
	fl_ticket_park_t park;
	fl_qspinlock_t qspin;
	fl_qrwlock_t qrw;
	/* protected data: plain on purpose */
	unsigned long counter;
	unsigned long a, b; /* qrw: writers keep a == b */
	int inside;
	unsigned long iterations;
	unsigned long torn_reads;
	unsigned long contended; /* sections entered while others waited */
	unsigned long failed_trylocks;
	unsigned long evidence; /* atomic: contention seen so far */
	double work_end;
	double deadline;
	unsigned long done[MAX_THREADS]; /* iterations each thread ran */
} s = { .ticket = FL_TICKET_INIT, .park = FL_TICKET_PARK_INIT,
	.qspin = FL_QSPINLOCK_INIT,
	.qrw = FL_QRWLOCK_INIT };

static void count_failed_trylocks(unsigned long n)
{
	__atomic_fetch_add(&s.failed_trylocks, n, __ATOMIC_RELAXED);
	__atomic_fetch_add(&s.evidence, n, __ATOMIC_RELAXED);
}

/*
 * Run the configured iterations, then on until the run has seen
 * contention: on a loaded 2-core machine threads may otherwise run one
 * after another and prove nothing.  Spinning FIFO locks with more threads
 * than free cores hand over only as fast as the scheduler runs the next
 * in line, so on a busy machine the iterations are cut short at
 * s.work_end: what was done is checked exactly, however much it was.
 * s.deadline bounds a machine where contention never comes; main() then
 * fails the test.
 */
static bool keep_going(unsigned long n)
{
	double now;

	if (n < s.iterations && (n & 63) != 0)
		return true;
	now = now_seconds();
	if (n < s.iterations && now < s.work_end)
		return true;
	if (__atomic_load_n(&s.evidence, __ATOMIC_RELAXED) >= MIN_EVIDENCE)
		return false;
	return now < s.deadline;
}

/* Readers count themselves in while they wait, so the word shows them. */
static bool readers_waiting(void)
{
	return (__atomic_load_n(&s.qrw.u.cnts, __ATOMIC_RELAXED) >>
		FL_QR_SHIFT) != 0 ||
	       fl_qrw_is_contended(&s.qrw);
}

static void critical_section(bool others_waiting)
{
	CHECK(s.inside == 0);
	s.inside = 1;
	s.counter++;
	s.contended += others_waiting;
	if (others_waiting)
		__atomic_fetch_add(&s.evidence, 1, __ATOMIC_RELAXED);
	for (int k = 0; k < 10; k++) /* long enough to be preempted in */
		fl_cpu_relax();
	s.inside = 0;
}

/*
 * Work between sections, so that one thread's iterations span several
 * scheduler time slices and threads really interleave on 2 cores.
 */
static void outside_work(void)
{
	for (int k = 0; k < 20; k++)
		fl_cpu_relax();
}

static void ticket_worker(void *arg, unsigned int i)
{
	bool try_only = *(bool *)arg;
	unsigned long n;

	for (n = 0; keep_going(n); n++) {
		if (try_only) {
			unsigned int polls = 0;

			while (!fl_ticket_trylock(&s.ticket))
				fl_spin_wait(&polls);
			count_failed_trylocks(polls);
		} else {
			fl_ticket_lock(&s.ticket);
		}
		critical_section(fl_ticket_is_contended(&s.ticket));
		fl_ticket_unlock(&s.ticket);
		outside_work();
	}
	s.done[i] = n;
}

/* The deepest queue (holder included) a holder of the parking lock saw. */
static uint32_t deepest_queue;

static void park_worker(void *arg, unsigned int i)
{
	unsigned long n;

	(void)arg;
	for (n = 0; keep_going(n); n++) {
		uint32_t v, depth, seen;

		fl_ticket_park_lock(&s.park);
		v = __atomic_load_n(&s.park.ticket.val, __ATOMIC_RELAXED);
		depth = fl_ticket_outstanding(v);
		seen = __atomic_load_n(&deepest_queue, __ATOMIC_RELAXED);
		while (depth > seen && !__atomic_compare_exchange_n(&deepest_queue,
				&seen, depth, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			;
		critical_section(fl_ticket_park_is_contended(&s.park));
		fl_ticket_park_unlock(&s.park);
		outside_work();
	}
	s.done[i] = n;
}

static void qspin_worker(void *arg, unsigned int i)
{
	bool try_only = *(bool *)arg;
	unsigned long n;

	for (n = 0; keep_going(n); n++) {
		if (try_only) {
			unsigned int polls = 0;

			while (!fl_qspin_trylock(&s.qspin))
				fl_spin_wait(&polls);
			count_failed_trylocks(polls);
		} else {
			fl_qspin_lock(&s.qspin);
		}
		critical_section(fl_qspin_is_contended(&s.qspin));
		fl_qspin_unlock(&s.qspin);
		outside_work();
	}
	s.done[i] = n;
}

/* One thread in four writes; the others read and check a == b. */
static void qrw_worker(void *arg, unsigned int i)
{
	unsigned long n;

	(void)arg;
	for (n = 0; keep_going(n); n++) {
		if (i % 4 == 0) {
			if (n % 2)
				fl_qrw_write_lock(&s.qrw);
			else
				while (!fl_qrw_write_trylock(&s.qrw))
					count_failed_trylocks(1);
			critical_section(readers_waiting());
			s.a++;
			s.b++;
			fl_qrw_write_unlock(&s.qrw);
		} else {
			unsigned long a, b;

			if (n % 2)
				fl_qrw_read_lock(&s.qrw);
			else
				while (!fl_qrw_read_trylock(&s.qrw))
					count_failed_trylocks(1);
			a = s.a;
			b = s.b;
			if (a != b)
				__atomic_fetch_add(&s.torn_reads, 1,
						   __ATOMIC_RELAXED);
			CHECK(s.inside == 0);
			fl_qrw_read_unlock(&s.qrw);
		}
		outside_work();
	}
	s.done[i] = i % 4 == 0 ? n : 0; /* only writers count */
}

static unsigned long total_done(unsigned int threads)
{
	unsigned long sum = 0;

	for (unsigned int i = 0; i < threads; i++)
		sum += s.done[i];
	return sum;
}

int main(int argc, char **argv)
{
	const char *kind = argc > 1 ? argv[1] : "";
	unsigned int threads = argc > 2 ? (unsigned int)atoi(argv[2]) : 0;
	bool try_only = strstr(kind, "-try") != NULL;
	double t0 = now_seconds();
	unsigned long expect;

	if (threads == 0 || threads > MAX_THREADS) {
		fprintf(stderr, "usage: %s ticket|ticket-try|ticket-park|ticket-park-bounded|qspin|qspin-try|qrw THREADS\n",
			argv[0]);
		return 2;
	}
	/*
	 * 400000 acquisitions in all, however many threads: beyond the core
	 * count every hand-over waits for the scheduler, so the run's length
	 * grows with the threads, not with the work.
	 */
	s.iterations = test_iterations(400000 / threads);
	s.work_end = now_seconds() + 20;
	s.deadline = now_seconds() + 120;
	if (!strncmp(kind, "ticket-park", 11)) {
		/* ticket-park-bounded: a queue of 2 (the machines have 2 CPUs). */
		bool bounded = !strcmp(kind, "ticket-park-bounded");

		if (bounded)
			fl_ticket_park_init_bounded(&s.park, 2);
		run_threads(threads, park_worker, NULL);
		expect = total_done(threads);
		CHECK_EQ(s.park.ticket.val >> 16, s.park.ticket.val & 0xffff);
		CHECK_EQ(s.park.ticket.val & 0xffff, expect & 0xffff);
		CHECK_EQ(s.park.sleepers, 0);
		printf("deepest queue seen: %u of %u threads%s\n", deepest_queue,
		       threads, bounded ? " (bound 2)" : "");
		/* The gate holds most back; a few may pass it together. */
		if (bounded && threads >= 8)
			CHECK(deepest_queue < threads);
	} else if (!strncmp(kind, "ticket", 6)) {
		run_threads(threads, ticket_worker, &try_only);
		CHECK_EQ(s.ticket.val >> 16, s.ticket.val & 0xffff);
		expect = total_done(threads);
		CHECK_EQ(s.ticket.val & 0xffff, expect & 0xffff);
	} else if (!strncmp(kind, "qspin", 5)) {
		run_threads(threads, qspin_worker, &try_only);
		CHECK_EQ(s.qspin.val, 0);
		expect = total_done(threads);
	} else if (!strcmp(kind, "qrw")) {
		run_threads(threads, qrw_worker, NULL);
		CHECK_EQ(s.qrw.u.cnts, 0);
		CHECK_EQ(s.qrw.wait_lock.val >> 16,
			 s.qrw.wait_lock.val & 0xffff);
		CHECK_EQ(s.torn_reads, 0);
		CHECK_EQ(s.a, s.b);
		expect = total_done(threads);
	} else {
		fprintf(stderr, "%s: unknown lock kind '%s'\n", argv[0], kind);
		return 2;
	}
	CHECK_EQ(s.counter, expect);
	printf("test_stress %s: %u threads, %lu sections (%lu each planned%s): ok, "
	       "%lu had waiters, %lu failed trylocks (%.2f s)\n",
	       kind, threads, s.counter, s.iterations,
	       s.counter < s.iterations * threads ? ", cut short: a busy machine" : "",
	       s.contended, s.failed_trylocks, now_seconds() - t0);
	/* Without contention the run would have proved little. */
	CHECK(s.contended + s.failed_trylocks > 0);
	return 0;
}
