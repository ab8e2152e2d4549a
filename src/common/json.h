/* SPDX-License-Identifier: MIT */
/*
 * Strings in the machine formats the tools write: JSON (RFC 8259) and
 * the Prometheus text exposition format.
 */
#ifndef TOOLS_JSON_H
#define TOOLS_JSON_H

#include <stddef.h>
#include <stdio.h>

/*
 * Write s as a JSON string literal, quotes included.  A byte that is not
 * part of well-formed UTF-8 is written as the four characters \xHH (in
 * the literal: "\\xHH"), so that the output stays UTF-8.
 */
void tool_json_string(FILE *f, const char *s);

/*
 * Format the label set {name="s"} into out, with s escaped as the
 * Prometheus text format requires (backslash, double quote and newline);
 * a byte that is not part of well-formed UTF-8 as the text \xHH.
 * Returns 0, or -1 when it does not fit (out is then empty).
 */
int tool_prom_label(char *out, size_t len, const char *name, const char *s);

#endif
