/* SPDX-License-Identifier: MIT */
/* A fw_upload device reached through sysfs. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/sysfs.h"
#include "fwupload.h"

static const char *const fw_upload_attrs[] = {
	"loading", "data", "status", "error", "remaining_size", "cancel",
};

bool fwu_sysfs_is_fw_upload(const char *dir)
{
	for (size_t i = 0; i < sizeof(fw_upload_attrs) / sizeof(*fw_upload_attrs);
	     i++)
		if (!tool_sysfs_exists(dir, fw_upload_attrs[i]))
			return false;
	return true;
}

/* The files polled while the device works stay open: see sys_read(). */
static const char *const polled_attrs[] = { "status", "remaining_size" };
#define NPOLLED (sizeof(polled_attrs) / sizeof(polled_attrs[0]))

struct sysfs_priv {
	char dir[PATH_MAX];
	int data_fd;
	int polled_fd[NPOLLED];
};

/*
 * A sysfs attribute is generated afresh by every read at offset 0, so the
 * polled files are opened once and re-read with pread(): one system call
 * per poll instead of open, read and close.
 */
static int read_polled(struct sysfs_priv *p, size_t i, char *buf, size_t len)
{
	ssize_t n;

	if (p->polled_fd[i] < 0) {
		char path[PATH_MAX + 32];

		snprintf(path, sizeof(path), "%s/%s", p->dir, polled_attrs[i]);
		p->polled_fd[i] = open(path, O_RDONLY | O_CLOEXEC);
		if (p->polled_fd[i] < 0)
			return -errno;
	}
	do
		n = pread(p->polled_fd[i], buf, len - 1, 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

static int sys_read(struct fwu_device *d, const char *attr, char *buf,
		    size_t len)
{
	struct sysfs_priv *p = d->priv;
	int n;

	for (size_t i = 0; i < NPOLLED; i++)
		if (!strcmp(attr, polled_attrs[i]))
			return read_polled(p, i, buf, len);
	n = tool_sysfs_read(p->dir, attr, buf, len);
	return n < 0 ? n : 0;
}

static int sys_write(struct fwu_device *d, const char *attr, const char *val)
{
	struct sysfs_priv *p = d->priv;

	return tool_sysfs_write(p->dir, attr, val);
}

/* data is a binary attribute: write the image at increasing offsets. */
static int sys_write_data(struct fwu_device *d, const uint8_t *buf,
			  size_t len, size_t offset)
{
	struct sysfs_priv *p = d->priv;

	if (p->data_fd < 0) {
		char path[PATH_MAX + 8];

		snprintf(path, sizeof(path), "%s/data", p->dir);
		p->data_fd = open(path, O_WRONLY | O_CLOEXEC);
		if (p->data_fd < 0)
			return -errno;
	}
	while (len) {
		ssize_t n = pwrite(p->data_fd, buf, len, (off_t)offset);

		if (n < 0)
			return -errno; /* EINTR included: the caller decides */
		if (n == 0)
			return -EIO;
		buf += n;
		len -= (size_t)n;
		offset += (size_t)n;
	}
	return 0;
}

static void sys_sleep_ms(struct fwu_device *d, unsigned int ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };

	(void)d;
	nanosleep(&ts, NULL); /* a signal cuts it short: that is wanted */
}

int fwu_sysfs_open(struct fwu_device *d, const char *root, const char *device,
		   char *err, size_t errlen)
{
	struct sysfs_priv *p = calloc(1, sizeof(*p));
	struct stat st;
	int n;

	if (!p) {
		snprintf(err, errlen, "out of memory");
		return FWU_EXIT_IO;
	}
	p->data_fd = -1;
	for (size_t i = 0; i < NPOLLED; i++)
		p->polled_fd[i] = -1;
	if (strchr(device, '/'))
		n = snprintf(p->dir, sizeof(p->dir), "%s", device);
	else
		n = snprintf(p->dir, sizeof(p->dir), "%s/class/firmware/%s",
			     root, device);
	if (n < 0 || (size_t)n >= sizeof(p->dir)) {
		snprintf(err, errlen, "%s: name too long", device);
		free(p);
		return FWU_EXIT_USAGE;
	}
	if (stat(p->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: no such firmware device", p->dir);
		free(p);
		return FWU_EXIT_NODEV;
	}
	if (!fwu_sysfs_is_fw_upload(p->dir)) {
		snprintf(err, errlen,
			 "%s: not a fw_upload device (no status/error/cancel "
			 "files: a firmware fallback device, or a kernel "
			 "before 5.19)", p->dir);
		free(p);
		return FWU_EXIT_NODEV;
	}
	d->name = device;
	d->read = sys_read;
	d->write = sys_write;
	d->write_data = sys_write_data;
	d->sleep_ms = sys_sleep_ms;
	d->priv = p;
	return FWU_OK;
}

void fwu_sysfs_close(struct fwu_device *d)
{
	struct sysfs_priv *p = d->priv;

	if (p && p->data_fd >= 0)
		close(p->data_fd);
	for (size_t i = 0; p && i < NPOLLED; i++)
		if (p->polled_fd[i] >= 0)
			close(p->polled_fd[i]);
	free(p);
	d->priv = NULL;
}
