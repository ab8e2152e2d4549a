/* SPDX-License-Identifier: MIT */
/*
 * A stream of overlapping readers must not starve a writer.  Readers hold
 * the lock in turns so that it is never free; a writer takes it WRITES
 * times.  The property checked is the qrwlock's: a reader that saw a writer
 * waiting (the WAITING bit) before it asked for the lock never gets in
 * before that writer's section has completed.  Also checked: the writer
 * finishes at all, and the waiting state was really exercised.
 */
#include <time.h>

#include <fairlock/qrwlock.h>

#include "harness.h"

#define READERS 3

static fl_qrwlock_t lock = FL_QRWLOCK_INIT;
static unsigned long writes_done; /* written in write sections only */
static int stop;
static unsigned long reads, saw_waiting, overtook;

static void reader(void *arg, unsigned int i)
{
	(void)arg;
	(void)i;
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		unsigned long before =
			__atomic_load_n(&writes_done, __ATOMIC_SEQ_CST);
		bool waiting = __atomic_load_n(&lock.u.cnts, __ATOMIC_SEQ_CST) &
			       FL_QW_WAITING;

		fl_qrw_read_lock(&lock);
		if (waiting) {
			__atomic_fetch_add(&saw_waiting, 1, __ATOMIC_RELAXED);
			if (__atomic_load_n(&writes_done, __ATOMIC_SEQ_CST) <=
			    before)
				__atomic_fetch_add(&overtook, 1,
						   __ATOMIC_RELAXED);
		}
		for (int k = 0; k < 2000; k++) /* hold, so readers overlap */
			fl_cpu_relax();
		__atomic_fetch_add(&reads, 1, __ATOMIC_RELAXED);
		fl_qrw_read_unlock(&lock);
	}
}

static void writer(unsigned long writes)
{
	struct timespec pause = { 0, 200000 };

	for (unsigned long n = 0; n < writes; n++) {
		fl_qrw_write_lock(&lock);
		__atomic_store_n(&writes_done, writes_done + 1,
				 __ATOMIC_SEQ_CST);
		fl_qrw_write_unlock(&lock);
		nanosleep(&pause, NULL);
	}
}

static void group(void *arg, unsigned int i)
{
	if (i == READERS) {
		double t0 = now_seconds();

		writer(*(unsigned long *)arg);
		printf("writer: %lu sections in %.2f s beside %d readers\n",
		       *(unsigned long *)arg, now_seconds() - t0, READERS);
		__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	} else {
		reader(NULL, i);
	}
}

int main(void)
{
	unsigned long writes = test_iterations(400);
	/*
	 * No clock here: a writer starved by readers never finishes, and
	 * ctest's limit ends the run with what it printed.
	 */
	run_threads(READERS + 1, group, &writes);
	printf("readers: %lu sections, %lu began after seeing a waiting "
	       "writer, %lu of those overtook it\n",
	       reads, saw_waiting, overtook);
	CHECK_EQ(writes_done, writes);
	CHECK(saw_waiting > 0); /* else this run proved nothing */
	CHECK_EQ(overtook, 0);
	return 0;
}
