/* SPDX-License-Identifier: MIT */
/*
 * Store buffering through an unlock and a lock of another lock:
 *   P0: x = 1; unlock(A); lock(B); r0 = y      (A held before, B free)
 *   P1: y = 1; full fence; r1 = x
 * Can r0 == 0 && r1 == 0?  With WMM_FENCE_AFTER_LOCK, P0 puts the fence
 * fairlock documents for callers who need it after its lock(B).
 * Expected: reachable without the fence under RC11 and IMM (a SEQ_CST
 * fetch-add is not a full fence in C11), unreachable with it.  The run
 * script expects "fail" (the assertion is violated) for the first.
 */
#include "wmm.h"

#include <fairlock/ticket.h>

#include "ticket.c"

static fl_ticket_t a = FL_TICKET_INIT, b = FL_TICKET_INIT;
static int x, y, r0, r1;

static void thread(int self)
{
	if (self == 0) {
		__atomic_store_n(&x, 1, __ATOMIC_RELAXED);
		fl_ticket_unlock(&a);
		fl_ticket_lock(&b);
#ifdef WMM_FENCE_AFTER_LOCK
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
		r0 = __atomic_load_n(&y, __ATOMIC_RELAXED);
		fl_ticket_unlock(&b);
	} else {
		__atomic_store_n(&y, 1, __ATOMIC_RELAXED);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		r1 = __atomic_load_n(&x, __ATOMIC_RELAXED);
	}
}

int main(void)
{
	fl_ticket_lock(&a);
	wmm_run(2, thread);
	assert(!(r0 == 0 && r1 == 0));
	return 0;
}
