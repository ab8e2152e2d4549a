/* SPDX-License-Identifier: MIT */
/*
 * The parking table (parking.h): buckets with a small futex lock each, FIFO
 * queues of waiters' nodes, the futex sleep on a node, and what a forked
 * child does with queues whose threads stayed in the parent.
 */
#include <errno.h>
#include <stddef.h>

#include <fairlock/ticket.h>

#include "parking.h"

#ifndef FL_MODEL_CHECK
#include <linux/futex.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/*
 * Buckets: a power of two, each on its own cache line so that two locks'
 * waiters do not share a line.  256 keeps collisions rare for the locks
 * a program contends at once (a collision only makes two locks' waiters
 * share a queue lock and a list walk); the model needs one.
 */
#ifndef FL_MODEL_CHECK
#define BUCKETS 256u
#else
#define BUCKETS 2u	/* FL_MODEL_CHECK: what a harness's locks need */
#endif

struct fl__bucket {
	uint32_t lock;		/* 0 free, 1 held, 2 held and maybe slept on */
#ifdef FL_MODEL_CHECK
	fl_ticket_t model_lock;	/* the model's bucket lock (see below) */
#endif
	struct fl__parked *head, *tail;
} FL_CACHE_ALIGNED;

static struct fl__bucket buckets[BUCKETS];

static struct fl__bucket *bucket_of(const void *key)
{
	/* Fibonacci hashing of the address; its low bits are alignment. */
	uint64_t h = (uint64_t)(uintptr_t)key * UINT64_C(0x9e3779b97f4a7c15);

	return &buckets[(h >> 40) % BUCKETS];
}

/* --- the platform: futexes and the clock, or the model's stand-ins --- */

#ifndef FL_MODEL_CHECK
static void lock_sleep(struct fl__bucket *b)
{
	syscall(SYS_futex, &b->lock, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
}

static void lock_wake(struct fl__bucket *b)
{
	syscall(SYS_futex, &b->lock, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

uint64_t fl__now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

bool fl__deadline_passed(clockid_t clock, const struct timespec *abstime)
{
	struct timespec now;

	clock_gettime(clock, &now);
	return now.tv_sec > abstime->tv_sec ||
	       (now.tv_sec == abstime->tv_sec && now.tv_nsec >= abstime->tv_nsec);
}

/* Sleep while *token is FL_PARK_WAITING, up to an absolute deadline. */
static void token_sleep(uint32_t *token, int waiter, clockid_t clock,
			const struct timespec *abstime)
{
	int op = FUTEX_WAIT_BITSET_PRIVATE;

	(void)waiter;
	if (abstime && clock == CLOCK_REALTIME)
		op |= FUTEX_CLOCK_REALTIME;
	/*
	 * FUTEX_WAIT_BITSET takes an absolute time, so waits cut short by a
	 * signal or a spurious wake-up keep their deadline.  A time before
	 * 1970 is refused (EINVAL) and counts as passed: the caller looks at
	 * the clock itself.
	 */
	syscall(SYS_futex, token, op, FL_PARK_WAITING, abstime, NULL,
		FUTEX_BITSET_MATCH_ANY);
}

static void token_wake(uint32_t *token, int waiter)
{
	(void)waiter;
	syscall(SYS_futex, token, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static int self_number(void)
{
	return 0;
}
#else
/*
 * FL_MODEL_CHECK: the futexes of src/fairlock/futex.h's model (a wake count
 * per word), a clock that never moves, and deadlines a harness passes by
 * hand: fl_model_deadline_passed[thread] set by another thread is "the
 * clock reached the deadline", at any point of the waiter's run.
 */
#include "futex.h"

uint32_t fl_model_deadline_passed[4];
static uint32_t token_wakes[4], token_sleeps[4];

uint64_t fl__now_ns(void)
{
	return 0;
}

bool fl__deadline_passed(clockid_t clock, const struct timespec *abstime)
{
	(void)clock;
	(void)abstime;
	return __atomic_load_n(&fl_model_deadline_passed[fl_model_thread_index()],
			       __ATOMIC_SEQ_CST);
}

static void token_sleep(uint32_t *token, int waiter, clockid_t clock,
			const struct timespec *abstime)
{
	uint32_t seen = __atomic_load_n(&token_wakes[waiter], __ATOMIC_SEQ_CST);

	(void)clock;
	if (__atomic_load_n(token, __ATOMIC_SEQ_CST) != FL_PARK_WAITING)
		return;
	while (__atomic_load_n(&token_wakes[waiter], __ATOMIC_SEQ_CST) == seen &&
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
	__atomic_fetch_add(&token_sleeps[waiter], 1, __ATOMIC_RELAXED);
}

static void token_wake(uint32_t *token, int waiter)
{
	(void)token;
	fl_model_futex_wake(&token_wakes[waiter]);
}

static int self_number(void)
{
	return fl_model_thread_index();
}
#endif

/* --- the bucket lock: a three-state futex lock (0, 1, 2 = contended) --- */

/*
 * The lock is the one of "Futexes Are Tricky" (Drepper, mutex take 3).
 * FL_MODEL_CHECK: the spinning ticket lock instead, which the model checks
 * elsewhere: GenMC 0.11's spin-loop detection takes the exchange loop
 * below for a loop without effect and reports a thread that has just been
 * woken as spinning for ever (tests/fairlock/wmm: docs/model-checking.md),
 * so the protocol of the queues, not of this lock, is what the model
 * covers.
 */
#ifdef FL_MODEL_CHECK
struct fl__bucket *fl__bucket_lock(const void *key)
{
	struct fl__bucket *b = bucket_of(key);

	(void)fl_fork_generation();
	fl_ticket_lock(&b->model_lock);
	return b;
}

void fl__bucket_unlock(struct fl__bucket *b)
{
	fl_ticket_unlock(&b->model_lock);
}
#else
struct fl__bucket *fl__bucket_lock(const void *key)
{
	struct fl__bucket *b = bucket_of(key);
	uint32_t c = 0;

	(void)fl_fork_generation(); /* a child empties the table first */
	/*
	 * ACQUIRE, in the compare-exchange and in every exchange below:
	 * pairs with the RELEASE of fl__bucket_unlock(), so the queue as the
	 * last holder left it is what this holder sees (mutant
	 * parking_bucket_lock_acq).
	 */
	if (FL_LIKELY(__atomic_compare_exchange_n(&b->lock, &c, 1, false,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED)))
		return b;
	/*
	 * Held: sections here are a few list steps, so look a little before
	 * marking the lock contended and sleeping (which costs its holder a
	 * wake-up).  The exchange to 2 both takes a free lock and tells the
	 * holder that someone may sleep.
	 */
	for (unsigned int i = 0; i < 64 && c != 0; i++) {
		fl_cpu_relax();
		c = __atomic_load_n(&b->lock, __ATOMIC_RELAXED);
		if (c == 0 && __atomic_compare_exchange_n(&b->lock, &c, 1, false,
							  __ATOMIC_ACQUIRE,
							  __ATOMIC_RELAXED))
			return b;
	}
	while (__atomic_exchange_n(&b->lock, 2, __ATOMIC_ACQUIRE) != 0)
		lock_sleep(b);
	return b;
}

void fl__bucket_unlock(struct fl__bucket *b)
{
	/*
	 * RELEASE: this holder's queue changes happen before the next
	 * holder's ACQUIRE.  One exchange both frees the lock and says
	 * whether anyone may sleep on it (2): a sleeper set 2 by an exchange
	 * before it slept, so either this exchange returns 2 and wakes, or
	 * the sleeper's exchange came later and found the lock free.
	 */
	if (__atomic_exchange_n(&b->lock, 0, __ATOMIC_RELEASE) == 2)
		lock_wake(b);
}
#endif

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
		token_sleep(&n->token, n->waiter, clock, abstime);
	}
}

void fl__park_give(struct fl__parked *n, uint32_t token)
{
	/* RELEASE: see fl__park_wait(). */
	__atomic_store_n(&n->token, token, __ATOMIC_RELEASE);
}

void fl__park_wake(uint32_t *token, int waiter)
{
	token_wake(token, waiter);
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
		buckets[i].lock = 0;
#ifdef FL_MODEL_CHECK
		fl_ticket_init(&buckets[i].model_lock);
#endif
		buckets[i].head = NULL;
		buckets[i].tail = NULL;
	}
	g = (g + 1) & GENERATION_MASK;
	__atomic_store_n(&generation, g ? g : 1, __ATOMIC_RELAXED);
}

#ifndef FL_MODEL_CHECK
static uint32_t fallback_word = FORK_SEEN;
static uint32_t *fork_word;

static void on_fork_child(void)
{
	__atomic_store_n(fork_word, FORK_NOTICED, __ATOMIC_RELAXED);
}

static void make_fork_word(void)
{
	long page = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, page > 0 ? (size_t)page : 4096,
		       PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p != MAP_FAILED && madvise(p, page > 0 ? (size_t)page : 4096,
				       MADV_WIPEONFORK) == 0) {
		*(uint32_t *)p = FORK_SEEN;
		fork_word = p;
	} else {
		if (p != MAP_FAILED)
			munmap(p, page > 0 ? (size_t)page : 4096);
		fork_word = &fallback_word;
	}
	pthread_atfork(NULL, NULL, on_fork_child);
}

/*
 * At load time, not on first use: pthread_atfork() called from inside a
 * fork's prepare handler (a program's handler that waits for a mutex)
 * would deadlock on glibc's handler list.
 */
__attribute__((constructor)) static void parking_init(void)
{
	make_fork_word();
}

static pthread_once_t fork_word_once = PTHREAD_ONCE_INIT;

static uint32_t *the_fork_word(void)
{
	uint32_t *w = fork_word;

	/* Only if called before the constructors ran (another one's). */
	if (FL_UNLIKELY(!w)) {
		pthread_once(&fork_word_once, make_fork_word);
		w = fork_word;
	}
	return w;
}
#else
static uint32_t model_fork_word = FORK_SEEN;

static uint32_t *the_fork_word(void)
{
	return &model_fork_word;
}

void fl_model_fork(void)
{
	__atomic_store_n(&model_fork_word, FORK_NOTICED, __ATOMIC_RELAXED);
}
#endif

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
	return self_number();
}
