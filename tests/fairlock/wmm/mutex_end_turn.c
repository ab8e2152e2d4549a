/* SPDX-License-Identifier: MIT */
/*
 * The mutex with three threads steered into a holder's end of its own
 * turn (src/fairlock/mutex.c, end_turn()): thread 1 takes part only once
 * the lock is held, thread 2 only once a watcher is awake (WOKEN), so
 * thread 0 (or whichever holds) unlocks with a watcher and a sleeper.
 * Assumes, not spins, prune the other schedules (GenMC drops an
 * execution whose assumption fails).  With FL_MODEL_TURNS_END every turn
 * is over, so such an unlock asks for the lock on the watcher's behalf:
 * exclusion, no lost wake-up (--check-liveness) and the word back to 0.
 *
 * WMM_STEER_HOLDER: thread 0 goes on only if it holds the lock with
 * WOKEN and PARKED set and ASKED clear, the case end_turn() is for.
 * WMM_FREE: the last thread to leave its section (the count of sections,
 * read under the lock) unlocks and frees the mutex, as POSIX allows:
 * nothing may touch it after that, though other unlocks may still be on
 * their way out (GenMC reports an access to freed memory).
 */
#include "wmm.h"

#include <stdlib.h>

#include <fairlock/mutex.h>

#include "ticket.c"
#include "parking.c"
#include "mutex.c"

#define THREADS 3

static fl_mutex_t *lock;
static unsigned int sections; /* plain: guarded by the lock */
static unsigned int entered;  /* atomic: sections begun */

static uint32_t word(const fl_mutex_t *m)
{
	return __atomic_load_n(&m->state, __ATOMIC_RELAXED);
}

static void worker(int self)
{
	fl_mutex_t *m = lock;
	unsigned int done;

	if (self == 1)
		__VERIFIER_assume((word(m) & LOCKED) != 0);
	if (self == 2)
		__VERIFIER_assume((word(m) & WOKEN) != 0);
	fl_mutex_lock(m);
	__atomic_fetch_add(&entered, 1, __ATOMIC_RELAXED);
	done = ++sections;
#ifdef WMM_STEER_HOLDER
	if (self == 0)
		__VERIFIER_assume((word(m) & (WOKEN | PARKED | ASKED)) == (WOKEN | PARKED));
#endif
	fl_mutex_unlock(m);
#ifdef WMM_FREE
	if (done == THREADS)
		free(m);
#else
	(void)done;
#endif
}

int main(void)
{
	lock = malloc(sizeof(*lock));
	fl_mutex_init(lock);
	wmm_run(THREADS, worker);
	assert(sections == entered);
#ifndef WMM_FREE
	assert(lock->state == 0);
	free(lock);
#endif
	return 0;
}
