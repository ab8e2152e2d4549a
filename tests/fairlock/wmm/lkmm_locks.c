/* SPDX-License-Identifier: MIT */
/*
 * The kernel's lock litmus tests (tools/memory-model/litmus-tests) on
 * fairlock's C code, one per WMM_TEST, on the ticket lock or (WMM_QSPIN)
 * the qspinlock.  WRITE_ONCE/READ_ONCE are relaxed atomics and smp_mb()
 * a SEQ_CST fence, as the kernel maps them to C11.  The assertion is the
 * test's "exists" clause negated, so GenMC reports a violation exactly
 * when the outcome is reachable; docs/model-checking.md compares the
 * verdicts with the LKMM's and with herd7's on the machines' code.
 *   WMM_TEST 1  MP+polocks: x=1; lock; y=1; unlock  |  lock; r0=y; unlock; r1=x
 *               exists r0=1 /\ r1=0                   (LKMM: Never)
 *   WMM_TEST 2  Z6.0+pooncelock+pooncelock+pombonce    (LKMM: Sometimes)
 *   WMM_TEST 3  ISA2+pooncelock+pooncelock+pombonce    (LKMM: Never)
 */
#include "wmm.h"

#ifdef WMM_QSPIN
#include <fairlock/qspinlock.h>

#include "qspinlock.c"
#include "thread_index.c"

static fl_qspinlock_t lock = FL_QSPINLOCK_INIT;
#define do_lock fl_qspin_lock
#define do_unlock fl_qspin_unlock
#else
#include <fairlock/ticket.h>

#include "ticket.c"

static fl_ticket_t lock = FL_TICKET_INIT;
#define do_lock fl_ticket_lock
#define do_unlock fl_ticket_unlock
#endif

#define WRITE_ONCE(v, n) __atomic_store_n(&(v), (n), __ATOMIC_RELAXED)
#define READ_ONCE(v) __atomic_load_n(&(v), __ATOMIC_RELAXED)
#define smp_mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)

static int x, y, z, r0 = -1, r1 = -1, r2 = -1;

static void thread(int self)
{
#if WMM_TEST == 1
	if (self == 0) {
		WRITE_ONCE(x, 1);
		do_lock(&lock);
		WRITE_ONCE(y, 1);
		do_unlock(&lock);
	} else {
		do_lock(&lock);
		r0 = READ_ONCE(y);
		do_unlock(&lock);
		r1 = READ_ONCE(x);
	}
#else
	if (self == 0) {
		do_lock(&lock);
		WRITE_ONCE(x, 1);
		WRITE_ONCE(y, 1);
		do_unlock(&lock);
	} else if (self == 1) {
		do_lock(&lock);
		r0 = READ_ONCE(y);
		WRITE_ONCE(z, 1);
		do_unlock(&lock);
	} else {
#if WMM_TEST == 2
		WRITE_ONCE(z, 2);
#else
		r2 = READ_ONCE(z);
#endif
		smp_mb();
		r1 = READ_ONCE(x);
	}
#endif
}

int main(void)
{
#if WMM_TEST == 1
	wmm_run(2, thread);
	assert(!(r0 == 1 && r1 == 0));
#elif WMM_TEST == 2
	wmm_run(3, thread);
	assert(!(r0 == 1 && z == 2 && r1 == 0));
#elif WMM_TEST == 3
	wmm_run(3, thread);
	assert(!(r0 == 1 && r2 == 1 && r1 == 0));
#else
#error "WMM_TEST must be 1, 2 or 3"
#endif
	return 0;
}
