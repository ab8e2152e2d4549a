/* SPDX-License-Identifier: MIT */
/*
 * libfairlock-preload's ticket lock in a forked child (src/preload/
 * spin_fork.c): the parent left the lock held by the thread that forked
 * with two more tickets taken by threads that are not in the child, its
 * generation the parent's.  After fl_model_fork(), the forking thread
 * unlocks and locks again and a new thread of the child locks, each after
 * flp_spin_ready(), as the preload calls it.  Checked: one thread repairs
 * the word before either uses it (exclusion through plain data, and
 * --check-liveness: a parent's ticket left in the word would be served
 * to nobody), and the word ends free.
 */
#include "wmm.h"

#include "objects.h"

#include "ticket.c"
#include "parking.c"
#include "spin_fork.c"

static struct flp_lock s;
static unsigned int sections;	/* plain: guarded by the lock */
static unsigned int entered;	/* atomic */

static void child_thread(int self)
{
	if (self == 0) {	/* the thread that forked: it holds the lock */
		flp_spin_ready(&s, FLP_TICKET);
		__atomic_fetch_add(&entered, 1, __ATOMIC_RELAXED);
		sections++;
		fl_ticket_unlock(&s.l.ticket);
	}
	flp_spin_ready(&s, FLP_TICKET);
	fl_ticket_lock(&s.l.ticket);
	__atomic_fetch_add(&entered, 1, __ATOMIC_RELAXED);
	sections++;
	flp_spin_ready(&s, FLP_TICKET);
	fl_ticket_unlock(&s.l.ticket);
}

int main(void)
{
	s.l.gen.fork_generation = fl_fork_generation();
	s.l.ticket.val = 3u << 16;	/* holder 0, tickets 1 and 2 waiting */
	fl_model_fork();
	wmm_run(2, child_thread);
	assert(sections == entered);
	assert(fl_ticket_outstanding(s.l.ticket.val) == 0);
	return 0;
}
