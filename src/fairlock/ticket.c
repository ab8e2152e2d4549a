/* SPDX-License-Identifier: MIT */
/* The ticket lock's wait: kept out of line so callers inline only the add. */
#include <fairlock/ticket.h>

#include "ticket_capacity.h"

void fl__ticket_lock_slowpath(fl_ticket_t *lock, uint32_t val)
{
	uint16_t ticket = (uint16_t)(val >> 16);
	unsigned int polls = 0;

	fl__ticket_check_capacity(lock, val);

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
