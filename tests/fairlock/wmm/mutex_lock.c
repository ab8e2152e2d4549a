/* SPDX-License-Identifier: MIT */
/*
 * The mutex, WMM_THREADS threads (default 3): mutual exclusion and
 * hand-over through plain data, the word back to 0 at the end (every
 * sleeper took itself out, WOKEN and HANDOFF were cleared by the threads
 * they were for), and, with --check-liveness, no lost wake-up: a sleeper
 * is always woken while the lock is free (the futex is the model build's
 * stand-in, src/fairlock/futex.h, and never times out).
 *
 * WMM_BOUND n sets the mutex's bound in the model's clock, which ticks
 * once per look (src/fairlock/mutex.c): 1 sends every waiter that does
 * not get the lock at once to the starving queue and the hand-over; 2
 * lets it sleep once first.  Without it the bound is never reached.
 * WMM_TRYLOCK: thread 0 makes one trylock instead of a lock.
 * WMM_ROUNDS n: each thread takes the lock n times (default 1); with 2
 * threads and 2 rounds a woken thread can find the lock taken again and
 * go back to sleep, which 3 threads reach at far greater cost.
 */
#include "wmm.h"

#include <fairlock/mutex.h>

#include "ticket.c"
#include "ticket_park.c"
#include "mutex.c"

#ifndef WMM_THREADS
#define WMM_THREADS 3
#endif
#ifndef WMM_BOUND
#define WMM_BOUND 0
#endif
#ifndef WMM_ROUNDS
#define WMM_ROUNDS 1
#endif

static fl_mutex_t lock = FL_MUTEX_INIT;
static unsigned int sections; /* plain: guarded by the lock */
static unsigned int entered;  /* atomic: sections begun */

static void take_once(int self)
{
#ifdef WMM_TRYLOCK
	if (self == 0) {
		if (!fl_mutex_trylock(&lock))
			return;
	} else {
		fl_mutex_lock(&lock);
	}
#else
	(void)self;
	fl_mutex_lock(&lock);
#endif
	__atomic_fetch_add(&entered, 1, __ATOMIC_RELAXED);
	sections++;
	fl_mutex_unlock(&lock);
}

static void worker(int self)
{
	for (int i = 0; i < WMM_ROUNDS; i++)
		take_once(self);
}

int main(void)
{
	if (WMM_BOUND)
		fl_mutex_init_max_wait(&lock, WMM_BOUND);
	wmm_run(WMM_THREADS, worker);
	assert(sections == entered);
	assert(lock.state == 0);
	return 0;
}
