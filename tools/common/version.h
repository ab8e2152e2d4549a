/* SPDX-License-Identifier: MIT */
/* --version, the same for every tool. */
#ifndef TOOLS_COMMON_VERSION_H
#define TOOLS_COMMON_VERSION_H

/* Print "TOOL VERSION (fairlock-toolkit)" on stdout; returns 0. */
int tool_print_version(const char *tool);

#endif
