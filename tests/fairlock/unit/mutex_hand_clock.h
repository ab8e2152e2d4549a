/* SPDX-License-Identifier: MIT */
/*
 * The mutex's source compiled into a unit test (its functions are
 * static), with the turns' clock moved by hand: it stands still unless
 * the test sets a step, added at every read, so that what ends a turn is
 * what the test sets, whatever the machine's speed.  Include it once,
 * first.
 */
#ifndef FL_TEST_MUTEX_HAND_CLOCK_H
#define FL_TEST_MUTEX_HAND_CLOCK_H

#include <stdint.h>

static uint32_t test_clock_us = 1000000u;
static uint32_t test_clock_step_us;	/* added at every read */

static uint32_t test_clock_read(void)
{
	test_clock_us += test_clock_step_us;
	return test_clock_us;
}
#define fl_plat_now_us() test_clock_read()

#include "mutex.c" /* NOLINT(bugprone-suspicious-include): its static functions */

#endif
