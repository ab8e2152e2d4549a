/* SPDX-License-Identifier: MIT */
/*
 * fairlock qspinlock: the Linux 5.19 queued spinlock
 * (kernel/locking/qspinlock.c, include/asm-generic/qspinlock.h) in user
 * space.
 *
 * The lock is the kernel's 4-byte word:
 *
 *    bits  0- 7  locked byte (1 while held)
 *    bit      8  pending: the first waiter spins here instead of queueing
 *    bits  9-15  unused (zero)
 *    bits 16-17  tail index: which of the queued thread's 4 nodes is queued
 *    bits 18-31  tail thread: fairlock thread index + 1 (0 = empty queue)
 *
 * Further waiters queue in an MCS list of per-thread nodes, each spinning on
 * its own node; the queue head spins on the lock word.  The kernel's per-CPU
 * nodes become per-thread nodes here, and CPU numbers become small thread
 * indices, handed out on a thread's first contended acquisition and returned
 * when the thread exits (fl_qspin_max_threads() of them at once).
 *
 * What it assumes of the machine (seed 003, see fairlock/arch.h):
 *  - mixed-size atomics: byte stores to the locked byte, 16-bit stores and
 *    exchanges on the locked+pending and tail halves, and 32-bit RMWs on the
 *    whole word all behave together;
 *  - forward progress of every RMW it uses.  Where 16-bit exchange would be
 *    a compiler-made masked LL/SC loop (RISC-V without Zabha, LoongArch,
 *    MIPS, PowerPC, s390x, 32-bit Arm), FL_QSPIN_SUBWORD_RMW is 0 and the
 *    slow path uses word-sized compare-exchange, fetch-and and fetch-add
 *    instead, as the kernel does when NR_CPUS >= 16K;
 *  - acquire/release of the lock is what the kernel's qspinlock gives: RCpc
 *    in C11 terms.  (The ticket lock's slow path is RCsc; its fast path is
 *    on the machines' code, not in C11: see fairlock/ticket.h.)
 *
 * Ordering guarantees to callers: lock and successful trylock are acquire,
 * unlock is release; the query functions are relaxed snapshots.
 *
 * Limits a user-space program can reach and the kernel cannot:
 *  - More live threads than the tail encodes (fl_qspin_max_threads()): a
 *    thread that gets no index, or is nested more than 4 deep (signal
 *    handlers taking qspinlocks while their thread waits for one), does not
 *    queue: it spins on trylock, as the kernel does when it runs out of
 *    nodes.  Mutual exclusion holds; FIFO order does not for that thread.
 *  - Preemption: waits poll, then yield (fl_spin_wait()).
 *  - Unlocking a lock that is not held: with FL_DEBUG, a diagnostic and
 *    abort; without, a no-op on the locked byte (the lock stays free).
 *  - A thread's first contended acquisition registers the thread
 *    (pthread_setspecific), which is not async-signal-safe: call
 *    fl_qspin_thread_register() first in threads whose first contended
 *    acquisition may happen in a signal handler.
 */
#ifndef FAIRLOCK_QSPINLOCK_H
#define FAIRLOCK_QSPINLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include <fairlock/arch.h>

FL_EXTERN_C_BEGIN

typedef union fl_qspinlock {
	uint32_t val;
	uint8_t byte[4];
	uint16_t half[2];
} fl_qspinlock_t;

#define FL_QSPINLOCK_INIT { 0 }

#define FL_Q_LOCKED_VAL UINT32_C(0x00000001)
#define FL_Q_LOCKED_MASK UINT32_C(0x000000ff)
#define FL_Q_PENDING_VAL UINT32_C(0x00000100)
#define FL_Q_PENDING_MASK UINT32_C(0x0000ff00)
#define FL_Q_LOCKED_PENDING_MASK UINT32_C(0x0000ffff)
#define FL_Q_TAIL_IDX_OFFSET 16
#define FL_Q_TAIL_IDX_BITS 2
#define FL_Q_TAIL_IDX_MASK UINT32_C(0x00030000)
#define FL_Q_TAIL_THREAD_OFFSET 18
#define FL_Q_TAIL_THREAD_BITS 14
#define FL_Q_TAIL_MASK UINT32_C(0xffff0000)
/* Nodes per thread: the nesting depth that may queue (kernel: MAX_NODES). */
#define FL_QSPIN_NODES_PER_THREAD 4
/* Thread indices the tail can name: index + 1 must fit in 14 bits. */
#define FL_QSPIN_MAX_THREADS ((1u << FL_Q_TAIL_THREAD_BITS) - 1)

/* Which byte / half-word of the word each field lives in. */
#define FL_Q_LOCKED_BYTE (FL_BIG_ENDIAN ? 3 : 0)
#define FL_Q_PENDING_BYTE (FL_BIG_ENDIAN ? 2 : 1)
#define FL_Q_LOCKED_PENDING_HALF (FL_BIG_ENDIAN ? 1 : 0)
#define FL_Q_TAIL_HALF (FL_BIG_ENDIAN ? 0 : 1)

FL_API void fl__qspin_lock_slowpath(fl_qspinlock_t *lock, uint32_t val);

/*
 * The number of threads that can hold a queue index at once; threads beyond
 * it still lock correctly, by spinning on trylock.
 */
FL_API unsigned int fl_qspin_max_threads(void);

/*
 * Give the calling thread its queue index now rather than on its first
 * contended acquisition.  Returns the index, or -1 if all are taken.
 * The index is returned to the pool when the thread exits.
 */
FL_API int fl_qspin_thread_register(void);

static inline void fl_qspin_init(fl_qspinlock_t *lock)
{
	__atomic_store_n(&lock->val, 0, __ATOMIC_RELAXED);
}

/*
 * In a forked child, before the lock's first use there (fairlock/fork.h):
 * the pending bit and the queue's tail were set by threads of the parent
 * and go; the locked byte, the holder's, stays.  Only while no other
 * thread of the child uses the lock.
 */
static inline void fl_qspin_after_fork(fl_qspinlock_t *lock)
{
	__atomic_store_n(&lock->val, __atomic_load_n(&lock->val, __ATOMIC_RELAXED) &
			 FL_Q_LOCKED_MASK, __ATOMIC_RELAXED);
}

static inline bool fl_qspin_is_locked(fl_qspinlock_t *lock)
{
	return __atomic_load_n(&lock->val, __ATOMIC_RELAXED) != 0;
}

/* True when a thread is pending or queued. */
static inline bool fl_qspin_is_contended(fl_qspinlock_t *lock)
{
	return (__atomic_load_n(&lock->val, __ATOMIC_RELAXED) &
		~FL_Q_LOCKED_MASK) != 0;
}

static inline bool fl_qspin_value_unlocked(fl_qspinlock_t lock)
{
	return lock.val == 0;
}

static inline bool fl_qspin_trylock(fl_qspinlock_t *lock)
{
	uint32_t val = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);

	if (FL_UNLIKELY(val != 0))
		return false;
	/* ACQUIRE: the critical section cannot begin before we own the lock. */
	return __atomic_compare_exchange_n(&lock->val, &val, FL_Q_LOCKED_VAL,
					   false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static inline void fl_qspin_lock(fl_qspinlock_t *lock)
{
	uint32_t val = 0;

	/* ACQUIRE, as in fl_qspin_trylock(); 0,0,0 -> 0,0,1 */
	if (FL_LIKELY(__atomic_compare_exchange_n(&lock->val, &val,
						  FL_Q_LOCKED_VAL, false,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED)))
		return;
	fl__qspin_lock_slowpath(lock, val);
}

static inline void fl_qspin_unlock(fl_qspinlock_t *lock)
{
#ifdef FL_DEBUG
	if (__atomic_load_n(&lock->byte[FL_Q_LOCKED_BYTE], __ATOMIC_RELAXED) !=
	    FL_Q_LOCKED_VAL)
		fl__bug("fl_qspin_unlock", lock, "lock is not held");
#endif
	/*
	 * RELEASE: the critical section happens before the acquire load of
	 * whoever sees the locked byte clear.  A byte store, so the pending
	 * bit and tail that waiters change concurrently are not touched.
	 */
#if FL_WORD_ACCESS_ONLY
	/* The same release as one word RMW (arch.h). */
	__atomic_fetch_and(&lock->val, ~FL_Q_LOCKED_MASK, __ATOMIC_RELEASE);
#else
	__atomic_store_n(&lock->byte[FL_Q_LOCKED_BYTE], 0, __ATOMIC_RELEASE);
#endif
}

FL_EXTERN_C_END

#endif /* FAIRLOCK_QSPINLOCK_H */
