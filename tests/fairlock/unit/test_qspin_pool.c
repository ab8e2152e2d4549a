/* SPDX-License-Identifier: MIT */
/*
 * More live threads than the qspinlock tail can name.  Linked against a
 * build of the library whose pool has TEST_POOL indices (the real one has
 * 16383), so exhaustion is reached with a handful of threads.  Threads
 * without an index must still lock correctly (by trylock), and indices of
 * exited threads must be reused.
 */
#include <pthread.h>

#include <fairlock/qspinlock.h>

#include "harness.h"

#define TEST_POOL 4
#define LIVE (2 * TEST_POOL)

static pthread_barrier_t all_registered;
static int got[LIVE];

/* Every thread stays alive until all have asked for an index. */
static void register_and_hold(void *arg, unsigned int i)
{
	(void)arg;
	got[i] = fl_qspin_thread_register();
	pthread_barrier_wait(&all_registered);
}

static void check_exactly_pool_registered(void)
{
	int with = 0, seen = 0;

	pthread_barrier_init(&all_registered, NULL, LIVE);
	run_threads(LIVE, register_and_hold, NULL);
	pthread_barrier_destroy(&all_registered);
	for (int i = 0; i < LIVE; i++) {
		if (got[i] < 0)
			continue;
		CHECK(got[i] < TEST_POOL);
		CHECK(!(seen & (1 << got[i]))); /* no index given twice */
		seen |= 1 << got[i];
		with++;
	}
	CHECK_EQ(with, TEST_POOL);
}

static struct {
	fl_qspinlock_t lock;
	unsigned long counter;
	unsigned long iterations;
} shared = { FL_QSPINLOCK_INIT, 0, 0 };

static void hammer(void *arg, unsigned int i)
{
	(void)arg;
	(void)i;
	for (unsigned long n = 0; n < shared.iterations; n++) {
		fl_qspin_lock(&shared.lock);
		shared.counter++;
		fl_qspin_unlock(&shared.lock);
	}
}

int main(void)
{
	const unsigned int threads = 3 * TEST_POOL;

	CHECK_EQ(fl_qspin_max_threads(), TEST_POOL);
	check_exactly_pool_registered();
	/* All exited: their indices must be free for the next generation. */
	check_exactly_pool_registered();

	shared.iterations = test_iterations(20000);
	run_threads(threads, hammer, NULL);
	CHECK_EQ(shared.counter, threads * shared.iterations);
	CHECK_EQ(shared.lock.val, 0);
	printf("test_qspin_pool: ok (%u threads, %d indices)\n", threads,
	       TEST_POOL);
	return 0;
}
