/* SPDX-License-Identifier: MIT */
/*
 * What the daemon's files share (daemon.c: the main loop;
 * tick.c: one cgroup's interval; metrics.c: the metrics files;
 * daemon_config.c: the effective configuration).  Not for other users.
 */
#ifndef MEMRECLAIM_DAEMON_INT_H
#define MEMRECLAIM_DAEMON_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "control.h"
#include "daemon.h"

#include "log.h"
#include "stop.h"

/* What a cgroup's last interval did (the JSON file's "state"). */
enum mr_cg_state {
	MR_CG_STARTING,		/* first interval: a baseline only */
	MR_CG_ABSENT,		/* not there (yet); waited for */
	MR_CG_BACKOFF,		/* backing off after pressure or refaults */
	MR_CG_FLOOR,		/* at its floor */
	MR_CG_IDLE,		/* a step too small to write */
	MR_CG_RECLAIM,		/* reclaimed */
	MR_CG_WRITING,		/* its last write still runs: left alone */
};

const char *mr_cg_state_name(enum mr_cg_state state);

struct cg_state {
	const struct mr_cgroup_conf *conf;
	char dir[MR_PATH_MAX];
	bool present, have_prev, at_floor;
	bool recheck;		/* its files failed to read: open it with every check */
	double prev_t;		/* when the baselines below were read */
	uint64_t id;		/* the directory's inode: the kernel's cgroup id */
	uint64_t prev_stall_us, prev_refaults;
	uint64_t prev_io_us;	/* io.pressure's, when have_io_prev */
	bool have_io_prev;
	uint64_t reclaimed_last, asked_last;
	bool short_last;	/* the last write ended in EAGAIN */
	struct mr_ctl ctl;
	/* For metrics. */
	uint64_t current, zswap_max;
	bool zswap_max_known, zswap_warned;
	int zswap_streak;	/* >0: intervals voting raise, <0: lower */
	double pressure;
	enum mr_cg_state state;
	char why[160];		/* the last interval's decision, in words */
	uint64_t reclaimed_total, reclaims, backoffs, errors, zswap_changes;
	double write_seconds_total;	/* time its memory.reclaim writes took */
	/*
	 * The longest time between two of its samples: the interval as
	 * the cgroup lived it, stretched only by its own write running on.
	 */
	double interval_max;
	struct mr_write_job *job;	/* its write (writers.h), once it made one */
	/* backoffs by reason */
	uint64_t backoffs_pressure, backoffs_refaults, backoffs_unreclaimable;
};

struct daemon {
	const struct mr_daemon_opts *opts;
	struct mr_config templ;	/* as configured, patterns and all */
	struct mr_config conf;	/* what runs: patterns expanded */
	struct cg_state *cg;	/* one per section of conf, on the heap */
	size_t ncg;
	struct mr_writers *writers;	/* NULL in a dry run */
	uint64_t ticks;
};

/*
 * One interval of one cgroup at time now (tool_now_s()): take the result
 * of its last write, read, decide, hand a write to the pool, count.
 */
void mr_tick_cgroup(struct daemon *d, struct cg_state *c, double now);

/*
 * Take the result of c's last write into its state and counters, once
 * the write is done.  false while it still runs.
 */
bool mr_collect_write(struct cg_state *c);

/* Free c's write job, waiting for its write first (a dropped cgroup). */
void mr_release_write(struct daemon *d, struct cg_state *c);

/* Rewrite the Prometheus and JSON files, where configured. */
void mr_write_metrics(const struct daemon *d);

/* CPU time of the daemon so far (user + system). */
double mr_cpu_seconds(void);

/* --check-config: the effective settings and a warning per missing cgroup. */
void mr_print_config(const struct mr_config *c, const char *root);

/*
 * Run with fresh; a cgroup in both keeps its state (SIGHUP reload).
 * -1 if out of memory: d runs on as it was.
 */
int mr_adopt_config(struct daemon *d, const struct mr_config *fresh);

/* A cgroup path with glob characters (*, ?, [): a pattern section. */
bool mr_is_pattern(const char *path);

/*
 * templ with each pattern section replaced by the cgroups it matches
 * under root now (named sections first, no cgroup twice).  Returns how
 * many could not be stored (out of memory).
 */
size_t mr_expand_config(const struct mr_config *templ, const char *root,
			struct mr_config *out);

#endif
