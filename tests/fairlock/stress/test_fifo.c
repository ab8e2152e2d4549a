/* SPDX-License-Identifier: MIT */
/*
 * FIFO: while the lock is held, threads arrive one at a time (each waits
 * until the lock's queue word shows the previous one queued).  On release
 * they must get the lock in exactly their arrival order.
 *
 * usage: test_fifo LOCK [WAITERS], LOCK a FIFO row of tests/fairlock/locks.h
 */
#include "fairlock/locks.h"
#include "harness.h"

#define MAX_WAITERS 64

static const struct test_lock *lk;
static int order[MAX_WAITERS];
static int next_slot;

static void waiter(void *arg)
{
	int id = (int)(intptr_t)arg;

	lk->lock();
	order[next_slot++] = id; /* plain: protected by the lock */
	lk->unlock();
}

static void one_round(int waiters)
{
	void *t[MAX_WAITERS];
	uint32_t v;

	next_slot = 0;
	lk->lock();
	v = __atomic_load_n(lk->queue_word, __ATOMIC_RELAXED);
	for (int i = 0; i < waiters; i++) {
		t[i] = start_thread(waiter, (void *)(intptr_t)i);
		v = wait_word_change(lk->queue_word, v, 120); /* i is queued */
	}
	lk->unlock();
	for (int i = 0; i < waiters; i++)
		join_thread(t[i]);
	for (int i = 0; i < waiters; i++) {
		if (order[i] != i) {
			fprintf(stderr, "%s: slot %d went to waiter %d\n",
				lk->name, i, order[i]);
			exit(1);
		}
	}
}

__attribute__((noreturn)) static void usage(const char *prog)
{
	fprintf(stderr, "usage: %s LOCK [WAITERS]; LOCK one of:", prog);
	for (unsigned int i = 0; i < TEST_LOCK_COUNT; i++)
		if (test_locks[i].fifo)
			fprintf(stderr, " %s", test_locks[i].name);
	fprintf(stderr, "\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int waiters = argc > 2 ? atoi(argv[2]) : 8;
	int rounds = (int)test_iterations(20);

	lk = test_lock_find(argc > 1 ? argv[1] : "");
	if (!lk || !lk->fifo)
		usage(argv[0]);
	if (waiters < 1 || waiters > MAX_WAITERS) {
		fprintf(stderr, "%s: WAITERS must be 1..%d\n", argv[0],
			MAX_WAITERS);
		return 2;
	}
	lk->reset();
	for (int r = 0; r < rounds; r++)
		one_round(waiters);
	CHECK(lk->is_idle((unsigned long)rounds * (waiters + 1)));
	printf("test_fifo %s: %d rounds of %d waiters served in arrival order\n",
	       lk->name, rounds, waiters);
	return 0;
}
