/* SPDX-License-Identifier: MIT */
/*
 * Ticket lock, WMM_THREADS threads (default 3), each taking the lock once:
 *  - mutual exclusion and hand-over: the sections update plain data, so any
 *    overlap or unsynchronised hand-over is a data race;
 *  - FIFO: inside its section a thread sees the owner half equal to the
 *    number of sections before it, i.e. sections run in ticket order;
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
	fl_ticket_lock(&lock);
	/* FIFO: our ticket (owner) is the count of sections before us. */
	assert((uint16_t)__atomic_load_n(&lock.val, __ATOMIC_RELAXED) ==
	       sections);
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
