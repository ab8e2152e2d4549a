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
 *  - release + acquire is only RCpc, so the lock makes itself RCsc as the
 *    kernel's does: the fetch-add of the fast path is sequentially
 *    consistent (a full barrier in the code x86, arm64, RISC-V and Power
 *    get, not in C11) and the slow path ends with a full fence (RCsc in
 *    C11 too).  docs/model-checking.md has the litmus table.
 *
 * Ordering guarantees to callers: fl_ticket_lock() and a successful
 * fl_ticket_trylock() are acquire operations, fl_ticket_unlock() is a
 * release; the critical sections of one lock are totally ordered, each
 * happening before the next.  Under the C11 model (RC11, and IMM, which
 * covers arm64, RISC-V and Power) that is all: a store before
 * fl_ticket_unlock(A) and a load after fl_ticket_lock(B) of another lock
 * may be reordered (a SEQ_CST fetch-add is not a full fence in C11;
 * GenMC shows it, tests/fairlock/wmm/sb_unlock_lock.c).  A caller that needs them
 * ordered puts __atomic_thread_fence(__ATOMIC_SEQ_CST) after the lock,
 * which GenMC shows is enough.  (A lock that had to wait ends with that
 * fence itself.  On the instructions GCC and clang emit for arm64, RISC-V
 * and Power the fast path is a full barrier too, and herd7 finds the
 * reordering unreachable there; on arm64 that takes the fence of
 * fl__rmw_full_barrier() wherever the add may be an LL/SC loop, as on
 * ARMv8.0 CPUs: see fairlock/arch.h and docs/model-checking.md.)
 * The query functions are relaxed snapshots.
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
#define FL_TICKET_NEXT_HALF (FL_BIG_ENDIAN ? 0 : 1)
#define FL_TICKET_NEXT_ONE (UINT32_C(1) << 16)

/*
 * Tickets taken and not yet served in a word value: the holder and its
 * waiters (0 when unlocked).  Modulo 2^16, as the halves wrap.
 */
static inline uint16_t fl_ticket_outstanding(uint32_t val)
{
	return (uint16_t)((val >> 16) - val);
}

/*
 * In a forked child, before the lock's first use there (fairlock/fork.h):
 * the tickets behind the owner's were taken by threads of the parent, so
 * the next ticket becomes the one after the owner's.  The holder, if any,
 * keeps the lock.  Only while no other thread of the child uses the lock.
 */
static inline void fl_ticket_after_fork(fl_ticket_t *lock)
{
	uint32_t v = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);
	uint16_t owner = (uint16_t)v;

	if (fl_ticket_outstanding(v) > 1)
		__atomic_store_n(&lock->val,
				 (uint32_t)(uint16_t)(owner + 1u) << 16 | owner,
				 __ATOMIC_RELAXED);
}

/*
 * FL_TICKET_HALF_ADD: take a ticket with a 16-bit fetch-add on the next
 * half instead of a 32-bit one on the word.  The word's values are the
 * same either way (the add never carries out of the next half).  On x86 the
 * 32-bit LOCK XADD right after the unlock's 16-bit store to the owner half
 * is a mixed-size access that defeats store-to-load forwarding; the 16-bit
 * add does not overlap that store and is native (docs/BENCHMARKS.md has
 * the measurement; lockbench keeps the word form as fairlock-ticket-word).
 * Elsewhere a 16-bit RMW
 * would be a masked LL/SC loop without the seed's forward-progress
 * guarantee, so the seed's word add stays.
 */
#ifndef FL_TICKET_HALF_ADD
#if defined(__x86_64__) || defined(__i386__)
#define FL_TICKET_HALF_ADD 1
#else
#define FL_TICKET_HALF_ADD 0
#endif
#endif

FL_API void fl__ticket_lock_slowpath(fl_ticket_t *lock, uint32_t val);

static inline void fl_ticket_init(fl_ticket_t *lock)
{
	__atomic_store_n(&lock->val, 0, __ATOMIC_RELAXED);
}

/*
 * Take the next ticket; returns it, and stores in *owner an owner no older
 * than at the add.  Two halves rather than the word: the caller compares
 * them as they come (one CMP after a 16-bit add on x86), and builds the
 * word for the slow path only.
 */
static inline uint16_t fl__ticket_take(fl_ticket_t *lock, uint16_t *owner)
{
#if FL_TICKET_HALF_ADD
	/*
	 * SEQ_CST, as below.  The owner is read after the add; it can only
	 * have moved towards our ticket meanwhile.  ACQUIRE: if it shows our
	 * turn, that read is what orders us after the previous holder.
	 */
	uint16_t ticket = __atomic_fetch_add(&lock->half[FL_TICKET_NEXT_HALF],
					     1, __ATOMIC_SEQ_CST);

	*owner = __atomic_load_n(&lock->half[FL_TICKET_OWNER_HALF],
				 __ATOMIC_ACQUIRE);
	return ticket;
#else
	/*
	 * SEQ_CST: the fetch-add is the whole fast path, and the kernel's
	 * fully ordered atomic_fetch_add().  In C11 that buys nothing over
	 * ACQ_REL (RC11 and IMM: GenMC mutant ticket_take_sc): a SEQ_CST RMW
	 * is not a fence.  It matters to the instructions: the same LOCK XADD,
	 * LDADDAL and amoadd.w.aqrl either way, but a full sync before the
	 * loop on Power, where ACQ_REL gives lwsync and lets a store before
	 * the lock pass a load after it (herd7, docs/model-checking.md).
	 */
	uint32_t val = __atomic_fetch_add(&lock->val, FL_TICKET_NEXT_ONE,
					  __ATOMIC_SEQ_CST);

	fl__rmw_full_barrier(); /* arm64 without LSE: the add may be LL/SC */
	*owner = (uint16_t)val;
	return (uint16_t)(val >> 16);
#endif
}

static inline void fl_ticket_lock(fl_ticket_t *lock)
{
	uint16_t owner, ticket = fl__ticket_take(lock, &owner);

	if (FL_LIKELY(ticket == owner))
		return;
	fl__ticket_lock_slowpath(lock, ((uint32_t)ticket << 16) | owner);
}

static inline bool fl_ticket_trylock(fl_ticket_t *lock)
{
	uint32_t old = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);

	if ((old >> 16) != (old & 0xffff))
		return false;
	/*
	 * SEQ_CST on success, as fl__ticket_take()'s add and for the same
	 * reason (ACQ_REL is enough in C11: mutant ticket_trylock_sc).
	 */
	if (!__atomic_compare_exchange_n(&lock->val, &old,
					 old + FL_TICKET_NEXT_ONE, false,
					 __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
		return false;
	fl__rmw_full_barrier(); /* as in fl__ticket_take() */
	return true;
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

	return (int16_t)fl_ticket_outstanding(val) > 1;
}

static inline bool fl_ticket_value_unlocked(fl_ticket_t lock)
{
	return !fl_ticket_is_locked(&lock);
}

static inline void fl_ticket_unlock(fl_ticket_t *lock)
{
#if FL_WORD_ACCESS_ONLY
	/*
	 * The release below as one 32-bit RMW (arch.h).  The add cannot
	 * carry into the next half while the owner does not wrap.
	 */
	__atomic_fetch_add(&lock->val, 1, __ATOMIC_RELEASE);
#else
	uint16_t *owner = &lock->half[FL_TICKET_OWNER_HALF];
	/*
	 * Only the holder writes the owner half, so a relaxed read of it is
	 * exact.  The seed reads the whole word; reading only the half gives
	 * the same owner and, on x86, does not overlap the 16-bit ticket add
	 * (a wider load than the last store defeats store forwarding).
	 */
	uint16_t val = __atomic_load_n(owner, __ATOMIC_RELAXED);

#ifdef FL_DEBUG
	if (!fl_ticket_is_locked(lock))
		fl__bug("fl_ticket_unlock", lock, "lock is not held");
#endif
	/*
	 * RELEASE: the critical section happens before the next owner's
	 * acquire load sees its ticket.  A 16-bit store, so that tickets
	 * taken concurrently on the next half are not lost.
	 */
	__atomic_store_n(owner, (uint16_t)(val + 1), __ATOMIC_RELEASE);
#endif
}

FL_EXTERN_C_END

#endif /* FAIRLOCK_TICKET_H */
