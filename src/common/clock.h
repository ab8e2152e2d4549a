/* SPDX-License-Identifier: MIT */
/* Elapsed time for the tools' intervals and progress. */
#ifndef TOOLS_CLOCK_H
#define TOOLS_CLOCK_H

#include <time.h>

/* Seconds on CLOCK_MONOTONIC: differences only, immune to clock steps. */
static inline double tool_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
