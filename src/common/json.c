/* SPDX-License-Identifier: MIT */
#include "json.h"

#include <string.h>

void tool_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
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
		size_t k = esc ? 2 : 1;

		if (i + k + 2 >= len)
			goto too_long;
		if (esc)
			memcpy(out + i, esc, 2);
		else
			out[i] = *s;
		i += k;
	}
	memcpy(out + i, "\"}", 3);
	return 0;
too_long:
	if (len)
		out[0] = '\0';
	return -1;
}
