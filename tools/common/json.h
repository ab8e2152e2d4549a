/* SPDX-License-Identifier: MIT */
/* The least of JSON output: strings escaped as RFC 8259 requires. */
#ifndef TOOLS_JSON_H
#define TOOLS_JSON_H

#include <stdio.h>

/* Write s as a JSON string literal, quotes included. */
void json_string(FILE *f, const char *s);

#endif
