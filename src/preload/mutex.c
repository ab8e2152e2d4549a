/* SPDX-License-Identifier: MIT */
/*
 * pthread_mutex_* served by the fairlock lock FAIRLOCK_LOCK names, inside
 * the caller's pthread_mutex_t (layout and adoption: preload.h).
 *
 * Types as glibc has them: normal and adaptive (no owner check: relocking
 * deadlocks, as POSIX lets it; unlocking a mutex that is not locked does
 * nothing and returns 0, as glibc's does), error-checking (EDEADLK on
 * relock, EPERM on unlock by another thread or of an unlocked mutex, EBUSY
 * from trylock), recursive (a depth count, EAGAIN past 2^20 levels, EPERM
 * as error-checking).  After pthread_mutex_destroy() every call but init
 * and destroy answers EINVAL, as glibc's do.  Robust, priority-inheriting,
 * priority-protected and process-shared mutexes are glibc's.
 *
 * fork(): fl_mutex_t handles a child on its own (fairlock/mutex.h); the
 * spinning locks are repaired lazily, before their first use in a child
 * (flp_spin_ready(), spin_fork.c).
 */
#define _GNU_SOURCE
#include <string.h>

#include <fairlock/fork.h>

#include "preload.h"

static inline struct flp_mutex *as_ours(pthread_mutex_t *pm)
{
	return (struct flp_mutex *)(void *)pm;
}

/* glibc kind bits that only glibc can serve (pthreadP.h's values). */
#define GLIBC_ROBUST 16u
#define GLIBC_PRIO_INHERIT 32u
#define GLIBC_PRIO_PROTECT 64u
#define GLIBC_PSHARED 128u
#define GLIBC_ONLY (GLIBC_ROBUST | GLIBC_PRIO_INHERIT | GLIBC_PRIO_PROTECT | \
		    GLIBC_PSHARED)

/* --- the lock FAIRLOCK_LOCK chose: a row of fairlock's lock table --- */

/*
 * Each operation on the chosen lock.  The mutex comes first, with no fork
 * check (it handles a child on its own, and it is the default); the
 * others are made ready for this process first (flp_spin_ready()).
 */
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO)             \
	case FLP_##ID: ROW_ACTION(PREFIX, MEMBER);

static void impl_init(struct flp_mutex *m, enum flp_impl impl)
{
	if (impl == FLP_MUTEX) {
		fl_mutex_init_max_wait(&m->lock.l.mutex, flp_max_wait_us());
		return;
	}
	switch (impl) {
#define ROW_ACTION(PREFIX, MEMBER) PREFIX##_init(&m->lock.l.MEMBER); break
#include "lock_table.def"
#undef ROW_ACTION
	case FLP_N_IMPLS: break;
	}
	m->lock.l.gen.fork_generation = fl_fork_generation();
}

static inline void impl_lock(struct flp_mutex *m, enum flp_impl impl)
{
	if (FL_LIKELY(impl == FLP_MUTEX)) {
		fl_mutex_lock(&m->lock.l.mutex);
		return;
	}
	flp_spin_ready(&m->lock, impl);
	switch (impl) {
#define ROW_ACTION(PREFIX, MEMBER) PREFIX##_lock(&m->lock.l.MEMBER); break
#include "lock_table.def"
#undef ROW_ACTION
	case FLP_N_IMPLS: break;
	}
}

static inline bool impl_trylock(struct flp_mutex *m, enum flp_impl impl)
{
	if (FL_LIKELY(impl == FLP_MUTEX))
		return fl_mutex_trylock(&m->lock.l.mutex);
	flp_spin_ready(&m->lock, impl);
	switch (impl) {
#define ROW_ACTION(PREFIX, MEMBER) return PREFIX##_trylock(&m->lock.l.MEMBER)
#include "lock_table.def"
#undef ROW_ACTION
	case FLP_N_IMPLS: break;
	}
	return false;
}

static inline void impl_unlock(struct flp_mutex *m, enum flp_impl impl)
{
	if (FL_LIKELY(impl == FLP_MUTEX)) {
		fl_mutex_unlock(&m->lock.l.mutex);
		return;
	}
	flp_spin_ready(&m->lock, impl);
	switch (impl) {
#define ROW_ACTION(PREFIX, MEMBER) PREFIX##_unlock(&m->lock.l.MEMBER); break
#include "lock_table.def"
#undef ROW_ACTION
	case FLP_N_IMPLS: break;
	}
}

static bool impl_is_locked(struct flp_mutex *m, enum flp_impl impl)
{
	if (impl == FLP_MUTEX)
		return fl_mutex_is_locked(&m->lock.l.mutex);
	flp_spin_ready(&m->lock, impl);
	switch (impl) {
#define ROW_ACTION(PREFIX, MEMBER) return PREFIX##_is_locked(&m->lock.l.MEMBER)
#include "lock_table.def"
#undef ROW_ACTION
	case FLP_N_IMPLS: break;
	}
	return false;
}
#undef FL_LOCK

static void count_mutex(unsigned int type)
{
	flp_count(FLP_N_MUTEX);
	if (type == PTHREAD_MUTEX_RECURSIVE)
		flp_count(FLP_N_MUTEX_RECURSIVE);
	else if (type == PTHREAD_MUTEX_ERRORCHECK)
		flp_count(FLP_N_MUTEX_ERRORCHECK);
}

#ifdef FLP_TEST_HOOKS
void (*flp_test_adopt_pause)(void);
#define ADOPT_PAUSE() do { if (flp_test_adopt_pause) flp_test_adopt_pause(); } while (0)
#else
#define ADOPT_PAUSE() ((void)0)
#endif

/*
 * The tag of a mutex not yet ours: adopt a static initialiser, or 0 for a
 * mutex that glibc serves.  The one read of glibc's kind word is here.
 * Another thread may adopt the mutex between our read of the tag and this
 * read; the kind word still holds what the initialiser stored, because no
 * lock the preload makes ever writes that word (preload.h's asserts: it
 * lands on a word fl_mutex_t ignores, past the spinning locks, and on the
 * gate sequence of the parking lock, which only a bounded queue moves and
 * the preload's are unbounded).  So the kind decides, and the tag's
 * compare-exchange decides who adopts: who loses uses the winner's tag.
 */
static uint32_t adopt(struct flp_mutex *m, pthread_mutex_t *pm, uint32_t tag)
{
	uint32_t kind, want;

	if (tag != 0 || !flp_on())
		return 0;
	ADOPT_PAUSE();
	kind = (uint32_t)__atomic_load_n(&pm->__data.__kind, __ATOMIC_RELAXED);
	if (kind & GLIBC_ONLY)
		return 0;
	/*
	 * The initialiser left the lock words valid (preload.h), so setting
	 * the tag is all there is to do, and RELAXED is enough: nothing else
	 * is published with it.
	 */
	want = flp_tag(flp_impl(), kind & 3u);
	if (__atomic_compare_exchange_n(&m->tag, &tag, want, false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
		if (FLP_TAG_IMPL(want) == FLP_MUTEX)
			flp_adopt_max_wait(&m->lock.l.mutex);
		count_mutex(kind & 3u);
		return want;
	}
	return flp_tag_is_ours(tag) ? tag : 0;
}

static inline uint32_t load_tag(struct flp_mutex *m, pthread_mutex_t *pm)
{
	uint32_t tag = __atomic_load_n(&m->tag, __ATOMIC_RELAXED);

	return FL_LIKELY(flp_tag_is_ours(tag)) ? tag : adopt(m, pm, tag);
}

int flp_mutex_init(pthread_mutex_t *pm, const pthread_mutexattr_t *attr)
{
	struct flp_mutex *m = as_ours(pm);
	int type = PTHREAD_MUTEX_NORMAL, robust = PTHREAD_MUTEX_STALLED;
	int protocol = PTHREAD_PRIO_NONE, pshared = PTHREAD_PROCESS_PRIVATE;

	if (attr) {
		pthread_mutexattr_gettype(attr, &type);
		pthread_mutexattr_getrobust(attr, &robust);
		pthread_mutexattr_getprotocol(attr, &protocol);
		pthread_mutexattr_getpshared(attr, &pshared);
	}
	if (!flp_on() || robust != PTHREAD_MUTEX_STALLED ||
	    protocol != PTHREAD_PRIO_NONE || pshared != PTHREAD_PROCESS_PRIVATE) {
		if (flp_on())
			flp_count(FLP_N_MUTEX_GLIBC);
		return FLP_REAL(pthread_mutex_init)(pm, attr);
	}
	memset(pm, 0, sizeof(*pm));
	impl_init(m, flp_impl());
	m->tag = flp_tag(flp_impl(), (unsigned int)type);
	count_mutex((unsigned int)type);
	return 0;
}
FLP_EXPORT(pthread_mutex_init, flp_mutex_init);

/*
 * EBUSY while locked; else marked destroyed (glibc's order of checks:
 * destroying a destroyed mutex succeeds again).
 */
int flp_mutex_destroy(pthread_mutex_t *pm)
{
	struct flp_mutex *m = as_ours(pm);
	uint32_t tag = load_tag(m, pm);

	if (!tag)
		return FLP_REAL(pthread_mutex_destroy)(pm);
	if (tag & FLP_TAG_DESTROYED)
		return 0;
	if (impl_is_locked(m, FLP_TAG_IMPL(tag)))
		return EBUSY;
	/* RELAXED: using a mutex while destroying it is undefined. */
	__atomic_store_n(&m->tag, tag | FLP_TAG_DESTROYED, __ATOMIC_RELAXED);
	return 0;
}
FLP_EXPORT(pthread_mutex_destroy, flp_mutex_destroy);

static inline uint32_t depth(uint32_t tag)
{
	return tag >> FLP_TAG_COUNT_SHIFT & FLP_TAG_COUNT_MAX;
}

/*
 * A recursive or error-checking mutex the caller already holds: another
 * level, or the error.  Only the owner writes `owner` with its own number
 * and only the owner clears it, so reading our own number means we hold
 * the lock; RELAXED suffices, the lock orders the rest.  Only the owner
 * changes the depth bits of the tag; others read only the fixed bits.
 */
static int relock(struct flp_mutex *m, uint32_t tag, int error_checking)
{
	if (FLP_TAG_TYPE(tag) == PTHREAD_MUTEX_ERRORCHECK)
		return error_checking;
	if (depth(tag) == FLP_TAG_COUNT_MAX)
		return EAGAIN;
	__atomic_store_n(&m->tag, tag + (1u << FLP_TAG_COUNT_SHIFT),
			 __ATOMIC_RELAXED);
	return 0;
}

static inline bool owner_tracked(uint32_t tag)
{
	return FLP_TAG_TYPE(tag) == PTHREAD_MUTEX_RECURSIVE ||
	       FLP_TAG_TYPE(tag) == PTHREAD_MUTEX_ERRORCHECK;
}

static inline bool held_by_caller(struct flp_mutex *m)
{
	return __atomic_load_n(&m->owner, __ATOMIC_RELAXED) == flp_self();
}

static inline void take_ownership(struct flp_mutex *m, uint32_t tag)
{
	if (owner_tracked(tag))
		__atomic_store_n(&m->owner, flp_self(), __ATOMIC_RELAXED);
}

/* What lock, trylock and timedlock do before trying: 1 to go on. */
static inline int before_locking(struct flp_mutex *m, uint32_t tag,
				 int error_checking)
{
	if (FL_UNLIKELY(tag & FLP_TAG_DESTROYED))
		return EINVAL;
	if (FL_UNLIKELY(owner_tracked(tag)) && held_by_caller(m))
		return relock(m, tag, error_checking);
	return -1;
}

int flp_mutex_lock(pthread_mutex_t *pm)
{
	struct flp_mutex *m = as_ours(pm);
	uint32_t tag = load_tag(m, pm);
	int err;

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_mutex_lock)(pm);
	if (FL_UNLIKELY(tag & (FLP_TAG_DESTROYED | 0xcu)) &&
	    (err = before_locking(m, tag, EDEADLK)) >= 0)
		return err;
	impl_lock(m, FLP_TAG_IMPL(tag));
	take_ownership(m, tag);
	return 0;
}
FLP_EXPORT(pthread_mutex_lock, flp_mutex_lock);

int flp_mutex_trylock(pthread_mutex_t *pm)
{
	struct flp_mutex *m = as_ours(pm);
	uint32_t tag = load_tag(m, pm);
	int err;

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_mutex_trylock)(pm);
	if ((err = before_locking(m, tag, EBUSY)) >= 0)
		return err;
	if (!impl_trylock(m, FLP_TAG_IMPL(tag)))
		return EBUSY;
	take_ownership(m, tag);
	return 0;
}
FLP_EXPORT(pthread_mutex_trylock, flp_mutex_trylock);

static bool try_for_poll(void *m)
{
	struct flp_mutex *mx = m;

	return impl_trylock(mx, FLP_TAG_IMPL(__atomic_load_n(&mx->tag,
							    __ATOMIC_RELAXED)));
}

/*
 * The mutex waits in its queue, as every waiter does; the spinning locks
 * have no wait that can give up (a ticket, once taken, must be served),
 * so they are polled (fairlock-run(1) says so).
 */
int flp_mutex_clocklock(pthread_mutex_t *pm, clockid_t clock,
			const struct timespec *abstime)
{
	struct flp_mutex *m = as_ours(pm);
	uint32_t tag = load_tag(m, pm);
	int err;

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_mutex_clocklock)(pm, clock, abstime);
	/*
	 * glibc refuses a clock that it cannot wait on before anything else,
	 * even for a mutex that is free (glibc's tst-mutex11).
	 */
	if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC)
		return EINVAL;
	if ((err = before_locking(m, tag, EDEADLK)) >= 0)
		return err;
	if (FLP_TAG_IMPL(tag) == FLP_MUTEX) {
		err = fl_mutex_timedlock(&m->lock.l.mutex, clock, abstime);
	} else if (impl_trylock(m, FLP_TAG_IMPL(tag))) {
		/* As glibc: a lock free now is taken whatever the deadline says. */
		err = 0;
	} else {
		err = flp_check_deadline(clock, abstime);
		if (!err)
			err = flp_poll_until(try_for_poll, m, clock, abstime);
	}
	if (!err)
		take_ownership(m, tag);
	return err;
}
FLP_EXPORT(pthread_mutex_clocklock, flp_mutex_clocklock);

int flp_mutex_timedlock(pthread_mutex_t *pm, const struct timespec *abstime)
{
	struct flp_mutex *m = as_ours(pm);

	if (FL_UNLIKELY(!load_tag(m, pm)))
		return FLP_REAL(pthread_mutex_timedlock)(pm, abstime);
	return flp_mutex_clocklock(pm, CLOCK_REALTIME, abstime);
}
FLP_EXPORT(pthread_mutex_timedlock, flp_mutex_timedlock);

int flp_mutex_unlock(pthread_mutex_t *pm)
{
	struct flp_mutex *m = as_ours(pm);
	uint32_t tag = load_tag(m, pm);

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_mutex_unlock)(pm);
	if (FL_UNLIKELY(tag & (FLP_TAG_DESTROYED | 0xcu))) {
		if (tag & FLP_TAG_DESTROYED)
			return EINVAL;
		if (owner_tracked(tag)) {
			if (!held_by_caller(m))
				return EPERM;
			if (depth(tag)) {
				__atomic_store_n(&m->tag,
						 tag - (1u << FLP_TAG_COUNT_SHIFT),
						 __ATOMIC_RELAXED);
				return 0;
			}
			__atomic_store_n(&m->owner, 0, __ATOMIC_RELAXED);
		}
	}
	/*
	 * A normal mutex has no owner: glibc unlocks it for whoever asks,
	 * and an unlocked one stays unlocked with success.  The look is
	 * racy for a program whose threads unlock one mutex at the same
	 * instant: both can pass it, and the second unlock meets an unlocked
	 * lock (glibc's mutex ends unlocked; docs/fairlock-run.md lists the
	 * difference).
	 */
	if (FL_UNLIKELY(!impl_is_locked(m, FLP_TAG_IMPL(tag))))
		return 0;
	impl_unlock(m, FLP_TAG_IMPL(tag));
	return 0;
}
FLP_EXPORT(pthread_mutex_unlock, flp_mutex_unlock);
