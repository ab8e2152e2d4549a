/* SPDX-License-Identifier: MIT */
/*
 * The parking table's bucket lock on Linux (platform.h): a three-state
 * futex lock (0 free, 1 held, 2 held and maybe slept on), the one of
 * "Futexes Are Tricky" (Drepper, mutex take 3).  The model build runs a
 * spinning ticket lock in its place (model_platform_impl.h says why).
 */
#ifndef FAIRLOCK_BUCKET_LOCK_LINUX_H
#define FAIRLOCK_BUCKET_LOCK_LINUX_H

#include <stdbool.h>
#include <stdint.h>

#include <fairlock/arch.h>

#include "platform_linux.h"	/* fl_plat_futex_wait(), _wake() */

typedef uint32_t fl_plat_bucket_lock_t;

static inline void fl_plat_bucket_lock_init(fl_plat_bucket_lock_t *l)
{
	*l = 0;
}

static inline void fl_plat_bucket_lock_acquire(fl_plat_bucket_lock_t *l)
{
	uint32_t c = 0;

	/*
	 * ACQUIRE, in the compare-exchange and in every exchange below:
	 * pairs with the RELEASE of fl_plat_bucket_lock_release(), so the
	 * queue as the last holder left it is what this holder sees.  No
	 * GenMC mutant covers it (the model runs another lock here):
	 * tests/fairlock/wmm/tsan_mutant.sh take weakens it and ThreadSanitizer
	 * reports the race on the queue.
	 */
	if (FL_LIKELY(__atomic_compare_exchange_n(l, &c, 1, false,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED)))
		return;
	/*
	 * Held: sections here are a few list steps, so look a little before
	 * marking the lock contended and sleeping (which costs its holder a
	 * wake-up).  The exchange to 2 both takes a free lock and tells the
	 * holder that someone may sleep.
	 */
	for (unsigned int i = 0; i < 64 && c != 0; i++) {
		fl_cpu_relax();
		c = __atomic_load_n(l, __ATOMIC_RELAXED);
		if (c == 0 && __atomic_compare_exchange_n(l, &c, 1, false,
							  __ATOMIC_ACQUIRE,
							  __ATOMIC_RELAXED))
			return;
	}
	while (__atomic_exchange_n(l, 2, __ATOMIC_ACQUIRE) != 0)
		fl_plat_futex_wait(l, 2, 0);
}

static inline void fl_plat_bucket_lock_release(fl_plat_bucket_lock_t *l)
{
	/*
	 * RELEASE: this holder's queue changes happen before the next
	 * holder's ACQUIRE.  One exchange both frees the lock and says
	 * whether anyone may sleep on it (2): a sleeper set 2 by an exchange
	 * before it slept, so either this exchange returns 2 and wakes, or
	 * the sleeper's exchange came later and found the lock free.
	 * (tsan_mutant.sh give weakens it; ThreadSanitizer catches that.)
	 */
	if (__atomic_exchange_n(l, 0, __ATOMIC_RELEASE) == 2)
		fl_plat_futex_wake(l, 1, 0);
}

#endif /* FAIRLOCK_BUCKET_LOCK_LINUX_H */
