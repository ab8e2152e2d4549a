/* SPDX-License-Identifier: MIT */
/* Reading and writing sysfs/cgroup attribute files, with errno kept. */
#ifndef TOOLS_SYSFS_H
#define TOOLS_SYSFS_H

#include <stddef.h>

/*
 * Read DIR/ATTR to its end into buf (NUL-terminated, trailing newline and
 * spaces removed).  Returns the length, or -errno: -EFBIG when the file
 * does not fit in len - 1 bytes (the value is never cut short).
 */
int tool_sysfs_read(const char *dir, const char *attr, char *buf, size_t len);

/*
 * Write `value` to DIR/ATTR in one write(2), as sysfs expects.
 * Returns 0 or -errno (EINTR is returned, not retried: callers decide).
 */
int tool_sysfs_write(const char *dir, const char *attr, const char *value);

/* True if DIR/ATTR exists. */
int tool_sysfs_exists(const char *dir, const char *attr);

#endif
