/* SPDX-License-Identifier: MIT */
/*
 * libfairlock-preload's rwlock (src/preload/rw_word.c, with fairlock's
 * mutex as the gate), as rwlock.c drives it: WMM_WRITERS writers and
 * WMM_READERS readers (one each by default; three threads take GenMC
 * hours, the gate's own three-thread case is mutex_lock.c's).  Writers write a
 * plain variable and readers read it, so a reader inside a write section,
 * or a section that does not happen before the next, is a data race; and
 * with --check-liveness a writer asleep for the readers to leave is woken.
 *
 * WMM_PREFER_WRITER: readers use the writer-preferring rule (they back
 * out while a writer waits).  WMM_TRYLOCK: the first writer tries once
 * (pthread_rwlock_trywrlock's path) instead of waiting.
 */
#include "wmm.h"

#include "objects.h"

#include "ticket.c"
#include "parking.c"
#include "mutex.c"
#include "rw_word.c"

#ifndef WMM_WRITERS
#define WMM_WRITERS 1
#endif
#ifndef WMM_READERS
#define WMM_READERS 1
#endif
#ifdef WMM_PREFER_WRITER
#define PREFER_WRITER true
#else
#define PREFER_WRITER false
#endif

static struct flp_rwlock rw = { 0, 0, FL_MUTEX_INIT, 0 };
static unsigned int data;	/* plain: written by writers, read by readers */
static unsigned int writes;	/* atomic: write sections done */
static uint32_t word_wakes;	/* the model futex's count for rw.word */

uint32_t flp_self(void)
{
	return (uint32_t)wmm_self + 1;
}

int flp_futex_wait_until(uint32_t *word, uint32_t expected, bool shared,
			 clockid_t clock, const struct timespec *abstime)
{
	(void)shared;
	(void)clock;
	(void)abstime;
	fl_model_futex_wait(&word_wakes, word, expected);
	return 0;
}

void flp_futex_wake(uint32_t *word, int count, bool shared)
{
	(void)word;
	(void)count;
	(void)shared;
	fl_model_futex_wake(&word_wakes);
}

static void writer(int self)
{
#ifdef WMM_TRYLOCK
	if (self == 0) {
		if (!fl_mutex_trylock(&rw.gate))
			return;
		if (!flp_rw_write_try(&rw)) {
			fl_mutex_unlock(&rw.gate);
			return;
		}
	} else
#endif
	{
		(void)self;
		fl_mutex_lock(&rw.gate);
		flp_rw_write_claim(&rw, CLOCK_MONOTONIC, NULL);
	}
	data++;
	__atomic_fetch_add(&writes, 1, __ATOMIC_RELAXED);
	flp_rw_write_release(&rw);
}

static void reader(void)
{
	unsigned int seen;

	if (!flp_rw_read_try(&rw, PREFER_WRITER)) {
		fl_mutex_lock(&rw.gate);
		flp_rw_read_enter_at_gate(&rw);
	}
	seen = data;
	assert(seen <= WMM_WRITERS);
	flp_rw_read_release(&rw);
}

static void worker(int self)
{
	if (self < WMM_WRITERS)
		writer(self);
	else
		reader();
}

int main(void)
{
	wmm_run(WMM_WRITERS + WMM_READERS, worker);
	/* Every write section ran (or, trying, was refused), and the word
	 * and the gate are free again with nobody asleep. */
	assert(data == __atomic_load_n(&writes, __ATOMIC_RELAXED));
#ifndef WMM_TRYLOCK
	assert(data == WMM_WRITERS);
#endif
	assert(__atomic_load_n(&rw.word, __ATOMIC_RELAXED) == 0);
	assert(__atomic_load_n(&rw.gate.state, __ATOMIC_RELAXED) == 0);
	return 0;
}
