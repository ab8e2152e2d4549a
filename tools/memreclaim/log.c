/* SPDX-License-Identifier: MIT */
/* The daemon's log (log.h). */
#include "log.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

void mr_log(enum mr_level lvl, const char *fmt, ...)
{
	/* Read each time: the writer threads log too, and getenv is cheap. */
	bool journal = getenv("JOURNAL_STREAM") != NULL;
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap); // NOLINT(clang-analyzer-valist.Uninitialized)
	va_end(ap);
	if (journal)
		fprintf(stderr, "<%d>memreclaim: %s\n", lvl, line);
	else
		fprintf(stderr, "memreclaim: %s\n", line);
}
