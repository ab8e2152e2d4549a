/* SPDX-License-Identifier: MIT */
/*
 * The process-wide decisions of libfairlock-preload: whether it serves this
 * process's locks at all, with which fairlock lock, where glibc's own
 * functions are, and what FAIRLOCK_LOG reports.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "lock_names.h"
#include "preload.h"

_Static_assert(FLP_LOCK_NAMES_COUNT == FLP_N_IMPLS, "a name for every lock");

const char *flp_impl_name(enum flp_impl impl)
{
	return flp_lock_names[impl];
}

bool flp_impl_parse(const char *name, enum flp_impl *impl)
{
	for (unsigned int i = 0; i < FLP_LOCK_NAMES_COUNT; i++)
		if (strcmp(name, flp_lock_names[i]) == 0) {
			*impl = (enum flp_impl)i;
			return true;
		}
	return false;
}

/*
 * The decision, one word: its low byte 0 (not decided yet), OFF, or 1 +
 * the lock; the 24 bits above it, FAIRLOCK_MAX_WAIT_US (0: the mutex's
 * default; hence its limit of 2^24 - 1 us, 16.8 s).  One
 * word so that whoever reads the lock reads the bound decided with it, with
 * no ordering between two variables to get right.  Decided by the first
 * call, whichever thread makes it: every thread computes the same answer
 * from the same environment, so a race only repeats the work.
 */
enum { UNDECIDED = 0, OFF = 255 };
#define CHOICE_LOCK(c) ((uint32_t)((c) & 0xffu))
#define CHOICE_MAX_WAIT_US(c) ((uint32_t)((c) >> 8))
static uint32_t choice;
static bool log_wanted;
static uint64_t counters[FLP_N_COUNTERS];

static uint32_t decide(void)
{
	const char *name = getenv("FAIRLOCK_LOCK");
	const char *log = getenv("FAIRLOCK_LOG");
	const char *bound = getenv("FAIRLOCK_MAX_WAIT_US");
	enum flp_impl impl = FLP_MUTEX;
	uint32_t us = 0;

	__atomic_store_n(&log_wanted, log && *log && strcmp(log, "0") != 0,
			 __ATOMIC_RELAXED);
	/*
	 * A set-user-ID or set-group-ID program (or one with file
	 * capabilities) keeps glibc's locks: its environment is not to be
	 * trusted, and nothing here has been reviewed for that use.
	 */
	if (getauxval(AT_SECURE))
		return OFF;
	if (name && *name && !flp_impl_parse(name, &impl)) {
		fprintf(stderr, "fairlock-preload: unknown FAIRLOCK_LOCK '%s' "
			"(", name);
		flp_print_lock_names(stderr, ", ");
		fprintf(stderr, "); this process keeps glibc's locks\n");
		return OFF;
	}
	if (bound && *bound) {
		if (!flp_max_wait_parse(bound, &us)) {
			fprintf(stderr, "fairlock-preload: FAIRLOCK_MAX_WAIT_US '%s' "
				"is not a number of microseconds from 1 to "
				"16777215; this process keeps glibc's locks\n",
				bound);
			return OFF;
		}
	}
	return us << 8 | (1u + (uint32_t)impl);
}

static void log_choice(uint32_t c)
{
	uint32_t us = CHOICE_MAX_WAIT_US(c);

	fprintf(stderr, "fairlock-preload[%ld]: pthread locks served by "
		"fairlock %s, the mutex's bound %u us%s\n", (long)getpid(),
		flp_lock_names[CHOICE_LOCK(c) - 1u],
		us ? us : FL_MUTEX_MAX_WAIT_US_DEFAULT, us ? "" : " (the default)");
}

static uint32_t current_choice(void)
{
	uint32_t c = __atomic_load_n(&choice, __ATOMIC_RELAXED);
	uint32_t undecided = UNDECIDED;

	if (FL_LIKELY(c != UNDECIDED))
		return c;
	c = decide();
	/* The first to decide speaks; the others take its answer. */
	if (!__atomic_compare_exchange_n(&choice, &undecided, c, false,
					 __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		return undecided;
	if (__atomic_load_n(&log_wanted, __ATOMIC_RELAXED) && c != OFF)
		log_choice(c);
	return c;
}

bool flp_on(void)
{
	return CHOICE_LOCK(current_choice()) != OFF;
}

enum flp_impl flp_impl(void)
{
	return (enum flp_impl)(CHOICE_LOCK(current_choice()) - 1u);
}

uint32_t flp_max_wait_us(void)
{
	return CHOICE_MAX_WAIT_US(current_choice());
}

/*
 * Thread numbers come from a counter, not gettid(): no system call, and a
 * forked child's thread keeps the number its parent's thread had, as it
 * keeps the locks that thread held.
 */
static uint32_t next_self = 1;
static __thread uint32_t self;

uint32_t flp_self(void)
{
	if (FL_UNLIKELY(self == 0)) {
		uint32_t n;

		do	/* skip 0 should 2^32 threads ever come and go */
			n = __atomic_fetch_add(&next_self, 1, __ATOMIC_RELAXED);
		while (n == 0);
		self = n;
	}
	return self;
}

void *flp_real(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn) {
		fprintf(stderr, "fairlock-preload: glibc's %s not found: %s\n",
			name, dlerror());
		abort();
	}
	return fn;
}

void flp_count(enum flp_counter c)
{
	__atomic_fetch_add(&counters[c], 1, __ATOMIC_RELAXED);
}

static uint64_t counter(enum flp_counter c)
{
	return __atomic_load_n(&counters[c], __ATOMIC_RELAXED);
}

/* The summary FAIRLOCK_LOG asks for, when the process exits normally. */
__attribute__((destructor)) static void report(void)
{
	uint32_t c = CHOICE_LOCK(__atomic_load_n(&choice, __ATOMIC_RELAXED));

	if (!__atomic_load_n(&log_wanted, __ATOMIC_RELAXED) || c == UNDECIDED || c == OFF)
		return;
	fprintf(stderr, "fairlock-preload[%ld]: served by fairlock %s: "
		"%llu mutexes (%llu recursive, %llu error-checking), "
		"%llu condition variables initialised, %llu waits, %llu rwlocks; left to glibc: "
		"%llu mutexes (robust, priority or process-shared), "
		"%llu rwlocks (process-shared)\n", (long)getpid(),
		flp_lock_names[c - 1u],
		(unsigned long long)counter(FLP_N_MUTEX),
		(unsigned long long)counter(FLP_N_MUTEX_RECURSIVE),
		(unsigned long long)counter(FLP_N_MUTEX_ERRORCHECK),
		(unsigned long long)counter(FLP_N_COND),
		(unsigned long long)counter(FLP_N_COND_WAIT),
		(unsigned long long)counter(FLP_N_RWLOCK),
		(unsigned long long)counter(FLP_N_MUTEX_GLIBC),
		(unsigned long long)counter(FLP_N_RWLOCK_GLIBC));
}
