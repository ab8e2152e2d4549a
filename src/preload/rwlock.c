/* SPDX-License-Identifier: MIT */
/*
 * pthread_rwlock_* as the kernel's qrwlock is built (a word with a writer
 * bit and a reader count, and a lock that orders the slow paths), with
 * fairlock's mutex as that lock so that waiters sleep: a writer holds the
 * gate mutex from before it waits for readers until it unlocks; readers
 * that find a writer wait on the gate, in the mutex's bounded-wait order.
 *
 * Preference follows the rwlock's kind, as in glibc: by default a reader
 * may enter while a writer waits for readers to leave (so a thread may
 * take a read lock it already holds again: POSIX allows that, and the
 * default must not deadlock on it); with
 * PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP a waiting writer turns new
 * readers to the gate.  Process-shared rwlocks are glibc's.
 *
 * Timed locks wait for the gate with fl_mutex_timedlock(): queued with
 * the other waiters, not polling.  Destroy succeeds whatever the state,
 * as glibc's does (it checks nothing): a program that destroys an rwlock
 * a thread still holds for reading keeps working as it did there.
 *
 * fork(): the gate is a fl_mutex_t, which handles a child on its own.  A
 * writer of the parent that held the gate, waiting for readers, still
 * holds it in the child, as glibc's writer that had marked the rwlock
 * write-locked and waited for readers does; readers held, stay held.
 *
 * The word and its ordering are rw_word.c's; this file is the pthread
 * glue: adoption, types, errors, deadlines.
 */
#define _GNU_SOURCE
#include <string.h>

#include "preload.h"

static inline struct flp_rwlock *as_rw(pthread_rwlock_t *prw)
{
	return (struct flp_rwlock *)(void *)prw;
}

#ifdef FLP_TEST_HOOKS
extern void (*flp_test_adopt_pause)(void);
#define ADOPT_PAUSE() do { if (flp_test_adopt_pause) flp_test_adopt_pause(); } while (0)
#else
#define ADOPT_PAUSE() ((void)0)
#endif

/*
 * As mutex.c's adopt(): a static initialiser becomes ours on first use.
 * glibc's __flags lies past struct flp_rwlock and its __shared on a word
 * of the gate that fl_mutex_t ignores (preload.h's asserts), so nothing
 * of ours writes either after adoption, and the reads decide even when
 * another thread adopts the rwlock meanwhile.
 */
static uint32_t adopt(struct flp_rwlock *rw, pthread_rwlock_t *prw, uint32_t tag)
{
	uint32_t want;

	if (tag != 0 || !flp_on())
		return 0;
	ADOPT_PAUSE();
	if (__atomic_load_n(&prw->__data.__shared, __ATOMIC_RELAXED))
		return 0;
	want = flp_tag(FLP_MUTEX, __atomic_load_n(&prw->__data.__flags,
						  __ATOMIC_RELAXED));
	if (__atomic_compare_exchange_n(&rw->tag, &tag, want, false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
		flp_adopt_max_wait(&rw->gate);
		flp_count(FLP_N_RWLOCK);
		return want;
	}
	return flp_tag_is_ours(tag) ? tag : 0;
}

static inline uint32_t load_tag(struct flp_rwlock *rw, pthread_rwlock_t *prw)
{
	uint32_t tag = __atomic_load_n(&rw->tag, __ATOMIC_RELAXED);

	return FL_LIKELY(flp_tag_is_ours(tag)) ? tag : adopt(rw, prw, tag);
}

int flp_rwlock_init(pthread_rwlock_t *prw, const pthread_rwlockattr_t *attr)
{
	struct flp_rwlock *rw = as_rw(prw);
	int pshared = PTHREAD_PROCESS_PRIVATE;
	int kind = PTHREAD_RWLOCK_DEFAULT_NP;

	if (attr) {
		pthread_rwlockattr_getpshared(attr, &pshared);
		pthread_rwlockattr_getkind_np(attr, &kind);
	}
	if (!flp_on() || pshared != PTHREAD_PROCESS_PRIVATE) {
		if (flp_on())
			flp_count(FLP_N_RWLOCK_GLIBC);
		return FLP_REAL(pthread_rwlock_init)(prw, attr);
	}
	memset(prw, 0, sizeof(*prw));
	fl_mutex_init_max_wait(&rw->gate, flp_max_wait_us());
	rw->tag = flp_tag(FLP_MUTEX, (unsigned int)kind);
	flp_count(FLP_N_RWLOCK);
	return 0;
}
FLP_EXPORT(pthread_rwlock_init, flp_rwlock_init);

int flp_rwlock_destroy(pthread_rwlock_t *prw)
{
	struct flp_rwlock *rw = as_rw(prw);

	if (!load_tag(rw, prw))
		return FLP_REAL(pthread_rwlock_destroy)(prw);
	return 0;
}
FLP_EXPORT(pthread_rwlock_destroy, flp_rwlock_destroy);

static bool read_try(struct flp_rwlock *rw, uint32_t tag)
{
	return flp_rw_read_try(rw, FLP_TAG_TYPE(tag) ==
			       PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
}

static bool caller_writes(struct flp_rwlock *rw)
{
	return __atomic_load_n(&rw->writer, __ATOMIC_RELAXED) == flp_self();
}

int flp_rwlock_rdlock(pthread_rwlock_t *prw)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw);

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_rdlock)(prw);
	if (FL_LIKELY(read_try(rw, tag)))
		return 0;
	if (caller_writes(rw))
		return EDEADLK;
	fl_mutex_lock(&rw->gate);
	flp_rw_read_enter_at_gate(rw);
	return 0;
}
FLP_EXPORT(pthread_rwlock_rdlock, flp_rwlock_rdlock);

int flp_rwlock_tryrdlock(pthread_rwlock_t *prw)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw);

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_tryrdlock)(prw);
	return read_try(rw, tag) ? 0 : EBUSY;
}
FLP_EXPORT(pthread_rwlock_tryrdlock, flp_rwlock_tryrdlock);

int flp_rwlock_clockrdlock(pthread_rwlock_t *prw, clockid_t clock,
			   const struct timespec *abstime)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw);
	int err;

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_clockrdlock)(prw, clock, abstime);
	/* glibc checks the deadline first, even when it need not wait. */
	if ((err = flp_check_deadline(clock, abstime)))
		return err;
	if (read_try(rw, tag))
		return 0;
	if (caller_writes(rw))
		return EDEADLK;
	err = fl_mutex_timedlock(&rw->gate, clock, abstime);
	if (!err)
		flp_rw_read_enter_at_gate(rw);
	return err;
}
FLP_EXPORT(pthread_rwlock_clockrdlock, flp_rwlock_clockrdlock);

int flp_rwlock_timedrdlock(pthread_rwlock_t *prw, const struct timespec *abstime)
{
	if (!load_tag(as_rw(prw), prw))
		return FLP_REAL(pthread_rwlock_timedrdlock)(prw, abstime);
	return flp_rwlock_clockrdlock(prw, CLOCK_REALTIME, abstime);
}
FLP_EXPORT(pthread_rwlock_timedrdlock, flp_rwlock_timedrdlock);

int flp_rwlock_wrlock(pthread_rwlock_t *prw)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw);

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_wrlock)(prw);
	if (caller_writes(rw))
		return EDEADLK;
	fl_mutex_lock(&rw->gate);
	return flp_rw_write_claim(rw, CLOCK_REALTIME, NULL);
}
FLP_EXPORT(pthread_rwlock_wrlock, flp_rwlock_wrlock);

int flp_rwlock_trywrlock(pthread_rwlock_t *prw)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw);

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_trywrlock)(prw);
	if (!fl_mutex_trylock(&rw->gate))
		return EBUSY;
	if (!flp_rw_write_try(rw)) {
		fl_mutex_unlock(&rw->gate);
		return EBUSY;
	}
	return 0;
}
FLP_EXPORT(pthread_rwlock_trywrlock, flp_rwlock_trywrlock);

int flp_rwlock_clockwrlock(pthread_rwlock_t *prw, clockid_t clock,
			   const struct timespec *abstime)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw);
	int err;

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_clockwrlock)(prw, clock, abstime);
	if ((err = flp_check_deadline(clock, abstime)))
		return err;
	if (caller_writes(rw))
		return EDEADLK;
	if (flp_rwlock_trywrlock(prw) == 0)
		return 0;
	err = fl_mutex_timedlock(&rw->gate, clock, abstime);
	if (!err) {
		err = flp_rw_write_claim(rw, clock, abstime);
		if (err)
			fl_mutex_unlock(&rw->gate);
	}
	return err;
}
FLP_EXPORT(pthread_rwlock_clockwrlock, flp_rwlock_clockwrlock);

int flp_rwlock_timedwrlock(pthread_rwlock_t *prw, const struct timespec *abstime)
{
	if (!load_tag(as_rw(prw), prw))
		return FLP_REAL(pthread_rwlock_timedwrlock)(prw, abstime);
	return flp_rwlock_clockwrlock(prw, CLOCK_REALTIME, abstime);
}
FLP_EXPORT(pthread_rwlock_timedwrlock, flp_rwlock_timedwrlock);

int flp_rwlock_unlock(pthread_rwlock_t *prw)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw), v;

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_unlock)(prw);
	/*
	 * Held for writing exactly when FLP_RW_WLOCKED is set: no reader holds
	 * it then, and readers that bounced off it only add and take back.
	 */
	v = __atomic_load_n(&rw->word, __ATOMIC_RELAXED);
	if (v & FLP_RW_WLOCKED)
		flp_rw_write_release(rw);
	else if (v / FLP_RW_READER == 0)
		return EPERM;
	else
		flp_rw_read_release(rw);
	return 0;
}
FLP_EXPORT(pthread_rwlock_unlock, flp_rwlock_unlock);
