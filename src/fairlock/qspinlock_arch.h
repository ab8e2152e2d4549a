/* SPDX-License-Identifier: MIT */
/*
 * The qspinlock's per-architecture hooks, as the kernel's architectures
 * override queued_fetch_set_pending_acquire() and _Q_PENDING_LOOPS: an
 * architecture that has a better form defines the hook here, and
 * qspinlock.c's generic algorithm uses the generic form wherever none is
 * defined.  The model checkers' build (FL_PLAIN_WAITS, arch.h) takes the
 * generic forms: the pending loop would be a bounded spin to explore.
 */
#ifndef FAIRLOCK_QSPINLOCK_ARCH_H
#define FAIRLOCK_QSPINLOCK_ARCH_H

#include <fairlock/qspinlock.h>

#if (defined(__x86_64__) || defined(__i386__)) && \
	!(defined(FL_PLAIN_WAITS) && FL_PLAIN_WAITS)
/*
 * A waiter that sees only the pending bit waits out the hand-over for up
 * to 512 reads before it queues, as the kernel does on x86, where that is
 * much cheaper than queueing (lockbench: 2-thread throughput doubles).
 */
#define FL_Q_PENDING_LOOPS 512

/*
 * x86 has no fetch-or; a full fetch_or would be a cmpxchg loop.  Only
 * the pending bit's old value comes from the RMW (one LOCK BTS); the
 * rest of the word is read after it, which TSO keeps in order.
 * That read must be ACQUIRE (a plain MOV on x86, so free): if it is
 * the one that sees the owner's unlock, the caller skips its acquire
 * wait and enters the critical section on this read alone.
 */
static inline uint32_t fl_qspin_arch_fetch_set_pending_acquire(fl_qspinlock_t *lock)
{
	uint32_t val = __atomic_fetch_or(&lock->val, FL_Q_PENDING_VAL,
					 __ATOMIC_ACQUIRE) &
		       FL_Q_PENDING_VAL;

	return val | (__atomic_load_n(&lock->val, __ATOMIC_ACQUIRE) &
		      ~FL_Q_PENDING_MASK);
}
#define fl_qspin_arch_fetch_set_pending_acquire fl_qspin_arch_fetch_set_pending_acquire
#endif

#endif /* FAIRLOCK_QSPINLOCK_ARCH_H */
