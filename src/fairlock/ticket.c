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
	 * ours.  The fence below would do that alone (a relaxed read followed
	 * by a fence synchronises with the release it reads: RC11 and IMM,
	 * mutant ticket_wait_acq); the kernel's form is kept, and the loop
	 * costs the same on x86 and arm64 either way (MOV, LDAR/LDR).
	 */
	while ((uint16_t)__atomic_load_n(&lock->val, __ATOMIC_ACQUIRE) !=
	       ticket)
		fl_spin_wait(&polls);

	/*
	 * The acquire load above is only RCpc.  A full fence upgrades the
	 * slow path to RCsc, as the fast path's SEQ_CST fetch-add is on the
	 * machines' code (not in C11: fairlock/ticket.h).  Only
	 * ordering of earlier reads before later writes is needed, and the
	 * fence costs nothing more: the loop issued reads only, and the
	 * fetch-add's write is already ordered.  GenMC shows the fence
	 * makes a store before the lock and a load after it ordered against
	 * a fenced thread, and ACQ_REL in its place does not (tests/fairlock/wmm/
	 * sb_lock_slow.c, mutant ticket_slow_fence).
	 */
#if FL_LOCKED_RMW_FENCES
	/*
	 * x86: the LOCK XADD that took our ticket is already a full barrier,
	 * and since then only loads ran, so every store before the lock is
	 * visible before any load after it (herd7, x86-TSO:
	 * SB+ticket-slow.X86 Never, Sometimes without the LOCK).  The fence
	 * (GCC: LOCK OR to the stack) cost a tenth of the two-thread
	 * hand-over rate (docs/BENCHMARKS.md); the compiler barrier keeps
	 * the compiler to the same order.  Checked: codegen_x86_64.
	 */
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}
