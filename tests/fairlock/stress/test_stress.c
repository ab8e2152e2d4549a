/* SPDX-License-Identifier: MIT */
/*
 * Mutual exclusion under contention: N threads each take the lock many
 * times and update plain (non-atomic) data inside.  Any overlap of two
 * critical sections shows up as a lost update, a broken invariant, or (under
 * ThreadSanitizer) a data race report.
 *
 * usage: test_stress LOCK[-try]|qrw THREADS
 *   LOCK      a row of tests/fairlock/locks.h, taken with lock()
 *   LOCK-try  the same, taken by polling trylock()
 *   qrw       the qrwlock, one writer in four threads, the rest readers
 */
#include "fairlock/locks.h"
#include "harness.h"

#define MAX_THREADS 256
#define MIN_EVIDENCE 100

static const struct test_lock *lk;

static struct {
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
} s;

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
	return (__atomic_load_n(&tl_qrw.u.cnts, __ATOMIC_RELAXED) >>
		FL_QR_SHIFT) != 0 ||
	       fl_qrw_is_contended(&tl_qrw);
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

/* The deepest queue (holder included) a holder saw, where the row counts it. */
static uint32_t deepest_queue;

static void note_queue_depth(void)
{
	uint32_t v = __atomic_load_n(lk->queue_word, __ATOMIC_RELAXED);
	uint32_t depth = fl_ticket_outstanding(v);
	uint32_t seen = __atomic_load_n(&deepest_queue, __ATOMIC_RELAXED);

	while (depth > seen && !__atomic_compare_exchange_n(&deepest_queue,
			&seen, depth, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
}

/* Any row of the lock table, taken by lock() or by polling trylock(). */
static void exclusive_worker(void *arg, unsigned int i)
{
	bool try_only = *(bool *)arg;
	unsigned long n;

	for (n = 0; keep_going(n); n++) {
		if (try_only) {
			unsigned int polls = 0;

			while (!lk->trylock())
				fl_spin_wait(&polls);
			count_failed_trylocks(polls);
		} else {
			lk->lock();
		}
		if (lk->ticket_queue)
			note_queue_depth();
		critical_section(lk->is_contended());
		lk->unlock();
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
				fl_qrw_write_lock(&tl_qrw);
			else
				while (!fl_qrw_write_trylock(&tl_qrw))
					count_failed_trylocks(1);
			critical_section(readers_waiting());
			s.a++;
			s.b++;
			fl_qrw_write_unlock(&tl_qrw);
		} else {
			unsigned long a, b;

			if (n % 2)
				fl_qrw_read_lock(&tl_qrw);
			else
				while (!fl_qrw_read_trylock(&tl_qrw))
					count_failed_trylocks(1);
			a = s.a;
			b = s.b;
			if (a != b)
				__atomic_fetch_add(&s.torn_reads, 1,
						   __ATOMIC_RELAXED);
			CHECK(s.inside == 0);
			fl_qrw_read_unlock(&tl_qrw);
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

__attribute__((noreturn)) static void usage(const char *prog)
{
	fprintf(stderr, "usage: %s LOCK[-try]|qrw THREADS; LOCK one of:", prog);
	for (unsigned int i = 0; i < TEST_LOCK_COUNT; i++)
		fprintf(stderr, " %s", test_locks[i].name);
	fprintf(stderr, "\n");
	exit(2);
}

/* Run the reader/writer mix; returns the writers' sections. */
static unsigned long run_qrw(unsigned int threads)
{
	run_threads(threads, qrw_worker, NULL);
	CHECK(tl_qrw_is_idle(0));
	CHECK_EQ(s.torn_reads, 0);
	CHECK_EQ(s.a, s.b);
	return total_done(threads);
}

/* Run the lock of row `name` (with -try: by trylock); returns sections. */
static unsigned long run_exclusive(const char *name, unsigned int threads,
				   const char *prog)
{
	char row[64];
	size_t len = strlen(name);
	bool try_only = len > 4 && !strcmp(name + len - 4, "-try");
	unsigned long done;
	uint32_t bound;

	if (try_only)
		len -= 4;
	if (len >= sizeof(row))
		usage(prog);
	memcpy(row, name, len);
	row[len] = '\0';
	lk = test_lock_find(row);
	if (!lk)
		usage(prog);
	lk->reset();
	run_threads(threads, exclusive_worker, &try_only);
	done = total_done(threads);
	CHECK(lk->is_idle(done));
	/* Only the bounded parking locks are not FIFO in the table. */
	bound = lk->fifo ? 0 : fl_ticket_park_bound(&tl_park);
	if (lk->ticket_queue)
		printf("deepest queue seen: %u of %u threads (bound %u)\n",
		       deepest_queue, threads, bound);
	/*
	 * A bounded queue admits a thread only by a compare-exchange that
	 * sees fewer than the bound's tickets out: never deeper, on any
	 * schedule.
	 */
	if (bound)
		CHECK(deepest_queue <= bound);
	return done;
}

int main(int argc, char **argv)
{
	const char *kind = argc > 1 ? argv[1] : "";
	unsigned int threads = argc > 2 ? (unsigned int)atoi(argv[2]) : 0;
	double t0 = now_seconds();
	unsigned long expect, planned;

	if (threads == 0 || threads > MAX_THREADS)
		usage(argv[0]);
	/*
	 * 400000 acquisitions in all, however many threads: beyond the core
	 * count every hand-over waits for the scheduler, so the run's length
	 * grows with the threads, not with the work.
	 */
	s.iterations = test_iterations(400000 / threads);
	/* The cut for a busy machine scales with the work (FL_TEST_SCALE). */
	s.work_end = now_seconds() + 10.0 / (double)test_scale();
	s.deadline = now_seconds() + 120;
	if (!strcmp(kind, "qrw"))
		expect = run_qrw(threads);
	else
		expect = run_exclusive(kind, threads, argv[0]);
	CHECK_EQ(s.counter, expect);
	/* Under qrw only the writers, thread 0 and every fourth, count. */
	planned = s.iterations * (strcmp(kind, "qrw") ? threads : (threads + 3) / 4);
	printf("test_stress %s: %u threads, %lu sections (%lu each planned%s): ok, "
	       "%lu had waiters, %lu failed trylocks (%.2f s)\n",
	       kind, threads, s.counter, s.iterations,
	       s.counter < planned ? ", cut short: a busy machine" : "",
	       s.contended, s.failed_trylocks, now_seconds() - t0);
	/* Without contention the run would have proved little. */
	CHECK(s.contended + s.failed_trylocks > 0);
	return 0;
}
