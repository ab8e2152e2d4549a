/* SPDX-License-Identifier: MIT */
/* The ticket lock's wait: kept out of line so callers inline only the add. */
#include <fairlock/ticket.h>

/*
 * Tickets outstanding (holder included) beyond which fl_ticket_lock() stops
 * the process.  At 32767 the lock word is still exact and the seed's signed
 * is_contended() still right; the ticket would only wrap onto the owner
 * after 65536, so no two threads are ever admitted together.
 */
#define FL_TICKET_MAX_OUTSTANDING 32767u

void fl__ticket_lock_slowpath(fl_ticket_t *lock, uint32_t val)
{
	uint16_t ticket = (uint16_t)(val >> 16);
	unsigned int polls = 0;

	if ((uint16_t)(ticket - (uint16_t)val) >= FL_TICKET_MAX_OUTSTANDING)
		fl__bug("fl_ticket_lock", lock,
			"more than 32767 threads hold or wait for this ticket "
			"lock; its 16-bit tickets would wrap");

	/*
	 * ACQUIRE: pairs with the RELEASE store of the owner half in
	 * fl_ticket_unlock(); the previous critical section happens before
	 * ours.
	 */
	while ((uint16_t)__atomic_load_n(&lock->val, __ATOMIC_ACQUIRE) !=
	       ticket)
		fl_spin_wait(&polls);

	/*
	 * The acquire load above is only RCpc.  A full fence upgrades the
	 * slow path to RCsc like the fast path's SEQ_CST fetch-add.  Only
	 * ordering of earlier reads before later writes is needed, and the
	 * fence costs nothing more: the loop issued reads only, and the
	 * fetch-add's write is already ordered.
	 */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
