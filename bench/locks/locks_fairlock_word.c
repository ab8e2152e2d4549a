/* SPDX-License-Identifier: MIT */
/*
 * The ticket lock exactly as seed 002 writes it: a 32-bit fetch-add on the
 * whole word.  On x86 fairlock takes tickets with a 16-bit add instead
 * (FL_TICKET_HALF_ADD); this variant keeps the cost of the mixed-size
 * access measurable beside it.
 */
#define FL_TICKET_HALF_ADD 0
#include <fairlock/ticket.h>

#include "adapter.h"

LB_SIMPLE_LOCK(adp_ticket_word, "fairlock-ticket-word", "fairlock", true,
	       fl_ticket_t, fl_ticket_init, fl_ticket_lock, fl_ticket_unlock);
