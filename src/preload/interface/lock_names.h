/* SPDX-License-Identifier: MIT */
/*
 * The spellings of FAIRLOCK_LOCK and FAIRLOCK_MAX_WAIT_US, shared by the
 * preload and fairlock-run (this folder is the preload's interface to
 * fairlock-run: the CMake target fairlock_preload_interface).
 */
#ifndef FAIRLOCK_PRELOAD_LOCK_NAMES_H
#define FAIRLOCK_PRELOAD_LOCK_NAMES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The rows of fairlock's lock table, in its order (that of enum flp_impl). */
static const char *const flp_lock_names[] = {
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO) NAME,
#include "lock_table.def"
#undef FL_LOCK
};
#define FLP_LOCK_NAMES_COUNT (sizeof(flp_lock_names) / sizeof(flp_lock_names[0]))
/* The lock FAIRLOCK_LOCK means when it is not set. */
#define FLP_LOCK_DEFAULT_NAME "mutex"

/*
 * The names, the default first, with `sep` between them ("mutex, ticket,
 * qspinlock, ticket-park"), for messages that list the choices.
 */
static inline void flp_print_lock_names(FILE *f, const char *sep)
{
	fputs(FLP_LOCK_DEFAULT_NAME, f);
	for (size_t i = 0; i < FLP_LOCK_NAMES_COUNT; i++)
		if (strcmp(flp_lock_names[i], FLP_LOCK_DEFAULT_NAME) != 0)
			fprintf(f, "%s%s", sep, flp_lock_names[i]);
}

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
