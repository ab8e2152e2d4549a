/* SPDX-License-Identifier: MIT */
#ifndef FAIRLOCK_TICKET_CAPACITY_H
#define FAIRLOCK_TICKET_CAPACITY_H

#include <fairlock/ticket.h>

/*
 * Tickets outstanding (holder included) beyond which a ticket lock stops
 * the process.  At 32767 the lock word is still exact and the seed's signed
 * is_contended() still right; the ticket would only wrap onto the owner
 * after 65536, so no two threads are ever admitted together.
 */
#define FL_TICKET_MAX_OUTSTANDING 32767u

/* `val` is what the arriving thread's fetch-add returned. */
static inline void fl__ticket_check_capacity(fl_ticket_t *lock, uint32_t val)
{
	if (fl_ticket_outstanding(val) >= FL_TICKET_MAX_OUTSTANDING)
		fl__bug("fl_ticket_lock", lock,
			"more than 32767 threads hold or wait for this ticket "
			"lock; its 16-bit tickets would wrap");
}

#endif
