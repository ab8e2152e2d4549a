/* SPDX-License-Identifier: MIT */
#include "sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int attr_path(char *path, size_t len, const char *dir, const char *attr)
{
	int n = snprintf(path, len, "%s/%s", dir, attr);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int tool_sysfs_read(const char *dir, const char *attr, char *buf, size_t len)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd, err = 0;

	if (len == 0)
		return -EINVAL;
	err = attr_path(path, sizeof(path), dir, attr);
	if (err)
		return err;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/*
	 * Until end of file: a seq_file attribute (memory.stat) may come in
	 * several reads.  A file that does not fit is an error, never a
	 * silently shortened value.
	 */
	n = 0;
	for (;;) {
		char probe;
		/* Full: one more byte says whether the file goes on. */
		bool full = (size_t)n == len - 1;
		ssize_t r = full ? read(fd, &probe, 1)
				 : read(fd, buf + n, len - 1 - (size_t)n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			err = -errno;
		else if (r > 0 && full)
			err = -EFBIG;
		if (r <= 0 || full)
			break;
		n += r;
	}
	close(fd);
	if (err)
		return err;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return (int)n;
}

int tool_sysfs_write(const char *dir, const char *attr, const char *value)
{
	char path[PATH_MAX];
	size_t len = strlen(value);
	ssize_t n;
	int fd, err;

	err = attr_path(path, sizeof(path), dir, attr);
	if (err)
		return err;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, value, len);
	err = n < 0 ? -errno : (size_t)n != len ? -EIO : 0;
	if (close(fd) < 0 && !err)
		err = -errno;
	return err;
}

int tool_sysfs_exists(const char *dir, const char *attr)
{
	char path[PATH_MAX];
	struct stat st;

	return attr_path(path, sizeof(path), dir, attr) == 0 &&
	       stat(path, &st) == 0;
}
