/* SPDX-License-Identifier: MIT */
/*
 * fairlock ticket lock: the Linux 5.19 generic ticket spinlock
 * (include/asm-generic/spinlock.h) in user space.
 *
 * The lock is one 32-bit word: the next ticket to hand out in the high 16
 * bits, the ticket now being served (the owner) in the low 16 bits.  It is
 * unlocked when the two are equal, and FIFO: waiters are served in the order
 * their fetch-add reached the word.
 *
 * What it assumes of the machine (see fairlock/arch.h):
 *  - fetch-add has forward progress under contention (a native atomic add,
 *    or an LL/SC loop the architecture guarantees to complete);
 *  - fetch-add on the word is safe against a store-release to one of its
 *    16-bit halves (mixed-size access);
 *  - release + acquire is only RCpc, so the lock makes itself RCsc: the
 *    fetch-add of the fast path is sequentially consistent and the slow path
 *    ends with a full fence.
 *
 * Ordering guarantees to callers: fl_ticket_lock() and a successful
 * fl_ticket_trylock() are acquire operations, fl_ticket_unlock() is a
 * release; the critical sections of one lock are totally ordered (RCsc):
 * a store before an unlock and a load after the next lock, on any lock, are
 * never reordered.  The query functions are relaxed snapshots.
 *
 * Limits a user-space program can reach and the kernel cannot:
 *  - Capacity: at most 32767 threads may hold or wait for one lock at once.
 *    The 32768th arrival ends the process with a diagnostic (fl__bug) while
 *    the word is still consistent, long before the 16-bit ticket could wrap
 *    onto the owner and admit two threads.  32767 is also the range of the
 *    seed's signed is_contended() test.
 *  - Preemption: a waiter polls FL_SPIN_RELAX_LIMIT times, then yields the
 *    CPU between polls (fl_spin_wait()).
 *  - Unlocking a lock that is not held: with FL_DEBUG defined, ends the
 *    process with a diagnostic.  Without it the owner moves past the next
 *    ticket, after which every lock() waits for a ticket that 65535 further
 *    unlocks would reach: the lock is lost, never shared.
 */
#ifndef FAIRLOCK_TICKET_H
#define FAIRLOCK_TICKET_H

#include <stdbool.h>
#include <stdint.h>

#include <fairlock/arch.h>

FL_EXTERN_C_BEGIN

/*
 * The word and its two halves.  The owner half is the low-order 16 bits of
 * the word: the first half in memory on little-endian machines, the second
 * on big-endian ones (the fix the seed series took for OpenRISC).
 */
typedef union fl_ticket {
	uint32_t val;
	uint16_t half[2];
} fl_ticket_t;

#define FL_TICKET_INIT { 0 }
#define FL_TICKET_OWNER_HALF (FL_BIG_ENDIAN ? 1 : 0)
#define FL_TICKET_NEXT_ONE (UINT32_C(1) << 16)

void fl__ticket_lock_slowpath(fl_ticket_t *lock, uint32_t val);

static inline void fl_ticket_init(fl_ticket_t *lock)
{
	__atomic_store_n(&lock->val, 0, __ATOMIC_RELAXED);
}

static inline void fl_ticket_lock(fl_ticket_t *lock)
{
	/*
	 * SEQ_CST: the fetch-add is the whole fast path, and making it fully
	 * ordered is what makes an uncontended acquisition RCsc.
	 */
	uint32_t val = __atomic_fetch_add(&lock->val, FL_TICKET_NEXT_ONE,
					  __ATOMIC_SEQ_CST);

	if (FL_LIKELY((uint16_t)(val >> 16) == (uint16_t)val))
		return;
	fl__ticket_lock_slowpath(lock, val);
}

static inline bool fl_ticket_trylock(fl_ticket_t *lock)
{
	uint32_t old = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);

	if ((old >> 16) != (old & 0xffff))
		return false;
	/* SEQ_CST on success, for the same RCsc reason as fl_ticket_lock(). */
	return __atomic_compare_exchange_n(&lock->val, &old,
					   old + FL_TICKET_NEXT_ONE, false,
					   __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
}

static inline bool fl_ticket_is_locked(fl_ticket_t *lock)
{
	uint32_t val = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);

	return (val >> 16) != (val & 0xffff);
}

/* True when at least one thread waits besides the holder. */
static inline bool fl_ticket_is_contended(fl_ticket_t *lock)
{
	uint32_t val = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);

	return (int16_t)((val >> 16) - (val & 0xffff)) > 1;
}

static inline bool fl_ticket_value_unlocked(fl_ticket_t lock)
{
	return !fl_ticket_is_locked(&lock);
}

static inline void fl_ticket_unlock(fl_ticket_t *lock)
{
	uint16_t *owner = &lock->half[FL_TICKET_OWNER_HALF];
	/*
	 * Only the holder writes the owner half, so a relaxed read of it is
	 * exact; the next half may move under us and is not touched.
	 */
	uint32_t val = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);

#ifdef FL_DEBUG
	if ((val >> 16) == (val & 0xffff))
		fl__bug("fl_ticket_unlock", lock, "lock is not held");
#endif
	/*
	 * RELEASE: the critical section happens before the next owner's
	 * acquire load sees its ticket.  A 16-bit store, so that tickets
	 * taken concurrently by fetch-add on the whole word are not lost.
	 */
	__atomic_store_n(owner, (uint16_t)(val + 1), __ATOMIC_RELEASE);
}

FL_EXTERN_C_END

#endif /* FAIRLOCK_TICKET_H */
