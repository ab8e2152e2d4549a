/* SPDX-License-Identifier: MIT */
/*
 * The fork word on Linux (FL_PLAT_FORK_WORD): a fragment of parking.c,
 * not a header, included there once (its word and its atfork handler must
 * exist once in the library), after parking.c's FORK_ states: a page marked MADV_WIPEONFORK, or, where the
 * kernel ignores the advice, a word a pthread_atfork child handler clears.
 */
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

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
