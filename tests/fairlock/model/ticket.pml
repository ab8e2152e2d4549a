/*
 * Model of fairlock's ticket lock (include/fairlock/ticket.h, seed 002).
 *
 * Memory model: sequential consistency (Promela interleaves whole
 * statements).  Each statement below is one atomic access of the C code:
 * the fetch-add that takes a ticket, the acquire load in the wait loop, the
 * release store of the owner half.  What this proves and what it does not
 * is in docs/model-checking.md.
 *
 * The 16-bit halves are modelled as counters modulo M = N + 1 rather than
 * 65536: with N threads at most N tickets are outstanding, so M = N + 1 is
 * the smallest modulus that keeps every state distinguishable, and the
 * wrap-around happens every few acquisitions instead of every 65536.
 *
 * Properties (checked by tests/fairlock/model/run.sh):
 *   - mutual exclusion: assert in the critical section;
 *   - no deadlock: spin's invalid-end-state check (every process loops
 *     forever, so a state where all are blocked is a deadlock);
 *   - FIFO: threads enter in the order their fetch-add took tickets.
 *
 * BROKEN_SPLIT_ADD: the ticket is taken by a load and a separate store
 * instead of one fetch-add (a lost-update bug); must fail.
 * BROKEN_WRONG_HALF: the wait compares the ticket with the next half
 * instead of the owner half; must fail.
 */
#ifndef N
#define N 3
#endif
#define M (N + 1)
#define INC(x) (((x) + 1) % M)

byte next = 0;
byte owner = 0;
byte in_cs = 0;
byte served = 0; /* the ticket that FIFO says enters next */

proctype thread()
{
	byte ticket;

	do
	::
#ifdef BROKEN_SPLIT_ADD
		ticket = next;
		next = INC(ticket);
#else
		atomic { ticket = next; next = INC(next) }  /* fetch-add, SEQ_CST */
#endif
#ifdef BROKEN_WRONG_HALF
		(next == INC(ticket));
#else
		(owner == ticket);                          /* ACQUIRE spin */
#endif
		in_cs++;
		assert(in_cs == 1);                         /* mutual exclusion */
		assert(ticket == served);                   /* FIFO */
		served = INC(served);
		in_cs--;
		owner = INC(ticket)                         /* RELEASE, owner half only */
	od
}

init {
	atomic {
		byte i = 0;
		do
		:: i < N -> run thread(); i++
		:: else -> break
		od
	}
}
