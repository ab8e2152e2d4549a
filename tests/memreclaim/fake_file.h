/* SPDX-License-Identifier: MIT */
/* The memreclaim tests' fake cgroup files. */
#ifndef MEMRECLAIM_TEST_FAKE_FILE_H
#define MEMRECLAIM_TEST_FAKE_FILE_H

#include <stdio.h>

#include "harness.h"

/* Create or replace dir/name with text. */
static inline void write_test_file(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CHECK(f != NULL);
	CHECK(fputs(text, f) >= 0);
	CHECK(fclose(f) == 0);
}

#endif
