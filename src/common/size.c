/* SPDX-License-Identifier: MIT */
#include "size.h"

#include <ctype.h>
#include <stdio.h>

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

int tool_parse_size(const char *s, uint64_t *out, char *err, size_t errlen)
{
	const char *p = s;
	unsigned int base = 10, shift = 0;
	uint64_t v = 0;
	int digits = 0;

	if (!*s) {
		snprintf(err, errlen, "empty size (the kernel reads it as 'all')");
		return -1;
	}
	if (*p == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2]))
		base = 16, p += 2;
	else if (*p == '0' && isdigit((unsigned char)p[1]))
		base = 8, p += 1;
	for (; digit_value(*p) < (int)base; p++, digits++) {
		uint64_t d = (uint64_t)digit_value(*p);

		if (v > (UINT64_MAX - d) / base) {
			snprintf(err, errlen, "'%s': too large", s);
			return -1;
		}
		v = v * base + d;
	}
	if (digits == 0 && !(base == 8)) {
		snprintf(err, errlen, "'%s': not a size (a number, then K, M, "
			 "G, T, P or E)", s);
		return -1;
	}
	switch (*p) {
	case 'k': case 'K': shift = 10; p++; break;
	case 'm': case 'M': shift = 20; p++; break;
	case 'g': case 'G': shift = 30; p++; break;
	case 't': case 'T': shift = 40; p++; break;
	case 'p': case 'P': shift = 50; p++; break;
	case 'e': case 'E': shift = 60; p++; break;
	default: break;
	}
	if (*p) {
		snprintf(err, errlen, "'%s': unexpected '%s' (one suffix of K, "
			 "M, G, T, P, E at most; no B)", s, p);
		return -1;
	}
	if (shift && v > (UINT64_MAX >> shift)) {
		snprintf(err, errlen, "'%s': too large", s);
		return -1;
	}
	*out = v << shift;
	return 0;
}

void tool_format_size(char *buf, size_t len, double bytes)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	int u = 0;
	int neg = bytes < 0;

	if (neg)
		bytes = -bytes;
	while (bytes >= 1024 && u < 4)
		bytes /= 1024, u++;
	snprintf(buf, len, u ? "%s%.1f %s" : "%s%.0f %s", neg ? "-" : "",
		 bytes, unit[u]);
}
