/* SPDX-License-Identifier: MIT */
/*
 * Every exclusive lock of the library behind one interface, as Concurrency
 * Kit's regression tests do it: a test written against struct test_lock runs
 * on every row of test_locks[], so a lock added to the table gets the
 * stress, FIFO and C++ tests at once.  The qrwlock appears through its write
 * side; its reader/writer mixes have their own tests.
 *
 * Each row works on one lock of static storage in the including file.
 * Compiles as C and as C++ (tests/fairlock/unit/test_cxx.cpp).
 */
#ifndef FL_TEST_LOCKS_H
#define FL_TEST_LOCKS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <fairlock/mutex.h>
#include <fairlock/qrwlock.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

struct test_lock {
	const char *name;
	void (*reset)(void); /* back to the initial (unlocked) state */
	void (*lock)(void);
	void (*unlock)(void);
	bool (*trylock)(void);
	bool (*is_locked)(void);
	bool (*is_contended)(void);
	/* True when the word shows a free lock with nobody queued, after
	 * `taken` acquisitions in all (the ticket locks count them). */
	bool (*is_idle)(unsigned long taken);
	/* Changes each time one more waiter queues (the FIFO test waits on
	 * it); the lock word or, for the qrwlock, its writers' queue. */
	const uint32_t *queue_word;
	/* queue_word is a ticket pair: fl_ticket_outstanding() of it is the
	 * depth of the queue, the holder included. */
	bool ticket_queue;
	bool fifo; /* waiters are served in arrival order */
};

static fl_ticket_t tl_ticket = FL_TICKET_INIT;
static fl_ticket_park_t tl_park = FL_TICKET_PARK_INIT;
static fl_qspinlock_t tl_qspin = FL_QSPINLOCK_INIT;
static fl_qrwlock_t tl_qrw = FL_QRWLOCK_INIT;
static fl_mutex_t tl_mutex = FL_MUTEX_INIT;

/* A ticket word is idle when owner == next and both count `taken`. */
static inline bool tl_ticket_word_idle(const uint32_t *word,
				       unsigned long taken)
{
	uint32_t v = __atomic_load_n(word, __ATOMIC_RELAXED);

	return fl_ticket_outstanding(v) == 0 && (v & 0xffff) == (taken & 0xffff);
}

static void tl_ticket_reset(void) { fl_ticket_init(&tl_ticket); }
static void tl_ticket_lock(void) { fl_ticket_lock(&tl_ticket); }
static void tl_ticket_unlock(void) { fl_ticket_unlock(&tl_ticket); }
static bool tl_ticket_trylock(void) { return fl_ticket_trylock(&tl_ticket); }
static bool tl_ticket_is_locked(void) { return fl_ticket_is_locked(&tl_ticket); }
static bool tl_ticket_is_contended(void) { return fl_ticket_is_contended(&tl_ticket); }
static bool tl_ticket_is_idle(unsigned long taken)
{
	return tl_ticket_word_idle(&tl_ticket.val, taken);
}

static void tl_park_reset(void) { fl_ticket_park_init(&tl_park); }
/* A queue of 2, the holder included: the test machines have 2 CPUs. */
static void tl_park_bounded_reset(void) { fl_ticket_park_init_bounded(&tl_park, 2); }
/* A queue as deep as the CPUs the process may run on. */
static void tl_park_cpus_reset(void) { fl_ticket_park_init_cpus(&tl_park); }
static void tl_park_lock(void) { fl_ticket_park_lock(&tl_park); }
static void tl_park_unlock(void) { fl_ticket_park_unlock(&tl_park); }
static bool tl_park_trylock(void) { return fl_ticket_park_trylock(&tl_park); }
static bool tl_park_is_locked(void) { return fl_ticket_park_is_locked(&tl_park); }
static bool tl_park_is_contended(void) { return fl_ticket_park_is_contended(&tl_park); }
static bool tl_park_is_idle(unsigned long taken)
{
	return tl_ticket_word_idle(&tl_park.ticket.val, taken) &&
	       __atomic_load_n(&tl_park.sleepers, __ATOMIC_RELAXED) == 0;
}

static void tl_qspin_reset(void) { fl_qspin_init(&tl_qspin); }
static void tl_qspin_lock(void) { fl_qspin_lock(&tl_qspin); }
static void tl_qspin_unlock(void) { fl_qspin_unlock(&tl_qspin); }
static bool tl_qspin_trylock(void) { return fl_qspin_trylock(&tl_qspin); }
static bool tl_qspin_is_locked(void) { return fl_qspin_is_locked(&tl_qspin); }
static bool tl_qspin_is_contended(void) { return fl_qspin_is_contended(&tl_qspin); }
static bool tl_qspin_is_idle(unsigned long taken)
{
	(void)taken; /* the word keeps no count */
	return __atomic_load_n(&tl_qspin.val, __ATOMIC_RELAXED) == 0;
}

static void tl_qrw_reset(void) { fl_qrw_init(&tl_qrw); }
static void tl_qrw_lock(void) { fl_qrw_write_lock(&tl_qrw); }
static void tl_qrw_unlock(void) { fl_qrw_write_unlock(&tl_qrw); }
static bool tl_qrw_trylock(void) { return fl_qrw_write_trylock(&tl_qrw); }
static bool tl_qrw_is_locked(void) { return fl_qrw_is_locked(&tl_qrw); }
static bool tl_qrw_is_contended(void) { return fl_qrw_is_contended(&tl_qrw); }
static bool tl_qrw_is_idle(unsigned long taken)
{
	(void)taken; /* writers that found it free never took wait_lock */
	return __atomic_load_n(&tl_qrw.u.cnts, __ATOMIC_RELAXED) == 0 &&
	       fl_ticket_outstanding(__atomic_load_n(&tl_qrw.wait_lock.val,
						     __ATOMIC_RELAXED)) == 0;
}

static void tl_mutex_reset(void) { fl_mutex_init(&tl_mutex); }
/* A bound of 20 us: short enough that the stress runs reach the hand-over
 * to a waiter past its bound many times, not only the barging path. */
static void tl_mutex_short_reset(void) { fl_mutex_init_max_wait(&tl_mutex, 20); }
static void tl_mutex_lock(void) { fl_mutex_lock(&tl_mutex); }
static void tl_mutex_unlock(void) { fl_mutex_unlock(&tl_mutex); }
static bool tl_mutex_trylock(void) { return fl_mutex_trylock(&tl_mutex); }
static bool tl_mutex_is_locked(void) { return fl_mutex_is_locked(&tl_mutex); }
static bool tl_mutex_is_contended(void) { return fl_mutex_is_contended(&tl_mutex); }
static bool tl_mutex_is_idle(unsigned long taken)
{
	(void)taken; /* the word keeps no count */
	/* The queue emptied (PARKED cleared with its last node), and WOKEN
	 * and HANDOFF were cleared by the threads they were for. */
	return __atomic_load_n(&tl_mutex.state, __ATOMIC_RELAXED) == 0;
}

#define TL_ROW(name, ops, word, ticket_queue)                               \
	{ name, tl_##ops##_reset, tl_##ops##_lock, tl_##ops##_unlock,        \
	  tl_##ops##_trylock, tl_##ops##_is_locked, tl_##ops##_is_contended, \
	  tl_##ops##_is_idle, word, ticket_queue, true }

static const struct test_lock test_locks[] = {
	TL_ROW("ticket", ticket, &tl_ticket.val, true),
	TL_ROW("ticket-park", park, &tl_park.ticket.val, true),
	/* Bounded: beyond the bound, waiters pass the gate in no set order. */
	{ "ticket-park-bounded", tl_park_bounded_reset, tl_park_lock,
	  tl_park_unlock, tl_park_trylock, tl_park_is_locked,
	  tl_park_is_contended, tl_park_is_idle, &tl_park.ticket.val, true,
	  false },
	{ "ticket-park-cpus", tl_park_cpus_reset, tl_park_lock,
	  tl_park_unlock, tl_park_trylock, tl_park_is_locked,
	  tl_park_is_contended, tl_park_is_idle, &tl_park.ticket.val, true,
	  false },
	TL_ROW("qspin", qspin, &tl_qspin.val, false),
	TL_ROW("qrw-write", qrw, &tl_qrw.wait_lock.val, true),
	/* Barging by design: served in no set order. */
	{ "mutex", tl_mutex_reset, tl_mutex_lock, tl_mutex_unlock,
	  tl_mutex_trylock, tl_mutex_is_locked, tl_mutex_is_contended,
	  tl_mutex_is_idle, &tl_mutex.state, false, false },
	{ "mutex-short", tl_mutex_short_reset, tl_mutex_lock, tl_mutex_unlock,
	  tl_mutex_trylock, tl_mutex_is_locked, tl_mutex_is_contended,
	  tl_mutex_is_idle, &tl_mutex.state, false, false },
};

#define TEST_LOCK_COUNT (sizeof(test_locks) / sizeof(test_locks[0]))

/* The row called `name`, or NULL. */
static inline const struct test_lock *test_lock_find(const char *name)
{
	for (unsigned int i = 0; i < TEST_LOCK_COUNT; i++)
		if (!strcmp(test_locks[i].name, name))
			return &test_locks[i];
	return NULL;
}

#endif
