/* SPDX-License-Identifier: MIT */
#include "print.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

void tool_print_start(struct tool_printer *p, FILE *f, enum tool_format format,
		      const char *prefix)
{
	memset(p, 0, sizeof(*p));
	p->f = f;
	p->format = format;
	p->prefix = prefix ? prefix : "";
	/*
	 * Prometheus: into memory, so that tool_print_end() can group each
	 * family's lines (records print family after family, and the format
	 * wants each family in one piece).  Without memory, straight out.
	 */
	if (format == TOOL_PROMETHEUS) {
		p->held = open_memstream(&p->held_text, &p->held_len);
		if (p->held) {
			p->out = f;
			p->f = p->held;
		}
	}
}

/* The family a Prometheus line belongs to: its metric name, or the name a
 * # HELP or # TYPE line is about.  Sets *len; NULL for other lines. */
static const char *family_of(const char *line, size_t *len)
{
	if (!strncmp(line, "# HELP ", 7) || !strncmp(line, "# TYPE ", 7))
		line += 7;
	else if (line[0] == '#')
		return NULL;
	*len = strcspn(line, "{ \n");
	return line;
}

/* One held line, up to its newline (which the last line may lack). */
static void write_line(FILE *out, const char *line)
{
	fwrite(line, 1, strcspn(line, "\n"), out);
	fputc('\n', out);
}

/*
 * Write the held text to the real output, each family's lines together,
 * the families in the order they first appear and each one's lines in
 * theirs.  A family at a time over all lines: families times lines, a few
 * thousand lines at most.
 */
static void write_grouped(FILE *out, char *text, size_t len)
{
	size_t nlines = 0, *start;
	bool *done;

	for (size_t i = 0; i < len; i++)
		nlines += text[i] == '\n';
	if (len && text[len - 1] != '\n')
		nlines++; /* a last line without its newline gets one */
	start = calloc(nlines + 1, sizeof(*start));
	done = calloc(nlines + 1, sizeof(*done));
	if (!start || !done) {
		fwrite(text, 1, len, out); /* no memory: as printed */
		free(start);
		free(done);
		return;
	}
	for (size_t i = 0, n = 1; i + 1 < len && n < nlines; i++)
		if (text[i] == '\n')
			start[n++] = i + 1;
	for (size_t i = 0; i < nlines; i++) {
		size_t flen = 0;
		const char *fam;

		if (done[i])
			continue;
		/* Line i, then the rest of its family (a line of no family alone). */
		write_line(out, text + start[i]);
		fam = family_of(text + start[i], &flen);
		for (size_t j = i + 1; fam && j < nlines; j++) {
			size_t glen = 0;
			const char *g;

			if (done[j])
				continue;
			g = family_of(text + start[j], &glen);
			if (g && glen == flen && memcmp(g, fam, flen) == 0) {
				write_line(out, text + start[j]);
				done[j] = true;
			}
		}
	}
	free(start);
	free(done);
}

/* JSON: the separator before a member or element, and its key. */
static void json_member(struct tool_printer *p, const char *key)
{
	if (p->has_members[p->depth])
		fputs(", ", p->f);
	p->has_members[p->depth] = true;
	if (key) {
		tool_json_string(p->f, key);
		fputs(": ", p->f);
	}
}

void tool_print_open(struct tool_printer *p, const char *key, char bracket)
{
	if (p->format != TOOL_JSON)
		return;
	if (p->depth >= TOOL_PRINT_DEPTH)
		abort(); /* the nesting is fixed by the caller's code: a bug */
	json_member(p, key);
	fputc(bracket, p->f);
	p->depth++;
	p->has_members[p->depth] = false;
	p->closer[p->depth] = bracket == '[' ? ']' : '}';
}

void tool_print_close(struct tool_printer *p)
{
	if (p->format != TOOL_JSON || p->depth == 0)
		return;
	fputc(p->closer[p->depth], p->f);
	p->depth--;
}

int tool_print_labels(struct tool_printer *p, const char *name, const char *value)
{
	return tool_prom_label(p->labels, sizeof(p->labels), name, value);
}

int tool_print_add_label(struct tool_printer *p, const char *name, const char *value)
{
	char one[sizeof(p->labels)];
	size_t have = strlen(p->labels);

	if (have == 0)
		return tool_print_labels(p, name, value);
	/* {a="x"} and {b="y"} make {a="x",b="y"}. */
	if (tool_prom_label(one, sizeof(one), name, value) < 0 ||
	    have + strlen(one) >= sizeof(p->labels))
		return -1;
	p->labels[have - 1] = ',';
	memcpy(p->labels + have, one + 1, strlen(one + 1) + 1);
	return 0;
}

void tool_print_no_labels(struct tool_printer *p)
{
	p->labels[0] = '\0';
}

void tool_print_family(struct tool_printer *p, const char *metric, const char *type,
		       const char *help)
{
	if (p->format == TOOL_PROMETHEUS)
		fprintf(p->f, "# HELP %s%s %s\n# TYPE %s%s %s\n", p->prefix, metric,
			help, p->prefix, metric, type);
}

/* The shortest text of 15, 16 or 17 digits that reads back as v. */
static void format_double(char *out, size_t len, double v)
{
	for (int digits = 15; digits <= 17; digits++) {
		snprintf(out, len, "%.*g", digits, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

/* A number, already formatted, to JSON or Prometheus. */
static void number(struct tool_printer *p, const char *key, const char *metric,
		   const char *digits)
{
	if (p->format == TOOL_JSON && key) {
		json_member(p, key);
		fputs(digits, p->f);
	} else if (p->format == TOOL_PROMETHEUS && metric) {
		fprintf(p->f, "%s%s%s %s\n", p->prefix, metric, p->labels, digits);
	}
}

void tool_print_u64(struct tool_printer *p, const char *key, const char *metric,
		    const char *text, uint64_t v)
{
	char digits[32];

	if (p->format == TOOL_TEXT) {
		if (text)
			fprintf(p->f, text, v);
		return;
	}
	snprintf(digits, sizeof(digits), "%" PRIu64, v);
	number(p, key, metric, digits);
}

void tool_print_i64(struct tool_printer *p, const char *key, const char *metric,
		    const char *text, int64_t v)
{
	char digits[32];

	if (p->format == TOOL_TEXT) {
		if (text)
			fprintf(p->f, text, v);
		return;
	}
	snprintf(digits, sizeof(digits), "%" PRId64, v);
	number(p, key, metric, digits);
}

void tool_print_double(struct tool_printer *p, const char *key, const char *metric,
		       const char *text, double v)
{
	char digits[40];

	if (p->format == TOOL_TEXT) {
		if (text)
			fprintf(p->f, text, v);
		return;
	}
	if (isfinite(v))
		format_double(digits, sizeof(digits), v);
	else if (p->format == TOOL_JSON)
		snprintf(digits, sizeof(digits), "null");
	else
		snprintf(digits, sizeof(digits), "%s", isnan(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf");
	number(p, key, metric, digits);
}

void tool_print_bool(struct tool_printer *p, const char *key, const char *metric,
		     const char *text, bool v)
{
	if (p->format == TOOL_TEXT) {
		if (text)
			fprintf(p->f, text, v ? "yes" : "no");
	} else if (p->format == TOOL_JSON) {
		number(p, key, metric, v ? "true" : "false");
	} else {
		number(p, key, metric, v ? "1" : "0");
	}
}

void tool_print_string(struct tool_printer *p, const char *key, const char *text,
		       const char *s)
{
	if (p->format == TOOL_TEXT && text) {
		fprintf(p->f, text, s);
	} else if (p->format == TOOL_JSON && key) {
		json_member(p, key);
		tool_json_string(p->f, s);
	}
}

void tool_print_null(struct tool_printer *p, const char *key, const char *text)
{
	if (p->format == TOOL_TEXT && text)
		fputs(text, p->f);
	else if (p->format == TOOL_JSON && key)
		number(p, key, NULL, "null");
}

void tool_print_text(struct tool_printer *p, const char *fmt, ...)
{
	va_list ap;

	if (p->format != TOOL_TEXT)
		return;
	va_start(ap, fmt);
	vfprintf(p->f, fmt, ap); // NOLINT(clang-analyzer-valist.Uninitialized)
	va_end(ap);
}

void tool_print_end(struct tool_printer *p)
{
	while (p->depth)
		tool_print_close(p);
	if (p->format == TOOL_JSON)
		fputc('\n', p->f);
	if (p->held) {
		if (fclose(p->held) == 0)
			write_grouped(p->out, p->held_text, p->held_len);
		free(p->held_text);
		p->held = NULL;
		p->f = p->out;
	}
}
