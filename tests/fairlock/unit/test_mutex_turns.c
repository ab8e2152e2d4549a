/* SPDX-License-Identifier: MIT */
/*
 * The watcher's judgement of the holder's turn, one look at a time, with
 * the word set by hand: the locks it counts from the tick, and when a
 * turn is over by count or by time.  The mutex's source is compiled in
 * (its functions are static), with the turns' clock moved by hand: it
 * stands still unless a check gives it a step per read, so that what
 * ends a turn here is the count, whatever the machine's speed, unless a
 * check moves the clock or the turn's start itself.
 */
#include "mutex_hand_clock.h"

#include "harness.h"

#define GEN(g) (((uint32_t)(g) & GEN_MASK) << GEN_SHIFT)
#define TICK(t) ((uint32_t)((t) & 0xffu) << FL__MUTEX_TICK_SHIFT)

/* A watch begins, and its first look, at `word`, says `want`. */
static void first_look(fl_mutex_t *m, struct watch *s, uint32_t word, enum look want)
{
	uint32_t v;

	watch_begin(s);
	m->state = word;
	CHECK_EQ(watch_look(m, s, &v), want);
}

static uint32_t peek_word(const fl_mutex_t *m)
{
	return __atomic_load_n(&m->state, __ATOMIC_RELAXED);
}

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
 * A watch's first two looks, at `flags`: the first counts since WOKEN
 * was set, the second, `moved` locks later, is the probe.
 */
static void probe(struct watch *s, uint32_t flags, unsigned int moved)
{
	watch_begin(s);
	count_locks(s, LOCKED | flags | TICK(0));
	s->last = LOCKED | flags | TICK(0);
	count_locks(s, LOCKED | flags | TICK(moved));
	s->last = LOCKED | flags | TICK(moved);
}

/*
 * The probe: a watch's first two looks come an eighth of the pauses
 * apart, and the second one's count, scaled to the whole pauses, sets
 * them: whole, unless it would wrap the tick (256 or more); then halved
 * until it comes under half the wrap.  Without an eighth (two pauses,
 * the build with FL_MUTEX_SPIN_PAUSES=2) there is no probe.
 */
static void probe_sets_the_pauses(void)
{
	/* The fewest locks in the probe that would wrap the whole pauses. */
	const unsigned int wraps = (256u * PROBE_PAUSES + SPIN_PAUSES - 1u) / SPIN_PAUSES;
	uint32_t flags;
	struct watch s;

	watch_begin(&s);
	if (PROBE_PAUSES == 0u) {
		CHECK(!s.probing);
		CHECK_EQ(s.pauses, SPIN_PAUSES);
		return;
	}
	flags = WOKEN | GEN(fl_fork_generation());
	CHECK(s.probing);
	CHECK_EQ(s.pauses, PROBE_PAUSES);
	/* The first look's count (since WOKEN was set, perhaps a wake-up's
	 * latency ago) is not a rate: the probe comes next. */
	count_locks(&s, LOCKED | flags | TICK(255));
	CHECK(s.probing);
	CHECK_EQ(s.pauses, PROBE_PAUSES);
	CHECK_EQ(s.locks, 255u);
	probe(&s, flags, 0);
	CHECK(!s.probing);
	CHECK_EQ(s.pauses, SPIN_PAUSES);
	/* Just under the wrap, scaled: whole. */
	probe(&s, flags, wraps - 1u);
	CHECK_EQ(s.pauses, SPIN_PAUSES);
	/* At the wrap: halved twice, to under half the wrap. */
	probe(&s, flags, wraps);
	CHECK_EQ(s.pauses, SPIN_PAUSES / 4u);
	CHECK_EQ(s.locks, wraps);
	/* Down to an eighth, never fewer. */
	probe(&s, flags, 2u * wraps);
	CHECK_EQ(s.pauses, PROBE_PAUSES);
	probe(&s, flags, 255);
	CHECK_EQ(s.pauses, PROBE_PAUSES);
	/* The probe is over: the next look halves only at 128. */
	probe(&s, flags, wraps);
	count_locks(&s, LOCKED | flags | TICK(wraps + 127u));
	CHECK_EQ(s.pauses, SPIN_PAUSES / 4u);
	count_locks(&s, LOCKED | flags | TICK(wraps + 127u + 128u));
	CHECK_EQ(s.pauses, SPIN_PAUSES / 8u);
	/*
	 * A probe across a change of the flags counts only the locks since
	 * the change, part of its interval: the next look probes again.
	 */
	watch_begin(&s);
	count_locks(&s, LOCKED | flags | TICK(200));
	s.last = LOCKED | flags | TICK(200);
	count_locks(&s, LOCKED | flags | PARKED | TICK(wraps));
	CHECK_EQ(s.locks, 200u + wraps);
	CHECK(s.probing);
	CHECK_EQ(s.pauses, PROBE_PAUSES);
	s.last = LOCKED | flags | PARKED | TICK(wraps);
	count_locks(&s, LOCKED | flags | PARKED | TICK(2u * wraps));
	CHECK(!s.probing);
	CHECK_EQ(s.pauses, SPIN_PAUSES / 4u);
	CHECK_EQ(s.locks, 200u + 2u * wraps);
}

/*
 * The probe's looks.  None takes a free lock as "the holder has gone", a
 * probe taken again after a change of the flags included: the look after
 * the probe does.  A probe's look that comes late (the watcher was kept
 * off its CPU) sets the pauses, and the clock's rule then halves them,
 * so the lateness is not lost to the probe's reset.
 */
static void probe_looks(void)
{
	fl_mutex_t m = FL_MUTEX_INIT;
	uint32_t flags, v;
	struct watch s;

	if (PROBE_PAUSES == 0u)
		return;
	flags = WOKEN | GEN(fl_fork_generation());
	start_turn(&m, 0);
	first_look(&m, &s, flags | TICK(5), LOOK_WAIT);
	m.state = flags | PARKED | TICK(0);	/* a sleeper queued */
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	CHECK(s.probing);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);	/* the probe again */
	CHECK(!s.probing);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_TAKE);

	first_look(&m, &s, LOCKED | flags | TICK(0), LOOK_WAIT);
	test_clock_us += FL_MUTEX_LOOK_GAP_US / 2u + 1u;
	m.state = LOCKED | flags | TICK(1);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	CHECK(!s.probing);
	CHECK_EQ(s.pauses, SPIN_PAUSES / 2u);
}

/*
 * After the probe, a look that finds 128 locks or more in one interval
 * halves the pauses before the next, down to an eighth and never to
 * none, so that the 8-bit tick does not wrap between looks; fewer leave
 * them as they are.  (Also built with FL_MUTEX_SPIN_PAUSES=2,
 * tests/CMakeLists.txt: two pauses halve to one, and one stays one.)
 */
static void fast_holders_looked_at_sooner(void)
{
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	const unsigned int half = SPIN_PAUSES >= 2u ? SPIN_PAUSES / 2u : 1u;
	const unsigned int least = SPIN_PAUSES >= 8u ? SPIN_PAUSES / 8u : 1u;
	struct watch s;

	probe(&s, flags, 0);
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
	probe(&s, flags, 0);
	s.locks = 0;
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
static void asks_after_the_count(unsigned int per_look, uint32_t turn_locks_at)
{
	fl_mutex_t m = FL_MUTEX_INIT;
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	const unsigned int end = turn_locks_at ? turn_locks_at : FL_MUTEX_TURN_LOCKS;
	unsigned int tick = 3, counted = 0, look;
	struct watch s;
	enum look r;
	uint32_t v;

	start_turn(&m, turn_locks_at);
	watch_begin(&s);
	for (look = 0;; look++) {
		m.state = LOCKED | flags | TICK(tick);
		r = watch_look(&m, &s, &v);
		CHECK_EQ(v, m.state);
		counted += look > 0 ? per_look : tick;
		if (counted >= end)
			break;
		CHECK_EQ(r, LOOK_WAIT);
		tick += per_look;
	}
	CHECK_EQ(r, LOOK_ASK);
	CHECK_EQ(s.locks, counted);
	CHECK_EQ(equal_work(&s), 0u);	/* by the count: no limit passed on */
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

	start_turn(&m, 0);
	first_look(&m, &s, LOCKED | flags | TICK(0), LOOK_WAIT);
	CHECK_EQ(s.locks, 0u);
	s.locks = FL_MUTEX_TURN_LOCKS - 1;
	/* Free, one lock since: not the same word, so not "the holder has
	 * gone"; the count says the turn is over. */
	m.state = flags | TICK(1);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_TAKE);
	/* One short, and the holder still about: it waits. */
	first_look(&m, &s, LOCKED | flags | TICK(0), LOOK_WAIT);
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

	__atomic_store_n(TURN_US(&m), fl_plat_now_us() - FL_MUTEX_TURN_US - 1u,
			 __ATOMIC_RELAXED);
	first_look(&m, &s, LOCKED | flags | TICK(0), LOOK_ASK);
	CHECK_EQ(s.locks, 0u);
	/* Its first look came long after the turn began: nothing passed on. */
	CHECK_EQ(equal_work(&s), 0u);
}

/*
 * One watch of a held lock whose turn began at the hand clock's present:
 * the first look `first_us` later, with `counted` locks counted by then,
 * then a look every gap (one of them `late_us` later instead, if not 0),
 * one lock between looks, until the time ends the turn.  What the
 * watcher passes on.
 */
static uint32_t passed_on(uint32_t counted, uint32_t first_us, uint32_t late_us)
{
	fl_mutex_t m = FL_MUTEX_INIT;
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	unsigned int tick = 0;
	struct watch s;
	enum look r;
	uint32_t v;

	start_turn(&m, 0);
	test_clock_us += first_us;
	first_look(&m, &s, LOCKED | flags | TICK(tick), LOOK_WAIT);
	s.locks = counted;
	do {
		test_clock_us += late_us ? late_us : FL_MUTEX_LOOK_GAP_US;
		late_us = 0;
		m.state = LOCKED | flags | TICK(++tick);
		r = watch_look(&m, &s, &v);
	} while (r == LOOK_WAIT);
	CHECK_EQ(r, LOOK_ASK);
	CHECK(s.locks < FL_MUTEX_TURN_LOCKS);	/* the time ended it */
	return equal_work(&s);
}

/*
 * A turn the time ended: the watcher passes the count on as the end of
 * its own turn (equal_work()), never under the floor, if it watched the
 * whole turn: its first look within two gaps of the turn's start, and no
 * two looks more than a gap apart.  A turn it found ended by the count,
 * or whose holder had gone, passes none on.
 */
static void time_ended_turn_passes_its_count_on(uint32_t counted)
{
	const uint32_t floor = FL_MUTEX_TURN_LOCKS_MIN;
	const uint32_t gap = FL_MUTEX_LOOK_GAP_US;
	/* From the turn's start to the first look, then a look each gap. */
	const uint32_t looks = (FL_MUTEX_TURN_US - 2u * gap + gap - 1u) / gap;
	fl_mutex_t m = FL_MUTEX_INIT;
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	struct watch s;
	uint32_t v;

	CHECK_EQ(passed_on(counted, 2u * gap, 0),
		 counted + looks < floor ? floor : counted + looks);
	/* Just over the floor, and just under it. */
	CHECK_EQ(passed_on(floor + 1u - looks, 2u * gap, 0), floor + 1u);
	CHECK_EQ(passed_on(floor - 1u - looks, 2u * gap, 0), floor);
	/* A look one microsecond late, or a first look: nothing passed on. */
	CHECK_EQ(passed_on(counted, 2u * gap, gap + 1u), 0u);
	CHECK_EQ(passed_on(counted, 2u * gap + 1u, 0), 0u);

	/* The holder gone within its turn: no count passed on.  The probe's
	 * look, an eighth of the pauses after the first, cannot tell a gone
	 * holder from one between two of its locks; the look after it can. */
	start_turn(&m, 0);
	first_look(&m, &s, flags | TICK(5), LOOK_WAIT);
	CHECK_EQ(watch_look(&m, &s, &v), PROBE_PAUSES > 0u ? LOOK_WAIT : LOOK_TAKE);
	if (PROBE_PAUSES > 0u)
		CHECK_EQ(watch_look(&m, &s, &v), LOOK_TAKE);
	CHECK_EQ(equal_work(&s), 0u);
}

/*
 * A thread becomes the watcher of a held lock, and of a free one only
 * when the caller says it found it free in a turn, as the holder back
 * for the lock (`free_in_turn`, lock_until()).
 */
static void who_watches_a_free_lock(void)
{
	const uint32_t gen = GEN(fl_fork_generation());
	FL_PLAT_WAITER(struct waiter, w);
	fl_mutex_t m = FL_MUTEX_INIT;
	uint32_t v;

	for (int free_in_turn = 0; free_in_turn < 2; free_in_turn++) {
		/* Held: watched either way. */
		m.state = LOCKED;
		v = m.state;
		CHECK(become_watcher(&m, w, &v, free_in_turn));
		CHECK_EQ(peek_word(&m), LOCKED | WOKEN | gen);
		/* Free: only when found free in a turn. */
		m.state = 0;
		v = 0;
		CHECK_EQ(become_watcher(&m, w, &v, free_in_turn), free_in_turn == 1);
		CHECK_EQ(peek_word(&m), free_in_turn ? WOKEN | gen : 0u);
	}
	/* A turn lasts until its time is over. */
	start_turn(&m, 0);
	CHECK(turn_lasts(&m));
	__atomic_store_n(TURN_US(&m), test_clock_us - FL_MUTEX_TURN_US, __ATOMIC_RELAXED);
	CHECK(!turn_lasts(&m));
}

/*
 * Through the slow path, one thread: a free lock found with no ask is
 * taken at once, in a turn or not, and starts no turn.  (A wait that
 * finds the ask: test_mutex_free_watch.)
 */
static void free_lock_without_an_ask_is_taken(void)
{
	fl_mutex_t m = FL_MUTEX_INIT;
	uint32_t start = test_clock_us - 1u;

	__atomic_store_n(TURN_US(&m), start, __ATOMIC_RELAXED);
	CHECK_EQ(lock_until(&m, CLOCK_MONOTONIC, NULL), 0);
	CHECK_EQ(peek_word(&m), LOCKED);
	CHECK_EQ(__atomic_load_n(TURN_US(&m), __ATOMIC_RELAXED), start);
	fl_mutex_unlock(&m);
	CHECK_EQ(peek_word(&m), 0u);
}

/*
 * A look more than half a gap after the last halves the pauses, so that
 * a CPU with slow pauses looks often enough; half a gap or less leaves
 * them.  One more than a gap after the last also ends the whole watch.
 */
static void late_looks_look_sooner(void)
{
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	fl_mutex_t m = FL_MUTEX_INIT;
	unsigned int before;
	struct watch s;
	uint32_t v;

	start_turn(&m, 0);
	first_look(&m, &s, LOCKED | flags | TICK(0), LOOK_WAIT);
	/* The probe, of one lock, on time: the whole pauses. */
	m.state = LOCKED | flags | TICK(1);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	before = s.pauses;
	CHECK_EQ(before, SPIN_PAUSES);
	test_clock_us += FL_MUTEX_LOOK_GAP_US / 2u;
	m.state = LOCKED | flags | TICK(2);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	CHECK_EQ(s.pauses, before);
	test_clock_us += FL_MUTEX_LOOK_GAP_US / 2u + 1u;
	m.state = LOCKED | flags | TICK(3);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	CHECK_EQ(s.pauses, before > 1u ? before / 2u : before);
	CHECK(s.whole);
	before = s.pauses;
	test_clock_us += FL_MUTEX_LOOK_GAP_US + 1u;
	m.state = LOCKED | flags | TICK(4);
	CHECK_EQ(watch_look(&m, &s, &v), LOOK_WAIT);
	CHECK(!s.whole);
	CHECK_EQ(s.pauses, before > 1u ? before / 2u : before);
}

/*
 * A watch, with looks `pause_ns` a pause apart (and `own_us` of its own),
 * of a holder taking `rate` locks a microsecond until the probe's look
 * and `rate` * `speed_up` after it, from 2 us after the turn's start (as
 * a holder back for the lock begins its watch, become_watcher()).  The
 * lock is always held and the flags never change: the probe's other
 * cases are probe_sets_the_pauses()'s.  While the tick cannot wrap
 * between two looks, a watch
 * that stays whole counts most of the holder's locks, and a count passed
 * on is most of them: never the fraction a wrapped tick leaves (with
 * looks 4-6 us apart and the pauses halved only after 6 us, 85 of 4,437
 * locks at 45 a microsecond and 27.5 ns a pause).  Returns whether the
 * watch stayed whole.
 */
static bool fast_holder_counted(double rate, double speed_up, double pause_ns,
				double own_us)
{
	const uint32_t flags = WOKEN | GEN(fl_fork_generation());
	const uint32_t start = test_clock_us;
	fl_mutex_t m = FL_MUTEX_INIT;
	double now_us = 2.0, locks = 0.0, now_rate = rate;
	struct watch s;
	uint32_t passed, v;
	enum look r;

	start_turn(&m, 0);
	watch_begin(&s);
	do {
		double dt = s.pauses * pause_ns / 1000.0 + own_us;

		now_us += dt;
		locks += now_rate * dt;
		if (s.looks == 1u && PROBE_PAUSES > 0u)
			now_rate = rate * speed_up;	/* from the probe's look on */
		test_clock_us = start + (uint32_t)now_us;
		m.state = LOCKED | flags | TICK((uint32_t)locks);
		r = watch_look(&m, &s, &v);
	} while (r == LOOK_WAIT);
	if (r == LOOK_STOP)
		return false;	/* out of looks (two pauses a look): nothing passed on */
	CHECK_EQ(r, LOOK_ASK);
	passed = equal_work(&s);
	if ((s.whole && s.locks < 3.0 * locks / 4.0) ||
	    (passed != 0u && passed < 3.0 * locks / 4.0)) {
		fprintf(stderr, "%.0f locks a us (x%.2f after the probe), %.1f ns a pause, "
			"%.2f us a look: %u of %.0f locks counted, %u passed on (%u looks, "
			"pauses now %u, %s)\n", rate, speed_up, pause_ns, own_us, s.locks, locks, passed, s.looks, s.pauses,
			s.whole ? "whole" : "not whole");
		exit(1);
	}
	return s.whole;
}

/*
 * The sweep: holders of up to 150 locks a microsecond, on CPUs whose
 * pauses take 10-40 ns.  The probe's interval, an eighth of the pauses
 * and a look's own cost, is under 1.4 us there: 150 locks a microsecond
 * bring under 210 locks into it, which cannot wrap the tick, so the
 * probe sets the pauses before a later interval can.  A holder that
 * speeds up by a quarter after the probe is counted too.  (Where the
 * probe halves the pauses, it halves them to under half the wrap, but
 * where it leaves them whole, the margin is only what the scaling
 * overstates: a holder half as fast again after a probe just under the
 * wrap can wrap the tick.)  Some watches must stay whole, or the check
 * checks nothing.
 */
static void fast_holders_counted(void)
{
	unsigned int whole = 0;

	for (unsigned int half_ns = 20; half_ns <= 80; half_ns++) {	/* 10-40 ns */
		for (unsigned int rate = 1; rate <= 150; rate++) {
			whole += fast_holder_counted(rate, 1.0, half_ns / 2.0, 0.25);
			whole += fast_holder_counted(rate, 1.0, half_ns / 2.0, 0.3);
		}
		for (unsigned int rate = 1; rate <= 150; rate++) {
			whole += fast_holder_counted(rate, 1.25, half_ns / 2.0, 0.25);
			whole += fast_holder_counted(rate, 1.25, half_ns / 2.0, 0.3);
		}
	}
	CHECK(whole > 0u);
}

int main(void)
{
	count_from_the_tick();
	tick_kept_while_flags_stay();
	probe_sets_the_pauses();
	probe_looks();
	fast_holders_looked_at_sooner();
	asks_after_the_count(9, 0);
	asks_after_the_count(37, 0);
	asks_after_the_count(255, 0);
	/* A turn that follows one the time ended: it ends at that count. */
	asks_after_the_count(9, 300);
	asks_after_the_count(255, FL_MUTEX_TURN_LOCKS_MIN);
	takes_a_free_lock_after_the_count();
	asks_when_the_time_is_over();
	time_ended_turn_passes_its_count_on(0);
	time_ended_turn_passes_its_count_on(FL_MUTEX_TURN_LOCKS_MIN);
	time_ended_turn_passes_its_count_on(1500);
	who_watches_a_free_lock();
	free_lock_without_an_ask_is_taken();
	late_looks_look_sooner();
	fast_holders_counted();
	printf("test_mutex_turns: ok\n");
	return 0;
}
