/* SPDX-License-Identifier: MIT */
/* A small harness shared by the C tests: checks, threads, death tests. */
#ifndef FL_TEST_HARNESS_H
#define FL_TEST_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                          \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n",         \
				__FILE__, __LINE__, #cond);                  \
			exit(1);                                             \
		}                                                            \
	} while (0)

#define CHECK_EQ(a, b)                                                       \
	do {                                                                 \
		unsigned long long a_ = (unsigned long long)(a);             \
		unsigned long long b_ = (unsigned long long)(b);             \
		if (a_ != b_) {                                              \
			fprintf(stderr,                                      \
				"%s:%d: CHECK_EQ failed: %s == %s "          \
				"(0x%llx != 0x%llx)\n",                      \
				__FILE__, __LINE__, #a, #b, a_, b_);         \
			exit(1);                                             \
		}                                                            \
	} while (0)

/* Read a lock word that other threads may be writing (atomically). */
#define peek(word) __atomic_load_n(&(word), __ATOMIC_RELAXED)

/* Run fn(arg, i) on n threads that start together; join them all. */
void run_threads(unsigned int n, void (*fn)(void *arg, unsigned int i),
		 void *arg);

/* Start one thread running fn(arg); returns an opaque handle to join. */
void *start_thread(void (*fn)(void *arg), void *arg);
void join_thread(void *handle);

/*
 * Run fn(arg) in a forked child; pass if the child dies of SIGABRT and its
 * stderr contains `expect`.
 */
void expect_abort(void (*fn)(void *arg), void *arg, const char *expect);

/* Wait (yielding) until *word != old, or fail the test after `seconds`. */
uint32_t wait_word_change(const uint32_t *word, uint32_t old, double seconds);

/*
 * The divisor of each test's work: FL_TEST_SCALE (set per build by ctest:
 * sanitizer and emulator runs) times FL_TEST_EXTRA_SCALE (set by the
 * caller, e.g. scripts/repeat.sh --scale, for many short runs); each is 1
 * when unset.
 */
unsigned long test_scale(void);

/* Iterations divided by test_scale(), at least 1. */
unsigned long test_iterations(unsigned long dflt);

double now_seconds(void);

#endif
