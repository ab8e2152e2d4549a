/* SPDX-License-Identifier: MIT */
/*
 * The platform (src/fairlock/platform.h) as the model build gives it: no
 * system calls, deadlines the harness passes, the harness's thread numbers,
 * and one poll before every sleep, so that GenMC explores the sleep
 * protocols rather than spins.  model_platform.h lists what else differs.
 */
#ifndef FL_MODEL_PLATFORM_IMPL_H
#define FL_MODEL_PLATFORM_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <fairlock/ticket.h>

/* The harness's threads (wmm.h numbers them 0..WMM_MAX_THREADS-1). */
#define FL_MODEL_THREADS 4

/* --- futexes --- */

/*
 * The futex as a model checker can run it.  The kernel checks the word
 * and queues the sleeper atomically against wakers, and each futex call is
 * a full barrier.  Here each word's queue is a wake count, `wakes`, that
 * the caller keeps for it.  A sleeper reads the count, then the word (both
 * SEQ_CST): a waker that changed the word after that read has to bump the
 * count after it too, so the sleeper either sees the new word and does not
 * sleep, or waits for the count to move.  A wait therefore ends only by a
 * wake or a changed word, as in the kernel; a timeout never fires (no lock
 * may need one to make progress), and wake-one is modelled as wake-all (an
 * over-approximation: it can hide a lost wake-up of the second of two
 * sleepers on one word, never invent one).  One count per word that must
 * be told apart: two words on one count would let a wake owed to one
 * rescue the other.  The preload harnesses call these directly.
 */
static inline void fl_model_futex_wait(uint32_t *wakes, uint32_t *word,
				       uint32_t expected)
{
	uint32_t seen = __atomic_load_n(wakes, __ATOMIC_SEQ_CST);

	if (__atomic_load_n(word, __ATOMIC_SEQ_CST) != expected)
		return;
	while (__atomic_load_n(wakes, __ATOMIC_SEQ_CST) == seen)
		;
}

static inline void fl_model_futex_wake(uint32_t *wakes)
{
	__atomic_fetch_add(wakes, 1, __ATOMIC_SEQ_CST);
}

/*
 * The parking ticket lock's futex words, one count each: `queue` is the
 * slot's number, FL_PLAT_PARK_SLOTS for every lock's gate word.
 */
#ifndef FL_PARK_MODEL_SLOTS
#define FL_PARK_MODEL_SLOTS 2
#endif
#define FL_PLAT_PARK_SLOTS ((unsigned int)FL_PARK_MODEL_SLOTS)

static uint32_t fl_model_park_wakes[FL_PLAT_PARK_SLOTS + 1];

static inline void fl_plat_futex_wait(uint32_t *word, uint32_t expected,
				      unsigned int queue)
{
	fl_model_futex_wait(&fl_model_park_wakes[queue], word, expected);
}

static inline void fl_plat_futex_wake(uint32_t *word, int count,
				      unsigned int queue)
{
	(void)word;
	(void)count;
	fl_model_futex_wake(&fl_model_park_wakes[queue]);
}

/*
 * Deadlines a harness passes by hand: fl_model_deadline_passed[thread]
 * set by another thread is "the clock reached the deadline", at any point
 * of the waiter's run.
 */
uint32_t fl_model_deadline_passed[FL_MODEL_THREADS];

/* A parked node's token: a wake count per waiter. */
static uint32_t fl_model_token_wakes[FL_MODEL_THREADS];
static uint32_t fl_model_token_sleeps[FL_MODEL_THREADS];

static inline void fl_plat_token_sleep(uint32_t *token, uint32_t waiting,
				       int waiter, clockid_t clock,
				       const struct timespec *abstime)
{
	uint32_t seen = __atomic_load_n(&fl_model_token_wakes[waiter],
					__ATOMIC_SEQ_CST);

	(void)clock;
	if (__atomic_load_n(token, __ATOMIC_SEQ_CST) != waiting)
		return;
	while (__atomic_load_n(&fl_model_token_wakes[waiter], __ATOMIC_SEQ_CST) == seen &&
	       !(abstime && __atomic_load_n(&fl_model_deadline_passed[waiter],
					    __ATOMIC_SEQ_CST)))
		;
	/*
	 * A count of sleeps ended: an effect of the caller's wait loop, which
	 * GenMC would otherwise take for a loop of loads only, and stop as
	 * "spinning for ever" after a first pass that read the token before
	 * the waker wrote it, though the wake that ended this sleep comes
	 * after that write.
	 */
	__atomic_fetch_add(&fl_model_token_sleeps[waiter], 1, __ATOMIC_RELAXED);
}

static inline void fl_plat_token_wake(uint32_t *token, int waiter)
{
	(void)token;
	fl_model_futex_wake(&fl_model_token_wakes[waiter]);
}

static inline int fl_plat_self(void)
{
	return fl_model_thread_index();
}

/* --- the clock: it never moves; deadlines pass when the harness says --- */

static inline uint64_t fl_plat_now_ns(void)
{
	return 0;
}

static inline bool fl_plat_deadline_passed(clockid_t clock,
					   const struct timespec *abstime)
{
	(void)clock;
	(void)abstime;
	return __atomic_load_n(&fl_model_deadline_passed[fl_model_thread_index()],
			       __ATOMIC_SEQ_CST);
}

/*
 * The mutex's bound counts dequeues instead: a bound of n makes the nth
 * time a waiter is dequeued the hand-over (1: the first, so every dequeue
 * hands the lock over; the default 1000 is never reached).
 */
#define fl_plat_past_bound(n, bound_us) ((n)->passes + 1u >= (bound_us))

/*
 * The mutex's turns: never over, so a watcher with its one look
 * (FL_PLAT_POLLS) takes a free lock only as it stops looking; with
 * FL_MODEL_TURNS_END always over, so a watcher that finds the lock held
 * asks for it, and one that finds it free takes it (mutex.c).
 */
#define fl_plat_now_us() 0u
#ifdef FL_MODEL_TURNS_END
#define fl_plat_turn_over(start_us, turn_us) ((void)(start_us), (void)(turn_us), true)
#else
#define fl_plat_turn_over(start_us, turn_us) ((void)(start_us), (void)(turn_us), false)
#endif
/*
 * Whether the turn lasts for the holder back for the lock, without a
 * read of the turn's start (its arguments are not evaluated: a read the
 * model cannot tell apart, explored for nothing).  With
 * FL_MODEL_FREE_WATCH it lasts while every turn is over to the watchers.
 */
#if defined(FL_MODEL_FREE_WATCH) || !defined(FL_MODEL_TURNS_END)
#define fl_plat_turn_lasts(start_us, turn_us) true
#else
#define fl_plat_turn_lasts(start_us, turn_us) false
#endif

/* --- CPUs: two, fixed; the harnesses set their bounds --- */

#define FL_PLAT_CPUS_AT_START 2u

static inline uint32_t fl_plat_online_cpus(void)
{
	return 2;
}

static inline uint32_t fl_plat_cpus(uint32_t *cached)
{
	(void)cached;
	return 2;
}

/* --- spinning: one poll, then the sleep protocol the checker must see --- */

#define FL_PLAT_POLLS(n) 1u
#define FL_PLAT_PAUSES(n) 0u
/*
 * The mutex's waiters look (once), as the harnesses expect, or with
 * FL_MODEL_NO_LOOKS never: the path of a thread whose looks stopped paying.
 */
#define FL_PLAT_SPIN_LEARNS 0
/* Every waiter past the bound is handed the lock, watcher or not. */
#define FL_PLAT_WATCHERS_SKIP_BOUND 0
#ifdef FL_MODEL_NO_LOOKS
#define FL_PLAT_SPIN_WANTED false
#else
#define FL_PLAT_SPIN_WANTED true
#endif

/*
 * A waiter's record: one per harness thread, not on its stack, as each
 * waits for one lock at a time, because GenMC 0.11 takes a stack object of
 * a function that a thread calls twice for freed memory.
 */
#define FL_PLAT_WAITER(type, name)					\
	static type name##_per_thread[FL_MODEL_THREADS];		\
	type *name = &name##_per_thread[fl_model_thread_index()]

/* --- where sleepers sleep --- */

/*
 * The parking ticket lock's slot is the ticket modulo FL_PARK_MODEL_SLOTS
 * (default 2), so that a harness decides which tickets share one.  With
 * 2, a ticket and the next never do, and a wake-up owed to one cannot be
 * made good by the extra wake of the other (that hid a lost wake-up
 * once); with 1, every ticket shares the one slot, as a busy program's
 * sometimes do.
 */
static inline uintptr_t fl_plat_park_slot(const void *lock, uint16_t ticket)
{
	(void)lock;
	return ticket % FL_PLAT_PARK_SLOTS;
}

/* The parking table: what a harness's locks need. */
#define FL_PLAT_PARK_BUCKETS 2u

/*
 * The bucket lock: the spinning ticket lock, which the model checks
 * elsewhere, instead of Linux's futex lock: GenMC 0.11's spin-loop
 * detection takes that lock's exchange loop for a loop without effect and
 * reports a thread that has just been woken as spinning for ever
 * (docs/model-checking.md), so the protocol of the queues, not of that
 * lock, is what the model covers.
 */
typedef fl_ticket_t fl_plat_bucket_lock_t;

static inline void fl_plat_bucket_lock_init(fl_plat_bucket_lock_t *l)
{
	fl_ticket_init(l);
}

static inline void fl_plat_bucket_lock_acquire(fl_plat_bucket_lock_t *l)
{
	fl_ticket_lock(l);
}

static inline void fl_plat_bucket_lock_release(fl_plat_bucket_lock_t *l)
{
	fl_ticket_unlock(l);
}

/* The per-thread and per-process parts (platform.h). */
#define FL_PLAT_THREAD_INDEX "model_thread_index.h"
#define FL_PLAT_FORK_WORD "model_fork_word.h"

#endif /* FL_MODEL_PLATFORM_IMPL_H */
