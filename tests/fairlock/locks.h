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

/*
 * One lock of static storage and one function of each kind for every row
 * of fairlock's lock table (src/fairlock/table/lock_table.def): tl_<MEMBER>
 * and tl_<MEMBER>_lock() and so on.  A lock is idle when its word says
 * neither locked nor contended; tl_word_idle() below says more for the
 * words it knows.
 */
static bool tl_word_idle(const char *name, const void *lock, unsigned long taken);

#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO)             \
	static TYPE tl_##MEMBER;                                              \
	static void tl_##MEMBER##_reset(void) { PREFIX##_init(&tl_##MEMBER); }  \
	static void tl_##MEMBER##_lock(void) { PREFIX##_lock(&tl_##MEMBER); }   \
	static void tl_##MEMBER##_unlock(void) { PREFIX##_unlock(&tl_##MEMBER); } \
	static bool tl_##MEMBER##_trylock(void)                               \
	{                                                                     \
		return PREFIX##_trylock(&tl_##MEMBER);                        \
	}                                                                     \
	static bool tl_##MEMBER##_is_locked(void)                             \
	{                                                                     \
		return PREFIX##_is_locked(&tl_##MEMBER);                      \
	}                                                                     \
	static bool tl_##MEMBER##_is_contended(void)                          \
	{                                                                     \
		return PREFIX##_is_contended(&tl_##MEMBER);                   \
	}                                                                     \
	static bool tl_##MEMBER##_is_idle(unsigned long taken)                \
	{                                                                     \
		return !PREFIX##_is_locked(&tl_##MEMBER) &&                   \
		       !PREFIX##_is_contended(&tl_##MEMBER) &&                \
		       tl_word_idle(NAME, &tl_##MEMBER, taken);               \
	}
#include "lock_table.def"
#undef FL_LOCK

static fl_qrwlock_t tl_qrw = FL_QRWLOCK_INIT;

/* A ticket word is idle when owner == next and both count `taken`. */
static inline bool tl_ticket_word_idle(const uint32_t *word,
				       unsigned long taken)
{
	uint32_t v = __atomic_load_n(word, __ATOMIC_RELAXED);

	return fl_ticket_outstanding(v) == 0 && (v & 0xffff) == (taken & 0xffff);
}

/*
 * What the words of the table's locks also say when idle: the ticket
 * locks count every acquisition, the parking lock's sleepers are gone,
 * the qspinlock and the mutex are all zero (the mutex's queue emptied
 * and cleared PARKED; WOKEN and HANDOFF were cleared by the threads they
 * were for).  A lock not named here needs nothing more.
 */
static bool tl_word_idle(const char *name, const void *lock, unsigned long taken)
{
	if (!strcmp(name, "ticket"))
		return tl_ticket_word_idle(&((const fl_ticket_t *)lock)->val, taken);
	if (!strcmp(name, "ticket-park")) {
		const fl_ticket_park_t *p = (const fl_ticket_park_t *)lock;

		return tl_ticket_word_idle(&p->ticket.val, taken) &&
		       __atomic_load_n(&p->sleepers, __ATOMIC_RELAXED) == 0;
	}
	if (!strcmp(name, "qspinlock") || !strcmp(name, "mutex"))
		return __atomic_load_n((const uint32_t *)lock, __ATOMIC_RELAXED) == 0;
	return true;
}

/* The parking lock's variants (its row's functions, another init). */
/* A queue of 2, the holder included: the test machines have 2 CPUs. */
static void tl_park_bounded_reset(void) { fl_ticket_park_init_bounded(&tl_park, 2); }
/* A queue as deep as the CPUs the process may run on. */
static void tl_park_cpus_reset(void) { fl_ticket_park_init_cpus(&tl_park); }

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

/* A bound of 20 us: short enough that the stress runs reach the hand-over
 * to a waiter past its bound many times, not only the barging path. */
static void tl_mutex_short_reset(void) { fl_mutex_init_max_wait(&tl_mutex, 20); }

/*
 * The table's rows, in its order.  Their queue word is the lock's first
 * word (the ticket pair of the ticket locks, the qspinlock's and the
 * mutex's word), which changes as waiters queue.
 */
#define TL_TICKET_QUEUE(name) (!strcmp(name, "ticket") || !strcmp(name, "ticket-park"))
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO)             \
	{ NAME, tl_##MEMBER##_reset, tl_##MEMBER##_lock, tl_##MEMBER##_unlock, \
	  tl_##MEMBER##_trylock, tl_##MEMBER##_is_locked,                     \
	  tl_##MEMBER##_is_contended, tl_##MEMBER##_is_idle,                  \
	  (const uint32_t *)(const void *)&tl_##MEMBER, false, FIFO },

static struct test_lock test_locks[] = {
#include "lock_table.def"
	/* Variants: a bounded queue lets waiters through its gate in no set
	 * order; the mutex with a short bound. */
	{ "ticket-park-bounded", tl_park_bounded_reset, tl_park_lock,
	  tl_park_unlock, tl_park_trylock, tl_park_is_locked,
	  tl_park_is_contended, tl_park_is_idle, &tl_park.ticket.val, true,
	  false },
	{ "ticket-park-cpus", tl_park_cpus_reset, tl_park_lock,
	  tl_park_unlock, tl_park_trylock, tl_park_is_locked,
	  tl_park_is_contended, tl_park_is_idle, &tl_park.ticket.val, true,
	  false },
	{ "qrw-write", tl_qrw_reset, tl_qrw_lock, tl_qrw_unlock, tl_qrw_trylock,
	  tl_qrw_is_locked, tl_qrw_is_contended, tl_qrw_is_idle,
	  &tl_qrw.wait_lock.val, true, true },
	{ "mutex-short", tl_mutex_short_reset, tl_mutex_lock, tl_mutex_unlock,
	  tl_mutex_trylock, tl_mutex_is_locked, tl_mutex_is_contended,
	  tl_mutex_is_idle, &tl_mutex.state, false, false },
};
#undef FL_LOCK

#define TEST_LOCK_COUNT (sizeof(test_locks) / sizeof(test_locks[0]))

/*
 * The row called `name`, or NULL.  The table's ticket locks' queue words
 * are ticket pairs, whose depth the stress test follows: said here, as a
 * row's initialiser cannot compare names.
 */
static inline const struct test_lock *test_lock_find(const char *name)
{
	for (unsigned int i = 0; i < TEST_LOCK_COUNT; i++)
		if (!strcmp(test_locks[i].name, name)) {
			test_locks[i].ticket_queue |= TL_TICKET_QUEUE(name);
			return &test_locks[i];
		}
	return NULL;
}

#endif
