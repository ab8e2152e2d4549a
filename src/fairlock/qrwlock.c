/* SPDX-License-Identifier: MIT */
/* qrwlock slow paths: everyone who cannot get in at once queues FIFO. */
#include <fairlock/qrwlock.h>

void fl__qrw_read_lock_slowpath(fl_qrwlock_t *lock)
{
	unsigned int polls = 0;

	/*
	 * A writer holds or waits.  Take back the count the fast path added
	 * (RELAXED: it published nothing) and queue behind whoever came
	 * first; a reader never overtakes a waiting writer.
	 */
	__atomic_fetch_sub(&lock->u.cnts, FL_QR_BIAS, __ATOMIC_RELAXED);
	fl_ticket_lock(&lock->wait_lock);
	__atomic_fetch_add(&lock->u.cnts, FL_QR_BIAS, __ATOMIC_RELAXED);

	/*
	 * ACQUIRE: pairs with the writer's RELEASE store of the writer byte;
	 * nothing in our read section can move above the writer's section.
	 */
	while (__atomic_load_n(&lock->u.cnts, __ATOMIC_ACQUIRE) & FL_QW_LOCKED)
		fl_spin_wait(&polls);

	/* Our count is in: let the next in line become the queue head. */
	fl_ticket_unlock(&lock->wait_lock);
}

void fl__qrw_write_lock_slowpath(fl_qrwlock_t *lock)
{
	unsigned int polls = 0;
	uint32_t cnts;

	fl_ticket_lock(&lock->wait_lock);

	/* No reader now: take it directly.  ACQUIRE, as in the fast path. */
	cnts = __atomic_load_n(&lock->u.cnts, __ATOMIC_RELAXED);
	if (cnts == 0 &&
	    __atomic_compare_exchange_n(&lock->u.cnts, &cnts, FL_QW_LOCKED,
					false, __ATOMIC_ACQUIRE,
					__ATOMIC_RELAXED))
		goto unlock;

	/*
	 * Tell readers a writer waits: from here on, new readers fail their
	 * fast path and queue behind us on the wait lock.  RELAXED: the bit
	 * guards nothing by itself; the claim below is the acquire.
	 */
	__atomic_fetch_or(&lock->u.cnts, FL_QW_WAITING, __ATOMIC_RELAXED);

	/* When the readers inside have left, turn WAITING into LOCKED. */
	do {
		while ((cnts = __atomic_load_n(&lock->u.cnts,
					       __ATOMIC_RELAXED)) !=
		       FL_QW_WAITING)
			fl_spin_wait(&polls);
	} while (!__atomic_compare_exchange_n(&lock->u.cnts, &cnts,
					      FL_QW_LOCKED, false,
					      __ATOMIC_ACQUIRE,
					      __ATOMIC_RELAXED));
unlock:
	fl_ticket_unlock(&lock->wait_lock);
}
