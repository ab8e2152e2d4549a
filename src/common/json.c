/* SPDX-License-Identifier: MIT */
#include "json.h"

#include <string.h>

/*
 * The length of the well-formed UTF-8 sequence at s (1 to 4), or 0 when
 * the byte at s starts none (RFC 3629: no overlong forms, surrogates or
 * code points past U+10FFFF).
 */
static size_t utf8_len(const unsigned char *s)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void tool_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		size_t n = utf8_len((const unsigned char *)s);

		if (n == 0) {
			/* Not UTF-8: the byte as the text \xHH (JSON is UTF-8). */
			fprintf(f, "\\\\x%02x", c);
		} else if (n > 1) {
			fwrite(s, 1, n, f);
			s += n - 1;
		} else if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

int tool_prom_label(char *out, size_t len, const char *name, const char *s)
{
	int n = snprintf(out, len, "{%s=\"", name);
	size_t i;

	if (n < 0 || (size_t)n >= len)
		goto too_long;
	i = (size_t)n;
	for (; *s; s++) {
		const char *esc = *s == '\\' ? "\\\\" : *s == '"' ? "\\\"" :
				  *s == '\n' ? "\\n" : NULL;
		size_t u = utf8_len((const unsigned char *)s);
		char bad[8];
		size_t k = esc ? 2 : u ? u : 5;

		if (i + k + 2 >= len)
			goto too_long;
		if (esc) {
			memcpy(out + i, esc, 2);
		} else if (u == 0) {
			/* Not UTF-8 (the format's only encoding): the text \xHH. */
			snprintf(bad, sizeof(bad), "\\\\x%02x", (unsigned char)*s);
			memcpy(out + i, bad, 5);
		} else {
			memcpy(out + i, s, u);
			s += u - 1;
		}
		i += k;
	}
	memcpy(out + i, "\"}", 3);
	return 0;
too_long:
	if (len)
		out[0] = '\0';
	return -1;
}
