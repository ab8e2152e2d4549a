/* SPDX-License-Identifier: MIT */
/*
 * fairlock qrwlock: the Linux 5.19 queued reader-writer lock
 * (include/asm-generic/qrwlock.h, kernel/locking/qrwlock.c) in user space.
 *
 * The count word:
 *
 *    bits 0-7   writer byte: 0xff while a writer holds the lock
 *    bit  8     waiting: a writer holds the wait lock and waits for readers
 *    bits 9-31  number of readers holding (or trying to take) the lock
 *
 * Readers and writers that cannot take the lock at once queue on the wait
 * lock, a fl_ticket_t.  The qrwlock is exactly as fair as that lock (seed
 * 004): because the ticket lock is FIFO, contended readers and writers are
 * served in arrival order, and once a writer is waiting no new reader gets
 * in ahead of it, so a stream of readers cannot starve a writer.
 *
 * Ordering guarantees: read_lock, write_lock and the successful trylocks are
 * acquire; read_unlock and write_unlock are release.
 *
 * Limits: read locks are not recursive (a thread that read-locks again
 * while a writer waits deadlocks, as in the kernel outside interrupts); at
 * most 2^23 - 1 readers at once; the wait lock's capacity is the ticket
 * lock's.  With FL_DEBUG, unlocking a lock that is not held that way ends
 * the process with a diagnostic; without it, a read_unlock of an unheld lock
 * underflows the reader count and the lock can never be write-locked again.
 */
#ifndef FAIRLOCK_QRWLOCK_H
#define FAIRLOCK_QRWLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include <fairlock/arch.h>
#include <fairlock/ticket.h>

FL_EXTERN_C_BEGIN

typedef struct fl_qrwlock {
	union {
		uint32_t cnts;
		uint8_t byte[4];
	} u;
	fl_ticket_t wait_lock;
} fl_qrwlock_t;

#define FL_QRWLOCK_INIT { { 0 }, FL_TICKET_INIT }

#define FL_QW_WAITING UINT32_C(0x100)
#define FL_QW_LOCKED UINT32_C(0x0ff)
#define FL_QW_WMASK UINT32_C(0x1ff)
#define FL_QR_SHIFT 9
#define FL_QR_BIAS (UINT32_C(1) << FL_QR_SHIFT)
#define FL_QW_LOCKED_BYTE (FL_BIG_ENDIAN ? 3 : 0)

FL_API void fl__qrw_read_lock_slowpath(fl_qrwlock_t *lock);
FL_API void fl__qrw_write_lock_slowpath(fl_qrwlock_t *lock);

static inline void fl_qrw_init(fl_qrwlock_t *lock)
{
	__atomic_store_n(&lock->u.cnts, 0, __ATOMIC_RELAXED);
	fl_ticket_init(&lock->wait_lock);
}

static inline bool fl_qrw_read_trylock(fl_qrwlock_t *lock)
{
	uint32_t cnts = __atomic_load_n(&lock->u.cnts, __ATOMIC_RELAXED);

	if (FL_LIKELY(!(cnts & FL_QW_WMASK))) {
		/* ACQUIRE: reads in the section stay after the count. */
		cnts = __atomic_add_fetch(&lock->u.cnts, FL_QR_BIAS,
					  __ATOMIC_ACQUIRE);
		if (FL_LIKELY(!(cnts & FL_QW_WMASK)))
			return true;
		/* A writer got in first: take our count back, nothing held. */
		__atomic_fetch_sub(&lock->u.cnts, FL_QR_BIAS,
				   __ATOMIC_RELAXED);
	}
	return false;
}

static inline bool fl_qrw_write_trylock(fl_qrwlock_t *lock)
{
	uint32_t cnts = __atomic_load_n(&lock->u.cnts, __ATOMIC_RELAXED);

	if (FL_UNLIKELY(cnts != 0))
		return false;
	/* ACQUIRE on success: the write section stays after the claim. */
	return __atomic_compare_exchange_n(&lock->u.cnts, &cnts, FL_QW_LOCKED,
					   false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static inline void fl_qrw_read_lock(fl_qrwlock_t *lock)
{
	/* ACQUIRE, as in fl_qrw_read_trylock(). */
	uint32_t cnts = __atomic_add_fetch(&lock->u.cnts, FL_QR_BIAS,
					   __ATOMIC_ACQUIRE);

	if (FL_LIKELY(!(cnts & FL_QW_WMASK)))
		return;
	fl__qrw_read_lock_slowpath(lock);
}

static inline void fl_qrw_write_lock(fl_qrwlock_t *lock)
{
	uint32_t cnts = 0;

	/* ACQUIRE, as in fl_qrw_write_trylock(). */
	if (FL_LIKELY(__atomic_compare_exchange_n(&lock->u.cnts, &cnts,
						  FL_QW_LOCKED, false,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED)))
		return;
	fl__qrw_write_lock_slowpath(lock);
}

static inline void fl_qrw_read_unlock(fl_qrwlock_t *lock)
{
#ifdef FL_DEBUG
	if ((__atomic_load_n(&lock->u.cnts, __ATOMIC_RELAXED) >> FL_QR_SHIFT) ==
	    0)
		fl__bug("fl_qrw_read_unlock", lock, "no reader holds the lock");
#endif
	/* RELEASE: the read section happens before a writer's claim. */
	__atomic_fetch_sub(&lock->u.cnts, FL_QR_BIAS, __ATOMIC_RELEASE);
}

static inline void fl_qrw_write_unlock(fl_qrwlock_t *lock)
{
#ifdef FL_DEBUG
	if (__atomic_load_n(&lock->u.byte[FL_QW_LOCKED_BYTE],
			    __ATOMIC_RELAXED) != FL_QW_LOCKED)
		fl__bug("fl_qrw_write_unlock", lock, "no writer holds the lock");
#endif
	/*
	 * RELEASE: the write section happens before the next acquirer's
	 * acquire load.  A byte store: the reader count and waiting bit,
	 * which others change concurrently, are not touched.
	 */
#if FL_WORD_ACCESS_ONLY
	/* The same release as one word RMW (arch.h). */
	__atomic_fetch_and(&lock->u.cnts, ~FL_QW_LOCKED, __ATOMIC_RELEASE);
#else
	__atomic_store_n(&lock->u.byte[FL_QW_LOCKED_BYTE], 0,
			 __ATOMIC_RELEASE);
#endif
}

/* True while held by a writer or by any reader. */
static inline bool fl_qrw_is_locked(fl_qrwlock_t *lock)
{
	return __atomic_load_n(&lock->u.cnts, __ATOMIC_RELAXED) != 0;
}

/* True while threads queue on the wait lock. */
static inline bool fl_qrw_is_contended(fl_qrwlock_t *lock)
{
	return fl_ticket_is_locked(&lock->wait_lock);
}

FL_EXTERN_C_END

#endif /* FAIRLOCK_QRWLOCK_H */
