/* SPDX-License-Identifier: MIT */
/* One cgroup's interval: read pressure and refaults, decide, write. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "memreclaim/cgroup/cgroup.h"
#include "common/clock.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "memreclaim/daemon/daemon_int.h"
#include "memreclaim/daemon/writers.h"

static uint64_t stat_or_zero(const struct mr_stat *s, const char *key)
{
	uint64_t v = 0;

	mr_stat_get(s, key, &v);
	return v;
}

/*
 * c is in error for `what` (a file and the reason) from one kind of
 * access (MR_ERR_*): counted each time, logged when it starts or its
 * reason changes, not at each interval it repeats.  It lasts until that
 * kind of access works again.
 */
static void set_error(struct cg_state *c, int source, const char *what)
{
	c->errors++;
	if (strcmp(c->error, what) != 0)
		mr_log_limited(source == MR_ERR_READ ? MR_KIND_READ_FAILED : MR_KIND_WRITE_FAILED,
			       tool_now_s(), LOG_ERR, "%s: %s", c->dir, what);
	snprintf(c->error, sizeof(c->error), "%s", what);
	c->error_source = source;
	c->state = MR_CG_ERROR;
}

/* An access of kind source worked: an error of that kind is over. */
static void clear_error(struct cg_state *c, int source)
{
	if (!c->error[0] || c->error_source != source)
		return;
	mr_log_limited(MR_KIND_RECOVERED, tool_now_s(), LOG_INFO, "%s: recovered (was: %s)",
		       c->dir, c->error);
	c->error[0] = '\0';
}

static void format_limit(char *out, size_t len, uint64_t limit)
{
	if (limit == MR_NO_LIMIT)
		snprintf(out, len, "max");
	else
		tool_format_size(out, len, (double)limit);
}

void mr_restore_cgroup(struct cg_state *c)
{
	char to[24];
	int rc;

	struct stat st;

	/* Nothing moved, or the cgroup is gone (nothing to put back). */
	if (!c->zswap_moved || c->zswap_max == c->zswap_orig ||
	    !tool_sysfs_exists(c->dir, "memory.zswap.max"))
		return;
	/*
	 * Another cgroup by that name now (removed and made again, its own
	 * limit set): the old one's limit is not its to get.
	 */
	if (c->id && (stat(c->dir, &st) != 0 || (uint64_t)st.st_ino != c->id)) {
		mr_log_limited(MR_KIND_ZSWAP, tool_now_s(), LOG_INFO,
			       "%s: re-created since memory.zswap.max was moved: left as it is",
			       c->dir);
		c->zswap_moved = false;
		return;
	}
	format_limit(to, sizeof(to), c->zswap_orig);
	rc = mr_write_zswap_max(c->dir, c->zswap_orig);
	if (rc < 0)
		mr_log_limited(MR_KIND_WRITE_FAILED, tool_now_s(), LOG_ERR,
			       "%s/memory.zswap.max: cannot put back %s: %s", c->dir, to,
			       strerror(-rc));
	else
		mr_log_limited(MR_KIND_ZSWAP, tool_now_s(), LOG_INFO,
			       "%s: memory.zswap.max put back to %s", c->dir, to);
	c->zswap_moved = false;
	c->zswap_max = c->zswap_orig;
}

/* Consecutive intervals a zswap verdict must hold before it is acted on. */
#define ZSWAP_STREAK 3

/* Whether the verdict to move to new_max has held ZSWAP_STREAK intervals. */
static bool verdict_holds(struct cg_state *c, uint64_t now_max, uint64_t new_max)
{
	int dir = new_max < now_max ? -1 : 1;

	c->zswap_streak = c->zswap_streak * dir > 0 ? c->zswap_streak + dir : dir;
	if (c->zswap_streak * dir < ZSWAP_STREAK)
		return false;
	c->zswap_streak = 0;
	return true;
}

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
	char why[256], from[24], to[24], what[300];
	int rc;

	if (mr_read_u64(c->dir, "memory.zswap.max", &z.zswap_max) < 0) {
		if (!c->zswap_warned)
			mr_log_limited(MR_KIND_ZSWAP, tool_now_s(), LOG_WARN,
				       "%s: zswap_tuning: no memory.zswap.max here; skipped",
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
	if (!verdict_holds(c, z.zswap_max, new_max))
		return;
	format_limit(from, sizeof(from), z.zswap_max);
	format_limit(to, sizeof(to), new_max);
	if (d->conf.dry_run || d->paused) {
		/* A decision, not an action: a debug line, as a dry run's reclaim. */
		mr_log(LOG_DEBUG, "%s: %s: would set memory.zswap.max %s -> %s: %s", c->dir,
		       d->paused ? "kill switch on" : "dry run", from, to, why);
		return;
	}
	rc = mr_write_zswap_max(c->dir, new_max);
	if (rc < 0) {
		snprintf(what, sizeof(what), "memory.zswap.max: write failed: %s; backing off",
			 strerror(-rc));
		/* Backed off as a failed memory.reclaim write is. */
		c->write_failed = true;
		set_error(c, MR_ERR_ZSWAP, what);
		return;
	}
	clear_error(c, MR_ERR_ZSWAP);
	if (!c->zswap_moved) {
		c->zswap_orig = z.zswap_max;
		c->zswap_moved = true;
	}
	c->zswap_max = new_max;
	c->zswap_changes++;
	mr_log_limited(MR_KIND_ZSWAP, tool_now_s(), LOG_INFO, "%s: memory.zswap.max %s -> %s: %s",
		       c->dir, from, to, why);
}

/*
 * What the host's budget leaves of a write of want bytes that may swap
 * (swappiness not 0) or not; takes it from the budget.  0: none left.
 */
static uint64_t take_budget(struct budget *b, uint64_t want, bool may_swap,
			    uint64_t page)
{
	uint64_t grant = want;

	if (grant > b->left)
		grant = b->left;
	if (may_swap && grant > b->swap_left)
		grant = b->swap_left;
	grant = grant / page * page;
	if (grant == 0) {
		b->waiting++;
		return 0;
	}
	if (b->left != UINT64_MAX)
		b->left -= grant;
	if (may_swap && b->swap_left != UINT64_MAX)
		b->swap_left -= grant;
	b->asked += grant;
	return grant;
}

/* Fill c's write job for bytes (allocated on first use); NULL if out of memory. */
static struct mr_write_job *prepare_job(struct cg_state *c, uint64_t bytes,
					const char *why, const struct mr_stat *st)
{
	struct mr_write_job *job = c->job;

	if (!job) {
		job = c->job = calloc(1, sizeof(*job));
		if (!job)
			return NULL;
	}
	snprintf(job->dir, sizeof(job->dir), "%s", c->dir);
	snprintf(job->why, sizeof(job->why), "%s", why);
	job->req = (struct mr_reclaim_req){
		.bytes = bytes,
		.swappiness = c->conf->params.swappiness,
		.page_size = c->conf->params.page_size,
	};
	/*
	 * This interval's memory.stat, read a moment ago: one read of it
	 * fewer per write.  Reclaim by others between that read and the
	 * write (kswapd's, the workload's own) counts as ours.
	 */
	job->req.pgsteal_known = mr_stat_get(st, "pgsteal", &job->req.pgsteal) == 0;
	return job;
}

/*
 * Whether a write to c's cgroup still runs from before c was dropped and
 * watched again (d->orphans): no second write beside it.
 */
static bool orphan_writing(const struct daemon *d, const struct cg_state *c)
{
	for (const struct orphan *o = d->orphans; o; o = o->next)
		if (mr_write_job_busy(o->job) && strcmp(o->job->dir, c->dir) == 0)
			return true;
	return false;
}

/*
 * Act on an MR_RECLAIM decision: within the host's budget, hand the
 * write to the pool, or log it (dry run).  With swappiness= when set
 * (Linux 6.11+, checked at start).
 */
static void reclaim(struct daemon *d, struct cg_state *c, const struct mr_decision *dec,
		    const struct mr_stat *st)
{
	const struct mr_params *p = &c->conf->params;
	struct mr_write_job *job;
	uint64_t bytes;
	char asked[24];

	if (d->paused) {
		c->state = MR_CG_PAUSED;
		return;
	}
	if (orphan_writing(d, c)) {
		c->state = MR_CG_WRITING;
		return;
	}
	bytes = take_budget(&d->budget, dec->bytes, p->swappiness != 0, p->page_size);
	if (bytes == 0) {
		c->state = MR_CG_BUDGET;
		return;
	}
	c->state = MR_CG_RECLAIM;
	c->asked_total += bytes;
	if (d->conf.dry_run) {
		tool_format_size(asked, sizeof(asked), (double)bytes);
		mr_log(LOG_DEBUG, "%s: dry run: would reclaim %s (%s)", c->dir,
		       asked, dec->why);
		return;
	}
	job = prepare_job(c, bytes, dec->why, st);
	if (!job) {
		set_error(c, MR_ERR_RECLAIM, "out of memory for a write");
		return;
	}
	mr_writers_submit(d->writers, job);
}

void mr_release_write(struct daemon *d, struct cg_state *c)
{
	struct orphan *o;

	if (!c->job)
		return;
	if (!mr_write_job_busy(c->job)) {
		free(c->job);
		c->job = NULL;
		return;
	}
	/* Its write still runs: the job lives on until it ends. */
	o = malloc(sizeof(*o));
	if (!o) {
		/* Leaked rather than freed under a worker that uses it. */
		mr_log(LOG_ERR, "%s: out of memory: its write's job is not freed", c->dir);
		c->job = NULL;
		return;
	}
	o->job = c->job;
	o->next = d->orphans;
	d->orphans = o;
	c->job = NULL;
}

void mr_reap_orphans(struct daemon *d, bool all)
{
	struct orphan **link = &d->orphans;

	while (*link) {
		struct orphan *o = *link;

		if (!all && mr_write_job_busy(o->job)) {
			link = &o->next;
			continue;
		}
		*link = o->next;
		free(o->job);
		free(o);
	}
}

/* The result of a write that failed (not EAGAIN, not cut short on purpose). */
static void write_failed(struct cg_state *c, int rc)
{
	char what[160];

	snprintf(what, sizeof(what), "memory.reclaim: write failed: %s; backing off",
		 strerror(-rc));
	c->write_failed = true;
	set_error(c, MR_ERR_RECLAIM, what);
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
	if (job->rc == -EINTR && mr_flag(&mr_hold_writes))
		return true;	/* cut short as the daemon stops or pauses */
	if (job->rc < 0 && job->rc != -EAGAIN) {
		write_failed(c, job->rc);
		return true;
	}
	/* EAGAIN (the kernel gave up short) is an answer the decision reads. */
	clear_error(c, MR_ERR_RECLAIM);
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
		mr_log_limited(MR_KIND_CHURN, tool_now_s(), LOG_INFO,
			       "%s: re-created (cgroup id %" PRIu64 ", was %" PRIu64
			       "): its control state starts again", c->dir, id, c->id);
		memset(&c->ctl, 0, sizeof(c->ctl));
		c->have_prev = c->at_floor = c->short_last = c->write_failed = false;
		c->reclaimed_last = c->asked_last = 0;
		c->zswap_streak = 0;
		c->zswap_warned = false;
		/* A new cgroup: the old one's zswap limit is not its own. */
		c->zswap_moved = false;
	}
	c->id = id;
}

/* What one interval read of a cgroup. */
struct reading {
	uint64_t stall, io, refaults, swap_current;
	bool io_ok;
	struct mr_stat st;
};

/*
 * Open c and read its files into r.  false (with c's state set) when it
 * is not there or a file failed to read.
 */
static bool read_cgroup(struct daemon *d, struct cg_state *c, struct reading *r)
{
	const struct mr_params *p = &c->conf->params;
	char err[512], what[600];
	uint64_t id = 0;
	int rc;

	if (mr_cgroup_reopen(d->opts->root, c->conf->path, c->dir, sizeof(c->dir),
			     err, sizeof(err), c->present && !c->recheck ? c->id : 0,
			     &id) != MR_OK) {
		if (c->present || d->ticks == 0) {
			mr_log_limited(MR_KIND_ABSENT, tool_now_s(), LOG_WARN,
				       "%s; skipped until it appears", err);
			c->waited = true;
		}
		c->present = c->have_prev = false;
		c->state = MR_CG_ABSENT;
		return false;
	}
	/* Said for one that was said absent (one that appeared is said so). */
	if (!c->present && c->waited)
		mr_log_limited(MR_KIND_CHURN, tool_now_s(), LOG_INFO, "%s: present; watching",
			       c->dir);
	c->waited = false;
	c->present = true;
	c->recheck = false;
	follow_identity(c, id);
	rc = mr_read_stall(c->dir, "memory.pressure", &r->stall);
	/* No io.pressure (no io controller) reads as ENOENT: no io term. */
	r->io_ok = rc == 0 && p->io_pressure && mr_read_stall(c->dir, "io.pressure", &r->io) == 0;
	if (rc == 0)
		rc = mr_read_u64(c->dir, "memory.current", &c->current);
	if (rc == 0)
		rc = mr_read_stat(c->dir, &r->st);
	if (rc == 0 && p->zswap_tuning &&
	    mr_read_u64(c->dir, "memory.swap.current", &r->swap_current) < 0)
		r->swap_current = 0;
	if (rc < 0) {
		c->have_prev = false;
		/*
		 * Check it whole next time (mr_cgroup_reopen): a memory
		 * controller switched off is then named as such.
		 */
		c->recheck = true;
		snprintf(what, sizeof(what), "cannot read its memory files: %s; skipped",
			 strerror(-rc));
		set_error(c, MR_ERR_READ, what);
		return false;
	}
	clear_error(c, MR_ERR_READ);
	r->refaults = stat_or_zero(&r->st, "workingset_refault_anon") +
		      stat_or_zero(&r->st, "workingset_refault_file");
	return true;
}

/* This interval's sample against c's baselines, which move to now. */
static void take_sample(struct cg_state *c, const struct reading *r, double now,
			struct mr_sample *s)
{
	s->interval_s = now - c->prev_t;
	c->prev_t = now;
	if (s->interval_s > c->interval_max)
		c->interval_max = s->interval_s;
	/*
	 * Each PSI file against its own baseline: an io.pressure that could
	 * not be read this interval (or last) adds nothing, rather than its
	 * whole total or the negative of it.
	 */
	s->stall_us = r->stall >= c->prev_stall_us ? r->stall - c->prev_stall_us : 0;
	if (r->io_ok && c->have_io_prev && r->io >= c->prev_io_us)
		s->stall_us += r->io - c->prev_io_us;
	c->prev_io_us = r->io;
	c->have_io_prev = r->io_ok;
	s->refault_pages = r->refaults >= c->prev_refaults ? r->refaults - c->prev_refaults : 0;
	s->current = c->current;
	s->reclaimed_last = c->reclaimed_last;
	s->asked_last = c->asked_last;
	s->protected_bytes = mr_read_protection(c->dir);
	s->short_last = c->short_last;
	s->write_failed = c->write_failed;
	c->prev_stall_us = r->stall;
	c->prev_refaults = r->refaults;
	c->reclaimed_last = c->asked_last = 0;
	c->short_last = c->write_failed = false;
}

/* Count a back-off that starts, by its reason. */
static void count_backoff(struct cg_state *c, const struct mr_decision *dec)
{
	c->backoffs++;
	if (dec->reason == MR_WHY_PRESSURE)
		c->backoffs_pressure++;
	else if (dec->reason == MR_WHY_REFAULTS)
		c->backoffs_refaults++;
	else if (dec->reason == MR_WHY_WRITE_FAILED)
		c->backoffs_write_failed++;
	else
		c->backoffs_unreclaimable++;
	mr_log(LOG_DEBUG, "%s: %s", c->dir, dec->why);
}

/* Carry out the decision. */
static void act(struct daemon *d, struct cg_state *c, const struct mr_decision *dec,
		const struct mr_stat *st)
{
	switch (dec->action) {
	case MR_BACKING_OFF:
		c->state = MR_CG_BACKOFF;
		break;
	case MR_BACKOFF_START:
		c->state = MR_CG_BACKOFF;
		count_backoff(c, dec);
		break;
	case MR_AT_FLOOR:
		if (!c->at_floor)
			mr_log(LOG_DEBUG, "%s: %s: holding", c->dir, dec->why);
		c->state = MR_CG_FLOOR;
		break;
	case MR_TOO_SMALL:
		c->state = MR_CG_IDLE;
		break;
	case MR_RECLAIM:
		reclaim(d, c, dec, st);
		break;
	}
	/* An error shows until the access that failed works again. */
	if (c->error[0])
		c->state = MR_CG_ERROR;
	c->at_floor = dec->action == MR_AT_FLOOR;
}

void mr_tick_cgroup(struct daemon *d, struct cg_state *c, double now)
{
	const struct mr_params *p = &c->conf->params;
	struct mr_sample s = { 0 };
	struct mr_decision dec;
	struct reading r = { 0 };

	/*
	 * A cgroup whose write still runs is left alone: its next sample
	 * spans the whole time since its last (its own clock, not the loop's).
	 */
	if (!mr_collect_write(c)) {
		c->state = MR_CG_WRITING;
		return;
	}
	if (!read_cgroup(d, c, &r))
		return;
	if (!c->have_prev) {
		/* The first sample only sets the baseline. */
		c->prev_stall_us = r.stall;
		c->prev_io_us = r.io;
		c->have_io_prev = r.io_ok;
		c->prev_refaults = r.refaults;
		c->prev_t = now;
		c->have_prev = true;
		c->state = c->error[0] ? MR_CG_ERROR : MR_CG_STARTING;
		return;
	}
	take_sample(c, &r, now, &s);
	mr_control(p, &c->ctl, &s, &dec);
	c->pressure = dec.pressure;
	snprintf(c->why, sizeof(c->why), "%s", dec.why);
	/* Tuning turned off by a reload: the limit it moved goes back. */
	if (!p->zswap_tuning && c->zswap_moved && !d->conf.dry_run && !d->paused)
		mr_restore_cgroup(c);
	/* Not while backing off from a failed write: that write may be this one. */
	if (p->zswap_tuning && !(c->error[0] && c->error_source != MR_ERR_READ &&
				 (dec.action == MR_BACKING_OFF || dec.action == MR_BACKOFF_START)))
		tune_zswap(d, c, &r.st, r.swap_current);
	act(d, c, &dec, &r.st);
}
