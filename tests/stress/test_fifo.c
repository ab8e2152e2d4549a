/* SPDX-License-Identifier: MIT */
/*
 * FIFO: while the lock is held, threads arrive one at a time (each waits
 * until the lock word shows the previous one queued).  On release they
 * must get the lock in exactly their arrival order.
 *
 * usage: test_fifo ticket|ticket-park|qspin [WAITERS]
 */
#include <string.h>

#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

#include "harness.h"

#define MAX_WAITERS 64

static fl_ticket_t ticket = FL_TICKET_INIT;
static fl_ticket_park_t park = FL_TICKET_PARK_INIT;
static fl_qspinlock_t qspin = FL_QSPINLOCK_INIT;
static enum { TICKET, PARK, QSPIN } kind;

static void take(void)
{
	if (kind == TICKET)
		fl_ticket_lock(&ticket);
	else if (kind == PARK)
		fl_ticket_park_lock(&park);
	else
		fl_qspin_lock(&qspin);
}

static void release(void)
{
	if (kind == TICKET)
		fl_ticket_unlock(&ticket);
	else if (kind == PARK)
		fl_ticket_park_unlock(&park);
	else
		fl_qspin_unlock(&qspin);
}
static int order[MAX_WAITERS];
static int next_slot;

static void waiter(void *arg)
{
	int id = (int)(intptr_t)arg;

	take();
	order[next_slot++] = id; /* plain: protected by the lock */
	release();
}

static void one_round(int waiters)
{
	uint32_t *word = kind == TICKET ? &ticket.val :
			 kind == PARK	? &park.ticket.val :
					  &qspin.val;
	void *t[MAX_WAITERS];
	uint32_t v;

	next_slot = 0;
	take();
	v = __atomic_load_n(word, __ATOMIC_RELAXED);
	for (int i = 0; i < waiters; i++) {
		t[i] = start_thread(waiter, (void *)(intptr_t)i);
		v = wait_word_change(word, v, 120); /* i is queued */
	}
	release();
	for (int i = 0; i < waiters; i++)
		join_thread(t[i]);
	for (int i = 0; i < waiters; i++) {
		if (order[i] != i) {
			fprintf(stderr, "slot %d went to waiter %d\n", i,
				order[i]);
			exit(1);
		}
	}
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "";
	int waiters = argc > 2 ? atoi(argv[2]) : 8;
	int rounds = (int)test_iterations(20);

	if (!strcmp(name, "ticket")) {
		kind = TICKET;
	} else if (!strcmp(name, "ticket-park")) {
		kind = PARK;
	} else if (!strcmp(name, "qspin")) {
		kind = QSPIN;
	} else {
		fprintf(stderr, "usage: %s ticket|ticket-park|qspin [WAITERS]\n",
			argv[0]);
		return 2;
	}
	if (waiters < 1 || waiters > MAX_WAITERS) {
		fprintf(stderr, "%s: WAITERS must be 1..%d\n", argv[0],
			MAX_WAITERS);
		return 2;
	}
	for (int r = 0; r < rounds; r++)
		one_round(waiters);
	printf("test_fifo %s: %d rounds of %d waiters served in arrival order\n",
	       name, rounds, waiters);
	return 0;
}
