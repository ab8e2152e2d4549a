/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for memreclaim's parsers: sizes, memory.stat, pressure
 * files.  Besides not crashing (ASan, UBSan), each accepted input must
 * satisfy what the rest of the tool relies on.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/size.h"
#include "memreclaim/cgroup/cgroup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	char err[256], again[32];
	uint64_t v = 7, w = 0;
	struct mr_stat *s = malloc(sizeof(*s));
	struct mr_pressure p;

	if (!text || !s)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';

	if (tool_parse_size(text, &v, err, sizeof(err)) == 0) {
		/* what we would write: decimal, parsed back to the same */
		snprintf(again, sizeof(again), "%" PRIu64, v);
		if (tool_parse_size(again, &w, err, sizeof(err)) != 0 || w != v)
			abort();
	} else if (v != 7 || !err[0]) {
		abort(); /* a refusal leaves the output alone and says why */
	}
	if (mr_parse_stat(text, s, err, sizeof(err)) == 0) {
		if (s->n > MR_MAX_KEYS)
			abort();
		for (size_t i = 0; i < s->n; i++)
			if (!s->key[i][0] || strchr(s->key[i], ' '))
				abort();
	}
	if (mr_parse_pressure(text, &p, err, sizeof(err)) == 0) {
		if (p.some.avg10 < 0 || p.some.avg10 > 100 || p.some.avg300 > 100)
			abort();
	}
	free(s);
	free(text);
	return 0;
}
