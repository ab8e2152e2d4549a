/* SPDX-License-Identifier: MIT */
/* The numbers the kernel prints in sysfs and cgroup files, read strictly. */
#ifndef TOOLS_NUMBER_H
#define TOOLS_NUMBER_H

#include <stdint.h>

/*
 * Parse `s` as one unsigned decimal number and nothing else: no sign, no
 * space, no suffix, no empty string (the kernel prints "%llu").  Returns
 * 0, -EINVAL for anything but digits, or -ERANGE past UINT64_MAX.
 */
int tool_parse_u64(const char *s, uint64_t *out);

#endif
