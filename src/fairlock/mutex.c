/* SPDX-License-Identifier: MIT */
/*
 * The mutex's slow paths: the watcher and its turns, parking, waking, the
 * hand-over to a waiter past the bound, timed waits, and the bits a fork
 * leaves behind.
 *
 * Who may do what to the word (mutex.h has the layout):
 *  - LOCKED: set by whoever takes the lock while none of LOCKED, HANDOFF
 *    and ASKED is set, or by the thread WOKEN stands for (ASKED set, the
 *    other two not), or by an unlocker for the first queued waiter it
 *    hands the lock to (only then while HANDOFF is set); cleared by the
 *    holder's unlock.
 *  - PARKED: set by a waiter as it queues itself, under its bucket's lock;
 *    cleared, under the same lock, by whoever takes the last node of this
 *    mutex out of the queue.  Bucket-lock holders therefore see PARKED
 *    exactly when a node of this mutex is queued.
 *  - WOKEN: set by the unlocker that dequeues a waiter to let it try, or
 *    by a waiter that finds the lock held (or, after an ask, free while
 *    a turn lasts), nobody queued and WOKEN clear, for itself (it becomes
 *    the watcher: become_watcher()); cleared by
 *    the thread it stands for at its next change of the word (it takes the
 *    lock or queues), or as it gives up at its deadline.  While it is set,
 *    unlocks wake nobody: a thread is awake and will try.
 *  - HANDOFF: set by an unlocker that found the first waiter past its bound
 *    but the lock taken again by a barging thread; cleared by the unlocker
 *    that hands the lock over, or with PARKED when the queue empties.
 *  - ASKED: set by the thread WOKEN stands for, while the lock is held (or
 *    owed: HANDOFF) and its holder's turn is over, or on its behalf by
 *    an unlocker whose turn is over, after its release, while WOKEN is
 *    set and sleepers are queued (end_turn()); cleared with WOKEN, always
 *    (so it is never set without WOKEN, and it is for the thread WOKEN
 *    stands for).
 *  - the tick (bits 24-31): moved on by every lock that takes the lock
 *    while WOKEN is set (fl__mutex_taken()), so that the watcher sees a
 *    holder that keeps taking the lock; dropped (to 0) by every change of
 *    the flags, so it is 0 whenever WOKEN is clear.
 *  - the generation (bits 5-23): the fork generation that set the bits
 *    1-4 (modulo 2^19), written with them by every change of them.  Bits
 *    whose generation is not this process's were left by threads of a
 *    parent process: the slow paths that would act on them drop them
 *    first (fresh()), and an unlock, which may not write to the mutex
 *    after its release, leaves them for the next wait to drop.  Until
 *    then they only send a free lock's unlock out of line (PARKED), or
 *    the first waiter to sleep instead of watching.
 *
 * No wake-up is lost.  A waiter queues itself by a compare-exchange that
 * expects the lock held (or owed), under its bucket's lock.  An unlock's
 * fetch-sub comes before that compare-exchange in the word's order, and
 * the waiter then finds the lock free and does not sleep; or after it, and
 * sees PARKED and takes the bucket lock, after the waiter enqueued.  It
 * wakes the first waiter unless a woken thread or the watcher has not yet
 * tried (WOKEN), which then takes the lock, whose unlock looks again, or
 * queues while the lock is held, whose unlock looks again, or, at its
 * deadline, gives up WOKEN and looks for the unlock it stood in for
 * (give_up_woken).  A watcher's looks end (watch_look()): it then takes
 * a free lock, or queues as above.
 */
#include <errno.h>
#include <stdint.h>
#include <time.h>

#include <fairlock/mutex.h>

#include "parking.h"
#include "platform.h"

#define LOCKED FL__MUTEX_LOCKED
#define WOKEN FL__MUTEX_WOKEN
#define HANDOFF FL__MUTEX_HANDOFF
#define PARKED FL__MUTEX_PARKED
#define ASKED FL__MUTEX_ASKED
#define BUSY FL__MUTEX_BUSY
#define FLAGS (WOKEN | HANDOFF | PARKED | ASKED)
#define GEN_SHIFT FL__MUTEX_GENERATION_SHIFT
#define GEN_MASK FL__MUTEX_GENERATION_MASK

/*
 * The watcher (below) looks at the lock every SPIN_PAUSES pause
 * instructions (fewer for a fast holder, and an eighth of them before
 * each watch's first two looks, the probe: count_locks()): about 2 us on
 * the 2-CPU x86 machines here (a pause takes ~10 ns there; up to ~40 ns
 * on other Intel cores).  Looking seldom matters more than looking
 * often: each look pulls the lock's cache line away from the holder.
 * lockbench chose the spacing for the mutex before turns
 * (docs/BENCHMARKS.md): 2 looks 200 pauses apart beat 100 looks 1 pause
 * apart by 4-6x at 2-16 threads.  -DFL_MUTEX_SPIN_PAUSES=n changes it
 * for such measurements.  The platform may spend less (FL_PLAT_PAUSES).
 */
#ifndef FL_MUTEX_SPIN_PAUSES
#define FL_MUTEX_SPIN_PAUSES 200u
#endif
#define SPIN_PAUSES FL_PLAT_PAUSES(FL_MUTEX_SPIN_PAUSES)

/*
 * Whether to watch at all.  Watching pays only while the holder runs: a
 * holder that sleeps, waits for I/O or yields its CPU inside the critical
 * section (sysbench's `threads` test: lock, sched_yield(), unlock) will
 * not unlock during the looks, and with more threads than CPUs the pauses
 * are CPU time another thread could have run in.  User space
 * cannot see whether the holder runs, so each thread learns it from its
 * own waits: looks that end in the lock refill its credit, looks that end
 * in a sleep spend one, and a thread with no credit left sleeps at once,
 * but for every SPIN_PROBE-th wait, which looks again to find out whether
 * looking pays once more.  Per thread, not per mutex: it needs no room
 * in the mutex and no write to its cache line.  The credit orders
 * nothing; skipping the looks only skips relaxed loads.  A platform that
 * does not learn (FL_PLAT_SPIN_LEARNS 0) looks or not as it says.
 */
#define SPIN_CREDIT 8u
#define SPIN_PROBE 32u

static __thread struct {
	uint8_t misses;		/* looks in a row that ended in a sleep */
	uint8_t skipped;	/* waits that did not look, modulo SPIN_PROBE */
} spin_history;

/* Whether a wait about to start (or start again after a sleep) looks. */
static bool spin_wanted(void)
{
	if (!FL_PLAT_SPIN_LEARNS)
		return FL_PLAT_SPIN_WANTED;
	if (spin_history.misses < SPIN_CREDIT)
		return true;
	spin_history.skipped = (uint8_t)((spin_history.skipped + 1u) % SPIN_PROBE);
	return spin_history.skipped == 0;
}

/* Whether this thread's last watch ended in the lock. */
static bool spin_paid(void)
{
	if (!FL_PLAT_SPIN_LEARNS)
		return true;
	return spin_history.misses == 0;
}

/* A wait that looked (`looks` > 0) ended in the lock, or in a sleep. */
static void spin_end(unsigned int looks, bool got_lock)
{
	if (!FL_PLAT_SPIN_LEARNS || !looks)
		return;
	if (got_lock)
		spin_history.misses = 0;
	else if (spin_history.misses < SPIN_CREDIT)
		spin_history.misses++;
}

/* --- turns: the holder keeps the lock for a while, its watcher waits --- */

/*
 * The watcher: the one waiter that is awake and looking (WOKEN stands for
 * it, so unlocks wake nobody; other waiters sleep).  It lets the holder
 * keep the lock for a turn (TURN_US since the turn began, or TURN_LOCKS
 * acquisitions or a count passed on, whichever comes first: turn_done(),
 * equal_work()).  Once the turn is
 * over it takes a free lock, or asks for a held one (ASKED): the holder's
 * next lock then finds the lock busy and queues behind the other
 * waiters, and its unlock leaves the lock free for the watcher,
 * which no newcomer may take meanwhile.  Without asking, a turn would end
 * only when a look happened to fall between the holder's unlock and its
 * next lock, which with a short section outside the lock is a few
 * hundred nanoseconds now and then: the same two threads would keep the
 * lock.  Before the turn is over the watcher takes the lock only when the
 * holder has gone: two looks in a row found the same free word.  A holder
 * that took the lock in between would have moved the tick (bits 24-31,
 * fl__mutex_taken()), which every lock does while a watcher is awake.
 * Reading the word more often would not tell: a few reads a short while
 * apart all fell between a busy holder's acquisitions a quarter of the
 * time (section 20, outside 50 work units), and reads back to back hold
 * the cache line from the holder's write until they stop.
 *
 * So while every thread wants the lock it changes hands once a turn, and
 * in arrival order: the watcher that took it clears WOKEN, so the
 * holder's next unlock wakes the first sleeper to watch next.  Each thread
 * waits long once a turn instead of a little at most of its acquisitions.
 *
 * Nothing is read or written in the mutex for this after an unlock has
 * released it (another thread may take, release and free it at once, as
 * POSIX allows) but under the bucket lock while a node of the mutex is
 * queued (end_turn()): the watcher sets ASKED while it waits for the
 * lock, and the turn's start is stored by the thread that takes the lock,
 * while it holds it, and read by the watcher as a hint (RELAXED: it
 * orders nothing; a stale value only moves the end of a turn).
 */
#ifndef FL_MUTEX_TURN_US
#define FL_MUTEX_TURN_US 100u
#endif
#ifndef FL_MUTEX_WATCH_LOOKS
#define FL_MUTEX_WATCH_LOOKS 256u
#endif
#ifndef FL_MUTEX_WATCH_STALLS
#define FL_MUTEX_WATCH_STALLS 8u
#endif
/*
 * A watched holder with sleepers queued looks at its turn as it unlocks
 * when the tick (the locks since the flags last changed) is a multiple
 * of n.
 */
#ifndef FL_MUTEX_TURN_CHECK
#define FL_MUTEX_TURN_CHECK 64u
#endif
#define WATCH_LOOKS FL_PLAT_POLLS(FL_MUTEX_WATCH_LOOKS)
#define WATCH_STALLS FL_PLAT_POLLS(FL_MUTEX_WATCH_STALLS)

/* When the holder's turn began, in microseconds (a word nothing else uses). */
#define TURN_US(m) (&(m)->unused2[0])
/* How many counted locks end this turn; 0: FL_MUTEX_TURN_LOCKS (turn_locks()). */
#define TURN_LOCKS_AT(m) (&(m)->unused2[2])

/*
 * The caller has just taken the lock after waiting: its turn begins, and
 * ends by the count at `locks` (0: the usual count, equal_work()).  Both
 * are hints for the watcher, stored RELAXED as the turn's start always
 * was: a stale one only moves the end of a turn.
 */
static void start_turn(fl_mutex_t *m, uint32_t locks)
{
	__atomic_store_n(TURN_US(m), fl_plat_now_us(), __ATOMIC_RELAXED);
	__atomic_store_n(TURN_LOCKS_AT(m), locks, __ATOMIC_RELAXED);
}

static bool turn_over(const fl_mutex_t *m)
{
	return fl_plat_turn_over(__atomic_load_n(TURN_US(m), __ATOMIC_RELAXED),
				 FL_MUTEX_TURN_US);
}

/*
 * The turn still lasts, for a holder back for the lock (become_watcher()).
 * The model's clock may say so while it says every turn is over to the
 * watchers (-DFL_MODEL_FREE_WATCH with -DFL_MODEL_TURNS_END), so that it
 * explores that holder watching a free lock, which a clock that says one
 * thing for the whole run never reaches: without an ask there is no such
 * holder, and with every turn over it takes the lock at once.
 */
static bool turn_lasts(const fl_mutex_t *m)
{
#ifdef fl_plat_turn_lasts
	return fl_plat_turn_lasts(__atomic_load_n(TURN_US(m), __ATOMIC_RELAXED),
				  FL_MUTEX_TURN_US);
#else
	return !turn_over(m);
#endif
}

/*
 * A watch's first two looks come PROBE_PAUSES apart: the second one's
 * count is the probe (count_locks()).  None with fewer than 8 pauses.
 */
#define PROBE_PAUSES (SPIN_PAUSES / 8u)

struct watch {
	unsigned int looks;
	unsigned int stalls;	/* looks in a row that found the same held word */
	unsigned int locks;	/* locks counted in this watch (count_locks()) */
	unsigned int pauses;	/* between two looks */
	uint32_t last;		/* the word at the last look, or NO_LOOK */
	uint32_t first_us;	/* when the first look was */
	uint32_t last_us;	/* when the last look was */
	bool whole;		/* no look came late after the first (watch_clock()) */
	uint32_t timed_out;	/* locks counted when the time ended the turn, + 1 */
	bool probing;		/* the probe is not over (count_locks()) */
};

/* No word has ASKED without WOKEN (the top of this file). */
#define NO_LOOK ASKED

static void watch_begin(struct watch *s)
{
	s->looks = 0;
	s->stalls = 0;
	s->locks = 0;
	/* The first look and the probe come at an eighth (count_locks()). */
	s->probing = PROBE_PAUSES > 0u;
	s->pauses = s->probing ? PROBE_PAUSES : SPIN_PAUSES;
	s->last = NO_LOOK;
	s->first_us = 0;
	s->last_us = 0;
	s->whole = true;
	s->timed_out = 0;
}

/*
 * A turn also ends once the lock has been taken TURN_LOCKS times (or as
 * many as a count passed on, equal_work()) while watched, as the watcher
 * counts them (the holder's locks, and any newcomer's), if that comes
 * before TURN_US.  Turns of
 * equal time are not turns of equal work: with 2 threads pinned to the 2
 * CPUs here, one CPU's thread made 1.3-1.4 times the other's
 * acquisitions in every 10 ms, turn after turn (lockbench --windows).
 * Counted, each turn holds about as many, and with short sections the
 * count ends them first: ~55 us there.  With long sections the time ends
 * them, as before, and so does a holder that ends its own turn
 * (end_turn(), which cannot count: it goes by the time alone).
 */
#ifndef FL_MUTEX_TURN_LOCKS
#define FL_MUTEX_TURN_LOCKS 2048u
#endif
/* No count ends a turn sooner (equal_work()). */
#ifndef FL_MUTEX_TURN_LOCKS_MIN
#define FL_MUTEX_TURN_LOCKS_MIN 64u
#endif
#define TICK_MASK (0xffu << FL__MUTEX_TICK_SHIFT)

/*
 * Add the locks taken since the last look, read from the tick (bits
 * 24-31: every lock moves it while WOKEN is set, the holder's and any
 * newcomer's, and every change of the flags or their stamp sets it back
 * to 0, with_flags()).  At the first look the tick counts from the last
 * change, which came when WOKEN was set for this watcher or later: a
 * woken watcher's first look may come a wake-up's latency after that, so
 * it says nothing of the locks per look.  When the flags changed since
 * the last look, the tick counts from that change: part of one look's
 * interval, so at least that rate.
 *
 * 256 locks or more between two looks wrap the tick and are counted
 * short: the turn then ends later, by the short count or by the time,
 * and a count passed on from it would cut the watcher's own next turn
 * (equal_work()).  A holder of 256-383 locks between two looks reads
 * under 128 at every look, so no count of whole intervals can tell it
 * from a slow one.  So the watch measures its holder first: its first
 * two looks come an eighth of the pauses apart (watch_begin(),
 * PROBE_PAUSES), and the second one's count, the probe, comes from an
 * interval that only a holder of 256 locks per eighth of the pauses and
 * a look's own cost wraps: with ~0.3 us a look, about 195 a microsecond
 * with pauses of 40 ns, 465 with 10 ns.  The pauses then go back to
 * SPIN_PAUSES, unless the probe's count, scaled to them, would wrap the
 * tick: then they are halved (down to an eighth) until it comes under
 * half the wrap, so that a holder up to twice as fast after the probe
 * does not wrap the tick.  The scaling overstates the count (each
 * look's own cost is scaled too), so the intervals after the probe hold
 * fewer; where the probe leaves the pauses whole, that is the only
 * margin, and it shrinks with the look's cost: a holder half as fast
 * again after a probe just under the wrap can wrap the tick
 * (test_mutex_turns sweeps holders a quarter faster after the probe, at
 * 0.25-0.3 us a look: each is counted; with cheaper looks some such
 * watches lose part of a wrapped interval, and their turns end late).
 * A watch whose flags change at every look probes at every look, at an
 * eighth of the pauses (a queue that changes that fast is rare; the
 * looks stay within WATCH_LOOKS).  The holders here (about 37
 * locks a microsecond, pauses of about 10 ns) keep the whole pauses at
 * the probe, as before it; halving them whenever the scaled count
 * reached half the wrap gave a lower Jain index at 2 threads than no
 * probe in 32 of 48 paired runs
 * (docs/bench/experiments/mutex-equal-work-2026-12-07, run-6).  A probe
 * across a change of the flags counts only the locks since the change,
 * part of its interval: the next look probes again.  After the probe, a
 * look that finds 128 locks or more in one interval halves the pauses
 * before the next (a holder that sped up), and so does a look that comes
 * more than half a gap after the last (watch_clock(), which runs after
 * the count: a CPU with slow pauses, or a watcher kept off its CPU).  A
 * probe stretched that way is scaled as if on time, and halves the
 * pauses more than needed for the rest of that watch.
 * Flags that
 * change and change back between two looks (a timed waiter queued and
 * left; a hand-over past the wait bound with others queued) restart the
 * tick unseen: that look's count may be short, long (by up to 255), or
 * none at all.
 */
/*
 * Halve the pauses before the next look: down to an eighth, never to
 * none.  Returns whether it did.
 */
static bool look_sooner(struct watch *s)
{
	if (s->pauses < 2u || s->pauses <= SPIN_PAUSES / 8u)
		return false;
	s->pauses /= 2u;
	return true;
}

static void count_locks(struct watch *s, uint32_t v)
{
	uint32_t now = v >> FL__MUTEX_TICK_SHIFT;
	bool changed;
	uint32_t moved;

	if (s->last == NO_LOOK) {
		s->locks += now;	/* since WOKEN was set: no rate */
		return;
	}
	changed = ((s->last ^ v) & ~(TICK_MASK | LOCKED)) != 0;
	if (changed)
		moved = now;		/* since the change, after the last look */
	else
		moved = (now - (s->last >> FL__MUTEX_TICK_SHIFT)) & 0xffu;
	s->locks += moved;
	if (s->probing) {
		/* The wrap, in the probe's eighth of the pauses. */
		uint64_t wrap = 256u * (uint64_t)PROBE_PAUSES;

		if (changed)
			return;		/* part of the interval: probe again */
		s->probing = false;
		s->pauses = SPIN_PAUSES;
		if ((uint64_t)moved * s->pauses < wrap)
			return;
		while ((uint64_t)moved * s->pauses >= wrap / 2u)
			if (!look_sooner(s))
				break;
		return;
	}
	if (moved >= 128u)
		look_sooner(s);
}

/*
 * Whether the watch counted its holder's turn, as far as the clock at
 * each look can tell: its first look within two gaps of the turn's start
 * (a watcher woken after a wake-up's latency, or one that came to a turn
 * that began long before, missed most of it), and no two looks more than
 * a gap apart (a watcher kept off its CPU: the tick may have wrapped
 * unseen).  A fast holder takes the lock about 37 times a microsecond on
 * the 2-CPU machines here: 256 locks, the wrap, in about 7 us, so the
 * gap is 6 us (the clock counts whole microseconds, so an interval read
 * as 6 may be nearly 7).  Looks come 2.5-4.5 us apart there.  A faster
 * holder would wrap the tick within a gap, but its probe (count_locks())
 * halves the pauses first: test_mutex_turns sweeps holders of 1-150
 * locks a microsecond with pauses of 10-40 ns, and each watch that stays
 * whole counts, and each count passed on is, most of the holder's locks.
 * A look more than half a gap after the last also halves the pauses, so
 * that a CPU with slow pauses looks more often.  Where the pauses are
 * slow (200 pauses of 40 ns are 8 us) and the holder is not fast enough
 * for its probe to halve them, each watch's first interval at the whole
 * pauses already ends the whole watch, and no count is passed on: equal
 * work is off for such a holder on such a CPU.  The locks before the
 * watcher set WOKEN are not counted (the tick moves only while it is
 * set): up to two gaps of a turn, the same for every holder whose
 * watcher came back for the lock.
 */
#ifndef FL_MUTEX_LOOK_GAP_US
#define FL_MUTEX_LOOK_GAP_US 6u
#endif
static void watch_clock(struct watch *s)
{
	uint32_t now = fl_plat_now_us();

	if (s->last == NO_LOOK) {
		s->first_us = now;
	} else {
		if (now - s->last_us > FL_MUTEX_LOOK_GAP_US)
			s->whole = false;
		if (now - s->last_us > FL_MUTEX_LOOK_GAP_US / 2u)
			look_sooner(s);
	}
	s->last_us = now;
}

static bool watched_whole_turn(const struct watch *s, uint32_t start_us)
{
	return s->whole && s->first_us - start_us <= 2u * FL_MUTEX_LOOK_GAP_US;
}

/* The count that ends this turn: one passed on (equal_work()), or the usual. */
static unsigned int turn_locks(const fl_mutex_t *m)
{
	uint32_t n = __atomic_load_n(TURN_LOCKS_AT(m), __ATOMIC_RELAXED);

	return n ? n : FL_MUTEX_TURN_LOCKS;
}

/*
 * The holder's turn is over: by the count, or by the time, and then the
 * count is kept to pass on if the watch counted the whole turn.  The
 * count's word is read only once the floor is counted, which no model
 * run reaches, so the model does not explore reads of it.  The model's
 * clock says over or not for the whole run (-DFL_MODEL_TURNS_END):
 * asking at any look, which that explores, covers asking after a count.
 */
static bool turn_done(const fl_mutex_t *m, struct watch *s)
{
	uint32_t start;

	if (s->locks >= FL_MUTEX_TURN_LOCKS_MIN && s->locks >= turn_locks(m))
		return true;
	start = __atomic_load_n(TURN_US(m), __ATOMIC_RELAXED);
	if (!fl_plat_turn_over(start, FL_MUTEX_TURN_US))
		return false;
	s->timed_out = watched_whole_turn(s, start) ? s->locks + 1u : 0;
	return true;
}

/*
 * Turns of equal work: a turn the time ended held fewer locks than the
 * count, so the turn after it ends at as many (with a floor, so that a
 * holder that slept or was preempted does not make the next turns
 * hand-overs).  With 2 threads pinned to 2 CPUs the VM sometimes runs
 * one CPU's thread slower: its turns end by the time with 1,200-1,800
 * locks while the other's end by the count, and the slower thread made
 * 36-44% of the acquisitions (docs/bench/experiments, make-up's
 * diag.sh).  The turn after one that the count ended gets the usual
 * count again, so a slower holder's turns stay as long as the time
 * allows and the faster one's follow them down and back up.  A count
 * is passed on only from a watch that began near the turn's start and
 * whose looks never came late (watch_clock()); otherwise the next turn
 * gets the usual count.  A watcher that stopped looking, or
 * whose holder ended its own turn (end_turn()), passes nothing on.
 */
static uint32_t equal_work(const struct watch *s)
{
	if (!s->timed_out)
		return 0;
	return s->timed_out - 1u < FL_MUTEX_TURN_LOCKS_MIN ?
	       FL_MUTEX_TURN_LOCKS_MIN : s->timed_out - 1u;
}

enum look {
	LOOK_STOP,	/* looking stopped paying */
	LOOK_WAIT,	/* the holder's turn goes on */
	LOOK_ASK,	/* held, the turn is over, not yet asked for */
	LOOK_TAKE,	/* free, and the watcher's to take */
};

/*
 * One look at the lock, after a pause, by the watcher.  A word the same as
 * at the last look means nobody took the lock in between (the tick): held,
 * its holder has not let it go (a stall); free, its holder has gone.
 * Looking stops once the looks are used or several looks in a row stalled
 * (the holder sleeps, yields or was preempted in its section; a busy
 * holder with long sections that lets the lock go between looks is not
 * a stall).
 */
static enum look watch_look(const fl_mutex_t *m, struct watch *s, uint32_t *v)
{
	bool same;

	if (s->looks >= WATCH_LOOKS || s->stalls >= WATCH_STALLS)
		return LOOK_STOP;
	s->looks++;
	for (unsigned int i = 0; i < s->pauses; i++)
		fl_cpu_relax();
	*v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);
	/*
	 * Not at the probe's look: a probe's interval is too short to tell a
	 * holder that has gone from one between two of its locks.
	 */
	same = s->last == *v && !s->probing;
	count_locks(s, *v);
	watch_clock(s);
	s->last = *v;
	if (*v & (LOCKED | HANDOFF)) {
		if (same)
			s->stalls++;
		else
			s->stalls = 0;
		if (!(*v & ASKED) && turn_done(m, s))
			return LOOK_ASK;
		return LOOK_WAIT;
	}
	s->stalls = 0;
	/* ASKED is the watcher's own (set by it or for it, only while WOKEN is). */
	if ((*v & ASKED) || turn_done(m, s) || same)
		return LOOK_TAKE;
	return LOOK_WAIT;
}

/* --- the word's bits and their fork generation --- */

/* `v` with its flags changed, stamped with `gen` while any flag is set. */
static uint32_t with_flags(uint32_t v, uint32_t set, uint32_t clear,
			   uint32_t gen)
{
	uint32_t f = ((v & FLAGS) | set) & ~clear;
	uint32_t stamp = f ? (gen & GEN_MASK) << GEN_SHIFT : 0;

	/*
	 * Flags and stamp unchanged (a waiter queues behind others, PARKED
	 * already set): the tick stays, as it counts the locks since the
	 * flags last changed (count_locks()).
	 */
	if ((v & (FLAGS | GEN_MASK << GEN_SHIFT)) == (f | stamp))
		return v;
	return (v & LOCKED) | f | stamp;
}

/*
 * `v`, the word as just read, without flags a parent process's threads
 * left (they are dropped from the word too).  Whether the lock is held
 * stays: its holder is the thread that forked, or one that stayed in the
 * parent and so holds it for good, as with glibc.  RELAXED: dropping the
 * flags publishes nothing, and the queue they spoke of is gone already
 * (the caller asked fl_fork_generation(), which emptied it).
 */
static bool stale(uint32_t v, uint32_t gen)
{
	return (v & FLAGS) && (v >> GEN_SHIFT & GEN_MASK) != (gen & GEN_MASK);
}

static uint32_t fresh(fl_mutex_t *m, uint32_t v, uint32_t gen)
{
	if (!stale(v, gen))
		return v;
	/*
	 * A failed compare-exchange's word is judged in the same pass (the
	 * form GenMC 0.11 checks: a pass that writes nothing and loops again
	 * is a spin to it, and one that ended the loop was taken for one).
	 */
	do {
		if (__atomic_compare_exchange_n(&m->state, &v, v & LOCKED, false,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED))
			return v & LOCKED;
	} while (stale(v, gen));
	return v;
}

/* --- the bound --- */

/* Linux's clock, or the model's, which counts dequeues (n->passes). */
static bool past_bound(const fl_mutex_t *m, const struct fl__parked *n)
{
	return fl_plat_past_bound(n, fl_mutex_max_wait_us(m));
}

/* Clear PARKED (and HANDOFF, owed to nobody now); the bucket is locked. */
static void queue_emptied(fl_mutex_t *m, uint32_t gen)
{
	uint32_t v = fresh(m, __atomic_load_n(&m->state, __ATOMIC_RELAXED), gen);

	/* RELAXED: the queue's state is the bucket lock's to order. */
	while (!__atomic_compare_exchange_n(&m->state, &v,
					    with_flags(v, 0, PARKED | HANDOFF, gen),
					    false, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED))
		v = fresh(m, v, gen);
}

/*
 * fl_mutex_trylock() found the lock free but owed (HANDOFF or ASKED).
 * Owed to a waiter, it stays so; owed by a bit stamped before fork() (an
 * unlock of the parent's was between its release and its hand-over, or
 * the parent's watcher had asked), the bit speaks of a thread that is not
 * here: fresh() drops it, and the try
 * goes on as on a free lock (ACQUIRE as the inline try's).
 */
FL_API bool fl__mutex_trylock_owed(fl_mutex_t *m)
{
	uint32_t v = fresh(m, __atomic_load_n(&m->state, __ATOMIC_RELAXED),
			   fl_fork_generation());

	while (!(v & BUSY))
		if (__atomic_compare_exchange_n(&m->state, &v, fl__mutex_taken(v), false,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return true;
	return false;
}

/* A waiter's state across its parks. */
struct waiter {
	struct fl__parked node;
	bool woken;		/* dequeued with WOKEN set for it, not yet cleared */
	bool queued;		/* has queued before: goes back to the head */
	uint32_t gen;		/* the generation it queued in */
	struct watch watch;	/* while it watches */
	bool watches;		/* will watch when woken (parked nodes: read by
				 * the unparker under the bucket lock) */
};

/*
 * Whether `w` may take the lock with `v` as the word: free and owed to
 * nobody, or owed to `w` itself, the thread WOKEN stands for (only it
 * sets ASKED).
 */
static bool takeable(uint32_t v, const struct waiter *w)
{
	return !(v & (w->woken ? LOCKED | HANDOFF : BUSY));
}

/*
 * The lock is free (or owed: HANDOFF) with `v` as the word, or has just
 * become so: if waiters are queued and no woken thread is about to try,
 * dequeue the first and wake it, or hand it the lock.
 */
static void wake_next(fl_mutex_t *m, uint32_t v)
{
	uint32_t gen = fl_fork_generation();
	struct fl__bucket *b;
	struct fl__parked *n;
	uint32_t *token;
	bool more, handoff;
	int waiter;

	/*
	 * Flags a parent's threads left: nobody of this process had queued
	 * by the release (a queueing waiter stamps the word with its own
	 * generation), so there is nobody to wake.  The word keeps them: this
	 * runs after the release, and the mutex may be freed by now.  The
	 * next wait drops them (park(), become_watcher()).
	 */
	if (stale(v, gen))
		return;
	if (!(v & PARKED) || (v & LOCKED) || (v & (WOKEN | HANDOFF)) == WOKEN)
		return;
	b = fl__bucket_lock(m);
	n = fl__queue_pop(b, m, &more);
	if (!n) {
		/*
		 * Every node of this mutex has left the queue (dequeued by
		 * another unlock or a woken thread's give_up_woken(), or at
		 * its deadline), and whoever took the last one out cleared
		 * PARKED, under this lock.  The mutex may be freed by now
		 * (nobody queued keeps it in use), so it is not touched.
		 */
		fl__bucket_unlock(b);
		return;
	}
	v = fresh(m, __atomic_load_n(&m->state, __ATOMIC_RELAXED), gen);
	/*
	 * Past the bound: hand the lock over, unless the waiter will watch
	 * when woken, which takes the lock at the end of the holder's turn
	 * (the node is the first member of its struct waiter).
	 */
	handoff = (v & HANDOFF) ||
		  ((!FL_PLAT_WATCHERS_SKIP_BOUND || !((struct waiter *)n)->watches) &&
		   past_bound(m, n));
	for (;;) {
		uint32_t next;

		if ((v & LOCKED) || (!handoff && (v & WOKEN))) {
			/*
			 * Taken again, or another thread was woken meanwhile:
			 * that holder's unlock, or that thread, comes back
			 * here.  A waiter past its bound is owed the next
			 * release (HANDOFF); RELAXED, the bit is a flag for
			 * others' compare-exchanges, which read the latest word.
			 */
			if (handoff && !(v & HANDOFF)) {
				if (!__atomic_compare_exchange_n(&m->state, &v,
						with_flags(v, HANDOFF, 0, gen), false,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
					v = fresh(m, v, gen);
					continue;
				}
			}
			fl__queue_push_front(b, n);
			fl__bucket_unlock(b);
			return;
		}
		next = handoff ? with_flags(v | LOCKED, 0, HANDOFF, gen)
			       : with_flags(v, WOKEN, 0, gen);
		if (!more)
			next = with_flags(next, 0, PARKED, gen);
		/*
		 * ACQUIRE when handing over: we take the lock on the
		 * waiter's behalf, so this read of the word must synchronise
		 * with the last holder's RELEASE unlock, and our RELEASE
		 * of the token passes that on (mutant mutex_handoff_take_acq).
		 * A plain wake publishes nothing: the woken thread takes the
		 * lock with its own ACQUIRE.
		 */
		if (__atomic_compare_exchange_n(&m->state, &v, next, false,
						handoff ? __ATOMIC_ACQUIRE : __ATOMIC_RELAXED,
						__ATOMIC_RELAXED))
			break;
		v = fresh(m, v, gen);
	}
	n->passes++;
	token = &n->token;
	waiter = n->waiter;
	fl__park_give(n, handoff ? FL_PARK_HANDED : FL_PARK_WOKEN);
	fl__bucket_unlock(b);
	fl__park_wake(token, waiter);
}

/*
 * A woken waiter gives up (its deadline passed): WOKEN goes, with the ASKED
 * it may have set, and since unlocks skipped waking while it stood, it
 * wakes the next if the lock is free now.  RELAXED: as for the other flag
 * changes.
 */
static void give_up_woken(fl_mutex_t *m, uint32_t gen)
{
	uint32_t v = __atomic_load_n(&m->state, __ATOMIC_RELAXED), next;

	for (;;) {
		next = with_flags(v, 0, WOKEN | ASKED, gen);
		if (__atomic_compare_exchange_n(&m->state, &v, next, false,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED))
			break;
		v = fresh(m, v, gen);
	}
	wake_next(m, next);
}

enum park_result { PARK_RETRY, PARK_WOKEN, PARK_HANDED, PARK_TIMED_OUT };


/*
 * Queue `w` while the lock is held or owed to another, then sleep until it
 * is woken, handed the lock, or its deadline passes (PARK_RETRY: the lock
 * was `w`'s to take).  A watcher gives up WOKEN and its ASKED as it
 * queues: unlocks wake sleepers again, and the lock is nobody's (an ASKED
 * left set would keep newcomers off the lock until a woken waiter took
 * it: slower, not wrong; GenMC finds no error without the clear).
 */
static enum park_result park(fl_mutex_t *m, struct waiter *w, clockid_t clock,
			     const struct timespec *abstime)
{
	uint32_t gen = fl_fork_generation();
	struct fl__bucket *b = fl__bucket_lock(m);
	uint32_t v = fresh(m, __atomic_load_n(&m->state, __ATOMIC_RELAXED), gen);
	uint32_t token;

	for (;;) {
		if (takeable(v, w)) {
			fl__bucket_unlock(b);
			return PARK_RETRY;
		}
		/*
		 * RELAXED: the race with the unlock's fetch-sub is decided by
		 * the word's order alone (see the top), and what the unlocker
		 * then reads of the queue, the bucket lock orders.
		 */
		if (__atomic_compare_exchange_n(&m->state, &v,
				with_flags(v, PARKED, w->woken ? WOKEN | ASKED : 0, gen),
				false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			break;
		v = fresh(m, v, gen);
	}
	w->woken = false;
	w->gen = gen;
	w->node.key = m;
	w->node.token = FL_PARK_WAITING;
	if (w->queued) {
		fl__queue_push_front(b, &w->node);
	} else {
		w->node.since_ns = fl__now_ns();
		w->node.passes = 0;
		w->node.waiter = fl__park_self();
		w->queued = true;
		fl__queue_push_back(b, &w->node);
	}
	fl__bucket_unlock(b);

	token = fl__park_wait(&w->node, clock, abstime);
	if (token == FL_PARK_WAITING) {
		/* The deadline passed: leave, unless dequeued meanwhile. */
		b = fl__bucket_lock(m);
		if (fl__queue_remove(b, &w->node)) {
			if (!fl__queue_has(b, m))
				queue_emptied(m, gen);
			fl__bucket_unlock(b);
			return PARK_TIMED_OUT;
		}
		/*
		 * Given under the bucket lock, which we now hold: RELAXED, the
		 * lock orders the unparker's write (and what came before it)
		 * before this read.
		 */
		token = __atomic_load_n(&w->node.token, __ATOMIC_RELAXED);
		fl__bucket_unlock(b);
	}
	if (token == FL_PARK_HANDED)
		return PARK_HANDED;
	w->woken = true;
	return PARK_WOKEN;
}

/*
 * Become the watcher: the lock is held, nobody is queued and nobody else
 * watches; or it is free while a turn lasts (its holder between two of
 * its locks), which the caller has found (`free_in_turn`), and the caller
 * is the holder whose turn has just ended, back for the lock (its wait
 * found the lock asked for, ASKED, before its first call to park():
 * lock_until()): the caller then lets the new holder's turn run before it
 * takes the lock.  That caller used to take the free lock, and kept it
 * for a turn counted from the new holder's start: two turns to the
 * other's part of one.  In 8 runs of 2 pinned threads, the thread that
 * took a free lock outside a watch more often made more of the
 * acquisitions every time, up to 56%
 * (docs/bench/experiments/mutex-equal-work-2026-12-07).  Any other
 * newcomer takes a free lock it finds at once, and so does a timed lock
 * (a deadline may not cost it a free lock: mutex.h).
 * RELAXED, as for the other flag changes: WOKEN only tells unlocks that
 * an awake thread will try (the top of this file).  The watcher counts as
 * the first waiter from now: its bound starts, and if it sleeps later it
 * queues at the head.
 */
static bool become_watcher(fl_mutex_t *m, struct waiter *w, uint32_t *v,
			   bool free_in_turn)
{
	uint32_t gen = fl_fork_generation();

	*v = fresh(m, *v, gen);
	if ((!(*v & BUSY) && !free_in_turn) || (*v & (WOKEN | PARKED)))
		return false;
	if (!__atomic_compare_exchange_n(&m->state, v, with_flags(*v, WOKEN, 0, gen),
					 false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		return false;
	w->woken = true;
	w->gen = gen;
	w->queued = true;
	w->node.since_ns = fl__now_ns();
	w->node.passes = 0;
	w->node.waiter = fl__park_self();
	return true;
}

/*
 * The watcher asks for the lock: its holder's turn is over.  RELAXED, as
 * for the other flag changes: the bit tells others' compare-exchanges the
 * lock is owed, and the take that follows has its own ACQUIRE.  One try: a
 * word that moved meanwhile is judged again at the next look.
 */
static void ask(fl_mutex_t *m, const struct waiter *w, uint32_t *v)
{
	__atomic_compare_exchange_n(&m->state, v, with_flags(*v, ASKED, 0, w->gen),
				    false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/*
 * Watch until the lock is ours to take (true, *v takeable), or until
 * watching stops paying or the deadline passes (false, *v held or not).
 */
static bool watch(fl_mutex_t *m, struct waiter *w, uint32_t *v, clockid_t clock,
		  const struct timespec *abstime)
{
	for (;;) {
		switch (watch_look(m, &w->watch, v)) {
		case LOOK_STOP:
			return false;
		case LOOK_TAKE:
			return true;
		case LOOK_ASK:
			ask(m, w, v);
			break;
		case LOOK_WAIT:
			break;
		}
		if (abstime && fl__deadline_passed(clock, abstime))
			return false;
	}
}

/*
 * A newcomer found the lock free but asked for by the watcher, and nobody
 * queued: the holder whose turn just ended, back for the lock.  It waits
 * a few looks for the watcher to take the lock, and then watches in turn
 * (become_watcher()) rather than sleeping until the new holder's unlock
 * wakes it: with two threads, no system call per turn.  With sleepers
 * queued it queues behind them instead (the caller's park()), so the turns
 * go round in arrival order.
 */
static void await_asked_take(const fl_mutex_t *m, uint32_t *v)
{
	for (unsigned int r = 0; r < WATCH_STALLS; r++) {
		if ((*v & (BUSY | PARKED)) != ASKED)
			return;
		for (unsigned int i = 0; i < SPIN_PAUSES; i++)
			fl_cpu_relax();
		*v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);
	}
}

/* The slow path of lock and timedlock (abstime NULL: no deadline). */
static int lock_until(fl_mutex_t *m, clockid_t clock,
		      const struct timespec *abstime)
{
	/* Where the platform keeps it: on Linux, on our stack. */
	FL_PLAT_WAITER(struct waiter, w);
	struct watch *s = &w->watch;
	bool look = spin_wanted(), watching = false, waited = false;
	/*
	 * Woken to watch: the holder's turn comes first, as for any watcher
	 * (watch()), even if the lock is free when we wake.  Taking it then
	 * ended the turn of the holder that woke us after the wake-up's
	 * latency: at 4 threads on 2 CPUs, more than half the turns lasted
	 * under 50 us and the threads' turns came to differ in number.  Once
	 * the watch has ended, either way, a free lock is ours to take.  Only
	 * while watching pays for this thread (spin_paid()): with
	 * holders that yield or sleep in the section the watches end in
	 * stalls, and waiting out a turn that the holder is not using costs
	 * a sleep more per wait (sysbench `threads`, 8 threads, interleaved
	 * rounds: 0.69x and 0.90x glibc with the wait always, 1.18x with
	 * this rule).
	 */
	bool turn_first = false;
	/*
	 * This wait found the lock asked for by a watcher before its first
	 * call to park() (and keeps that for the rest of the wait): the
	 * caller is most likely the holder whose turn just ended
	 * (become_watcher()).
	 */
	bool after_ask = false;
	/*
	 * A parent's bits are dropped where they would be acted on
	 * (become_watcher(), park()), not here: freshening on entry too sent
	 * GenMC 0.11 into an internal error (mutex_fork -DWMM_HELD under IMM).
	 */
	uint32_t v = __atomic_load_n(&m->state, __ATOMIC_RELAXED);

	w->woken = false;
	w->queued = false;
	watch_begin(s);
	for (;;) {
		/*
		 * Held, with nobody queued or watching: watch (and free, in a
		 * turn, after an ask: watch and let the turn run first,
		 * become_watcher()).  A failed compare-exchange's word is
		 * judged in the same pass (as in fresh(): GenMC 0.11 takes a
		 * pass that writes nothing and loops again for a spin).
		 */
		if (look && !w->woken && !stale(v, fl_fork_generation())) {
			/*
			 * A parent's ASKED (stale()) is not ours to answer: no
			 * watcher of ours will take the lock, and this wait is
			 * no holder back (test_mutex_free_watch).
			 */
			after_ask |= !waited && (v & ASKED);
			await_asked_take(m, &v);
		}
		/*
		 * Two tries: a free lock taken again before become_watcher()'s
		 * compare-exchange comes back held, and is then watched held
		 * in the same pass instead of sending this wait to sleep.
		 */
		for (int tries = 0; tries < 2 && look && !w->woken &&
				    !(v & (WOKEN | PARKED)); tries++) {
			bool free_in_turn = !(v & BUSY);

			/*
			 * Never a timed lock (a deadline may not cost it a free
			 * lock), nor a thread whose last watch ended in a sleep
			 * (a turn its holder does not use, as for a woken
			 * watcher's turn_first).  The clock is read first, so
			 * that test_mutex_free_watch sees every such wait.
			 */
			if (free_in_turn && !(after_ask && turn_lasts(m) && !abstime &&
					      spin_paid()))
				break;
			if (become_watcher(m, w, &v, free_in_turn)) {
				watching = true;
				turn_first = free_in_turn;
				break;
			}
			if (!free_in_turn)
				break;
		}
		if (takeable(v, w) && !turn_first) {
			/*
			 * Free and owed to nobody, or to us: take it, and clear
			 * WOKEN and ASKED if they are ours.  ACQUIRE: pairs
			 * with the unlock's RELEASE (mutant
			 * mutex_slow_take_acq).
			 */
			uint32_t next = w->woken ? with_flags(v | LOCKED, 0, WOKEN | ASKED,
							      w->gen)
						: fl__mutex_taken(v);

			if (__atomic_compare_exchange_n(&m->state, &v, next, false,
							__ATOMIC_ACQUIRE,
							__ATOMIC_RELAXED)) {
				if (waited || watching)
					start_turn(m, watching ? equal_work(s) : 0);
				spin_end(s->looks, true);
				return 0;
			}
			continue;
		}
		if (watching) {
			bool take = watch(m, w, &v, clock, abstime);

			turn_first = false;
			if (take)
				continue;
		}
		if (abstime && fl__deadline_passed(clock, abstime)) {
			if (w->woken)
				give_up_woken(m, w->gen);
			return ETIMEDOUT;
		}
		/*
		 * Whether to watch when woken, decided now so that the
		 * unparker knows (wake_next()): not after looks that ran out,
		 * so that the bound, not the turns, serves this waiter next.
		 */
		look = spin_wanted() && !(watching && s->looks >= WATCH_LOOKS);
		w->watches = look;
		spin_end(s->looks, false);
		watch_begin(s);
		watching = false;
		waited = true;
		switch (park(m, w, clock, abstime)) {
		case PARK_HANDED:
			start_turn(m, 0);
			return 0;
		case PARK_TIMED_OUT:
			return ETIMEDOUT;
		case PARK_WOKEN:
			watching = look;
			turn_first = look && spin_paid();
			break;
		case PARK_RETRY:
			break;
		}
		v = fresh(m, __atomic_load_n(&m->state, __ATOMIC_RELAXED),
			  fl_fork_generation());
	}
}

void fl__mutex_lock_slow(fl_mutex_t *m)
{
	(void)lock_until(m, CLOCK_MONOTONIC, NULL);
}

/*
 * The holder ends its own turn as it unlocks, asking on its watcher's
 * behalf, when the watcher has not asked by the turn's end: it may be
 * awake but not running.  A thread woken to watch is often queued on the
 * CPU of the holder that woke it and waits there until the holder is
 * taken off, milliseconds later, with the other CPU idle (perf sched,
 * 16 threads on 2 CPUs: 3-4 ms), so the turn lasts as long.  After this
 * ask the holder's next lock queues it and it sleeps, which gives the
 * watcher its CPU.
 *
 * `v` is the word the unlock's release left, so this runs after the
 * release, when the mutex may already be another thread's to destroy
 * (POSIX lets the last user free it once it has unlocked).  So the mutex
 * is read and written only under the bucket lock and only while a node of
 * this mutex is queued: its thread is still inside a lock of the mutex,
 * which cannot be freed before that thread has been dequeued, under the
 * same bucket lock.  Everything before reads only `v`.  Only while
 * sleepers were queued at the release (PARKED: such unlocks come here
 * anyway) and at every TURN_CHECK-th tick (the tick counts the locks
 * while watched, and restarts at each change of the flags), so that the
 * bucket lock and the clock are taken seldom.  One try, RELAXED, as in
 * ask(): a word that moved was taken or changed hands.  If the word came
 * back to `v` meanwhile (taken, and the next sleeper woken), the ask is
 * for the thread WOKEN stands for now, and the turn read is that of the
 * last holder that waited: over too, or no ask is made.
 */
static void end_turn(fl_mutex_t *m, uint32_t v)
{
	struct fl__bucket *b;
	uint32_t gen;

	if ((v & (LOCKED | WOKEN | HANDOFF | PARKED | ASKED)) != (WOKEN | PARKED) ||
	    (v >> FL__MUTEX_TICK_SHIFT) % FL_PLAT_POLLS(FL_MUTEX_TURN_CHECK))
		return;
	gen = fl_fork_generation();
	if (stale(v, gen))
		return;	/* a parent's flags: nobody of ours is queued */
	b = fl__bucket_lock(m);
	if (fl__queue_has(b, m) && turn_over(m))
		__atomic_compare_exchange_n(&m->state, &v, with_flags(v, ASKED, 0, gen),
					    false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	fl__bucket_unlock(b);
}

/* `old`: the word just before the unlock cleared LOCKED. */
void fl__mutex_unlock_slow(fl_mutex_t *m, uint32_t old)
{
	if (FL_UNLIKELY(!(old & LOCKED)))
		fl__bug("fl_mutex_unlock", m, "mutex is not locked");
	end_turn(m, old - LOCKED);
	wake_next(m, old - LOCKED);
}

int fl_mutex_timedlock(fl_mutex_t *m, clockid_t clock,
		       const struct timespec *abstime)
{
	if (fl_mutex_trylock(m))
		return 0;
	if ((clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC) || !abstime ||
	    abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000L)
		return EINVAL;
	return lock_until(m, clock, abstime);
}
