/* SPDX-License-Identifier: MIT */
/*
 * The futex calls of the sleeping locks (ticket_park.c, mutex.c), and the
 * stand-in the model build runs instead (FL_MODEL_CHECK).
 *
 * Every sleeper here uses a futex word as an event count: it reads the
 * word, publishes that it will sleep, re-checks the lock, then sleeps only
 * while the word still holds what it read.  A waker first moves the word
 * on, then wakes.  So a wake-up can come early or for someone else, never
 * too late, and every caller loops back to look at its lock.
 */
#ifndef FAIRLOCK_FUTEX_H
#define FAIRLOCK_FUTEX_H

#include <stdint.h>
#include <time.h>

#ifndef FL_MODEL_CHECK
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/*
 * Sleep while *word == expected, for at most `timeout` (relative,
 * CLOCK_MONOTONIC; NULL: no limit).  EAGAIN (the word moved on), EINTR,
 * ETIMEDOUT and spurious wake-ups all simply return.
 */
static inline void fl_futex_wait(uint32_t *word, uint32_t expected,
				 const struct timespec *timeout)
{
	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, timeout, NULL, 0);
}

static inline void fl_futex_wake(uint32_t *word, int count)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}
#else
/*
 * FL_MODEL_CHECK: the futex as a model checker can run it.  The kernel
 * checks the word and queues the sleeper atomically against wakers, and
 * each futex call is a full barrier.  Here each word's queue is a wake
 * count, `wakes`, that the calling file keeps for it.  A sleeper reads the
 * count, then the word (both SEQ_CST): a waker that changed the word after
 * that read has to bump the count after it too, so the sleeper either sees
 * the new word and does not sleep, or waits for the count to move.  A
 * wait therefore ends only by a wake or a changed word, as in the kernel;
 * a timeout never fires (no lock may need one to make progress), and
 * wake-one is modelled as wake-all (an over-approximation: it can hide a
 * lost wake-up of the second of two sleepers on one word, never invent
 * one).  A file keeps one count per word that it must tell apart: two
 * words on one count would let a wake owed to one rescue the other.
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
#endif

#endif /* FAIRLOCK_FUTEX_H */
