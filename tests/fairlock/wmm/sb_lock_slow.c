/* SPDX-License-Identifier: MIT */
/*
 * The ticket lock's slow path is RCsc: a store before a lock() that had
 * to wait and a load after it are not reordered.
 *   P0: x = 1; lock(B); r0 = y; unlock(B)     (B is held: P0 waits)
 *   P1: y = 1; full fence; r1 = x
 *   P2: waits until P0 has its ticket, then unlock(B)
 * r0 == 0 && r1 == 0 must be unreachable: the full fence the slow path
 * ends with (src/fairlock/ticket.c, ticket_park.c) sits between P0's store
 * and load.  The fast path has no such fence in C11 (sb_unlock_lock.c).
 * WMM_PARK: the same for the parking ticket lock.
 */
#include "wmm.h"

#ifdef WMM_PARK
#include <fairlock/ticket_park.h>

#include "ticket.c"
#include "ticket_park.c"

typedef fl_ticket_park_t lock_t;
#define LOCK_INIT FL_TICKET_PARK_INIT
#define lock_word(l) (&(l)->ticket.val)
#define do_lock fl_ticket_park_lock
#define do_unlock fl_ticket_park_unlock
#else
#include <fairlock/ticket.h>

#include "ticket.c"

typedef fl_ticket_t lock_t;
#define LOCK_INIT FL_TICKET_INIT
#define lock_word(l) (&(l)->val)
#define do_lock fl_ticket_lock
#define do_unlock fl_ticket_unlock
#endif

static lock_t b = LOCK_INIT;
static int x, y, r0, r1;

static void thread(int self)
{
	if (self == 0) {
		__atomic_store_n(&x, 1, __ATOMIC_RELAXED);
		do_lock(&b);
		r0 = __atomic_load_n(&y, __ATOMIC_RELAXED);
		do_unlock(&b);
	} else if (self == 1) {
		__atomic_store_n(&y, 1, __ATOMIC_RELAXED);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		r1 = __atomic_load_n(&x, __ATOMIC_RELAXED);
	} else {
		/* RELAXED: only whether P0 has taken the second ticket. */
		while (__atomic_load_n(lock_word(&b), __ATOMIC_RELAXED) >> 16 != 2)
			;
		do_unlock(&b);
	}
}

int main(void)
{
	do_lock(&b);
	wmm_run(3, thread);
	assert(!(r0 == 0 && r1 == 0));
	return 0;
}
