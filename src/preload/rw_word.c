/* SPDX-License-Identifier: MIT */
/*
 * The rwlock's word (rwlock.c has the design): readers enter with one
 * fetch-add and back out if a writer has the word, as the kernel's
 * qrwlock's readers do; a writer, holding the gate, waits for the readers
 * to leave and claims the word.  All of these are read-modify-writes of
 * the one word, so its modification order decides who is first.
 */
#include <errno.h>
#include <limits.h>

#include "../fairlock/platform.h"
#include "objects.h"

/* Polls of the readers before a writer sleeps (the platform's budget). */
#ifndef FLP_RW_WRITER_SPINS
#define FLP_RW_WRITER_SPINS FL_PLAT_POLLS(100u)
#endif

void flp_rw_read_release(struct flp_rwlock *rw)
{
	/*
	 * RELEASE: the read section happens before the writer's ACQUIRE
	 * claim (mutant preload_rw_read_release_rel).  The last reader out
	 * wakes a writer that sleeps for it.
	 */
	uint32_t old = __atomic_fetch_sub(&rw->word, FLP_RW_READER, __ATOMIC_RELEASE);

	if ((old & FLP_RW_WAITING) && old / FLP_RW_READER == 1)
		flp_futex_wake(&rw->word, 1, false);
}

bool flp_rw_read_try(struct flp_rwlock *rw, bool prefer_writer)
{
	uint32_t blocked = FLP_RW_WLOCKED, old;

	if (prefer_writer)
		blocked |= FLP_RW_WAITING;
	/*
	 * ACQUIRE: pairs with the RELEASE of the writer's release (mutant
	 * preload_rw_read_try_acq).
	 */
	old = __atomic_fetch_add(&rw->word, FLP_RW_READER, __ATOMIC_ACQUIRE);
	if (FL_LIKELY(!(old & blocked)))
		return true;
	flp_rw_read_release(rw);
	return false;
}

void flp_rw_read_enter_at_gate(struct flp_rwlock *rw)
{
	/*
	 * Under the gate no writer holds the word or waits on it: only the
	 * gate's holder sets either bit, and clears it before it lets the
	 * gate go.  So the reader enters at once.  ACQUIRE as in
	 * flp_rw_read_try(), though the gate's own ACQUIRE already orders
	 * the last writer's section before this (mutant
	 * preload_rw_read_gate_acq: redundant).
	 */
	__atomic_fetch_add(&rw->word, FLP_RW_READER, __ATOMIC_ACQUIRE);
	fl_mutex_unlock(&rw->gate);
}

int flp_rw_write_claim(struct flp_rwlock *rw, clockid_t clock,
		       const struct timespec *abstime)
{
	for (unsigned int polls = 0;; polls++) {
		uint32_t v = __atomic_load_n(&rw->word, __ATOMIC_RELAXED);

		if (v / FLP_RW_READER == 0) {
			/*
			 * ACQUIRE: pairs with flp_rw_read_release()'s RELEASE
			 * (mutant preload_rw_claim_acq).
			 */
			if (__atomic_compare_exchange_n(&rw->word, &v, FLP_RW_WLOCKED,
							false, __ATOMIC_ACQUIRE,
							__ATOMIC_RELAXED))
				break;
			continue;
		}
		if (polls < FLP_RW_WRITER_SPINS) {
			fl_cpu_relax();
			continue;
		}
		/*
		 * Say we sleep, then sleep while the word is what we set.  The
		 * last reader's fetch-sub comes after our bit in the word's
		 * order, so it sees FLP_RW_WAITING and wakes us, or it came
		 * first and the kernel's check finds the word changed (mutant
		 * preload_rw_wake_lost: the wake dropped, a liveness failure).
		 */
		if (!(v & FLP_RW_WAITING) &&
		    !__atomic_compare_exchange_n(&rw->word, &v, v | FLP_RW_WAITING,
						 false, __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			continue;
		if (flp_futex_wait_until(&rw->word, v | FLP_RW_WAITING, false, clock,
					 abstime) == ETIMEDOUT) {
			__atomic_fetch_and(&rw->word, ~FLP_RW_WAITING, __ATOMIC_RELAXED);
			return ETIMEDOUT;
		}
	}
	__atomic_store_n(&rw->writer, flp_self(), __ATOMIC_RELAXED);
	return 0;
}

bool flp_rw_write_try(struct flp_rwlock *rw)
{
	uint32_t free_word = 0;

	/* ACQUIRE as in flp_rw_write_claim() (mutant preload_rw_write_try_acq). */
	if (!__atomic_compare_exchange_n(&rw->word, &free_word, FLP_RW_WLOCKED, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return false;
	__atomic_store_n(&rw->writer, flp_self(), __ATOMIC_RELAXED);
	return true;
}

void flp_rw_write_release(struct flp_rwlock *rw)
{
	__atomic_store_n(&rw->writer, 0, __ATOMIC_RELAXED);
	/*
	 * RELEASE: pairs with the readers' and the next writer's ACQUIRE
	 * (mutant preload_rw_write_release_rel).
	 */
	__atomic_fetch_sub(&rw->word, FLP_RW_WLOCKED, __ATOMIC_RELEASE);
	fl_mutex_unlock(&rw->gate);
}
