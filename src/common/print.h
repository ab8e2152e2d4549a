/* SPDX-License-Identifier: MIT */
/*
 * One printer for the three formats the tools write: text for people,
 * JSON (RFC 8259) and the Prometheus text exposition format.  A record is
 * printed once, field by field, and each call says how each format shows
 * the field, as iproute2's print_uint(PRINT_ANY, key, fmt, value) does:
 *
 *	tool_print_u64(p, "memory.current", "memory_current_bytes",
 *		       "  memory.current %" PRIu64 "\n", v);
 *
 * prints `"memory.current": 123` in JSON, `PREFIXmemory_current_bytes{LABELS}
 * 123` in Prometheus and the text format with the value in text.  A NULL
 * key, metric or text leaves the field out of that format.  Objects and
 * arrays (tool_print_open/close) shape the JSON only; the Prometheus
 * samples carry the label set tool_print_labels() gave last.
 *
 * Numbers: integers exactly; doubles in JSON and Prometheus in the
 * shortest form that reads back to the same double (non-finite ones as
 * JSON null, and as Prometheus NaN/+Inf/-Inf).
 */
#ifndef TOOLS_PRINT_H
#define TOOLS_PRINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum tool_format { TOOL_TEXT, TOOL_JSON, TOOL_PROMETHEUS };

#define TOOL_PRINT_DEPTH 8

struct tool_printer {
	FILE *f;
	enum tool_format format;
	const char *prefix;		/* before every Prometheus metric name */
	char labels[8192];		/* the Prometheus label set, "" or {...} */
	unsigned depth;			/* JSON: open objects and arrays */
	bool has_members[TOOL_PRINT_DEPTH + 1];
	char closer[TOOL_PRINT_DEPTH + 1];	/* JSON: what ends each level */
	/* Prometheus: the lines held until tool_print_end(), and where to. */
	FILE *held, *out;
	char *held_text;
	size_t held_len;
};

/* Start printing to f; prefix (may be "") goes before metric names. */
void tool_print_start(struct tool_printer *p, FILE *f, enum tool_format format,
		      const char *prefix);
/* JSON: open an object ('{') or array ('['), as member key (NULL inside
 * an array or at the top).  Deeper than TOOL_PRINT_DEPTH is a bug. */
void tool_print_open(struct tool_printer *p, const char *key, char bracket);
void tool_print_close(struct tool_printer *p);
/* Prometheus: the label set {name="value"} of the samples that follow
 * (value escaped).  Returns -1 if it does not fit (then none). */
int tool_print_labels(struct tool_printer *p, const char *name, const char *value);
/* Prometheus: one more label after those tool_print_labels() gave;
 * -1 if it does not fit (the set is then unchanged). */
int tool_print_add_label(struct tool_printer *p, const char *name, const char *value);
/* Prometheus: no labels on the samples that follow. */
void tool_print_no_labels(struct tool_printer *p);
/* Prometheus: the # HELP and # TYPE lines of metric (nothing elsewhere). */
void tool_print_family(struct tool_printer *p, const char *metric, const char *type,
		       const char *help);

void tool_print_u64(struct tool_printer *p, const char *key, const char *metric,
		    const char *text, uint64_t v);
void tool_print_i64(struct tool_printer *p, const char *key, const char *metric,
		    const char *text, int64_t v);
void tool_print_double(struct tool_printer *p, const char *key, const char *metric,
		       const char *text, double v);
void tool_print_bool(struct tool_printer *p, const char *key, const char *metric,
		     const char *text, bool v);
/* Strings and null have no Prometheus form. */
void tool_print_string(struct tool_printer *p, const char *key, const char *text,
		       const char *s);
void tool_print_null(struct tool_printer *p, const char *key, const char *text);
/* Text only: fmt as printf's, in the text format (nothing elsewhere). */
void tool_print_text(struct tool_printer *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * End: a newline after the JSON value.  Prometheus output is held until
 * here and then written with each metric family's lines (# HELP, # TYPE,
 * samples) together, as the exposition format requires: records printed
 * one after another (a cgroup at a time) give their families interleaved.
 * Every printer must end here.
 */
void tool_print_end(struct tool_printer *p);

#endif
