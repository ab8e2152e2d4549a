/* SPDX-License-Identifier: MIT */
/*
 * The mutex's slow paths: polling, sleeping, waking, and the queue of
 * waiters past the bound.
 *
 * Who may do what to the word:
 *  - LOCKED: set by whoever takes the lock while neither LOCKED nor
 *    HANDOFF is set, or by the holder of `starving` (the only one that may
 *    take it while HANDOFF is set); cleared by the holder's unlock.
 *  - the sleeper count: each sleeper adds itself before it sleeps and
 *    takes itself out when it wakes.
 *  - WOKEN: set by an unlock that wakes a sleeper; cleared by any thread
 *    that has come back from a sleep, at its next change of the word (it
 *    takes the lock, counts itself in to sleep again, or goes to the
 *    starving queue).  While it is set, unlocks wake nobody: a thread is
 *    awake and about to try.
 *  - HANDOFF: set and cleared only by the holder of `starving`.
 *
 * No wake-up is lost: an unlock that sees sleepers and neither WOKEN,
 * LOCKED nor HANDOFF wakes one; with WOKEN, a thread already awake will
 * change the word, and if it sleeps again it does so only while the lock
 * is held, whose unlock then wakes; with LOCKED (someone took the lock
 * after our release) that holder's unlock looks again; with HANDOFF the
 * lock goes to the waiter owed it, whose unlock looks again.
 */
#include <stdint.h>
#include <time.h>

#include <fairlock/mutex.h>

#include "futex.h"

/*
 * A waiter looks at a held lock SPIN_LOOKS times, SPIN_PAUSES pause
 * instructions apart, before it sleeps: about 4 us on the 2-CPU x86
 * machines here (a pause takes ~10 ns there; up to ~40 ns on other Intel
 * cores), roughly what a sleep and a wake-up cost, so a waiter spins no
 * longer than blocking would take.  Looking seldom matters more than
 * looking often: each look pulls the lock's cache line away from the
 * holder, who, in an unfair lock, is the one most likely to take it next.
 * lockbench chose the figures (docs/BENCHMARKS.md, where the command is):
 * 2 looks 200 pauses apart beat 100 looks 1 pause apart by 4-6x at 2-16
 * threads.  -DFL_MUTEX_SPIN_LOOKS=n -DFL_MUTEX_SPIN_PAUSES=n change them
 * for such measurements.
 */
#ifndef FL_MODEL_CHECK
#ifndef FL_MUTEX_SPIN_LOOKS
#define FL_MUTEX_SPIN_LOOKS 2u
#endif
#ifndef FL_MUTEX_SPIN_PAUSES
#define FL_MUTEX_SPIN_PAUSES 200u
#endif
#define SPIN_LOOKS FL_MUTEX_SPIN_LOOKS
#define SPIN_PAUSES FL_MUTEX_SPIN_PAUSES
#else
/* FL_MODEL_CHECK: one look, then the sleep protocol the checker must see. */
#define SPIN_LOOKS 1u
#define SPIN_PAUSES 0u
#endif

/*
 * Whether to look at all.  Looking pays only while the holder runs: a
 * holder that sleeps, waits for I/O or yields its CPU inside the critical
 * section (sysbench's `threads` test: lock, sched_yield(), unlock) will
 * not unlock during the looks, and with more threads than CPUs the ~4 us
 * of pauses is CPU time another thread could have run in.  User space
 * cannot see whether the holder runs, so each thread learns it from its
 * own waits: looks that end in the lock refill its credit, looks that end
 * in a sleep spend one, and a thread with no credit left sleeps at once,
 * but for every SPIN_PROBE-th wait, which looks again to find out whether
 * looking pays once more.  Per thread, not per mutex: it needs no room
 * in the mutex and no write to its cache line.  The credit orders
 * nothing; skipping the looks only skips relaxed loads.
 */
#ifndef FL_MODEL_CHECK
#define SPIN_CREDIT 8u
#define SPIN_PROBE 32u

static __thread struct {
	uint8_t misses;		/* looks in a row that ended in a sleep */
	uint8_t skipped;	/* waits that did not look, modulo SPIN_PROBE */
} spin_history;

/* Whether a wait about to start (or start again after a sleep) looks. */
static bool spin_wanted(void)
{
	if (spin_history.misses < SPIN_CREDIT)
		return true;
	spin_history.skipped = (uint8_t)((spin_history.skipped + 1u) % SPIN_PROBE);
	return spin_history.skipped == 0;
}

/* A wait that looked (`looks` > 0) ended in the lock, or in a sleep. */
static void spin_end(unsigned int looks, bool got_lock)
{
	if (!looks)
		return;
	if (got_lock)
		spin_history.misses = 0;
	else if (spin_history.misses < SPIN_CREDIT)
		spin_history.misses++;
}
#else
/*
 * FL_MODEL_CHECK: look (once), as the harnesses expect, or with
 * FL_MODEL_NO_LOOKS never: the path of a thread whose looks stopped paying.
 */
static bool spin_wanted(void)
{
#ifdef FL_MODEL_NO_LOOKS
	return false;
#else
	return true;
#endif
}

static void spin_end(unsigned int looks, bool got_lock)
{
	(void)looks;
	(void)got_lock;
}
#endif

/* One look at a held lock, after a pause; false once the looks are used. */
static bool spin_look(fl_mutex_t *m, unsigned int *looks, uint32_t *v)
{
	if (*looks >= SPIN_LOOKS)
		return false;
	(*looks)++;
	for (unsigned int i = 0; i < SPIN_PAUSES; i++)
		fl_cpu_relax();
	*v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);
	return true;
}

/*
 * A waiter's clock: wait_deadline() when it starts waiting, then
 * wait_time_left() says whether the bound has passed, and if not how long
 * a sleep may last.  FL_MODEL_CHECK: a clock that ticks once per look at
 * it, so that in a harness a bound of n makes the nth look the one that
 * finds the waiter starving (1: the first look, so every waiter that does
 * not get the lock at once goes to the queue).
 */
#ifndef FL_MODEL_CHECK
static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t wait_deadline(const fl_mutex_t *m)
{
	return now_ns() + (uint64_t)fl_mutex_max_wait_us(m) * 1000u;
}

static bool wait_time_left(uint64_t deadline, struct timespec *left)
{
	uint64_t now = now_ns();

	if (now >= deadline)
		return false;
	left->tv_sec = (time_t)((deadline - now) / 1000000000u);
	left->tv_nsec = (long)((deadline - now) % 1000000000u);
	return true;
}

static void mutex_sleep(fl_mutex_t *m, uint32_t *word, uint32_t expected,
			const struct timespec *timeout)
{
	(void)m;
	fl_futex_wait(word, expected, timeout);
}

static void mutex_wake(fl_mutex_t *m, uint32_t *word)
{
	(void)m;
	fl_futex_wake(word, 1);
}
#else
/* A thread-local count, not a local: GenMC 0.11 misreads a stack object
 * of a function that one thread calls twice as freed memory. */
static __thread uint32_t model_looks;

static uint64_t wait_deadline(const fl_mutex_t *m)
{
	model_looks = 0;
	return fl_mutex_max_wait_us(m);
}

static bool wait_time_left(uint64_t deadline, struct timespec *left)
{
	(void)left;
	return ++model_looks < deadline;
}

/* A wake count for each of the mutex's two words (a harness has one mutex). */
static uint32_t mutex_wakes[2];

static uint32_t *mutex_wake_count(fl_mutex_t *m, uint32_t *word)
{
	return &mutex_wakes[word == &m->handoff_seq];
}

static void mutex_sleep(fl_mutex_t *m, uint32_t *word, uint32_t expected,
			const struct timespec *timeout)
{
	(void)timeout;
	fl_model_futex_wait(mutex_wake_count(m, word), word, expected);
}

static void mutex_wake(fl_mutex_t *m, uint32_t *word)
{
	fl_model_futex_wake(mutex_wake_count(m, word));
}
#endif

/*
 * The waiter past the bound: first in the FIFO queue of such waiters, then
 * owner of the next release.  `woken`: this thread came back from a sleep
 * and has not changed the word since, so WOKEN may be its to clear.
 */
static void lock_starving(fl_mutex_t *m, bool woken)
{
	unsigned int looks = 0;
	uint32_t v;

	/*
	 * Give up WOKEN before queueing: while it is set no unlock wakes a
	 * sleeper, and we may queue for a while.  RELAXED: WOKEN only
	 * decides whether an unlock makes a system call; each unlock reads
	 * the word by RMW, so it sees this or a later value.
	 */
	if (woken)
		__atomic_fetch_and(&m->state, ~FL__MUTEX_WOKEN, __ATOMIC_RELAXED);
	fl_ticket_park_lock(&m->starving);
	/*
	 * Owed the next release from here on.  RELAXED: it is a flag for
	 * others' compare-exchanges, which read the latest word anyway; our
	 * own ordering comes from the ACQUIRE compare-exchange below.
	 */
	v = __atomic_fetch_or(&m->state, FL__MUTEX_HANDOFF, __ATOMIC_RELAXED) |
	    FL__MUTEX_HANDOFF;
	for (;;) {
		uint32_t seq;

		if (!(v & FL__MUTEX_LOCKED)) {
			/*
			 * Nobody else may set LOCKED while HANDOFF is set, so
			 * this fails only when the count or WOKEN moved.
			 * ACQUIRE: pairs with the unlock's RELEASE (mutant
			 * mutex_handoff_take_acq).
			 */
			if (__atomic_compare_exchange_n(&m->state, &v,
					(v | FL__MUTEX_LOCKED) & ~FL__MUTEX_HANDOFF,
					false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
				break;
			continue;
		}
		if (spin_look(m, &looks, &v))
			continue;
		/*
		 * Sleep until the holder's unlock, which sees HANDOFF and
		 * moves handoff_seq on after clearing LOCKED.  ACQUIRE on the
		 * sequence word, RELEASE on its move: if we read the moved
		 * value, the re-read of the word below sees LOCKED cleared
		 * (message passing; mutants mutex_handoff_seq_acq,
		 * mutex_handoff_move_rel).  Nobody else can take the lock
		 * meanwhile, so a word still LOCKED is the holder's.
		 */
		seq = __atomic_load_n(&m->handoff_seq, __ATOMIC_ACQUIRE);
		v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);
		if (v & FL__MUTEX_LOCKED) {
			mutex_sleep(m, &m->handoff_seq, seq, NULL);
			v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);
		}
		looks = 0;
	}
	/* The next waiter past the bound becomes first, and sets HANDOFF. */
	fl_ticket_park_unlock(&m->starving);
}

void fl__mutex_lock_slow(fl_mutex_t *m)
{
	uint64_t deadline = wait_deadline(m);
	unsigned int looks = 0;
	bool look = spin_wanted(), woken = false;
	uint32_t v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);

	for (;;) {
		struct timespec left;
		uint32_t seq, next;

		if (!(v & (FL__MUTEX_LOCKED | FL__MUTEX_HANDOFF))) {
			/*
			 * Free and owed to nobody: take it, and clear WOKEN
			 * if it may be ours.  ACQUIRE: pairs with the
			 * unlock's RELEASE (mutant mutex_slow_take_acq).
			 */
			next = v | FL__MUTEX_LOCKED;
			if (woken)
				next &= ~FL__MUTEX_WOKEN;
			if (__atomic_compare_exchange_n(&m->state, &v, next,
					false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
				spin_end(looks, true);
				return;
			}
			continue;
		}
		if (look && spin_look(m, &looks, &v))
			continue;
		if (!wait_time_left(deadline, &left)) {
			spin_end(looks, false);
			lock_starving(m, woken);
			return;
		}
		/*
		 * Sleep: read the sequence word, then count ourselves in by
		 * a compare-exchange that also checks the lock is still held
		 * (or owed).  An unlock after that compare-exchange sees our
		 * count and, unless a thread is already awake for it, moves
		 * the sequence word on and wakes, so futex_wait() returns.
		 *
		 * ACQ_REL on the count, ACQUIRE on the sequence word: the
		 * unlock reads our count (by RMWs in the release sequence
		 * of our RELEASE) and then moves the sequence word; our read
		 * of that word must not see that later move, or we would
		 * sleep on the moved value with nobody left to wake us.
		 * Without these orders that is load buffering, which C11 and
		 * the Arm architecture allow; herd7 checks it on the arm64
		 * code (LB+mutex-sleep*.AArch64.litmus; GenMC explores no load
		 * buffering, so mutants mutex_sleep_seq_acq,
		 * mutex_sleep_count_rel and mutex_wake_mark_acq pass there).
		 */
		seq = __atomic_load_n(&m->wake_seq, __ATOMIC_ACQUIRE);
		next = v + FL__MUTEX_SLEEPER;
		if (woken)
			next &= ~FL__MUTEX_WOKEN;
		if (!__atomic_compare_exchange_n(&m->state, &v, next, false,
						 __ATOMIC_ACQ_REL,
						 __ATOMIC_RELAXED))
			continue; /* the word moved: look again, no new pauses */
		spin_end(looks, false);
		mutex_sleep(m, &m->wake_seq, seq, &left);
		/*
		 * RELAXED: taking ourselves out orders nothing; whatever we
		 * do next re-reads the word by an RMW or acquires.
		 */
		v = __atomic_sub_fetch(&m->state, FL__MUTEX_SLEEPER,
				       __ATOMIC_RELAXED);
		woken = true;
		looks = 0;
		look = spin_wanted();
	}
}

/* `old`: the word just before the unlock cleared LOCKED. */
void fl__mutex_unlock_slow(fl_mutex_t *m, uint32_t old)
{
	uint32_t v = old - FL__MUTEX_LOCKED;

	if (FL_UNLIKELY(!(old & FL__MUTEX_LOCKED)))
		fl__bug("fl_mutex_unlock", m, "mutex is not locked");
	if (v & FL__MUTEX_HANDOFF) {
		/*
		 * The lock is owed to the first starving waiter, which may
		 * sleep on handoff_seq.  RELEASE: see lock_starving().
		 */
		__atomic_fetch_add(&m->handoff_seq, 1, __ATOMIC_RELEASE);
		mutex_wake(m, &m->handoff_seq);
		return;
	}
	/*
	 * Wake one sleeper unless nobody sleeps, a thread is already awake
	 * for the lock (WOKEN), the lock was taken again (its holder's
	 * unlock will look), or it is owed (HANDOFF).  ACQUIRE on setting
	 * WOKEN: with the RELEASE of each sleeper's count it orders the
	 * sleepers' reads of wake_seq before our move of it (mutant
	 * mutex_wake_mark_acq).
	 */
	for (;;) {
		if (v < FL__MUTEX_SLEEPER ||
		    (v & (FL__MUTEX_LOCKED | FL__MUTEX_WOKEN | FL__MUTEX_HANDOFF)))
			return;
		if (__atomic_compare_exchange_n(&m->state, &v,
						v | FL__MUTEX_WOKEN, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			break;
	}
	/*
	 * Move the word on before the wake, so that a sleeper between its
	 * read of it and its futex_wait() does not sleep.  RELAXED would
	 * lose nothing here: the ACQUIRE above already orders the sleepers'
	 * reads before this move, and this move orders nothing for them
	 * (mutant mutex_wake_move_rel).
	 */
	__atomic_fetch_add(&m->wake_seq, 1, __ATOMIC_RELEASE);
	mutex_wake(m, &m->wake_seq);
}
