/* SPDX-License-Identifier: MIT */
/*
 * The upload state machine.  The kernel's sequence: loading=1, the image to
 * data, loading=0; then status goes preparing -> transferring ->
 * programming -> idle, and error says "<status>:<error>" if it failed.
 * The one rule beyond the ABI: this never returns with loading=1.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fwupload.h"

/* How long a canceled or aborted upload may take to settle to idle. */
#define SETTLE_S 60.0

struct run {
	struct fwu_device *d;
	const struct fwu_options *o;
	struct fwu_result *r;
	double t0;
	struct fwu_event last;
	bool emitted;
};

static double elapsed(struct run *u)
{
	return u->o->now() - u->t0;
}

static void emit(struct run *u, enum fwu_status status, long long remaining,
		 size_t sent)
{
	struct fwu_event e = { elapsed(u), status, remaining, sent };

	if (u->emitted && e.status == u->last.status &&
	    e.remaining == u->last.remaining && e.sent == u->last.sent)
		return;
	u->last = e;
	u->emitted = true;
	if (u->o->progress)
		u->o->progress(&e, u->o->progress_arg);
}

/*
 * The poll interval: the base interval while the device moves (status or
 * remaining_size changed in the last 100 ms), then slowing in steps to 10x
 * the base after a second of nothing new.  A long programming phase then
 * costs a tenth of the polls; a signal still cuts any sleep short.
 */
static unsigned int poll_interval(struct run *u)
{
	double still = elapsed(u) - u->last.t;
	unsigned int factor = still < 0.1 ? 1 : (unsigned int)(still * 10);

	return u->o->poll_ms * (factor > 10 ? 10 : factor);
}

static bool interrupted(struct run *u)
{
	return u->o->interrupted && u->o->interrupted(u->o->interrupted_arg);
}

static bool timed_out(struct run *u)
{
	return u->o->timeout_s > 0 && elapsed(u) > u->o->timeout_s;
}

static void fail(struct run *u, enum fwu_exit code, const char *fmt,
		 const char *attr, int err)
{
	u->r->exit = code;
	snprintf(u->r->message, sizeof(u->r->message), fmt, attr,
		 strerror(-err));
}

/* The class of a failed sysfs access. */
static void sysfs_fail(struct run *u, const char *attr, int err)
{
	if (err == -EPERM || err == -EACCES)
		fail(u, FWU_EXIT_PERM,
		     "%s: %s (writing firmware needs root, and data needs "
		     "CAP_SYS_RAWIO)", attr, err);
	else if (err == -EBUSY && !strcmp(attr, "error"))
		fail(u, FWU_EXIT_BUSY,
		     "%s: %s: the error file is readable only when the device "
		     "is idle", attr, err);
	else if (err == -ENOENT || err == -ENODEV || err == -ENXIO)
		fail(u, FWU_EXIT_IO, "%s: %s: the device disappeared", attr,
		     err);
	else
		fail(u, FWU_EXIT_IO, "%s: %s", attr, err);
}

static int read_status(struct run *u, enum fwu_status *st, long long *remaining)
{
	char buf[64];
	int err = u->d->read(u->d, "status", buf, sizeof(buf));

	if (err)
		return err;
	*st = fwu_status_parse(buf);
	*remaining = -1;
	if (u->d->read(u->d, "remaining_size", buf, sizeof(buf)) == 0)
		sscanf(buf, "%lld", remaining);
	return 0;
}

/* Poll until idle or until `limit` seconds more have passed. */
static int wait_idle(struct run *u, double limit)
{
	double until = elapsed(u) + limit;
	enum fwu_status st;
	long long remaining;
	int err;

	while ((err = read_status(u, &st, &remaining)) == 0) {
		emit(u, st, remaining, u->last.sent);
		if (st == FWU_IDLE)
			return 0;
		if (elapsed(u) > until)
			return -ETIMEDOUT;
		u->d->sleep_ms(u->d, u->o->poll_ms);
	}
	return err;
}

/*
 * Stop an upload that is still receiving data: loading=-1 discards it.
 * `why` becomes the exit code unless the abort itself fails.
 */
static void abort_receiving(struct run *u, enum fwu_exit why, const char *msg)
{
	int err = u->d->write(u->d, "loading", "-1");

	if (err) {
		sysfs_fail(u, "loading (abort)", err);
		return;
	}
	err = wait_idle(u, SETTLE_S);
	u->d->read(u->d, "error", u->r->error, sizeof(u->r->error));
	if (err) {
		sysfs_fail(u, "status (after abort)", err);
		return;
	}
	u->r->exit = why;
	snprintf(u->r->message, sizeof(u->r->message), "%s", msg);
}

static bool send_image(struct run *u, const uint8_t *image, size_t size)
{
	size_t chunk = u->o->chunk ? u->o->chunk : 4096;

	for (size_t off = 0; off < size;) {
		size_t n = size - off < chunk ? size - off : chunk;
		int err;

		if (interrupted(u)) {
			abort_receiving(u, FWU_EXIT_CANCELED,
					"canceled while sending the image");
			return false;
		}
		if (timed_out(u)) {
			abort_receiving(u, FWU_EXIT_TIMEOUT,
					"timed out while sending the image");
			return false;
		}
		err = u->d->write_data(u->d, image + off, n, off);
		if (err == -EINTR)
			continue; /* a signal: look at it, then retry */
		if (err) {
			enum fwu_exit code;
			char msg[sizeof(u->r->message)];

			sysfs_fail(u, "data", err);
			code = u->r->exit;
			if (err == -ENOMEM || err == -EFBIG || err == -ENOSPC)
				snprintf(u->r->message, sizeof(u->r->message),
					 "data: %s: the device took %zu of %zu "
					 "bytes", strerror(-err), off, size);
			snprintf(msg, sizeof(msg), "%s", u->r->message);
			abort_receiving(u, code, msg);
			return false;
		}
		off += n;
		emit(u, FWU_RECEIVING, -1, off);
	}
	return true;
}

/*
 * The device works: follow it to idle, canceling if asked to (*cancel_reason
 * says why, FWU_OK if not).  Returns false with r->exit set on a failure.
 */
static bool follow_to_idle(struct run *u, enum fwu_exit *cancel_reason)
{
	bool cancel_sent = false;
	double settle_until = 0;
	enum fwu_status st;
	long long remaining;
	int err;

	for (;;) {
		err = read_status(u, &st, &remaining);
		if (err) {
			sysfs_fail(u, "status", err);
			return false;
		}
		emit(u, st, remaining, u->r->size);
		if (st == FWU_IDLE)
			break;
		if (*cancel_reason == FWU_OK &&
		    (interrupted(u) || timed_out(u))) {
			*cancel_reason = interrupted(u) ? FWU_EXIT_CANCELED :
							   FWU_EXIT_TIMEOUT;
			settle_until = elapsed(u) + SETTLE_S;
		}
		if (*cancel_reason != FWU_OK && !cancel_sent) {
			/*
			 * ENODEV: it finished meanwhile.  EBUSY: it cannot be
			 * canceled now (e.g. while programming): ask again on
			 * the next poll.
			 */
			err = u->d->write(u->d, "cancel", "1");
			if (err == 0 || err == -ENODEV)
				cancel_sent = true;
			else if (err != -EBUSY) {
				sysfs_fail(u, "cancel", err);
				return false;
			}
		}
		if (*cancel_reason != FWU_OK && elapsed(u) > settle_until) {
			u->r->exit = FWU_EXIT_IO;
			snprintf(u->r->message, sizeof(u->r->message),
				 "canceled, but the device is still %s after "
				 "%.0f s", fwu_status_name(st), SETTLE_S);
			return false;
		}
		u->d->sleep_ms(u->d, poll_interval(u));
	}
	return true;
}

void fwu_upload(struct fwu_device *d, const uint8_t *image, size_t size,
		const struct fwu_options *o, struct fwu_result *r)
{
	struct run u = { .d = d, .o = o, .r = r, .t0 = o->now() };
	enum fwu_exit cancel_reason = FWU_OK;
	enum fwu_status st;
	long long remaining;
	int err;

	memset(r, 0, sizeof(*r));
	r->size = size;

	/*
	 * The kernel ignores loading writes while an upload runs: checking
	 * for idle first is the only guard against mixing two uploads.
	 */
	err = read_status(&u, &st, &remaining);
	if (err) {
		sysfs_fail(&u, "status", err);
		goto out;
	}
	if (st != FWU_IDLE) {
		r->exit = FWU_EXIT_BUSY;
		snprintf(r->message, sizeof(r->message),
			 "an upload is already in progress (status: %s)",
			 fwu_status_name(st));
		goto out;
	}

	err = d->write(d, "loading", "1");
	if (err) {
		sysfs_fail(&u, "loading", err);
		goto out;
	}
	emit(&u, FWU_RECEIVING, -1, 0);
	if (!send_image(&u, image, size))
		goto out;
	err = d->write(d, "loading", "0");
	if (err) {
		char msg[sizeof(r->message)];

		sysfs_fail(&u, "loading", err);
		snprintf(msg, sizeof(msg), "%s", r->message);
		abort_receiving(&u, r->exit, msg);
		goto out;
	}

	if (!follow_to_idle(&u, &cancel_reason))
		goto out;
	err = d->read(d, "error", r->error, sizeof(r->error));
	if (err) {
		sysfs_fail(&u, "error", err);
		goto out;
	}
	r->exit = fwu_error_exit(r->error);
	if (r->exit == FWU_EXIT_CANCELED && cancel_reason == FWU_EXIT_TIMEOUT)
		r->exit = FWU_EXIT_TIMEOUT;
	if (r->exit == FWU_OK)
		snprintf(r->message, sizeof(r->message), "%s",
			 cancel_reason != FWU_OK ?
				 "finished before the cancel took effect" :
				 "done");
	else
		snprintf(r->message, sizeof(r->message), "%s (%s)",
			 fwu_exit_name(r->exit), r->error);
out:
	r->elapsed = elapsed(&u);
}

enum fwu_exit fwu_cancel(struct fwu_device *d, char *msg, size_t len)
{
	int err = d->write(d, "cancel", "1");

	if (!err) {
		snprintf(msg, len, "cancel requested");
		return FWU_OK;
	}
	if (err == -ENODEV) {
		snprintf(msg, len, "cancel: no upload in progress");
		return FWU_EXIT_NODEV;
	}
	if (err == -EBUSY) {
		snprintf(msg, len,
			 "cancel: the device cannot be canceled now (e.g. a "
			 "flash write is in progress); try again");
		return FWU_EXIT_BUSY;
	}
	if (err == -EPERM || err == -EACCES) {
		snprintf(msg, len, "cancel: %s", strerror(-err));
		return FWU_EXIT_PERM;
	}
	snprintf(msg, len, "cancel: %s", strerror(-err));
	return FWU_EXIT_IO;
}
