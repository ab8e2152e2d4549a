/* SPDX-License-Identifier: MIT */
/*
 * fairlock parking ticket lock: the ticket lock of fairlock/ticket.h, for
 * programs that run more threads than cores.
 *
 * A pure spinning FIFO lock collapses under oversubscription: the thread
 * whose turn it is may be preempted, and every waiter behind it burns its
 * time slice.  Here a waiter spins briefly, then sleeps on a futex; the
 * unlocker wakes the holders of the next ticket and of the one after it
 * (so that the latter is running when its turn comes), no one else.
 *
 * Layout: the lock word is the kernel's ticket word, unchanged (next ticket
 * high, owner low); beside it a count of sleeping waiters.  FIFO order is
 * the ticket order, as in the spinning lock.  Sleepers wait on one of a
 * fixed set of futex words in libfairlock, chosen by hashing the lock's
 * address and the ticket, so a wake-up goes to those two tickets only
 * (different lock/ticket pairs may share a word: a spurious wake-up, then
 * the woken thread sleeps again).
 *
 * Cost when uncontended: lock is the same single fetch-add (after a load
 * of the queue bound); with a bound set, a load of the word and a
 * compare-exchange instead.  Unlock is one
 * store to the owner half-word and one load of the sleeper count, with the
 * store ordered before the load (SEQ_CST): on arm64, RISC-V and LoongArch
 * that is a release store and an acquire load; on x86 the ordered store is
 * an XCHG instead of a MOV.  Only when someone sleeps does unlock make
 * system calls (two FUTEX_WAKEs).  The futexes are process-private: do not
 * place this lock in memory shared between processes.
 *
 * Bounded queue (fl_ticket_park_init_bounded): with more threads than
 * CPUs a strict FIFO lock stalls behind every queued thread that is not
 * running.  With a bound of n (about the CPU count), a thread takes its
 * ticket only by a compare-exchange that sees fewer than n tickets out,
 * so at most n threads (the holder included) ever hold tickets; the
 * others wait at a gate without one, and preemption catches them outside
 * the queue.  FIFO then holds inside the queue only; see docs/fairlock.md.
 * fl_ticket_park_init_cpus() sets the bound to the CPUs the process may
 * run on, and follows changes of its affinity.
 *
 * Ordering guarantees: as fl_ticket_t (acquire/release; RCsc on the slow
 * path, and on the fast path only as the instructions give it).
 * Capacity: as fl_ticket_t (32767 holders and waiters).
 */
#ifndef FAIRLOCK_TICKET_PARK_H
#define FAIRLOCK_TICKET_PARK_H

#include <fairlock/ticket.h>

FL_EXTERN_C_BEGIN

typedef struct fl_ticket_park {
	fl_ticket_t ticket;
	/* Waiters asleep or about to sleep: in the queue (low 16 bits), at
	 * the gate of a bounded queue (high 16 bits). */
	uint32_t sleepers;
	uint32_t gate_seq;	/* futex word of the gate */
	/* 0: unbounded (strict FIFO); FL_TICKET_PARK_BOUND_CPUS: the CPUs
	 * this process may run on */
	uint32_t max_queue;
} fl_ticket_park_t;

#define FL_TICKET_PARK_INIT { FL_TICKET_INIT, 0, 0, 0 }
#define FL__PARK_GATE_SLEEPER 0x10000u
#define FL_TICKET_PARK_BOUND_CPUS UINT32_MAX

/*
 * The number of CPUs the process may run on (sched_getaffinity), as last
 * read; 0 before the first read.  Part of the inline fast path's ABI.
 */
FL_API extern uint32_t fl__park_cpus;
FL_API uint32_t fl__ticket_park_cpus(void);

FL_API void fl__ticket_park_slowpath(fl_ticket_park_t *lock, uint32_t val);
FL_API void fl__ticket_park_wake(fl_ticket_park_t *lock, uint16_t ticket,
			  uint32_t sleepers);
FL_API uint32_t fl__ticket_park_enter(fl_ticket_park_t *lock);
/* Release 0.1's gate, for programs built against it: see ticket_park.c. */
FL_API void fl__ticket_park_gate(fl_ticket_park_t *lock);

static inline void fl_ticket_park_init(fl_ticket_park_t *lock)
{
	fl_ticket_init(&lock->ticket);
	__atomic_store_n(&lock->sleepers, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&lock->gate_seq, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&lock->max_queue, 0, __ATOMIC_RELAXED);
}

/*
 * A bounded queue: at most max_queue threads (the holder included) hold
 * tickets; the others wait at a gate, asleep, without a ticket.  See
 * docs/fairlock.md: FIFO holds among the threads in the queue, entry to
 * the queue is in no guaranteed order.  max_queue 0 is the strict FIFO
 * lock of fl_ticket_park_init().
 */
static inline void fl_ticket_park_init_bounded(fl_ticket_park_t *lock,
					       uint32_t max_queue)
{
	fl_ticket_park_init(lock);
	__atomic_store_n(&lock->max_queue, max_queue, __ATOMIC_RELAXED);
}

/*
 * A bounded queue as deep as there are CPUs this process may run on: the
 * count of sched_getaffinity(), read again at most every 100 ms by the
 * threads that wait, so a changed affinity or cpuset takes effect within
 * about that.  Where the mask cannot be read, the CPUs online.
 */
static inline void fl_ticket_park_init_cpus(fl_ticket_park_t *lock)
{
	fl_ticket_park_init_bounded(lock, FL_TICKET_PARK_BOUND_CPUS);
}

/* The bound that max_queue stands for: 0 for none. */
static inline uint32_t fl__ticket_park_bound_of(uint32_t max_queue)
{
	uint32_t bound = max_queue;

	if (bound == FL_TICKET_PARK_BOUND_CPUS) {
		/* RELAXED: a hint, as the queue check below. */
		bound = __atomic_load_n(&fl__park_cpus, __ATOMIC_RELAXED);
		if (FL_UNLIKELY(bound == 0))
			bound = fl__ticket_park_cpus();
	}
	return bound;
}

/* The bound in force: 0 for none. */
static inline uint32_t fl__ticket_park_bound(const fl_ticket_park_t *lock)
{
	return fl__ticket_park_bound_of(
		__atomic_load_n(&lock->max_queue, __ATOMIC_RELAXED));
}

/* The queue bound a lock applies now (0: none); for tests and tools. */
FL_API uint32_t fl_ticket_park_bound(const fl_ticket_park_t *lock);

static inline void fl_ticket_park_lock(fl_ticket_park_t *lock)
{
	uint32_t max_queue = __atomic_load_n(&lock->max_queue, __ATOMIC_RELAXED);
	uint16_t owner, ticket;

	/* Unbounded locks pay one load and one test here. */
	if (max_queue) {
		uint32_t bound = fl__ticket_park_bound_of(max_queue);
		uint32_t val = __atomic_load_n(&lock->ticket.val, __ATOMIC_RELAXED);

		/*
		 * Admission and the ticket are one step: the ticket is taken
		 * by a compare-exchange of the word the bound was checked
		 * against, so no thread takes a ticket while the bound's
		 * worth are out.  SEQ_CST on success, as fl__ticket_take()'s
		 * fetch-add, which it replaces here (mutant park_admit_sc).
		 */
		if (FL_UNLIKELY(fl_ticket_outstanding(val) >= bound ||
				!__atomic_compare_exchange_n(&lock->ticket.val,
					&val, val + FL_TICKET_NEXT_ONE, false,
					__ATOMIC_SEQ_CST, __ATOMIC_RELAXED)))
			val = fl__ticket_park_enter(lock);
		else
			fl__rmw_full_barrier(); /* as in fl__ticket_take() */
		ticket = (uint16_t)(val >> 16);
		owner = (uint16_t)val;
	} else {
		ticket = fl__ticket_take(&lock->ticket, &owner); /* as fl_ticket_lock() */
	}
	if (FL_LIKELY(ticket == owner))
		return;
	fl__ticket_park_slowpath(lock, ((uint32_t)ticket << 16) | owner);
}

static inline bool fl_ticket_park_trylock(fl_ticket_park_t *lock)
{
	return fl_ticket_trylock(&lock->ticket);
}

static inline void fl_ticket_park_unlock(fl_ticket_park_t *lock)
{
#if FL_WORD_ACCESS_ONLY
	/* A word read; the store below is a word RMW (arch.h). */
	uint16_t next_owner = (uint16_t)(__atomic_load_n(&lock->ticket.val,
							 __ATOMIC_RELAXED) + 1);
#else
	/* Only the holder writes the owner half: see fl_ticket_unlock(). */
	uint16_t next_owner = (uint16_t)(__atomic_load_n(
		&lock->ticket.half[FL_TICKET_OWNER_HALF], __ATOMIC_RELAXED) + 1);
#endif
	uint32_t sleepers;

#ifdef FL_DEBUG
	if (!fl_ticket_is_locked(&lock->ticket))
		fl__bug("fl_ticket_park_unlock", lock, "lock is not held");
#endif
	/*
	 * SEQ_CST store, then SEQ_CST load: the store must be ordered before
	 * the load of the sleeper count.  A waiter counts itself in and then
	 * re-reads the word (both SEQ_CST) before it sleeps, so either it
	 * sees our new owner, or we see its count and wake it.  The store is
	 * also the RELEASE of the critical section.
	 */
#if FL_WORD_ACCESS_ONLY
	/* Owner + 1 as one word RMW (arch.h). */
	__atomic_fetch_add(&lock->ticket.val, 1, __ATOMIC_SEQ_CST);
#else
	__atomic_store_n(&lock->ticket.half[FL_TICKET_OWNER_HALF], next_owner,
			 __ATOMIC_SEQ_CST);
#endif
	sleepers = __atomic_load_n(&lock->sleepers, __ATOMIC_SEQ_CST);
	if (FL_UNLIKELY(sleepers))
		fl__ticket_park_wake(lock, next_owner, sleepers);
}

/*
 * In a forked child, before the lock's first use there (fairlock/fork.h):
 * as fl_ticket_after_fork(), and nobody sleeps any more.  Only while no
 * other thread of the child uses the lock.
 */
static inline void fl_ticket_park_after_fork(fl_ticket_park_t *lock)
{
	fl_ticket_after_fork(&lock->ticket);
	__atomic_store_n(&lock->sleepers, 0, __ATOMIC_RELAXED);
}

static inline bool fl_ticket_park_is_locked(fl_ticket_park_t *lock)
{
	return fl_ticket_is_locked(&lock->ticket);
}

/*
 * Others want the lock: a waiter in the queue, or, for a bounded queue, one
 * asleep at its gate.  With a bound of 1 no waiter ever holds a ticket, so
 * the queue alone would never say so.  A thread still polling at the gate
 * has written nothing and shows nowhere.  Relaxed snapshots, as
 * fl_ticket_is_contended().
 */
static inline bool fl_ticket_park_is_contended(fl_ticket_park_t *lock)
{
	return fl_ticket_is_contended(&lock->ticket) ||
	       __atomic_load_n(&lock->sleepers, __ATOMIC_RELAXED) >=
		       FL__PARK_GATE_SLEEPER;
}

FL_EXTERN_C_END

#endif /* FAIRLOCK_TICKET_PARK_H */
