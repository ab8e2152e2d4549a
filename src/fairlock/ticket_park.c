/* SPDX-License-Identifier: MIT */
/* The parking ticket lock's sleeping side: futex wait and targeted wake. */
#include <limits.h>
#include <stdint.h>

#include <fairlock/ticket_park.h>

#include "platform.h"
#include "ticket_capacity.h"

/*
 * Polls before sleeping.  The next in line, and any waiter with fewer
 * threads ahead of it than the process has CPUs, spins longer: its turn is
 * due within a few critical sections unless a thread ahead was preempted.
 * Those further back wait a whole section per thread ahead, behind threads
 * that cannot all be running, and sleep almost at once.
 */
#define SPIN_NEXT_IN_LINE FL_PLAT_POLLS(2000u)
#define SPIN_FURTHER_BACK FL_PLAT_POLLS(50u)

/*
 * Futex words that sleepers wait on, one cache line each; the platform
 * says how many, and which one a ticket sleeps on (fl_plat_park_slot()).
 * The gate words, one per lock, are its queue SLOT_COUNT.
 */
#define SLOT_COUNT FL_PLAT_PARK_SLOTS
#define GATE_QUEUE SLOT_COUNT
struct park_slot {
	uint32_t seq;		/* the futex word */
	/*
	 * Threads in (or on their way into) futex_wait() on seq: a waker
	 * makes the system call only when there is one, so a hand-over to
	 * a waiter that is spinning costs no FUTEX_WAKE.
	 */
	uint32_t sleeping;
} FL_CACHE_ALIGNED;	/* one cache line each */

static struct park_slot slots[SLOT_COUNT];

/* The sleeping count of the slot whose futex word is `seq`. */
static uint32_t *slot_sleeping(uint32_t *seq)
{
	return &((struct park_slot *)(void *)seq)->sleeping;
}

static void wake_ticket(fl_ticket_park_t *lock, uint16_t ticket)
{
	uintptr_t i = fl_plat_park_slot(lock, ticket);
	uint32_t *slot = &slots[i].seq;

	/*
	 * Move the slot on so that a waiter between its read of the slot
	 * and its futex_wait() does not sleep, then wake whoever sleeps
	 * there (the holder of `ticket`, and any thread hashed alike, which
	 * will find it is not its turn and sleep again).  SEQ_CST: the move
	 * is the store half of the store-buffering pair below.  With ACQ_REL
	 * (mutant park_slot_move_sc) the read of the sleeping count may see
	 * no sleeper while that sleeper's futex_wait() sees the slot not yet
	 * moved: GenMC finds it asleep for good.
	 */
	__atomic_fetch_add(slot, 1, __ATOMIC_SEQ_CST);
	/*
	 * Only if someone sleeps there.  SEQ_CST here and on the sleeper's
	 * count (store buffering): the sleeper counts itself in, then the
	 * kernel reads the slot; we move the slot, then read the count.
	 * Either we see the count, or its futex_wait() sees the moved slot
	 * and returns (mutants park_slot_sleeping_sc,
	 * park_slot_sleeping_read_sc).
	 */
	if (__atomic_load_n(slot_sleeping(slot), __ATOMIC_SEQ_CST))
		fl_plat_futex_wake(slot, INT_MAX, (unsigned int)i);
}

/*
 * sleepers: the count the unlock read after its store.  That read is the
 * one the sleep protocol is built on (a sleeper it missed re-reads the
 * word and sees the new owner), so it decides whom to wake.
 */
void fl__ticket_park_wake(fl_ticket_park_t *lock, uint16_t ticket,
			  uint32_t sleepers)
{
	if (sleepers >= FL__PARK_GATE_SLEEPER) {
		/*
		 * One place in the queue came free: let one thread through
		 * the gate.  Moving the word on first keeps a thread between
		 * its read of it and its futex_wait() from sleeping.  ACQ_REL
		 * would do (mutant park_gate_move_sc): its release half orders
		 * the unlock's owner store before the move, and the wake that
		 * follows reads no count that a sleeper writes, so there is no
		 * store-buffering pair here, unlike a slot's (wake_ticket()).
		 */
		__atomic_fetch_add(&lock->gate_seq, 1, __ATOMIC_SEQ_CST);
		fl_plat_futex_wake(&lock->gate_seq, 1, GATE_QUEUE);
	}
	if (!(sleepers & (FL__PARK_GATE_SLEEPER - 1)))
		return;
	wake_ticket(lock, ticket);
	/*
	 * Wake the one after it too, so that it is running and spinning as
	 * next in line when its turn comes: a hand-over to a spinning thread
	 * takes ~100 ns, to a sleeping one a wake-up (~3 us here).
	 */
	wake_ticket(lock, (uint16_t)(ticket + 1));
}

/* The CPUs the calling thread may run on: the bound FL_TICKET_PARK_BOUND_CPUS. */
uint32_t fl__park_cpus = FL_PLAT_CPUS_AT_START;

uint32_t fl__ticket_park_cpus(void)
{
	return fl_plat_cpus(&fl__park_cpus);
}

uint32_t fl_ticket_park_bound(const fl_ticket_park_t *lock)
{
	if (__atomic_load_n(&lock->max_queue, __ATOMIC_RELAXED) ==
	    FL_TICKET_PARK_BOUND_CPUS)
		return fl__ticket_park_cpus();
	return fl__ticket_park_bound(lock);
}

/*
 * One step of waiting at the gate of a full queue: a poll, or, after
 * SPIN_FURTHER_BACK of them, a sleep until an unlock moves the gate.
 */
static void gate_wait(fl_ticket_park_t *lock, unsigned int *polls)
{
	uint32_t now, seq;

	if ((*polls)++ < SPIN_FURTHER_BACK) {
		fl_cpu_relax();
		return;
	}
	/*
	 * Sleep at the gate: read the futex word, count ourselves in,
	 * re-read the lock word, all SEQ_CST.  An unlock we miss in the
	 * re-read sees our count and moves the word on.
	 */
	/* ACQUIRE would do, as for the slot (mutant park_gate_read_sc). */
	seq = __atomic_load_n(&lock->gate_seq, __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&lock->sleepers, FL__PARK_GATE_SLEEPER, __ATOMIC_SEQ_CST);
	now = __atomic_load_n(&lock->ticket.val, __ATOMIC_SEQ_CST);
	if (fl_ticket_outstanding(now) >= fl__ticket_park_bound(lock))
		fl_plat_futex_wait(&lock->gate_seq, seq, GATE_QUEUE);
	__atomic_fetch_sub(&lock->sleepers, FL__PARK_GATE_SLEEPER, __ATOMIC_RELAXED);
	*polls = 0;
}

uint32_t fl__ticket_park_enter(fl_ticket_park_t *lock)
{
	unsigned int polls = 0;

	/* A thread about to wait is the one to notice a changed mask. */
	if (lock->max_queue == FL_TICKET_PARK_BOUND_CPUS)
		fl__ticket_park_cpus();

	for (;;) {
		uint32_t now = __atomic_load_n(&lock->ticket.val, __ATOMIC_RELAXED);

		if (fl_ticket_outstanding(now) >= fl__ticket_park_bound(lock)) {
			gate_wait(lock, &polls);
			continue;
		}
		/*
		 * Room: take the ticket with the word we checked, as the
		 * inline fast path does (SEQ_CST for the same reason, mutant
		 * park_enter_sc).  Losing the race to another arrival or to
		 * an unlock only means a new look.
		 */
		if (__atomic_compare_exchange_n(&lock->ticket.val, &now,
						now + FL_TICKET_NEXT_ONE, false,
						__ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
			fl__rmw_full_barrier(); /* as in fl__ticket_take() */
			return now;
		}
	}
}

/*
 * The gate of release 0.1's inline fast path, kept for programs built
 * with it (the ABI of docs/fairlock.md): wait until the queue has room,
 * take no ticket.  Their fetch-add after it can overshoot the bound by
 * the threads that pass together, as it always could.
 */
void fl__ticket_park_gate(fl_ticket_park_t *lock)
{
	unsigned int polls = 0;

	if (lock->max_queue == FL_TICKET_PARK_BOUND_CPUS)
		fl__ticket_park_cpus();
	while (fl_ticket_outstanding(__atomic_load_n(&lock->ticket.val, __ATOMIC_RELAXED)) >=
	       fl__ticket_park_bound(lock))
		gate_wait(lock, &polls);
}

void fl__ticket_park_slowpath(fl_ticket_park_t *lock, uint32_t val)
{
	uint16_t ticket = (uint16_t)(val >> 16);
	unsigned int polls = 0;
	/* Ahead of us, the holder included, fewer than the CPUs: spin. */
	uint32_t spin_within = fl_plat_online_cpus();

	fl__ticket_check_capacity(&lock->ticket, val);
	if (lock->max_queue == FL_TICKET_PARK_BOUND_CPUS)
		fl__ticket_park_cpus(); /* as at the gate */
	for (;;) {
		/*
		 * ACQUIRE: pairs with the unlock's store of the owner half.
		 * Redundant before the fence at the end, as in the spinning
		 * slow path (mutant park_wait_acq).
		 */
		uint32_t now = __atomic_load_n(&lock->ticket.val,
					       __ATOMIC_ACQUIRE);
		uint16_t ahead = (uint16_t)(ticket - (uint16_t)now);
		uintptr_t i;
		uint32_t *slot, seq;

		if (ahead == 0)
			break;
		/*
		 * A waiter with a CPU for itself and for each thread ahead of
		 * it (the holder included) spins as the next in line does:
		 * its turn comes within a few hand-overs between running
		 * threads, and a sleep would cost it a wake-up and its
		 * predecessor's unlock a system call.
		 */
		if (polls < (ahead == 1 || ahead < spin_within ?
			     SPIN_NEXT_IN_LINE : SPIN_FURTHER_BACK)) {
			polls++;
			fl_cpu_relax();
			continue;
		}
		/*
		 * Sleep.  Read the slot first, then count ourselves in and
		 * re-read the word, all SEQ_CST: an unlock that we miss in the
		 * re-read sees our count and moves the slot, and then the
		 * futex_wait() below does not sleep.
		 */
		i = fl_plat_park_slot(lock, ticket);
		slot = &slots[i].seq;
		/*
		 * ACQUIRE would do for this read (mutant park_slot_read_sc):
		 * if it sees the slot moved, it synchronises with the waker,
		 * whose owner store then happens before our re-read.  SEQ_CST
		 * is kept for the protocol's plain statement; it is the same
		 * LDAR/MOV, on the path that goes to sleep.
		 */
		seq = __atomic_load_n(slot, __ATOMIC_SEQ_CST);
		__atomic_fetch_add(&lock->sleepers, 1, __ATOMIC_SEQ_CST);
		now = __atomic_load_n(&lock->ticket.val, __ATOMIC_SEQ_CST);
		if ((uint16_t)now != ticket) {
			/* SEQ_CST: see wake_ticket(). */
			__atomic_fetch_add(slot_sleeping(slot), 1, __ATOMIC_SEQ_CST);
			fl_plat_futex_wait(slot, seq, (unsigned int)i);
			__atomic_fetch_sub(slot_sleeping(slot), 1, __ATOMIC_RELAXED);
		}
		__atomic_fetch_sub(&lock->sleepers, 1, __ATOMIC_RELAXED);
		polls = 0;
	}
	/*
	 * RCsc, as in the spinning ticket lock's slow path, and on x86 for
	 * the same reason without a fence: every write since the LOCK XADD
	 * was a locked RMW too, or the futex system call.
	 */
#if FL_LOCKED_RMW_FENCES
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}
