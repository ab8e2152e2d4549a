/* SPDX-License-Identifier: MIT */
/*
 * The thread index on Linux (FL_PLAT_THREAD_INDEX): a fragment of
 * thread_index.c, not a header, included there once (its TLS, key and
 * constructor must exist once in the library): a pool index kept in thread-local
 * storage, given back by a thread-exit hook and reset in a forked child.
 */
#include <pthread.h>
#include <string.h>

#include <fairlock/arch.h>

#include "thread_index_pool.h"

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
