/* SPDX-License-Identifier: MIT */
/*
 * libfairlock-preload: a program's pthread mutexes, condition variables and
 * rwlocks served by fairlock, inside the program's own pthread_*_t storage.
 *
 * Each object this library serves starts with a tag word, where glibc keeps
 * __lock (mutex) or __readers (rwlock).  The tag has bits 26-29 equal to
 * 0b1101, a pattern glibc never stores there: __lock holds 0-2, a thread id
 * (below 2^22, PID_MAX_LIMIT) with FUTEX_WAITERS/OWNER_DIED (bits 31, 30),
 * or a priority ceiling below 128 shifted by 19 (bits 19-25); __readers
 * holds a reader count below 2^22 shifted by 3.  So a tag says "ours",
 * anything else is glibc's or not yet seen:
 *
 *  - 0 with glibc's kind word saying robust, priority-inheriting,
 *    priority-protected or process-shared (mutex), or __shared set
 *    (rwlock): an object glibc's own pthread_*_init made, on request of
 *    those attributes; every call on it goes to glibc.
 *  - 0 otherwise: a static initialiser (PTHREAD_MUTEX_INITIALIZER, the
 *    _NP recursive/error-checking ones, zero-filled memory).  The first
 *    call adopts it: it reads the type glibc's initialiser stored, and
 *    sets the tag with a compare-exchange from 0.  The initialisers leave
 *    every fairlock lock's words at values that are a valid unlocked lock
 *    (static asserts below), so adopting writes nothing else (but the
 *    mutex's bound, where FAIRLOCK_MAX_WAIT_US sets one: mutex.c) and the
 *    tag needs no ordering of its own.
 *  - the pattern: ours.
 *
 * Condition variables are always ours: they keep no state glibc could
 * share with another process that fairlock cannot (their futexes follow
 * the process-shared attribute).
 */
#ifndef FAIRLOCK_PRELOAD_H
#define FAIRLOCK_PRELOAD_H

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <fairlock/mutex.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

#include "objects.h"


#define FLP_TAG_MASK 0x3c000000u
#define FLP_TAG_OURS 0x34000000u
/* The lock's number (a row of the lock table): bits 0-1 and 25. */
#define FLP_TAG_IMPL(tag) ((enum flp_impl)(((tag) & 3u) | ((tag) >> 23 & 4u)))
#define FLP_TAG_TYPE(tag) (((tag) >> 2) & 3u)	/* PTHREAD_MUTEX_* or rwlock kind */
#define FLP_TAG_COUNT_SHIFT 4			/* recursion depth - 1 */
#define FLP_TAG_COUNT_MAX 0xfffffu
/*
 * Destroyed (mutex): every call but init and destroy answers EINVAL, as
 * glibc's do once pthread_mutex_destroy() has marked the mutex.
 */
#define FLP_TAG_DESTROYED 0x01000000u

static inline bool flp_tag_is_ours(uint32_t tag)
{
	return (tag & FLP_TAG_MASK) == FLP_TAG_OURS;
}

static inline uint32_t flp_tag(enum flp_impl impl, unsigned int type)
{
	return FLP_TAG_OURS | ((uint32_t)impl & 3u) | ((uint32_t)impl & 4u) << 23 |
	       (type & 3u) << 2;
}

/* The layout over pthread_mutex_t. */
struct flp_mutex {
	uint32_t tag;
	uint32_t owner;		/* recursive and error-checking: flp_self() */
	struct flp_lock lock;
};

_Static_assert(sizeof(struct flp_mutex) <= sizeof(pthread_mutex_t),
	       "fairlock's mutex does not fit in pthread_mutex_t");
_Static_assert(sizeof(struct flp_rwlock) <= offsetof(pthread_rwlock_t, __data.__flags),
	       "fairlock's rwlock would cover glibc's rwlock kind");
_Static_assert(offsetof(pthread_rwlock_t, __data.__shared) ==
	       offsetof(struct flp_rwlock, gate.unused2[1]),
	       "glibc's process-shared flag must land on a word the gate ignores");
_Static_assert(sizeof(struct flp_cond) <= sizeof(pthread_cond_t),
	       "fairlock's condition variable does not fit in pthread_cond_t");
/*
 * Adoption writes nothing but the tag, so every byte a static initialiser
 * may set non-zero must be one the lock does not care about: the mutex
 * kind lands on a word of fl_mutex_t that the mutex never reads or writes,
 * past the end of the spinning locks, and on the parking lock's gate
 * sequence (any start is valid).
 */
_Static_assert(offsetof(pthread_mutex_t, __data.__kind) ==
	       offsetof(struct flp_mutex, lock.l.mutex.unused1[1]),
	       "the static initialiser's kind must land on a word the mutex ignores");
_Static_assert(offsetof(pthread_mutex_t, __data.__kind) ==
	       offsetof(struct flp_mutex, lock.l.park.gate_seq),
	       "the static initialiser's kind must land on a sequence word");
_Static_assert(offsetof(pthread_mutex_t, __data.__kind) >=
	       offsetof(struct flp_mutex, lock) + sizeof(fl_qspinlock_t) &&
	       offsetof(pthread_mutex_t, __data.__kind) >=
	       offsetof(struct flp_mutex, lock) + sizeof(fl_ticket_t),
	       "the static initialiser's kind must miss the spinning locks");
_Static_assert(sizeof(struct flp_lock) == sizeof(fl_mutex_t),
	       "the locks' layout must not reach past the mutex's");
_Static_assert(offsetof(struct flp_lock, l.gen.fork_generation) ==
	       offsetof(struct flp_lock, l.mutex.unused2[3]),
	       "the spinning locks' fork generation must be a word the mutex ignores");
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO)            \
	_Static_assert(FLP_##ID == FLP_MUTEX || sizeof(TYPE) <=               \
		       offsetof(struct flp_lock, l.gen.fork_generation),       \
		       "a spinning lock must not reach its fork generation");
#include "lock_table.def"
#undef FL_LOCK
_Static_assert(FLP_N_IMPLS <= 8, "the tag keeps the lock's number in 3 bits");

/* --- setup.c: the process-wide choice, glibc's own functions, the log --- */

/* Whether this process's locks are served by fairlock (decided once). */
bool flp_on(void);
enum flp_impl flp_impl(void);
/* FAIRLOCK_MAX_WAIT_US: the bound of every fairlock mutex made here (those
 * serving pthread mutexes, every rwlock's gate); 0 for the default. */
uint32_t flp_max_wait_us(void);

/*
 * An adopted static initialiser's mutex gets the bound too.  A wait that
 * began before this store has the default bound, which is all a race
 * costs.  RELAXED: the waiters read the bound relaxed too.
 */
static inline void flp_adopt_max_wait(fl_mutex_t *m)
{
	uint32_t us = flp_max_wait_us();

	if (us)
		__atomic_store_n(&m->max_wait_us, us, __ATOMIC_RELAXED);
}
const char *flp_impl_name(enum flp_impl impl);
/* FAIRLOCK_LOCK's spelling to a lock; false if unknown. */
bool flp_impl_parse(const char *name, enum flp_impl *impl);

/*
 * glibc's definition of a function this library replaces, looked up once
 * per call site (dlsym takes the loader's lock).
 */
void *flp_real(const char *name);
#define FLP_REAL(fn) (__extension__({					\
	static __typeof__(&fn) real_;					\
	__typeof__(&fn) r_ = __atomic_load_n(&real_, __ATOMIC_RELAXED);	\
	if (!r_) {							\
		r_ = (__typeof__(&fn))flp_real(#fn);			\
		__atomic_store_n(&real_, r_, __ATOMIC_RELAXED);		\
	}								\
	r_;								\
}))

/* What FAIRLOCK_LOG reports at exit. */
enum flp_counter {
	FLP_N_MUTEX,		/* mutexes initialised or adopted */
	FLP_N_MUTEX_RECURSIVE,
	FLP_N_MUTEX_ERRORCHECK,
	FLP_N_MUTEX_GLIBC,	/* robust, PI, PP or process-shared */
	FLP_N_COND,		/* pthread_cond_init calls */
	FLP_N_COND_WAIT,	/* waits (static initialisers need no init) */
	FLP_N_RWLOCK,
	FLP_N_RWLOCK_GLIBC,	/* process-shared */
	FLP_N_COUNTERS
};
void flp_count(enum flp_counter c);

/* --- wait.c: deadlines and futex waits with a clock --- */

/* EINVAL unless abstime is a valid time and clock one a wait may use. */
int flp_check_deadline(clockid_t clock, const struct timespec *abstime);
/*
 * Poll `try` until it succeeds (0) or `clock` passes `abstime`
 * (ETIMEDOUT): sleeps between tries grow from 10 us to 1 ms.
 */
int flp_poll_until(bool (*try)(void *), void *arg, clockid_t clock,
		   const struct timespec *abstime);

/* --- the entry points, under their own names (the tests call these) --- */

int flp_mutex_init(pthread_mutex_t *pm, const pthread_mutexattr_t *attr);
int flp_mutex_destroy(pthread_mutex_t *pm);
int flp_mutex_lock(pthread_mutex_t *pm);
int flp_mutex_trylock(pthread_mutex_t *pm);
int flp_mutex_timedlock(pthread_mutex_t *pm, const struct timespec *abstime);
int flp_mutex_clocklock(pthread_mutex_t *pm, clockid_t clock,
			const struct timespec *abstime);
int flp_mutex_unlock(pthread_mutex_t *pm);

int flp_cond_init(pthread_cond_t *pc, const pthread_condattr_t *attr);
int flp_cond_destroy(pthread_cond_t *pc);
int flp_cond_signal(pthread_cond_t *pc);
int flp_cond_broadcast(pthread_cond_t *pc);
int flp_cond_wait(pthread_cond_t *pc, pthread_mutex_t *pm);
int flp_cond_timedwait(pthread_cond_t *pc, pthread_mutex_t *pm,
		       const struct timespec *abstime);
int flp_cond_clockwait(pthread_cond_t *pc, pthread_mutex_t *pm,
		       clockid_t clock, const struct timespec *abstime);

int flp_rwlock_init(pthread_rwlock_t *prw, const pthread_rwlockattr_t *attr);
int flp_rwlock_destroy(pthread_rwlock_t *prw);
int flp_rwlock_rdlock(pthread_rwlock_t *prw);
int flp_rwlock_tryrdlock(pthread_rwlock_t *prw);
int flp_rwlock_timedrdlock(pthread_rwlock_t *prw, const struct timespec *abstime);
int flp_rwlock_clockrdlock(pthread_rwlock_t *prw, clockid_t clock,
			   const struct timespec *abstime);
int flp_rwlock_wrlock(pthread_rwlock_t *prw);
int flp_rwlock_trywrlock(pthread_rwlock_t *prw);
int flp_rwlock_timedwrlock(pthread_rwlock_t *prw, const struct timespec *abstime);
int flp_rwlock_clockwrlock(pthread_rwlock_t *prw, clockid_t clock,
			   const struct timespec *abstime);
int flp_rwlock_unlock(pthread_rwlock_t *prw);

/*
 * In libfairlock-preload.so each entry point is also exported under the
 * pthread name it replaces (FLP_EXPORT_PTHREAD); the test build leaves
 * that out, so that a test, or ThreadSanitizer's own interceptors, keep
 * glibc's.
 */
#ifdef FLP_EXPORT_PTHREAD
#define FLP_EXPORT(pthread_name, ours) \
	extern __typeof__(ours) pthread_name \
		__attribute__((alias(#ours), visibility("default")))
#else
#define FLP_EXPORT(pthread_name, ours) \
	extern __typeof__(ours) ours
#endif

#endif /* FAIRLOCK_PRELOAD_H */
