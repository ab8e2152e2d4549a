/* SPDX-License-Identifier: MIT */
/*
 * The mutex's source compiled into a unit test (its functions are
 * static), with the turns' clock moved by hand: it stands still unless
 * the test sets a step, added at every read, so that what ends a turn is
 * what the test sets, whatever the machine's speed.  A test may also have
 * the next read store a value into a word (test_clock_store_to), to put
 * another thread's write exactly where the mutex reads the clock.  Only
 * one thread reads the clock at a time; the counter is atomic so that
 * the test's main thread may watch it.  Include it once, first.
 */
#ifndef FL_TEST_MUTEX_HAND_CLOCK_H
#define FL_TEST_MUTEX_HAND_CLOCK_H

#include <stddef.h>
#include <stdint.h>

static uint32_t test_clock_us = 1000000u;
static uint32_t test_clock_step_us;	/* added at every read */
static uint32_t *test_clock_store_to;	/* at the next read, store ... */
static uint32_t test_clock_store_value;	/* ... this there */

static uint32_t test_clock_read(void)
{
	uint32_t *to = __atomic_exchange_n(&test_clock_store_to, NULL, __ATOMIC_RELAXED);

	if (to)
		__atomic_store_n(to, test_clock_store_value, __ATOMIC_RELAXED);
	return __atomic_add_fetch(&test_clock_us, test_clock_step_us, __ATOMIC_RELAXED);
}
#define fl_plat_now_us() test_clock_read()

#include "mutex.c" /* NOLINT(bugprone-suspicious-include): its static functions */

#endif
