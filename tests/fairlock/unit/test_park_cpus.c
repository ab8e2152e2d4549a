/* SPDX-License-Identifier: MIT */
/*
 * fl_ticket_park_init_cpus(): the queue bound is the number of CPUs the
 * process may run on, and follows a change of the affinity mask.
 */
#define _GNU_SOURCE
#include <sched.h>

#include <fairlock/ticket_park.h>

#include "harness.h"

static uint32_t mask_cpus(void)
{
	cpu_set_t set;

	CHECK(sched_getaffinity(0, sizeof(set), &set) == 0);
	return (uint32_t)CPU_COUNT(&set);
}

/* Wait until the lock's bound is `want`, or fail after 30 s. */
static void wait_bound(fl_ticket_park_t *lock, uint32_t want)
{
	double end = now_seconds() + 30;
	uint32_t got;

	while ((got = fl_ticket_park_bound(lock)) != want) {
		if (now_seconds() > end) {
			fprintf(stderr, "bound %u after 30 s, expected %u\n", got, want);
			exit(1);
		}
		sched_yield();
	}
}

int main(void)
{
	fl_ticket_park_t lock, plain, fixed;
	cpu_set_t all, one;
	int first = -1;

	fl_ticket_park_init_cpus(&lock);
	fl_ticket_park_init(&plain);
	fl_ticket_park_init_bounded(&fixed, 3);
	CHECK_EQ(fl_ticket_park_bound(&plain), 0);
	CHECK_EQ(fl_ticket_park_bound(&fixed), 3);
	CHECK_EQ(fl_ticket_park_bound(&lock), mask_cpus());

	/* The lock works as a lock with the bound. */
	fl_ticket_park_lock(&lock);
	CHECK(fl_ticket_park_is_locked(&lock));
	CHECK(!fl_ticket_park_trylock(&lock));
	fl_ticket_park_unlock(&lock);
	CHECK(!fl_ticket_park_is_locked(&lock));

	/* Narrow the mask to one CPU: the bound follows within its re-read
	 * interval; widen it again: back to the full count. */
	CHECK(sched_getaffinity(0, sizeof(all), &all) == 0);
	for (int c = 0; c < CPU_SETSIZE && first < 0; c++)
		if (CPU_ISSET(c, &all))
			first = c;
	CHECK(first >= 0);
	CPU_ZERO(&one);
	CPU_SET(first, &one);
	CHECK(sched_setaffinity(0, sizeof(one), &one) == 0);
	wait_bound(&lock, 1);
	CHECK(sched_setaffinity(0, sizeof(all), &all) == 0);
	wait_bound(&lock, (uint32_t)CPU_COUNT(&all));
	printf("test_park_cpus: bound %u, 1 with one CPU, %u again\n",
	       (unsigned)CPU_COUNT(&all), fl_ticket_park_bound(&lock));
	return 0;
}
