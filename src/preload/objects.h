/* SPDX-License-Identifier: MIT */
/*
 * The rwlock and condition-variable algorithms of libfairlock-preload, on
 * their own words and free of pthread types, so that the model checker
 * runs the same code (tests/fairlock/wmm/preload_rwlock.c, preload_cond.c)
 * that rwlock.c and cond.c call for the program.
 */
#ifndef FAIRLOCK_PRELOAD_OBJECTS_H
#define FAIRLOCK_PRELOAD_OBJECTS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <fairlock/mutex.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>
#include <fairlock/fork.h>

/*
 * Which fairlock lock serves a program's mutexes (FAIRLOCK_LOCK): a row of
 * fairlock's lock table (src/fairlock/table/lock_table.def), FLP_<ID>.
 */
enum flp_impl {
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO) FLP_##ID,
#include "lock_table.def"
#undef FL_LOCK
	FLP_N_IMPLS
};

/* A small number naming the calling thread (never 0), kept across fork. */
uint32_t flp_self(void);

/*
 * The lock over a pthread_mutex_t (preload.h), one of the table's types,
 * and beside the spinning ones the fork generation they were last made
 * ready in (spin_fork.c: in a forked child the parent's waiters are
 * dropped before the first use; fl_mutex_t does that itself, and that
 * word is one it ignores).
 */
struct flp_lock {
#if !(defined(FL_LOCKS_SIDE_BY_SIDE) && FL_LOCKS_SIDE_BY_SIDE)
	union {
#else
	/*
	 * FL_LOCKS_SIDE_BY_SIDE (the model checkers' build): not overlaid,
	 * as GenMC 0.11 crashes compiling a harness that locks a union
	 * member it also repairs (tests/fairlock/wmm/preload_spin_fork.c).
	 * Each lock's own code is the same.
	 */
	struct {
#endif
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO) TYPE MEMBER;
#include "lock_table.def"
#undef FL_LOCK
		struct {
			uint32_t covered[7];
			/* FLP_SPIN_REPAIRING while being repaired */
			uint32_t fork_generation;
		} gen;
	} l;
};
#define FLP_SPIN_REPAIRING 0x80000000u

/*
 * spin_fork.c: before a spinning lock's first use in a process, the
 * parent's waiters left in it are dropped (fl_*_after_fork()), once, by
 * whichever thread comes first.
 */
void flp_spin_repair(struct flp_lock *s, enum flp_impl impl, uint32_t gen,
		     uint32_t seen);

static inline void flp_spin_ready(struct flp_lock *s, enum flp_impl impl)
{
	uint32_t gen = fl_fork_generation();
	/* ACQUIRE: pairs with flp_spin_repair()'s RELEASE (mutant
	 * preload_spin_ready_acq). */
	uint32_t seen = __atomic_load_n(&s->l.gen.fork_generation, __ATOMIC_ACQUIRE);

	if (FL_UNLIKELY(seen != gen))
		flp_spin_repair(s, impl, gen, seen);
}

/* The layout over pthread_rwlock_t. */
struct flp_rwlock {
	uint32_t tag;		/* type: PTHREAD_RWLOCK_PREFER_* */
	uint32_t word;		/* FLP_RW_* and the reader count */
	fl_mutex_t gate;	/* held by the writer, or one waiting for readers */
	uint32_t writer;	/* flp_self() of the writer, 0 if none */
};

/* The layout over pthread_cond_t. */
struct flp_cond {
	uint32_t seq;		/* futex word: moves on at every signal */
	uint32_t waiters;	/* threads inside a wait; FLP_COND_DESTROYING */
	uint32_t flags;		/* FLP_COND_* */
	/* The fork generation `waiters` counts in (0: not yet known). */
	uint32_t fork_generation;
};
#define FLP_COND_MONOTONIC 1u
#define FLP_COND_SHARED 2u
#define FLP_COND_DESTROYING 0x80000000u

/* rw_word.c: the rwlock's word; the callers hold or take the gate. */
#define FLP_RW_WLOCKED 1u
#define FLP_RW_WAITING 2u	/* the gate's holder sleeps until readers leave */
#define FLP_RW_READER 4u

/* One fetch-add; false (and backed out) if a writer holds or, with
 * prefer_writer, waits. */
bool flp_rw_read_try(struct flp_rwlock *rw, bool prefer_writer);
/* A reader that holds the gate enters, and lets the gate go. */
void flp_rw_read_enter_at_gate(struct flp_rwlock *rw);
void flp_rw_read_release(struct flp_rwlock *rw);
/* With the gate held: wait for the readers to leave, then hold the word;
 * ETIMEDOUT if abstime (on clock; NULL: none) passes first. */
int flp_rw_write_claim(struct flp_rwlock *rw, clockid_t clock,
		       const struct timespec *abstime);
/* With the gate held: hold the word if no reader is in. */
bool flp_rw_write_try(struct flp_rwlock *rw);
/* Let the word go, then the gate. */
void flp_rw_write_release(struct flp_rwlock *rw);

/* cond_seq.c: the condition variable's count and sleep. */
/*
 * Count the caller in (it holds the mutex); the sequence to sleep on.  In
 * a forked child the count of the parent's waiters is dropped first.
 */
uint32_t flp_cond_enter(struct flp_cond *c);
/* Sleep while the sequence is still `seq`: 0 or ETIMEDOUT. */
int flp_cond_sleep(struct flp_cond *c, uint32_t seq, clockid_t clock,
		   const struct timespec *abstime);
/* The waiter is done with *c; after this it must not touch it. */
void flp_cond_leave(struct flp_cond *c);
/* Wake up to `count` waiters (none counted in: no system call). */
void flp_cond_wake(struct flp_cond *c, int count);
/*
 * A waiter cancelled in its wait, before flp_cond_leave(): if a signal
 * came since it entered (the sequence moved on from `seq`), the wake-up
 * may have been its own, and it passes one on, so that no other waiter is
 * left asleep for a signal that was not lost.
 */
void flp_cond_cancelled(struct flp_cond *c, uint32_t seq);
/* Destroy: wait until every waiter has left. */
void flp_cond_await_leavers(struct flp_cond *c);

/*
 * Sleep while *word == expected, until `abstime` on `clock` (NULL: no
 * limit).  ETIMEDOUT once the deadline passed, else 0 (woken, word moved
 * on, interrupted).  `shared`: the word may be in memory shared between
 * processes.
 */
int flp_futex_wait_until(uint32_t *word, uint32_t expected, bool shared,
			 clockid_t clock, const struct timespec *abstime);
void flp_futex_wake(uint32_t *word, int count, bool shared);

#endif /* FAIRLOCK_PRELOAD_OBJECTS_H */
