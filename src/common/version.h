/* SPDX-License-Identifier: MIT */
/* --version, the same for every tool. */
#ifndef TOOLS_COMMON_VERSION_H
#define TOOLS_COMMON_VERSION_H

/* Print "TOOL VERSION (fairlock-toolkit)" on stdout; returns 0. */
int tool_print_version(const char *tool);

/* The version alone ("0.2.0"), for metrics such as build_info. */
const char *tool_version(void);

#endif
