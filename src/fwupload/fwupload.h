/* SPDX-License-Identifier: MIT */
/*
 * fwupload: firmware upload through the fw_upload sysfs class (Linux 5.19,
 * Documentation/ABI/testing/sysfs-class-firmware).  The device directory
 * holds loading, data, status, error, remaining_size and cancel.
 */
#ifndef FWUPLOAD_H
#define FWUPLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Exit codes: one per error class (documented in fwupload.1). */
enum fwu_exit {
	FWU_OK = 0,
	FWU_EXIT_USAGE = 2,
	FWU_EXIT_NODEV = 3,      /* no such device, or not fw_upload */
	FWU_EXIT_BUSY = 4,       /* an upload is already in progress */
	FWU_EXIT_IMAGE = 5,      /* image missing, unreadable, empty, corrupt */
	FWU_EXIT_IO = 6,         /* a sysfs access failed; device vanished */
	FWU_EXIT_CANCELED = 7,   /* user-abort: Ctrl-C, SIGTERM, fwupload cancel */
	FWU_EXIT_TIMEOUT = 8,    /* --timeout expired; the upload was canceled */
	FWU_EXIT_PERM = 9,       /* not allowed (data needs CAP_SYS_RAWIO) */
	/* the device reported an error: */
	FWU_EXIT_HW_ERROR = 10,
	FWU_EXIT_DEV_TIMEOUT = 11,
	FWU_EXIT_DEVICE_BUSY = 12,
	FWU_EXIT_INVALID_SIZE = 13,
	FWU_EXIT_READ_WRITE = 14,
	FWU_EXIT_FLASH_WEAROUT = 15,
	FWU_EXIT_UNKNOWN_ERROR = 16, /* an error string this tool does not know */
};

/* The status file's values, in the order an upload goes through them. */
enum fwu_status {
	FWU_IDLE,
	FWU_RECEIVING,
	FWU_PREPARING,
	FWU_TRANSFERRING,
	FWU_PROGRAMMING,
	FWU_STATUS_UNKNOWN,
};

const char *fwu_status_name(enum fwu_status s);
enum fwu_status fwu_status_parse(const char *s);

/*
 * Exit code for the error file's "<status>:<error>" (empty: FWU_OK).
 * Unknown text gives FWU_EXIT_UNKNOWN_ERROR.
 */
enum fwu_exit fwu_error_exit(const char *error);

/* What an exit code means, in words. */
const char *fwu_exit_name(enum fwu_exit code);

/*
 * How the upload reaches a device: sysfs for real, a scripted fake in the
 * unit tests.  Each returns 0 or -errno.
 */
struct fwu_device {
	const char *name;
	int (*read)(struct fwu_device *d, const char *attr, char *buf,
		    size_t len);
	int (*write)(struct fwu_device *d, const char *attr, const char *val);
	/* write `len` bytes of image at `offset` to data */
	int (*write_data)(struct fwu_device *d, const uint8_t *buf, size_t len,
			  size_t offset);
	void (*sleep_ms)(struct fwu_device *d, unsigned int ms);
	void *priv;
};

/* Open DEVICE (a name under ROOT/class/firmware, or a path). */
int fwu_sysfs_open(struct fwu_device *d, const char *root, const char *device,
		   char *err, size_t errlen);
void fwu_sysfs_close(struct fwu_device *d);

/* True if the directory has every fw_upload attribute. */
bool fwu_sysfs_is_fw_upload(const char *dir);

/* Progress, as the upload goes. */
struct fwu_event {
	double t;                /* seconds since start */
	enum fwu_status status;
	long long remaining;     /* remaining_size, -1 if unknown */
	size_t sent;             /* image bytes written to data so far */
};

struct fwu_options {
	unsigned int poll_ms;    /* status polling interval */
	double timeout_s;        /* 0: none */
	size_t chunk;            /* bytes per write to data */
	/* called on every new event; may be NULL */
	void (*progress)(const struct fwu_event *e, void *arg);
	void *progress_arg;
	/* polled often; true when the user asked to stop */
	bool (*interrupted)(void *arg);
	void *interrupted_arg;
	double (*now)(void);     /* clock, seconds */
};

struct fwu_result {
	enum fwu_exit exit;
	char error[128];         /* the error file, or empty */
	char message[256];       /* what went wrong, for people */
	double elapsed;
	size_t size;
};

/* Upload `image` to `d`; never leaves the device with loading=1. */
void fwu_upload(struct fwu_device *d, const uint8_t *image, size_t size,
		const struct fwu_options *o, struct fwu_result *r);

/* Cancel the upload in progress on `d`; returns an exit code. */
enum fwu_exit fwu_cancel(struct fwu_device *d, char *msg, size_t len);

/*
 * Load IMAGE into memory, decompressing .xz and .zst (by their magic).
 * Returns FWU_OK or FWU_EXIT_IMAGE with a message.
 */
enum fwu_exit fwu_image_load(const char *path, uint8_t **data, size_t *size,
			     char *msg, size_t len);

#endif
