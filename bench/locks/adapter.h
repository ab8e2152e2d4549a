/* SPDX-License-Identifier: MIT */
/*
 * lockbench's adapter interface: the locks under test and the loops that
 * drive them (every file of lockbench includes it; lockbench.c is main()).
 *
 * Each lock is an adapter (locks_*.c) of small static inline functions;
 * LB_DEFINE_LOCK() instantiates the measuring loops around them, so the
 * lock and unlock calls are inlined into the loop exactly as a user's code
 * would inline them; no call through a pointer sits inside a measurement.
 */
#ifndef LOCKBENCH_ADAPTER_H
#define LOCKBENCH_ADAPTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <fairlock/arch.h>

#include "waits.h"

#define LB_MAX_THREADS 64
#define LB_HANDOFF_SAMPLES 4096
/* Pairs run before each uncontended measurement (fixed: see callgrind.sh). */
#define LB_WARMUP_PAIRS 10000

/* One measurement: what every thread shares. */
struct lb_run {
	int stop;                   /* atomic: set when time is up */
	unsigned int threads;
	unsigned int cs_work;       /* busy-loop units inside the lock */
	unsigned int ncs_work;      /* busy-loop units between acquisitions */
	unsigned int read_pct;      /* rw mode: share of read acquisitions */
	bool handoff;               /* record hand-over latencies */
	bool time_writes;           /* record writers' waits */
	bool time_waits;            /* record every acquisition's wait */
	struct lb_thread *thread;   /* [threads] */
	/* protected by the lock under test: */
	uint64_t shared;
	int last_owner;
	uint64_t last_release_ns;
};

/* What one thread counts. */
struct lb_thread {
	struct lb_run *run;
	unsigned int id;
	uint64_t rng;
	uint64_t acquisitions;      /* atomic: write (exclusive) acquisitions */
	uint64_t reads;             /* atomic: read acquisitions */
	uint64_t max_write_wait_ns;
	uint64_t max_reads_during_wait;
	unsigned int samples;
	uint32_t sample_ns[LB_HANDOFF_SAMPLES];
	struct lb_wait_hist waits;  /* exclusive acquisitions, time_waits */
} FL_CACHE_ALIGNED;

struct lb_lock {
	const char *name;    /* e.g. "fairlock-ticket" */
	const char *family;  /* fairlock, ck, dpdk, pthread */
	bool fifo;           /* grants in arrival order */
	bool rw;             /* has a shared (read) side */
	size_t size;         /* bytes for the lock and its per-lock state */
	size_t align;        /* its alignment (libvsync's hemlock wants 128) */
	void (*init)(void *lock);
	/* n lock+unlock pairs on one thread; returns n */
	uint64_t (*uncontended)(void *lock, uint64_t n);
	/* one thread's share of a contended run */
	void (*worker)(void *lock, struct lb_thread *t);
};

extern const struct lb_lock *const lb_locks[];
extern const size_t lb_nlocks;

static inline void lb_work(unsigned int units)
{
	for (unsigned int i = 0; i < units; i++)
		__asm__ __volatile__("" ::: "memory");
}

static inline uint64_t lb_rand(struct lb_thread *t)
{
	/* xorshift64: cheap and good enough to pick read or write */
	t->rng ^= t->rng << 13;
	t->rng ^= t->rng >> 7;
	t->rng ^= t->rng << 17;
	return t->rng;
}

static inline uint64_t lb_reads_total(const struct lb_run *run)
{
	uint64_t sum = 0;

	for (unsigned int i = 0; i < run->threads; i++)
		sum += __atomic_load_n(&run->thread[i].reads, __ATOMIC_RELAXED);
	return sum;
}

/* Inside the lock: note a change of owner and how long the hand-over took. */
static inline void lb_handoff_enter(struct lb_run *run, struct lb_thread *t)
{
	if (run->last_owner >= 0 && run->last_owner != (int)t->id) {
		uint64_t d = lb_now_ns() - run->last_release_ns;

		t->sample_ns[t->samples++ % LB_HANDOFF_SAMPLES] =
			d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
	}
}

static inline void lb_handoff_leave(struct lb_run *run, struct lb_thread *t)
{
	run->last_owner = (int)t->id;
	run->last_release_ns = lb_now_ns();
}

typedef void (*lb_op)(void *lock, void *ctx);

/* The contended loop; always inlined so the ops become direct calls. */
static inline __attribute__((always_inline)) void
lb_worker_loop(void *lock, void *ctx, struct lb_thread *t, lb_op wlock,
	       lb_op wunlock, lb_op rlock, lb_op runlock)
{
	struct lb_run *run = t->run;

	while (!__atomic_load_n(&run->stop, __ATOMIC_RELAXED)) {
		if (run->read_pct && lb_rand(t) % 100 < run->read_pct) {
			rlock(lock, ctx);
			(void)*(volatile uint64_t *)&run->shared;
			lb_work(run->cs_work);
			runlock(lock, ctx);
			__atomic_store_n(&t->reads, t->reads + 1,
					 __ATOMIC_RELAXED);
		} else {
			uint64_t t0 = 0, r0 = 0, w0 = 0;

			if (run->time_writes) {
				r0 = lb_reads_total(run);
				t0 = lb_now_ns();
			}
			if (run->time_waits)
				w0 = lb_wait_clock();
			wlock(lock, ctx);
			if (run->time_waits)
				lb_wait_record(&t->waits, lb_wait_clock() - w0);
			if (run->time_writes) {
				uint64_t w = lb_now_ns() - t0;
				uint64_t r = lb_reads_total(run) - r0;

				if (w > t->max_write_wait_ns)
					t->max_write_wait_ns = w;
				if (r > t->max_reads_during_wait)
					t->max_reads_during_wait = r;
			}
			if (run->handoff)
				lb_handoff_enter(run, t);
			run->shared++;
			lb_work(run->cs_work);
			if (run->handoff)
				lb_handoff_leave(run, t);
			wunlock(lock, ctx);
			/* Atomic (one writer): the window sampler reads it. */
			__atomic_store_n(&t->acquisitions, t->acquisitions + 1,
					 __ATOMIC_RELAXED);
		}
		lb_work(run->ncs_work);
	}
}

/*
 * Define a lock for the table.  PREFIX names the adapter's functions:
 * PREFIX_init(TYPE *), PREFIX_ctx(TYPE *, CTX *, unsigned id) and
 * PREFIX_lock / _unlock / _rlock / _runlock(void *lock, void *ctx).
 */
#define LB_DEFINE_LOCK(PREFIX, NAME, FAMILY, FIFO, RW, TYPE, CTX)              \
	static void PREFIX##_init_any(void *l) { PREFIX##_init((TYPE *)l); }   \
	static uint64_t PREFIX##_uncontended(void *l, uint64_t n)              \
	{                                                                      \
		CTX ctx = { 0 };                                               \
		PREFIX##_ctx((TYPE *)l, &ctx, 0);                              \
		for (uint64_t i = 0; i < n; i++) {                             \
			PREFIX##_lock(l, &ctx);                                \
			__asm__ __volatile__("" ::: "memory");                 \
			PREFIX##_unlock(l, &ctx);                              \
		}                                                              \
		return n;                                                      \
	}                                                                      \
	static void PREFIX##_worker(void *l, struct lb_thread *t)              \
	{                                                                      \
		CTX ctx = { 0 };                                               \
		PREFIX##_ctx((TYPE *)l, &ctx, t->id);                          \
		lb_worker_loop(l, &ctx, t, PREFIX##_lock, PREFIX##_unlock,     \
			       PREFIX##_rlock, PREFIX##_runlock);              \
	}                                                                      \
	const struct lb_lock lb_lock_##PREFIX = {                              \
		NAME, FAMILY, FIFO, RW, sizeof(TYPE), _Alignof(TYPE),          \
		PREFIX##_init_any,                                             \
		PREFIX##_uncontended, PREFIX##_worker,                         \
	}

/* For locks with no per-thread state. */
struct lb_no_ctx {
	char unused;
};

/*
 * A lock whose operations each take just the lock: INITFN, LOCKFN, UNLOCKFN
 * (and RLOCKFN, RUNLOCKFN for a reader-writer lock) are functions of TYPE *.
 */
#define LB_SIMPLE_OPS(PREFIX, TYPE, INITFN, LOCKFN, UNLOCKFN, RLOCKFN,          \
		      RUNLOCKFN)                                                \
	static inline void PREFIX##_init(TYPE *l) { INITFN(l); }                \
	static inline void PREFIX##_ctx(TYPE *l, struct lb_no_ctx *c,           \
					unsigned int id)                        \
	{                                                                       \
		(void)l, (void)c, (void)id;                                     \
	}                                                                       \
	static inline void PREFIX##_lock(void *l, void *c)                      \
	{                                                                       \
		(void)c;                                                        \
		LOCKFN((TYPE *)l);                                              \
	}                                                                       \
	static inline void PREFIX##_unlock(void *l, void *c)                    \
	{                                                                       \
		(void)c;                                                        \
		UNLOCKFN((TYPE *)l);                                            \
	}                                                                       \
	static inline void PREFIX##_rlock(void *l, void *c)                     \
	{                                                                       \
		(void)c;                                                        \
		RLOCKFN((TYPE *)l);                                             \
	}                                                                       \
	static inline void PREFIX##_runlock(void *l, void *c)                   \
	{                                                                       \
		(void)c;                                                        \
		RUNLOCKFN((TYPE *)l);                                           \
	}

#define LB_SIMPLE_LOCK(PREFIX, NAME, FAMILY, FIFO, TYPE, INITFN, LOCKFN,        \
		       UNLOCKFN)                                                \
	LB_SIMPLE_OPS(PREFIX, TYPE, INITFN, LOCKFN, UNLOCKFN, LOCKFN, UNLOCKFN) \
	LB_DEFINE_LOCK(PREFIX, NAME, FAMILY, FIFO, false, TYPE, struct lb_no_ctx)

#define LB_SIMPLE_RWLOCK(PREFIX, NAME, FAMILY, TYPE, INITFN, LOCKFN, UNLOCKFN,  \
			 RLOCKFN, RUNLOCKFN)                                    \
	LB_SIMPLE_OPS(PREFIX, TYPE, INITFN, LOCKFN, UNLOCKFN, RLOCKFN,          \
		      RUNLOCKFN)                                                \
	LB_DEFINE_LOCK(PREFIX, NAME, FAMILY, false, true, TYPE, struct lb_no_ctx)

#endif /* LOCKBENCH_ADAPTER_H */
