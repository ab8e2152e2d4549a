/* SPDX-License-Identifier: MIT */
/*
 * The parking table: where the mutex's waiters sleep, outside the mutex.
 *
 * A waiter that must sleep puts a node (on its own stack) in a FIFO queue
 * kept for its lock's address in a process-wide hash table of buckets,
 * each with a small lock of its own, and sleeps on the node's futex word.
 * An unlocker takes the first node queued for the lock and tells it, in
 * that word, what it got: a chance to try (WOKEN) or the lock itself
 * (HANDED).  The idea is WebKit's ParkingLot and Rust's parking_lot (an
 * address-keyed table of queues, a lock word of a few bits); what is
 * fairlock's own is what the mutex does with the queue (mutex.c).
 *
 * Why a table and not a queue inside each lock: a lock word then holds
 * only "someone may be queued", so the mutex stays one word wide where it
 * matters; a waiter whose deadline passes can leave the queue, which a
 * ticket queue cannot offer; and a forked child, whose only thread is the
 * one that forked, can drop every queue at once, since every queued
 * thread stayed in the parent (fl_fork_generation()).
 */
#ifndef FAIRLOCK_PARKING_H
#define FAIRLOCK_PARKING_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <fairlock/arch.h>

/* What an unparker hands a node, in its token (the futex word). */
#define FL_PARK_WAITING 0u	/* still queued */
#define FL_PARK_WOKEN 1u	/* dequeued: try to take the lock */
#define FL_PARK_HANDED 2u	/* dequeued: the lock is yours */

struct fl__parked {
	const void *key;		/* the lock */
	struct fl__parked *next;
	uint64_t since_ns;		/* when the waiter first parked (the bound) */
	uint32_t token;			/* FL_PARK_*: written under the bucket lock */
	uint32_t passes;		/* times dequeued (the model's clock) */
	int waiter;			/* the model's thread number */
};

struct fl__bucket;

/*
 * fl_fork_generation() (fairlock/fork.h) is this file's: its first call in
 * a child empties every queue, whose nodes belong to threads that stayed
 * in the parent.
 */
#include <fairlock/fork.h>

/* The bucket of `key`, locked; and its release. */
struct fl__bucket *fl__bucket_lock(const void *key);
void fl__bucket_unlock(struct fl__bucket *b);

/*
 * Queue operations, with the bucket locked.  push_back queues a new
 * waiter; push_front puts one back where it was (it was first and lost its
 * try).  pop takes the first node of `key` and says whether another stays
 * queued; remove takes out a node that may already have been popped
 * (false then).  has says whether any node of `key` is queued.
 */
void fl__queue_push_back(struct fl__bucket *b, struct fl__parked *n);
void fl__queue_push_front(struct fl__bucket *b, struct fl__parked *n);
struct fl__parked *fl__queue_pop(struct fl__bucket *b, const void *key,
				 bool *more);
bool fl__queue_remove(struct fl__bucket *b, struct fl__parked *n);
bool fl__queue_has(struct fl__bucket *b, const void *key);

/*
 * Sleep while the node's token is FL_PARK_WAITING, until `abstime` on
 * `clock` (NULL: no limit).  Returns the token as then read (ACQUIRE), or
 * FL_PARK_WAITING once the deadline has passed with the node still
 * queued as far as this thread can tell: the caller then locks the bucket
 * and looks again.  Spurious wake-ups are absorbed here.
 */
uint32_t fl__park_wait(struct fl__parked *n, clockid_t clock,
		       const struct timespec *abstime);

/*
 * Give a dequeued node its token (with the bucket locked), then, after
 * the bucket is unlocked, wake it by its token's address and its waiter
 * (read while the bucket was locked).  The waiter may return, and its stack
 * frame be gone, as soon as the token is stored: the wake reads nothing
 * of the node but its address, which it was given before (a futex wake on
 * memory reused since is one more spurious wake-up for whoever sleeps
 * there, which every futex user tolerates).
 */
void fl__park_give(struct fl__parked *n, uint32_t token);
void fl__park_wake(uint32_t *token, int waiter);

/* The calling thread's number in the model (0 elsewhere), for n->waiter. */
int fl__park_self(void);

/* Whether `clock` has reached `abstime` (the model's: the harness says). */
bool fl__deadline_passed(clockid_t clock, const struct timespec *abstime);

/* Monotonic nanoseconds (the model's: 0). */
uint64_t fl__now_ns(void);

#endif /* FAIRLOCK_PARKING_H */
