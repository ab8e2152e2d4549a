/* SPDX-License-Identifier: MIT */
/*
 * libfairlock-preload's condition variable (src/preload/cond_seq.c) with
 * fairlock's mutex, as cond.c drives it: a waiter waits for a flag that a
 * signaller sets under the mutex and then signals.  With --check-liveness
 * the waiter is never left asleep (no lost wake-up).
 *
 * WMM_DESTROY: the signaller then destroys the condition variable and
 * reuses its memory with plain writes, as a program may right after a
 * broadcast: a waiter still touching it is a data race.
 * WMM_WAITERS=2: two waiters and a broadcast (three threads: GenMC does
 * not finish it within minutes, so no test runs it).
 */
#include "wmm.h"

#include <limits.h>

#include "objects.h"

#include "ticket.c"
#include "parking.c"
#include "mutex.c"
#include "cond_seq.c"

#ifndef WMM_WAITERS
#define WMM_WAITERS 1
#endif

static fl_mutex_t m = FL_MUTEX_INIT;
static struct flp_cond c;
static unsigned int flag;	/* plain, under m */
static uint32_t seq_wakes, waiters_wakes;	/* the model futex's counts */

uint32_t flp_self(void)
{
	return (uint32_t)wmm_self + 1;
}

static uint32_t *wakes_of(const uint32_t *word)
{
	return word == &c.seq ? &seq_wakes : &waiters_wakes;
}

int flp_futex_wait_until(uint32_t *word, uint32_t expected, bool shared,
			 clockid_t clock, const struct timespec *abstime)
{
	(void)shared;
	(void)clock;
	(void)abstime;
	fl_model_futex_wait(wakes_of(word), word, expected);
	return 0;
}

void flp_futex_wake(uint32_t *word, int count, bool shared)
{
	(void)count;
	(void)shared;
	fl_model_futex_wake(wakes_of(word));
}

static void waiter(void)
{
	fl_mutex_lock(&m);
	while (!flag) {
		uint32_t seq = flp_cond_enter(&c);

		fl_mutex_unlock(&m);
		flp_cond_sleep(&c, seq, CLOCK_REALTIME, NULL);
		flp_cond_leave(&c);
		fl_mutex_lock(&m);
	}
	fl_mutex_unlock(&m);
}

static void signaller(void)
{
	fl_mutex_lock(&m);
	flag = 1;
	fl_mutex_unlock(&m);
	flp_cond_wake(&c, WMM_WAITERS > 1 ? INT_MAX : 1);
#ifdef WMM_DESTROY
	flp_cond_await_leavers(&c);
	/* The memory is the program's again. */
	c.seq = 7;
	c.waiters = 7;
	c.flags = 7;
#endif
}

static void worker(int self)
{
	if (self < WMM_WAITERS)
		waiter();
	else
		signaller();
}

int main(void)
{
	wmm_run(WMM_WAITERS + 1, worker);
#ifndef WMM_DESTROY
	assert(__atomic_load_n(&c.waiters, __ATOMIC_RELAXED) == 0);
#endif
	return 0;
}
