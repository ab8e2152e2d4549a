/* SPDX-License-Identifier: MIT */
/*
 * The parking ticket lock, WMM_THREADS threads (default 3), strict FIFO or
 * (WMM_BOUND n) a bounded queue: mutual exclusion and hand-over through
 * plain data, FIFO inside the queue, never more than n tickets out (the
 * holder's included) with a bound, and, with --check-liveness, no lost
 * wake-up: a sleeper whose turn came is always woken (the futex is the
 * model build's stand-in, src/fairlock/ticket_park.c).  Each thread polls
 * once before it sleeps in the model build, so the sleep protocol is what
 * the checker explores.
 */
#include "wmm.h"

#include <fairlock/ticket_park.h>

#include "ticket.c"
#include "ticket_park.c"

#ifndef WMM_THREADS
#define WMM_THREADS 3
#endif
#ifndef WMM_BOUND
#define WMM_BOUND 0
#endif

static fl_ticket_park_t lock = FL_TICKET_PARK_INIT;
static unsigned int sections; /* plain: guarded by the lock */

static void worker(int self)
{
	(void)self;
	fl_ticket_park_lock(&lock);
	/* The bound is exact: admission and ticket are one compare-exchange. */
	if (WMM_BOUND)
		assert(fl_ticket_outstanding(__atomic_load_n(&lock.ticket.val,
							     __ATOMIC_RELAXED)) <= WMM_BOUND);
	/* FIFO among ticket holders: served in ticket order. */
	assert((uint16_t)__atomic_load_n(&lock.ticket.val, __ATOMIC_RELAXED) ==
	       sections);
	sections++;
	fl_ticket_park_unlock(&lock);
}

int main(void)
{
	if (WMM_BOUND)
		fl_ticket_park_init_bounded(&lock, WMM_BOUND);
	wmm_run(WMM_THREADS, worker);
	assert(sections == WMM_THREADS);
	assert(lock.sleepers == 0);
	return 0;
}
