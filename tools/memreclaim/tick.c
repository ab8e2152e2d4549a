/* SPDX-License-Identifier: MIT */
/* One cgroup's interval: read pressure and refaults, decide, write. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cgroup.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "daemon_int.h"
#include "writers.h"

/* "some" stall total of DIR/FILE in microseconds. */
static int read_stall(const char *dir, const char *file, uint64_t *us)
{
	char text[512], err[128];
	struct mr_pressure p;
	int n = tool_sysfs_read(dir, file, text, sizeof(text));

	if (n < 0)
		return n;
	if (mr_parse_pressure(text, &p, err, sizeof(err)) < 0)
		return -EINVAL;
	*us = p.some.total;
	return 0;
}

static int read_stat(const char *dir, struct mr_stat *s)
{
	static char text[MR_STAT_TEXT];
	char err[128];
	int n = tool_sysfs_read(dir, "memory.stat", text, sizeof(text));

	if (n < 0)
		return n;
	return mr_parse_stat(text, s, err, sizeof(err)) < 0 ? -EINVAL : 0;
}

static uint64_t stat_or_zero(const struct mr_stat *s, const char *key)
{
	uint64_t v = 0;

	mr_stat_get(s, key, &v);
	return v;
}

/* The larger of memory.min and memory.low ("max" reads as all; absent: 0). */
static uint64_t protection(const char *dir)
{
	uint64_t min = 0, low = 0;

	if (mr_read_u64(dir, "memory.min", &min) < 0)
		min = 0;
	if (mr_read_u64(dir, "memory.low", &low) < 0)
		low = 0;
	return min > low ? min : low;
}

/* Consecutive intervals a zswap verdict must hold before it is acted on. */
#define ZSWAP_STREAK 3

/*
 * zswap tuning works on the snapshot read at the start of the interval,
 * before this interval's reclaim: memory.swap.current is exact at once
 * while memory.stat's zswap counters are flushed lazily, so mixing a fresh
 * swap.current with an older memory.stat would see swapped memory that
 * zswap "does not hold".  A verdict must also hold ZSWAP_STREAK intervals
 * running, which rides out such lags and keeps a cgroup near a threshold
 * from flapping.
 */
static void tune_zswap(struct daemon *d, struct cg_state *c,
		       const struct mr_stat *st, uint64_t swap_current)
{
	const struct mr_params *p = &c->conf->params;
	struct mr_zswap_sample z = { .current = c->current, .pressure = c->pressure,
				     .swap_current = swap_current };
	uint64_t new_max;
	char why[256], from[24], to[24], val[32];
	int rc, dir;

	if (mr_read_u64(c->dir, "memory.zswap.max", &z.zswap_max) < 0) {
		if (!c->zswap_warned)
			mr_log(LOG_WARN, "%s: zswap_tuning: no memory.zswap.max here; skipped",
			      c->dir);
		c->zswap_warned = true;
		return;
	}
	c->zswap_max = z.zswap_max;
	c->zswap_max_known = true;
	z.zswap = stat_or_zero(st, "zswap");
	z.zswapped = stat_or_zero(st, "zswapped");
	if (!mr_zswap_tune(p, &z, &new_max, why, sizeof(why))) {
		c->zswap_streak = 0;
		return;
	}
	dir = new_max < z.zswap_max ? -1 : 1;
	c->zswap_streak = c->zswap_streak * dir > 0 ? c->zswap_streak + dir : dir;
	if (c->zswap_streak * dir < ZSWAP_STREAK)
		return;
	c->zswap_streak = 0;
	if (z.zswap_max == MR_NO_LIMIT)
		snprintf(from, sizeof(from), "max");
	else
		tool_format_size(from, sizeof(from), (double)z.zswap_max);
	if (new_max == MR_NO_LIMIT)
		snprintf(to, sizeof(to), "max");
	else
		tool_format_size(to, sizeof(to), (double)new_max);
	if (d->opts->dry_run) {
		mr_log(LOG_INFO, "%s: dry run: would set memory.zswap.max %s -> %s: %s",
		      c->dir, from, to, why);
		return;
	}
	if (new_max == MR_NO_LIMIT)
		snprintf(val, sizeof(val), "max");
	else
		snprintf(val, sizeof(val), "%" PRIu64, new_max);
	rc = tool_sysfs_write(c->dir, "memory.zswap.max", val);
	if (rc < 0) {
		c->errors++;
		mr_log(LOG_ERR, "%s/memory.zswap.max: write failed: %s; skipped",
		      c->dir, strerror(-rc));
		return;
	}
	c->zswap_max = new_max;
	c->zswap_changes++;
	mr_log(LOG_INFO, "%s: memory.zswap.max %s -> %s: %s", c->dir, from, to, why);
}

/*
 * Act on an MR_RECLAIM decision: hand the write to the pool (or log it,
 * dry run).  With swappiness= when set (Linux 6.11+, checked at start).
 */
static void reclaim(struct daemon *d, struct cg_state *c, const struct mr_decision *dec,
		    const struct mr_stat *st)
{
	struct mr_write_job *job = c->job;
	char asked[24];

	if (d->opts->dry_run) {
		tool_format_size(asked, sizeof(asked), (double)dec->bytes);
		mr_log(LOG_INFO, "%s: dry run: would reclaim %s (%s)", c->dir,
		       asked, dec->why);
		return;
	}
	if (!job) {
		job = c->job = calloc(1, sizeof(*job));
		if (!job) {
			c->errors++;
			mr_log(LOG_ERR, "%s: out of memory for a write; skipped", c->dir);
			return;
		}
	}
	snprintf(job->dir, sizeof(job->dir), "%s", c->dir);
	snprintf(job->why, sizeof(job->why), "%s", dec->why);
	job->req = (struct mr_reclaim_req){
		.bytes = dec->bytes,
		.swappiness = c->conf->params.swappiness,
		.page_size = c->conf->params.page_size,
	};
	/*
	 * This interval's memory.stat, read a moment ago: one read of it
	 * fewer per write.  Reclaim by others between that read and the
	 * write (kswapd's, the workload's own) counts as ours.
	 */
	job->req.pgsteal_known = mr_stat_get(st, "pgsteal", &job->req.pgsteal) == 0;
	mr_writers_submit(d->writers, job);
}

void mr_release_write(struct daemon *d, struct cg_state *c)
{
	if (!c->job)
		return;
	if (d->writers)
		mr_writers_wait_job(d->writers, c->job);
	free(c->job);
	c->job = NULL;
}

bool mr_collect_write(struct cg_state *c)
{
	struct mr_write_job *job = c->job;

	if (job && mr_write_job_busy(job))
		return false;
	if (!job || !job->has_result)
		return true;
	job->has_result = false;
	c->write_seconds_total += job->seconds;
	if (job->rc == -EINTR)
		return true;	/* interrupted as the daemon stops */
	if (job->rc < 0 && job->rc != -EAGAIN) {
		c->errors++;
		return true;
	}
	/* EAGAIN (the kernel gave up short) is an answer the decision reads. */
	c->reclaimed_last = job->reclaimed;
	c->asked_last = job->req.bytes;
	c->short_last = job->rc == -EAGAIN;
	c->reclaimed_total += job->reclaimed;
	c->reclaims++;
	return true;
}

/*
 * The cgroup at c->dir is not the one c's state was built on when its
 * directory's inode (the kernel's cgroup id) changed: removed and made
 * again, perhaps for another workload.  Its back-off, ramp, baselines and
 * zswap votes start again; the counters of the metrics go on.
 */
static void follow_identity(struct cg_state *c, uint64_t id)
{
	if (c->id && id != c->id) {
		mr_log(LOG_INFO, "%s: re-created (cgroup id %" PRIu64 ", was %" PRIu64
		       "): its control state starts again", c->dir, id, c->id);
		memset(&c->ctl, 0, sizeof(c->ctl));
		c->have_prev = c->at_floor = c->short_last = false;
		c->reclaimed_last = c->asked_last = 0;
		c->zswap_streak = 0;
		c->zswap_warned = false;
	}
	c->id = id;
}

void mr_tick_cgroup(struct daemon *d, struct cg_state *c, double now)
{
	const struct mr_params *p = &c->conf->params;
	struct mr_sample s = { .interval_s = now - c->prev_t };
	struct mr_decision dec;
	struct mr_stat st;
	uint64_t stall = 0, io = 0, refaults, swap_current = 0, id = 0;
	char err[512];
	bool io_ok;
	int rc;

	/*
	 * A cgroup whose write still runs is left alone: its next sample
	 * spans the whole time since its last (its own clock, not the loop's).
	 */
	if (!mr_collect_write(c)) {
		c->state = MR_CG_WRITING;
		return;
	}
	if (mr_cgroup_reopen(d->opts->root, c->conf->path, c->dir, sizeof(c->dir),
			     err, sizeof(err), c->present && !c->recheck ? c->id : 0,
			     &id) != MR_OK) {
		if (c->present || d->ticks == 0)
			mr_log(LOG_WARN, "%s; skipped until it appears", err);
		c->present = c->have_prev = false;
		c->state = MR_CG_ABSENT;
		return;
	}
	if (!c->present && d->ticks > 0)
		mr_log(LOG_INFO, "%s: present; watching", c->dir);
	c->present = true;
	c->recheck = false;
	follow_identity(c, id);
	rc = read_stall(c->dir, "memory.pressure", &stall);
	/* No io.pressure (no io controller) reads as ENOENT: no io term. */
	io_ok = rc == 0 && p->io_pressure && read_stall(c->dir, "io.pressure", &io) == 0;
	if (rc == 0)
		rc = mr_read_u64(c->dir, "memory.current", &c->current);
	if (rc == 0)
		rc = read_stat(c->dir, &st);
	if (rc == 0 && p->zswap_tuning &&
	    mr_read_u64(c->dir, "memory.swap.current", &swap_current) < 0)
		swap_current = 0;
	if (rc < 0) {
		c->errors++;
		c->have_prev = false;
		/*
		 * Check it whole next time (mr_cgroup_reopen): a memory
		 * controller switched off is then named as such.
		 */
		c->recheck = true;
		mr_log(LOG_ERR, "%s: cannot read its memory files: %s; skipped this interval",
		      c->dir, strerror(-rc));
		return;
	}
	refaults = stat_or_zero(&st, "workingset_refault_anon") +
		   stat_or_zero(&st, "workingset_refault_file");
	if (!c->have_prev) {
		/* The first sample only sets the baseline. */
		c->prev_stall_us = stall;
		c->prev_io_us = io;
		c->have_io_prev = io_ok;
		c->prev_refaults = refaults;
		c->prev_t = now;
		c->have_prev = true;
		c->state = MR_CG_STARTING;
		return;
	}
	c->prev_t = now;
	if (s.interval_s > c->interval_max)
		c->interval_max = s.interval_s;
	/*
	 * Each PSI file against its own baseline: an io.pressure that could
	 * not be read this interval (or last) adds nothing, rather than its
	 * whole total or the negative of it.
	 */
	s.stall_us = stall >= c->prev_stall_us ? stall - c->prev_stall_us : 0;
	if (io_ok && c->have_io_prev && io >= c->prev_io_us)
		s.stall_us += io - c->prev_io_us;
	c->prev_io_us = io;
	c->have_io_prev = io_ok;
	s.refault_pages = refaults >= c->prev_refaults ? refaults - c->prev_refaults : 0;
	s.current = c->current;
	s.reclaimed_last = c->reclaimed_last;
	s.asked_last = c->asked_last;
	s.protected_bytes = protection(c->dir);
	s.short_last = c->short_last;
	c->prev_stall_us = stall;
	c->prev_refaults = refaults;
	c->reclaimed_last = c->asked_last = 0;
	c->short_last = false;

	mr_control(p, &c->ctl, &s, &dec);
	c->pressure = dec.pressure;
	snprintf(c->why, sizeof(c->why), "%s", dec.why);
	if (p->zswap_tuning)
		tune_zswap(d, c, &st, swap_current);
	switch (dec.action) {
	case MR_BACKING_OFF:
		c->state = MR_CG_BACKOFF;
		break;
	case MR_BACKOFF_START:
		c->state = MR_CG_BACKOFF;
		c->backoffs++;
		if (dec.reason == MR_WHY_PRESSURE)
			c->backoffs_pressure++;
		else if (dec.reason == MR_WHY_REFAULTS)
			c->backoffs_refaults++;
		else
			c->backoffs_unreclaimable++;
		mr_log(LOG_INFO, "%s: %s", c->dir, dec.why);
		break;
	case MR_AT_FLOOR:
		if (!c->at_floor)
			mr_log(LOG_INFO, "%s: %s: holding", c->dir, dec.why);
		c->state = MR_CG_FLOOR;
		break;
	case MR_TOO_SMALL:
		c->state = MR_CG_IDLE;
		break;
	case MR_RECLAIM:
		c->state = MR_CG_RECLAIM;
		reclaim(d, c, &dec, &st);
		break;
	}
	c->at_floor = dec.action == MR_AT_FLOOR;
}
