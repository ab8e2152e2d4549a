/* SPDX-License-Identifier: MIT */
/*
 * The spellings of FAIRLOCK_LOCK and FAIRLOCK_MAX_WAIT_US, shared by the
 * preload and fairlock-run.
 */
#ifndef FAIRLOCK_PRELOAD_LOCK_NAMES_H
#define FAIRLOCK_PRELOAD_LOCK_NAMES_H

#include <stdbool.h>
#include <stdint.h>

/* In the order of enum flp_impl; the first is the default. */
static const char *const flp_lock_names[] = {
	"mutex", "ticket", "qspinlock", "ticket-park",
};
#define FLP_LOCK_NAMES_COUNT (sizeof(flp_lock_names) / sizeof(flp_lock_names[0]))

/*
 * FAIRLOCK_MAX_WAIT_US: the mutex's bound in microseconds, a decimal
 * number from 1 to FLP_MAX_WAIT_US_MAX (16.8 s: the 24 bits the preload
 * keeps it in, setup.c), nothing else.
 */
#define FLP_MAX_WAIT_US_MAX 16777215u

static inline bool flp_max_wait_parse(const char *s, uint32_t *us)
{
	uint64_t v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10u + (uint64_t)(*s - '0');
		if (v > FLP_MAX_WAIT_US_MAX)
			return false;
	}
	if (v == 0)
		return false;
	*us = (uint32_t)v;
	return true;
}

#endif
