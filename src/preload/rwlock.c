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
 * word: RW_WLOCKED, RW_WAITING (the gate's holder sleeps until the
 * readers are gone) and the readers, counted in RW_READER units.  Readers
 * add themselves with one fetch-add and back out if a writer has the
 * word, as qrwlock's readers do; all of them and the writer's claim are
 * read-modify-writes of the one word, so their order on it decides.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <string.h>

#include "preload.h"

#define RW_WLOCKED 1u
#define RW_WAITING 2u
#define RW_READER 4u
#define RW_WRITER_SPINS 100u	/* polls of the readers before sleeping */

static inline struct flp_rwlock *as_rw(pthread_rwlock_t *prw)
{
	return (struct flp_rwlock *)(void *)prw;
}

/* As mutex.c's adopt(): a static initialiser becomes ours on first use. */
static uint32_t adopt(struct flp_rwlock *rw, pthread_rwlock_t *prw, uint32_t tag)
{
	uint32_t want;

	if (tag != 0 || !flp_on() ||
	    __atomic_load_n(&prw->__data.__shared, __ATOMIC_RELAXED))
		return 0;
	want = flp_tag(FLP_MUTEX, __atomic_load_n(&prw->__data.__flags,
						  __ATOMIC_RELAXED));
	if (__atomic_compare_exchange_n(&rw->tag, &tag, want, false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
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
	fl_mutex_init(&rw->gate);
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
	return __atomic_load_n(&rw->word, __ATOMIC_RELAXED) ? EBUSY : 0;
}
FLP_EXPORT(pthread_rwlock_destroy, flp_rwlock_destroy);

static void read_release(struct flp_rwlock *rw)
{
	/*
	 * RELEASE: the read section happens before the writer's ACQUIRE
	 * claim.  The last reader out wakes a writer asleep for it.
	 */
	uint32_t old = __atomic_fetch_sub(&rw->word, RW_READER, __ATOMIC_RELEASE);

	if ((old & RW_WAITING) && old / RW_READER == 1)
		flp_futex_wake(&rw->word, 1, false);
}

static bool read_try(struct flp_rwlock *rw, uint32_t tag)
{
	uint32_t blocked = RW_WLOCKED, old;

	if (FLP_TAG_TYPE(tag) == PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP)
		blocked |= RW_WAITING;
	/* ACQUIRE: pairs with the RELEASE of the writer's unlock. */
	old = __atomic_fetch_add(&rw->word, RW_READER, __ATOMIC_ACQUIRE);
	if (FL_LIKELY(!(old & blocked)))
		return true;
	read_release(rw);
	return false;
}

static bool caller_writes(struct flp_rwlock *rw)
{
	return __atomic_load_n(&rw->writer, __ATOMIC_RELAXED) == flp_self();
}

/*
 * Under the gate no writer holds the word or waits on it (only the
 * gate's holder sets either bit, and clears it before it lets the gate
 * go), so a reader there enters at once.  ACQUIRE as in read_try().
 */
static void read_enter_at_gate(struct flp_rwlock *rw)
{
	__atomic_fetch_add(&rw->word, RW_READER, __ATOMIC_ACQUIRE);
	fl_mutex_unlock(&rw->gate);
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
	read_enter_at_gate(rw);
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

static bool gate_trylock(void *rw)
{
	return fl_mutex_trylock(&((struct flp_rwlock *)rw)->gate);
}

int flp_rwlock_clockrdlock(pthread_rwlock_t *prw, clockid_t clock,
			   const struct timespec *abstime)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw);
	int err;

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_clockrdlock)(prw, clock, abstime);
	if (read_try(rw, tag))
		return 0;
	if (caller_writes(rw))
		return EDEADLK;
	err = flp_check_deadline(clock, abstime);
	if (!err)
		err = flp_poll_until(gate_trylock, rw, clock, abstime);
	if (!err)
		read_enter_at_gate(rw);
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

/*
 * With the gate held: wait until no reader is left, then claim the word.
 * ETIMEDOUT if `abstime` passes first (the caller lets the gate go).
 */
static int write_claim(struct flp_rwlock *rw, clockid_t clock,
		       const struct timespec *abstime)
{
	for (unsigned int polls = 0;; polls++) {
		uint32_t v = __atomic_load_n(&rw->word, __ATOMIC_RELAXED);

		if (v / RW_READER == 0) {
			/* ACQUIRE: pairs with read_release()'s RELEASE. */
			if (__atomic_compare_exchange_n(&rw->word, &v, RW_WLOCKED,
							false, __ATOMIC_ACQUIRE,
							__ATOMIC_RELAXED))
				break;
			continue;
		}
		if (polls < RW_WRITER_SPINS) {
			fl_cpu_relax();
			continue;
		}
		/*
		 * Say we sleep, then sleep while the word is what we set.  The
		 * last reader's fetch-sub is ordered after our bit on the
		 * word, so it sees RW_WAITING and wakes us, or it came first
		 * and the kernel's check finds the word changed.
		 */
		if (!(v & RW_WAITING) &&
		    !__atomic_compare_exchange_n(&rw->word, &v, v | RW_WAITING,
						 false, __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			continue;
		if (flp_futex_wait_until(&rw->word, v | RW_WAITING, false, clock,
					 abstime) == ETIMEDOUT) {
			__atomic_fetch_and(&rw->word, ~RW_WAITING, __ATOMIC_RELAXED);
			return ETIMEDOUT;
		}
	}
	__atomic_store_n(&rw->writer, flp_self(), __ATOMIC_RELAXED);
	return 0;
}

int flp_rwlock_wrlock(pthread_rwlock_t *prw)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw);

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_wrlock)(prw);
	if (caller_writes(rw))
		return EDEADLK;
	fl_mutex_lock(&rw->gate);
	return write_claim(rw, CLOCK_REALTIME, NULL);
}
FLP_EXPORT(pthread_rwlock_wrlock, flp_rwlock_wrlock);

int flp_rwlock_trywrlock(pthread_rwlock_t *prw)
{
	struct flp_rwlock *rw = as_rw(prw);
	uint32_t tag = load_tag(rw, prw), free_word = 0;

	if (FL_UNLIKELY(!tag))
		return FLP_REAL(pthread_rwlock_trywrlock)(prw);
	if (!fl_mutex_trylock(&rw->gate))
		return EBUSY;
	/* ACQUIRE as in write_claim(). */
	if (!__atomic_compare_exchange_n(&rw->word, &free_word, RW_WLOCKED, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
		fl_mutex_unlock(&rw->gate);
		return EBUSY;
	}
	__atomic_store_n(&rw->writer, flp_self(), __ATOMIC_RELAXED);
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
	if (caller_writes(rw))
		return EDEADLK;
	if (flp_rwlock_trywrlock(prw) == 0)
		return 0;
	err = flp_check_deadline(clock, abstime);
	if (!err)
		err = flp_poll_until(gate_trylock, rw, clock, abstime);
	if (!err) {
		err = write_claim(rw, clock, abstime);
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
	 * Held for writing exactly when RW_WLOCKED is set: no reader holds
	 * it then, and readers that bounced off it only add and take back.
	 */
	v = __atomic_load_n(&rw->word, __ATOMIC_RELAXED);
	if (v & RW_WLOCKED) {
		__atomic_store_n(&rw->writer, 0, __ATOMIC_RELAXED);
		/* RELEASE: pairs with the readers' and next writer's ACQUIRE. */
		__atomic_fetch_sub(&rw->word, RW_WLOCKED, __ATOMIC_RELEASE);
		fl_mutex_unlock(&rw->gate);
		return 0;
	}
	if (v / RW_READER == 0)
		return EPERM;
	read_release(rw);
	return 0;
}
FLP_EXPORT(pthread_rwlock_unlock, flp_rwlock_unlock);
