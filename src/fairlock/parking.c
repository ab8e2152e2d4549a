/* SPDX-License-Identifier: MIT */
/*
 * The parking table (parking.h): buckets with a small futex lock each, FIFO
 * queues of waiters' nodes, the futex sleep on a node, and what a forked
 * child does with queues whose threads stayed in the parent.
 */
#include <errno.h>
#include <stddef.h>

#include "parking.h"
#include "platform.h"

/*
 * Buckets: a power of two (the platform's count), each on its own cache
 * line so that two locks' waiters do not share a line.
 */
#define BUCKETS FL_PLAT_PARK_BUCKETS

struct fl__bucket {
	fl_plat_bucket_lock_t lock;	/* the queues' lock (platform.h) */
	struct fl__parked *head, *tail;
} FL_CACHE_ALIGNED;

static struct fl__bucket buckets[BUCKETS];

static struct fl__bucket *bucket_of(const void *key)
{
	/* Fibonacci hashing of the address; its low bits are alignment. */
	uint64_t h = (uint64_t)(uintptr_t)key * UINT64_C(0x9e3779b97f4a7c15);

	return &buckets[(h >> 40) % BUCKETS];
}

/* --- the clock: one out-of-line copy of the platform's --- */

uint64_t fl__now_ns(void)
{
	return fl_plat_now_ns();
}

bool fl__deadline_passed(clockid_t clock, const struct timespec *abstime)
{
	return fl_plat_deadline_passed(clock, abstime);
}

/* --- the bucket lock: the platform's (platform_linux.h: a futex lock) --- */

struct fl__bucket *fl__bucket_lock(const void *key)
{
	struct fl__bucket *b = bucket_of(key);

	(void)fl_fork_generation(); /* a child empties the table first */
	fl_plat_bucket_lock_acquire(&b->lock);
	return b;
}

void fl__bucket_unlock(struct fl__bucket *b)
{
	fl_plat_bucket_lock_release(&b->lock);
}

/* --- queues: plain accesses, all under the bucket lock --- */

void fl__queue_push_back(struct fl__bucket *b, struct fl__parked *n)
{
	n->next = NULL;
	if (b->tail)
		b->tail->next = n;
	else
		b->head = n;
	b->tail = n;
}

void fl__queue_push_front(struct fl__bucket *b, struct fl__parked *n)
{
	n->next = b->head;
	b->head = n;
	if (!b->tail)
		b->tail = n;
}

/* Unlink the node after `prev` (NULL: the head). */
static void unlink_after(struct fl__bucket *b, struct fl__parked *prev,
			 struct fl__parked *n)
{
	if (prev)
		prev->next = n->next;
	else
		b->head = n->next;
	if (b->tail == n)
		b->tail = prev;
}

static bool key_queued_from(const struct fl__parked *n, const void *key)
{
	for (; n; n = n->next)
		if (n->key == key)
			return true;
	return false;
}

struct fl__parked *fl__queue_pop(struct fl__bucket *b, const void *key,
				 bool *more)
{
	struct fl__parked *prev = NULL;

	for (struct fl__parked *n = b->head; n; prev = n, n = n->next) {
		if (n->key != key)
			continue;
		unlink_after(b, prev, n);
		*more = key_queued_from(n->next, key);
		return n;
	}
	*more = false;
	return NULL;
}

bool fl__queue_remove(struct fl__bucket *b, struct fl__parked *target)
{
	struct fl__parked *prev = NULL;

	for (struct fl__parked *n = b->head; n; prev = n, n = n->next)
		if (n == target) {
			unlink_after(b, prev, n);
			return true;
		}
	return false;
}

bool fl__queue_has(struct fl__bucket *b, const void *key)
{
	return key_queued_from(b->head, key);
}

/* --- a node's sleep and its wake-up --- */

uint32_t fl__park_wait(struct fl__parked *n, clockid_t clock,
		       const struct timespec *abstime)
{
	for (;;) {
		/*
		 * ACQUIRE: pairs with fl__park_give()'s RELEASE, so what the
		 * unparker did before (a hand-over: the lock taken for us)
		 * happens before what we do with the token (mutant
		 * parking_token_acq).
		 */
		uint32_t t = __atomic_load_n(&n->token, __ATOMIC_ACQUIRE);

		if (t != FL_PARK_WAITING)
			return t;
		if (abstime && fl__deadline_passed(clock, abstime))
			return FL_PARK_WAITING;
		fl_plat_token_sleep(&n->token, FL_PARK_WAITING, n->waiter,
				    clock, abstime);
	}
}

void fl__park_give(struct fl__parked *n, uint32_t token)
{
	/* RELEASE: see fl__park_wait(). */
	__atomic_store_n(&n->token, token, __ATOMIC_RELEASE);
}

void fl__park_wake(uint32_t *token, int waiter)
{
	fl_plat_token_wake(token, waiter);
}

/* --- fork --- */

/*
 * How a child notices that it is one, with no help from the program: a
 * page marked MADV_WIPEONFORK (Linux 4.14) reads 0 in every child, and
 * holds SEEN in a process that has dealt with its fork (or never forked).
 * A pthread_atfork child handler stores 0 there as well, for kernels and
 * emulators that ignore the advice.  Why not the handler alone: handlers
 * run in the order they were registered, so a program's own child handler
 * registered before this library's (the usual "unlock in the child"
 * pattern, from a library loaded first) would meet the parent's queues.
 *
 * The first thread of the child to call fl_fork_generation() empties the
 * table and moves the generation on; others wait for it.  A second pass,
 * when both the page and the handler say "fork", runs while the child has
 * one thread (every atfork handler runs before fork() returns), when no
 * node of the child can be queued, so it loses nothing.
 */
enum { FORK_NOTICED = 0, FORK_SEEN = 1, FORK_HANDLING = 2 };
#define GENERATION_MASK 0x0fffffffu

/* RELAXED atomics: written only between FORK_HANDLING and FORK_SEEN. */
static uint32_t generation = 1;

static void empty_table(void)
{
	uint32_t g = __atomic_load_n(&generation, __ATOMIC_RELAXED);

	for (unsigned int i = 0; i < BUCKETS; i++) {
		fl_plat_bucket_lock_init(&buckets[i].lock);
		buckets[i].head = NULL;
		buckets[i].tail = NULL;
	}
	g = (g + 1) & GENERATION_MASK;
	__atomic_store_n(&generation, g ? g : 1, __ATOMIC_RELAXED);
}

/* the_fork_word(): the platform's (FL_PLAT_FORK_WORD, platform.h). */
#include FL_PLAT_FORK_WORD

static uint32_t after_fork(uint32_t *word)
{
	uint32_t s = FORK_NOTICED;

	/*
	 * RELAXED: the compare-exchange only elects the thread that empties
	 * the table; what that thread overwrites was last written by threads
	 * of the parent (or, in this process, before its threads began).
	 * RELEASE on SEEN, ACQUIRE in the wait here and in
	 * fl_fork_generation(): the emptied table and the new generation
	 * happen before another thread's use of them (mutants fork_seen_rel,
	 * fork_wait_acq, fork_seen_acq).
	 */
	if (__atomic_compare_exchange_n(word, &s, FORK_HANDLING, false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
		empty_table();
		__atomic_store_n(word, FORK_SEEN, __ATOMIC_RELEASE);
	} else {
		while (__atomic_load_n(word, __ATOMIC_ACQUIRE) != FORK_SEEN)
			fl_cpu_relax();
	}
	return __atomic_load_n(&generation, __ATOMIC_RELAXED);
}

FL_API uint32_t fl_fork_generation(void)
{
	uint32_t *word = the_fork_word();

	/* ACQUIRE: pairs with after_fork()'s RELEASE. */
	if (FL_LIKELY(__atomic_load_n(word, __ATOMIC_ACQUIRE) == FORK_SEEN))
		return __atomic_load_n(&generation, __ATOMIC_RELAXED);
	return after_fork(word);
}

int fl__park_self(void)
{
	return fl_plat_self();
}
