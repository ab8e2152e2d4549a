/* SPDX-License-Identifier: MIT */
/*
 * fwupload's state machine against a scripted fake device: the order of
 * sysfs writes, the exit code of every outcome, and the rule that an
 * upload never ends with loading=1.
 */
#include <errno.h>
#ifdef FWU_HAVE_LZMA
#include <lzma.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef FWU_HAVE_ZSTD
#include <zstd.h>
#endif

#include "fwupload/fwupload.h"
#include "harness.h"

#define MAX_STEPS 16

struct fake {
	/* what status reads return, one per read after loading=0 */
	const char *statuses[MAX_STEPS];
	int nstatus, next_status;
	const char *initial_status;   /* before the upload starts */
	const char *error;            /* the error file once idle */
	int status_errno_at;          /* status read number that fails, or -1 */
	int data_errno;               /* write_data fails with this, or 0 */
	size_t data_fail_after;       /* ...once this many bytes were taken */
	int cancel_busy;              /* cancel writes that return EBUSY first */
	int error_errno;              /* the error file's read fails with this */
	/* what happened */
	char log[1024];
	size_t received;
	bool loading_one;             /* loading is 1 right now */
	bool started;                 /* loading=0 was written */
	bool canceled;
	int status_reads;
	double clock;
	bool interrupt_at_data, interrupt_on_start, interrupt_now;
};

static void note(struct fake *f, const char *what)
{
	size_t at = strlen(f->log);

	snprintf(f->log + at, sizeof(f->log) - at, "%s ", what);
}

static int f_read(struct fwu_device *d, const char *attr, char *buf, size_t len)
{
	struct fake *f = d->priv;

	if (!strcmp(attr, "status")) {
		const char *s;

		if (f->status_reads++ == f->status_errno_at)
			return -ENODEV;
		if (!f->started)
			s = f->initial_status;
		else if (!f->canceled && f->next_status < f->nstatus)
			s = f->statuses[f->next_status++];
		else
			s = "idle"; /* done, or canceled */
		snprintf(buf, len, "%s", s);
		return 0;
	}
	if (!strcmp(attr, "remaining_size")) {
		snprintf(buf, len, "%zu", f->received / 2);
		return 0;
	}
	if (!strcmp(attr, "error")) {
		if (f->error_errno)
			return -f->error_errno;
		snprintf(buf, len, "%s", f->canceled ? "transferring:user-abort" :
							f->error);
		return 0;
	}
	return -ENOENT;
}

static int f_write(struct fwu_device *d, const char *attr, const char *val)
{
	struct fake *f = d->priv;
	char entry[64];

	snprintf(entry, sizeof(entry), "%s=%s", attr, val);
	note(f, entry);
	if (!strcmp(attr, "loading")) {
		f->loading_one = !strcmp(val, "1");
		if (!strcmp(val, "0")) {
			f->started = true;
			f->interrupt_now |= f->interrupt_on_start;
		}
		if (!strcmp(val, "-1"))
			f->started = true, f->canceled = true;
	} else if (!strcmp(attr, "cancel")) {
		if (f->cancel_busy-- > 0)
			return -EBUSY;
		f->canceled = true;
	}
	return 0;
}

static int f_write_data(struct fwu_device *d, const uint8_t *buf, size_t len,
			size_t offset)
{
	struct fake *f = d->priv;

	(void)buf;
	CHECK_EQ(offset, f->received); /* in order, no gaps */
	if (f->data_errno && f->received >= f->data_fail_after)
		return -f->data_errno;
	f->received += len;
	if (f->interrupt_at_data)
		f->interrupt_now = true;
	return 0;
}

static void f_sleep(struct fwu_device *d, unsigned int ms)
{
	((struct fake *)d->priv)->clock += ms / 1000.0;
}

static struct fake *current;

static double f_now(void)
{
	return current->clock;
}

static bool f_interrupted(void *arg)
{
	return ((struct fake *)arg)->interrupt_now;
}

static int events_seen;

static void on_event(const struct fwu_event *e, void *arg)
{
	(void)e, (void)arg;
	events_seen++;
}

static void run(struct fake *f, size_t size, double timeout,
		struct fwu_result *r)
{
	struct fwu_device d = { "fake", f_read, f_write, f_write_data, f_sleep, f };
	struct fwu_options o = { .poll_ms = 10, .timeout_s = timeout,
				 .chunk = 100, .progress = on_event,
				 .interrupted = f_interrupted,
				 .interrupted_arg = f, .now = f_now };
	uint8_t *image = calloc(1, size);

	CHECK(image);
	current = f;
	if (!f->initial_status)
		f->initial_status = "idle";
	if (!f->error)
		f->error = "";
	if (!f->status_errno_at)
		f->status_errno_at = -1;
	events_seen = 0;
	fwu_upload(&d, image, size, &o, r);
	free(image);
	/* Whatever happened, the device is not left receiving. */
	CHECK(!f->loading_one);
}

static void success(void)
{
	struct fake f = { .statuses = { "preparing", "transferring",
					"transferring", "programming" },
			  .nstatus = 4 };
	struct fwu_result r;

	run(&f, 1000, 0, &r);
	CHECK_EQ(r.exit, FWU_OK);
	CHECK_EQ(f.received, 1000);
	CHECK(!strcmp(f.log, "loading=1 loading=0 "));
	CHECK(events_seen >= 5); /* receiving x10 chunks, then each phase */
}

static void device_errors(void)
{
	static const struct {
		const char *error;
		enum fwu_exit code;
	} cases[] = {
		{ "preparing:hw-error", FWU_EXIT_HW_ERROR },
		{ "transferring:timeout", FWU_EXIT_DEV_TIMEOUT },
		{ "programming:device-busy", FWU_EXIT_DEVICE_BUSY },
		{ "preparing:invalid-file-size", FWU_EXIT_INVALID_SIZE },
		{ "transferring:read-write-error", FWU_EXIT_READ_WRITE },
		{ "programming:flash-wearout", FWU_EXIT_FLASH_WEAROUT },
		{ "programming:user-abort", FWU_EXIT_CANCELED },
		{ "programming:melted", FWU_EXIT_UNKNOWN_ERROR },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fake f = { .statuses = { "preparing" }, .nstatus = 1,
				  .error = cases[i].error };
		struct fwu_result r;

		run(&f, 10, 0, &r);
		CHECK_EQ(r.exit, cases[i].code);
		CHECK(!strcmp(r.error, cases[i].error));
		CHECK(strstr(r.message, cases[i].error));
	}
	CHECK_EQ(fwu_error_exit(""), FWU_OK);
	CHECK_EQ(fwu_error_exit("no colon"), FWU_EXIT_UNKNOWN_ERROR);
}

static void busy_device_untouched(void)
{
	struct fake f = { .initial_status = "transferring" };
	struct fwu_result r;

	run(&f, 10, 0, &r);
	CHECK_EQ(r.exit, FWU_EXIT_BUSY);
	CHECK(!strcmp(f.log, "")); /* nothing written */
	CHECK(strstr(r.message, "already in progress (status: transferring)"));
}

static void interrupted_while_sending(void)
{
	struct fake f = { .interrupt_at_data = true };
	struct fwu_result r;

	run(&f, 1000, 0, &r);
	CHECK_EQ(r.exit, FWU_EXIT_CANCELED);
	CHECK(!strcmp(f.log, "loading=1 loading=-1 "));
	CHECK(f.received < 1000);
}

/* Ctrl-C once the device works: cancel (refused twice: EBUSY), settle. */
static void interrupted_while_working(void)
{
	struct fake f = { .statuses = { "transferring", "transferring",
					"transferring", "transferring" },
			  .nstatus = 4, .cancel_busy = 2,
			  .interrupt_on_start = true };
	struct fwu_result r;

	run(&f, 10, 0, &r);
	CHECK_EQ(r.exit, FWU_EXIT_CANCELED);
	CHECK(!strcmp(f.log, "loading=1 loading=0 cancel=1 cancel=1 cancel=1 "));
	CHECK(!strcmp(r.error, "transferring:user-abort"));
}

static void timeout(void)
{
	struct fake f = { .statuses = { "programming", "programming",
					"programming", "programming",
					"programming", "programming" },
			  .nstatus = 6 };
	struct fwu_result r;

	run(&f, 10, 0.025, &r);
	CHECK_EQ(r.exit, FWU_EXIT_TIMEOUT);
	CHECK(strstr(f.log, "cancel=1"));
}

static void device_vanishes(void)
{
	struct fake f = { .statuses = { "transferring", "transferring" },
			  .nstatus = 2, .status_errno_at = 2 };
	struct fwu_result r;

	run(&f, 10, 0, &r);
	CHECK_EQ(r.exit, FWU_EXIT_IO);
	CHECK(strstr(r.message, "disappeared"));
}

/* EBUSY on error: the kernel says the device is not idle. */
static void error_busy(void)
{
	struct fake f = { .error_errno = EBUSY };
	struct fwu_result r;

	run(&f, 10, 0, &r);
	CHECK_EQ(r.exit, FWU_EXIT_BUSY);
	CHECK(strstr(r.message, "readable only when the device is idle"));
}

static void data_refused(void)
{
	struct fake f = { .data_errno = EPERM };
	struct fake g = { .data_errno = ENODEV, .data_fail_after = 300 };
	struct fwu_result r;

	run(&f, 1000, 0, &r);
	CHECK_EQ(r.exit, FWU_EXIT_PERM);
	CHECK(strstr(r.message, "CAP_SYS_RAWIO"));
	CHECK(strstr(f.log, "loading=-1"));
	run(&g, 1000, 0, &r);
	CHECK_EQ(r.exit, FWU_EXIT_IO);
	CHECK(strstr(g.log, "loading=-1"));
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *fp = fopen(path, "wb");

	CHECK(fp && fwrite(data, 1, len, fp) == len && fclose(fp) == 0);
}

static void images(const char *dir)
{
	char path[512], msg[512];
	uint8_t plain[3000], *data;
	size_t size;

	for (size_t i = 0; i < sizeof(plain); i++)
		plain[i] = (uint8_t)(i * 7 + i / 100);
	snprintf(path, sizeof(path), "%s/plain.bin", dir);
	write_file(path, plain, sizeof(plain));
	CHECK_EQ(fwu_image_load(path, &data, &size, msg, sizeof(msg)), FWU_OK);
	CHECK(size == sizeof(plain) && !memcmp(data, plain, size));
	free(data);

#if defined(FWU_HAVE_LZMA) || defined(FWU_HAVE_ZSTD)
	uint8_t packed[4000];
	size_t n = 0;
#endif
#ifdef FWU_HAVE_LZMA
	CHECK_EQ(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, plain,
					 sizeof(plain), packed, &n,
					 sizeof(packed)), LZMA_OK);
	snprintf(path, sizeof(path), "%s/image.xz", dir);
	write_file(path, packed, n);
	CHECK_EQ(fwu_image_load(path, &data, &size, msg, sizeof(msg)), FWU_OK);
	CHECK(size == sizeof(plain) && !memcmp(data, plain, size));
	free(data);
	write_file(path, packed, n / 2); /* truncated */
	CHECK_EQ(fwu_image_load(path, &data, &size, msg, sizeof(msg)),
		 FWU_EXIT_IMAGE);
	CHECK(strstr(msg, "xz"));

#endif
#ifdef FWU_HAVE_ZSTD
	{
		/* With a content checksum, as the zstd command writes them:
		 * without one, a flipped byte can decode silently. */
		ZSTD_CCtx *cc = ZSTD_createCCtx();

		CHECK(cc);
		ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, 1);
		n = ZSTD_compress2(cc, packed, sizeof(packed), plain,
				   sizeof(plain));
		ZSTD_freeCCtx(cc);
		CHECK(!ZSTD_isError(n));
	}
	snprintf(path, sizeof(path), "%s/image.zst", dir);
	write_file(path, packed, n);
	CHECK_EQ(fwu_image_load(path, &data, &size, msg, sizeof(msg)), FWU_OK);
	CHECK(size == sizeof(plain) && !memcmp(data, plain, size));
	free(data);
	write_file(path, packed, n - 10); /* truncated */
	CHECK_EQ(fwu_image_load(path, &data, &size, msg, sizeof(msg)),
		 FWU_EXIT_IMAGE);
	CHECK(strstr(msg, "zstd"));
	packed[n / 2] ^= 0xff; /* corrupt: the checksum catches it */
	write_file(path, packed, n);
	CHECK_EQ(fwu_image_load(path, &data, &size, msg, sizeof(msg)),
		 FWU_EXIT_IMAGE);
	CHECK(strstr(msg, "zstd"));

#endif
	snprintf(path, sizeof(path), "%s/empty.bin", dir);
	write_file(path, "", 0);
	CHECK_EQ(fwu_image_load(path, &data, &size, msg, sizeof(msg)),
		 FWU_EXIT_IMAGE);
	CHECK(strstr(msg, "empty image"));
	CHECK_EQ(fwu_image_load(dir, &data, &size, msg, sizeof(msg)),
		 FWU_EXIT_IMAGE);
	CHECK(strstr(msg, "not a regular file"));
	snprintf(path, sizeof(path), "%s/missing.bin", dir);
	CHECK_EQ(fwu_image_load(path, &data, &size, msg, sizeof(msg)),
		 FWU_EXIT_IMAGE);
	CHECK(strstr(msg, "No such file"));
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/fwupload-test-XXXXXX";

	(void)argc, (void)argv;
	CHECK(mkdtemp(dir));
	success();
	device_errors();
	busy_device_untouched();
	interrupted_while_sending();
	interrupted_while_working();
	timeout();
	device_vanishes();
	data_refused();
	error_busy();
	images(dir);
	printf("test_upload: ok\n");
	return 0;
}
