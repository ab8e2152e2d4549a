/* SPDX-License-Identifier: MIT */
/*
 * The watcher's judgement of the holder's turn, one look at a time, with
 * the word set by hand: the locks it counts from the tick, and when a
 * turn is over by count or by time.  The mutex's source is compiled in
 * (its functions are static), with a turn too long for the clock to end
 * in this test (FL_MUTEX_TURN_US, tests/CMakeLists.txt), so that what
 * ends a turn here is the count, whatever the machine's speed, unless a
 * check moves the turn's start back itself.
 */
#include "mutex.c" /* NOLINT(bugprone-suspicious-include): its static functions */

#include "harness.h"

#define GEN(g) (((uint32_t)(g) & GEN_MASK) << GEN_SHIFT)
#define TICK(t) ((uint32_t)((t) & 0xffu) << FL__MUTEX_TICK_SHIFT)

static void count_from_the_tick(void)
{
	const uint32_t flags = WOKEN | PARKED | GEN(5);
	struct watch s;

	watch_begin(&s);
	/* The first look counts from the flags' last change (WOKEN's). */
	count_locks(&s, LOCKED | flags | TICK(7));
	CHECK_EQ(s.locks, 7u);
	s.last = LOCKED | flags | TICK(7);
	count_locks(&s, LOCKED | flags | TICK(40));
	CHECK_EQ(s.locks, 40u);
	/* Free or held at either look: the same flags. */
	s.last = LOCKED | flags | TICK(40);
	count_locks(&s, flags | TICK(41));
	CHECK_EQ(s.locks, 41u);
	/* The tick wrapped: 250 -> 10 is 16 locks. */
	s.last = flags | TICK(250);
	count_locks(&s, LOCKED | flags | TICK(10));
	CHECK_EQ(s.locks, 57u);
	/* The flags changed (the first sleeper queued, or the stamp): the
	 * tick restarted at 0, so it is the count since. */
	s.last = LOCKED | WOKEN | GEN(5) | TICK(200);
	count_locks(&s, LOCKED | flags | TICK(3));
	CHECK_EQ(s.locks, 60u);
	s.last = LOCKED | flags | TICK(200);
	count_locks(&s, LOCKED | WOKEN | PARKED | GEN(6) | TICK(9));
	CHECK_EQ(s.locks, 69u);
	/* No lock in between. */
	s.last = LOCKED | flags | TICK(9);
	count_locks(&s, LOCKED | flags | TICK(9));
	CHECK_EQ(s.locks, 69u);
	/* HANDOFF set (a hand-over past the wait bound) is a change. */
	s.last = LOCKED | flags | TICK(210);
	count_locks(&s, LOCKED | flags | HANDOFF | TICK(5));
	CHECK_EQ(s.locks, 74u);
}

/*
 * A word whose flags a compare-exchange leaves as they were (a waiter
 * queues behind others: PARKED already set) keeps its tick, which counts
 * the locks since the flags last changed; a change restarts it.
 */
static void tick_kept_while_flags_stay(void)
{
	const uint32_t gen = fl_fork_generation();
	const uint32_t v = LOCKED | WOKEN | PARKED | GEN(gen) | TICK(150);

	CHECK_EQ(with_flags(v, PARKED, 0, gen), v);
	CHECK_EQ(with_flags(v, 0, HANDOFF, gen), v);
	CHECK_EQ(with_flags(v, ASKED, 0, gen), LOCKED | WOKEN | PARKED | ASKED | GEN(gen));
	CHECK_EQ(with_flags(v, 0, PARKED, gen), LOCKED | WOKEN | GEN(gen));
	/* The same flags under another generation: restamped, restarted. */
	CHECK_EQ(with_flags(v, PARKED, 0, gen + 1), LOCKED | WOKEN | PARKED | GEN(gen + 1));
	CHECK_EQ(with_flags(LOCKED | WOKEN | GEN(gen) | TICK(3), 0, WOKEN, gen), LOCKED);
}

/*
 * A look that finds 128 locks or more in one interval halves the pauses
 * before the next, down to an eighth and never to none, so that the 8-bit
 * tick does not wrap between looks; fewer leave them as they are.  (Also
 * built with FL_MUTEX_SPIN_PAUSES=2, tests/CMakeLists.txt: two pauses
 * halve to one, and one stays one.)
 */
static void fast_holders_looked_at_sooner(void)
{
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	const unsigned int half = SPIN_PAUSES >= 2u ? SPIN_PAUSES / 2u : 1u;
	const unsigned int least = SPIN_PAUSES >= 8u ? SPIN_PAUSES / 8u : 1u;
	struct watch s;

	watch_begin(&s);
	CHECK_EQ(s.pauses, SPIN_PAUSES);
	/* A first look's count (since WOKEN was set, perhaps a wake-up's
	 * latency ago) is not a rate. */
	count_locks(&s, LOCKED | flags | TICK(200));
	CHECK_EQ(s.pauses, SPIN_PAUSES);
	s.locks = 0;
	s.last = LOCKED | flags | TICK(0);
	count_locks(&s, LOCKED | flags | TICK(127));
	CHECK_EQ(s.pauses, SPIN_PAUSES);
	/* A tick past 128 is not a rate: 10 locks since the last look. */
	s.last = LOCKED | flags | TICK(200);
	count_locks(&s, LOCKED | flags | TICK(210));
	CHECK_EQ(s.locks, 137u);
	CHECK_EQ(s.pauses, SPIN_PAUSES);
	s.last = LOCKED | flags | TICK(127);
	count_locks(&s, LOCKED | flags | TICK(127 + 128));
	CHECK_EQ(s.pauses, half);
	for (int i = 0; i < 8; i++) {
		s.last = LOCKED | flags | TICK(0);
		count_locks(&s, LOCKED | flags | TICK(200));
	}
	CHECK_EQ(s.pauses, least);
	CHECK_EQ(s.locks, 127u + 10u + 128u + 8u * 200u);

	/* The flags changed since the last look (a sleeper queued): the
	 * locks since the change came within one interval, and 128 of them
	 * are a rate. */
	watch_begin(&s);
	s.last = LOCKED | flags | TICK(10);
	count_locks(&s, LOCKED | flags | PARKED | TICK(200));
	CHECK_EQ(s.locks, 200u);
	CHECK_EQ(s.pauses, half);
	s.last = LOCKED | flags | PARKED | TICK(200);
	count_locks(&s, LOCKED | flags | TICK(127));
	CHECK_EQ(s.locks, 327u);
	CHECK_EQ(s.pauses, half);
}

/*
 * A holder that takes the lock `per_look` times between two looks: the
 * watcher waits, and asks at the first look by which it has counted
 * FL_MUTEX_TURN_LOCKS locks.  (At fewer than 9 locks a look, the looks,
 * WATCH_LOOKS, run out first: the watcher sleeps.)
 */
static void asks_after_the_count(unsigned int per_look)
{
	fl_mutex_t m = FL_MUTEX_INIT;
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	unsigned int tick = 3, counted = 0, look;
	struct watch s;
	enum look r;
	uint32_t v;

	start_turn(&m);
	watch_begin(&s);
	for (look = 0;; look++) {
		m.state = LOCKED | flags | TICK(tick);
		r = watch_look(&m, &s, &v);
		CHECK_EQ(v, m.state);
		counted += look > 0 ? per_look : tick;
		if (counted >= FL_MUTEX_TURN_LOCKS)
			break;
		CHECK_EQ(r, LOOK_WAIT);
		tick += per_look;
	}
	CHECK_EQ(r, LOOK_ASK);
	CHECK_EQ(s.locks, counted);
	/* Asked: it waits for the lock, which then is its to take. */
	m.state = LOCKED | flags | ASKED | TICK(0);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	m.state = flags | ASKED | TICK(1);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_TAKE);
}

/* The count reached and the lock free: the watcher takes it. */
static void takes_a_free_lock_after_the_count(void)
{
	fl_mutex_t m = FL_MUTEX_INIT;
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	struct watch s;
	uint32_t v;

	start_turn(&m);
	watch_begin(&s);
	m.state = LOCKED | flags | TICK(0);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	CHECK_EQ(s.locks, 0u);
	s.locks = FL_MUTEX_TURN_LOCKS - 1;
	/* Free, one lock since: not the same word, so not "the holder has
	 * gone"; the count says the turn is over. */
	m.state = flags | TICK(1);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_TAKE);
	/* One short, and the holder still about: it waits. */
	watch_begin(&s);
	m.state = LOCKED | flags | TICK(0);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	s.locks = FL_MUTEX_TURN_LOCKS - 2;
	m.state = flags | TICK(1);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
}

/* Long sections: the time ends the turn before any count. */
static void asks_when_the_time_is_over(void)
{
	fl_mutex_t m = FL_MUTEX_INIT;
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	struct watch s;
	uint32_t v;

	__atomic_store_n(TURN_US(&m), fl_plat_now_us() - FL_MUTEX_TURN_US - 1u,
			 __ATOMIC_RELAXED);
	watch_begin(&s);
	m.state = LOCKED | flags | TICK(0);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_ASK);
	CHECK_EQ(s.locks, 0u);
}

int main(void)
{
	count_from_the_tick();
	tick_kept_while_flags_stay();
	fast_holders_looked_at_sooner();
	asks_after_the_count(9);
	asks_after_the_count(37);
	asks_after_the_count(255);
	takes_a_free_lock_after_the_count();
	asks_when_the_time_is_over();
	printf("test_mutex_turns: ok\n");
	return 0;
}
