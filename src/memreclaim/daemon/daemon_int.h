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
#include <stdio.h>

#include "memreclaim/policy/config.h"
#include "memreclaim/policy/control.h"
#include "memreclaim/daemon/daemon.h"

#include "memreclaim/daemon/log.h"
#include "memreclaim/daemon/stop.h"

/* What a cgroup's last interval did (the metrics' "state"). */
enum mr_cg_state {
	MR_CG_STARTING,		/* first interval: a baseline only */
	MR_CG_ABSENT,		/* not there (yet); waited for */
	MR_CG_BACKOFF,		/* backing off after pressure or refaults */
	MR_CG_FLOOR,		/* at its floor */
	MR_CG_IDLE,		/* a step too small to write */
	MR_CG_RECLAIM,		/* reclaimed */
	MR_CG_WRITING,		/* its last write still runs: left alone */
	MR_CG_ERROR,		/* a read or write failed: `error` says which, why */
	MR_CG_PAUSED,		/* the kill switch is on, or enabled = no */
	MR_CG_BUDGET,		/* the host's budget for the interval is spent */
};

const char *mr_cg_state_name(enum mr_cg_state state);

struct cg_state {
	const struct mr_cgroup_conf *conf;
	char dir[MR_PATH_MAX];
	bool present, have_prev, at_floor;
	bool recheck;		/* its files failed to read: open it with every check */
	bool waited;		/* logged as not there: say when it is */
	double prev_t;		/* when the baselines below were read */
	uint64_t id;		/* the directory's inode: the kernel's cgroup id */
	uint64_t prev_stall_us, prev_refaults;
	uint64_t prev_io_us;	/* io.pressure's, when have_io_prev */
	bool have_io_prev;
	uint64_t reclaimed_last, asked_last;
	bool short_last;	/* the last write ended in EAGAIN */
	bool write_failed;	/* the last write failed: back off (control.h) */
	char error[200];	/* the failure while state is MR_CG_ERROR */
	int error_source;	/* MR_ERR_*: what failed */
	/*
	 * memory.zswap.max as it was before the daemon first moved it:
	 * restored when the daemon stops or stops watching the cgroup.
	 */
	uint64_t zswap_orig;
	bool zswap_moved;
	struct mr_ctl ctl;
	/* For metrics. */
	uint64_t current, zswap_max;
	bool zswap_max_known, zswap_warned;
	int zswap_streak;	/* >0: intervals voting raise, <0: lower */
	double pressure;
	enum mr_cg_state state;
	char why[160];		/* the last interval's decision, in words */
	uint64_t reclaimed_total, reclaims, backoffs, errors, zswap_changes;
	uint64_t asked_total;	/* bytes asked (in a dry run: would have been) */
	double write_seconds_total;	/* time its memory.reclaim writes took */
	/*
	 * The longest time between two of its samples: the interval as
	 * the cgroup lived it, stretched only by its own write running on.
	 */
	double interval_max;
	struct mr_write_job *job;	/* its write (writers.h), once it made one */
	/* backoffs by reason */
	uint64_t backoffs_pressure, backoffs_refaults, backoffs_unreclaimable;
	uint64_t backoffs_write_failed;
};

/* What a cgroup's error came from: it clears when that works again. */
enum { MR_ERR_READ, MR_ERR_RECLAIM, MR_ERR_ZSWAP };

/* A write job of a cgroup no longer watched, freed once its write ends. */
struct orphan {
	struct mr_write_job *job;
	struct orphan *next;
};

/* The host-wide budget of one interval (config.h: budget, swap_budget). */
struct budget {
	uint64_t left, swap_left;	/* UINT64_MAX: no budget */
	uint64_t asked;			/* this interval, by every cgroup */
	size_t waiting;			/* cgroups it left without a write */
};

struct daemon {
	const struct mr_daemon_opts *opts;
	struct mr_config templ;	/* as configured, patterns and all */
	struct mr_config conf;	/* what runs: patterns expanded */
	struct cg_state *cg;	/* one per section of conf, on the heap */
	size_t ncg;
	struct mr_writers *writers;
	uint64_t ticks;
	struct orphan *orphans;	/* writes still running of dropped cgroups */
	bool paused;		/* the kill switch is on: no writes */
	bool holding;		/* mr_hold_writes set: paused, dry run or disabled */
	struct budget budget;
	size_t first;		/* the cgroup the budget goes to first, in turn */
	double last_tick_wall;	/* when the last interval ran (Unix time) */
	bool stopped;		/* the metrics say the daemon is down */
	struct mr_http *http;	/* the /metrics endpoint, when configured */
	uint64_t self_dev, self_ino;	/* the daemon's own cgroup (0: unknown) */
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

/*
 * Let go of c's write job (a dropped cgroup): freed now if idle, else
 * handed to d->orphans and freed by mr_reap_orphans() once its write
 * ends.  The main thread never waits for a write.
 */
void mr_release_write(struct daemon *d, struct cg_state *c);
/* Free the orphaned jobs whose writes have ended (all: at stop). */
void mr_reap_orphans(struct daemon *d, bool all);

/* Put back what the daemon changed in c (memory.zswap.max). */
void mr_restore_cgroup(struct cg_state *c);

/* Rewrite the Prometheus and JSON files, and the endpoint's text. */
void mr_write_metrics(const struct daemon *d);
/*
 * Write the files prom and json ("" for none) as at a stop (running 0,
 * every cgroup up 0): a reload moved the metrics elsewhere.
 */
void mr_retire_metrics(struct daemon *d, const char *prom, const char *json);
/* The Prometheus text of d into f (the file's and the endpoint's). */
void mr_prometheus_text(FILE *f, const struct daemon *d);

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

/*
 * The daemon's own cgroup (/proc/self/cgroup), as a directory's identity
 * under root or under /sys/fs/cgroup (inside a container's cgroup
 * namespace): 0 in both when it cannot tell.
 */
void mr_self_cgroup(const char *root, uint64_t *dev, uint64_t *ino);

/*
 * Whether one of c's cgroups is a parent (at any depth) of the daemon's
 * own: its directory in parent if so.  A write to that cgroup's
 * memory.reclaim reclaims from the daemon as well.
 */
bool mr_self_in_watched(const struct mr_config *c, const char *root, char *parent,
			size_t len);

/*
 * Drop from c the sections that are one cgroup (the same directory) as an
 * earlier one, and the daemon's own cgroup (dev, ino).  Returns how many
 * went as its own.
 */
size_t mr_drop_same_cgroups(struct mr_config *c, const char *root,
			    uint64_t self_dev, uint64_t self_ino);

#endif
