/* SPDX-License-Identifier: MIT */
#include "thread_index.h"

#include <stdint.h>

/*
 * Native words, so that 32-bit machines without 64-bit atomics (MIPS32,
 * PowerPC32) need no libatomic.
 */
#define WORD_BITS (8u * (unsigned int)sizeof(unsigned long))
#define MAP_WORDS ((FL_QSPIN_THREAD_POOL + WORD_BITS - 1) / WORD_BITS)
#define BIT(i) (1ul << ((unsigned int)(i) % WORD_BITS))

/* Bit i set: index i belongs to a live thread. */
static unsigned long index_map[MAP_WORDS];
/*
 * The pool is in both builds, so that GenMC checks how an index passes
 * from an exiting thread to the next (tests/fairlock/wmm/thread_index_reuse.c);
 * only that harness calls it in the model build.
 */
#ifdef FL_MODEL_CHECK
#define POOL_FN __attribute__((unused)) static
#else
#define POOL_FN static
#endif

POOL_FN void release_index(int index)
{
	/*
	 * RELEASE: this thread's last use of its queue nodes happens before
	 * the next owner of the index, which takes it with an ACQUIRE RMW,
	 * reuses them.
	 */
	__atomic_fetch_and(&index_map[(unsigned)index / WORD_BITS], ~BIT(index),
			   __ATOMIC_RELEASE);
}

POOL_FN int take_free_index(void)
{
	for (unsigned int w = 0; w < MAP_WORDS; w++) {
		unsigned long used = __atomic_load_n(&index_map[w],
						     __ATOMIC_RELAXED);

		while (~used != 0) {
			unsigned int bit = (unsigned int)__builtin_ctzl(~used);
			unsigned int index = w * WORD_BITS + bit;
			unsigned long mask = BIT(bit);

			if (index >= FL_QSPIN_THREAD_POOL)
				break;
			/* ACQUIRE: pairs with release_index(). */
			used = __atomic_fetch_or(&index_map[w], mask,
						 __ATOMIC_ACQUIRE);
			if (!(used & mask))
				return (int)index;
		}
	}
	return -1;
}

#ifdef FL_MODEL_CHECK
/* FL_MODEL_CHECK: no TLS or thread-exit hooks; the harness numbers threads. */
int fl__thread_index(void)
{
	return fl_model_thread_index();
}

int fl_qspin_thread_register(void)
{
	return fl__thread_index();
}

unsigned int fl_qspin_max_threads(void)
{
	return FL_QSPIN_THREAD_POOL;
}
#else
#include <pthread.h>
#include <string.h>

static __thread int self_index = -1;

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static int exit_key_ok;

static void on_thread_exit(void *value)
{
	(void)value;
	if (self_index >= 0) {
		release_index(self_index);
		self_index = -1;
	}
}

/* A forked child has only the forking thread; the others' indices are free. */
static void on_fork_child(void)
{
	memset(index_map, 0, sizeof(index_map));
	if (self_index >= 0)
		index_map[(unsigned)self_index / WORD_BITS] |= BIT(self_index);
}

static void make_exit_key(void)
{
	exit_key_ok = pthread_key_create(&exit_key, on_thread_exit) == 0;
}

/*
 * At load time, not with the key on first use: pthread_atfork() called
 * from inside a fork's prepare handler (a program's handler that waits
 * for a lock, a thread's first contended acquisition) would deadlock on
 * glibc's list of handlers, which fork() holds while the handlers run.
 */
__attribute__((constructor)) static void register_fork_handler(void)
{
	pthread_atfork(NULL, NULL, on_fork_child);
}

int fl__thread_index(void)
{
	int index = self_index;

	if (FL_LIKELY(index >= 0))
		return index;

	pthread_once(&key_once, make_exit_key);
	if (!exit_key_ok)
		return -1; /* without an exit hook the index would leak */
	index = take_free_index();
	if (index < 0)
		return -1;
	/* Any non-NULL value makes the destructor run at thread exit. */
	if (pthread_setspecific(exit_key, &self_index) != 0) {
		release_index(index);
		return -1;
	}
	self_index = index;
	return index;
}

int fl_qspin_thread_register(void)
{
	return fl__thread_index();
}

unsigned int fl_qspin_max_threads(void)
{
	return FL_QSPIN_THREAD_POOL;
}
#endif /* FL_MODEL_CHECK */
