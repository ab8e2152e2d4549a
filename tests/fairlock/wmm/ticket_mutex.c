/* SPDX-License-Identifier: MIT */
/*
 * Ticket lock, WMM_THREADS threads (default 3), each taking the lock once:
 *  - mutual exclusion and hand-over: the sections update plain data, so any
 *    overlap or unsynchronised hand-over is a data race;
 *  - FIFO: the thread that took ticket k runs the k-th section (its ticket
 *    is kept as fl_ticket_lock() takes it, and compared with the count of
 *    sections before it);
 *  - message passing: each section reads what the previous one wrote.
 * WMM_TRYLOCK: each thread tries fl_ticket_trylock() once instead, and
 * runs the section if it got the lock (FIFO does not apply).
 */
#include "wmm.h"

#include <fairlock/ticket.h>

#include "ticket.c"

#ifndef WMM_THREADS
#define WMM_THREADS 3
#endif

static fl_ticket_t lock = FL_TICKET_INIT;
static unsigned int sections; /* plain: guarded by the lock */
static unsigned int last_writer = ~0u;

static void worker(int self)
{
#ifdef WMM_TRYLOCK
	if (!fl_ticket_trylock(&lock))
		return;
#else
	/* fl_ticket_lock(), its two steps, keeping the ticket it took. */
	uint16_t owner, ticket = fl__ticket_take(&lock, &owner);

	if (ticket != owner)
		fl__ticket_lock_slowpath(&lock, ((uint32_t)ticket << 16) | owner);
	/* FIFO: our ticket is the count of sections before ours. */
	assert(ticket == sections);
#endif
	/* MP: the previous section's write is visible. */
	assert(sections == 0 || last_writer != ~0u);
	last_writer = (unsigned int)self;
	sections++;
	fl_ticket_unlock(&lock);
}

int main(void)
{
	wmm_run(WMM_THREADS, worker);
#ifdef WMM_TRYLOCK
	assert(sections >= 1);
	assert(lock.val == ((uint32_t)sections << 16 | sections));
#else
	assert(sections == WMM_THREADS);
	assert(lock.val == ((uint32_t)WMM_THREADS << 16 | WMM_THREADS));
#endif
	return 0;
}
