/* SPDX-License-Identifier: MIT */
/* Sizes as the kernel's memparse() reads them, and back for people. */
#ifndef TOOLS_SIZE_H
#define TOOLS_SIZE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Parse `s` as memparse() does: an unsigned number in C notation (decimal,
 * 0x hex, leading-0 octal), then at most one suffix K, M, G, T, P or E in
 * either case (powers of 1024), then nothing.  Unlike the kernel it also
 * refuses an empty string (memory.reclaim reads "" as "everything"), a
 * sign, whitespace and overflow.  Returns 0, or -1 with a reason in err.
 */
int tool_parse_size(const char *s, uint64_t *out, char *err, size_t errlen);

/* "1.5 MiB" style; buf of at least 16 bytes. */
void tool_format_size(char *buf, size_t len, double bytes);

#endif
