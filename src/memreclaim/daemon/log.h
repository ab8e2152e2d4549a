/* SPDX-License-Identifier: MIT */
/*
 * The daemon's log: one line per event on stderr, with a journald
 * priority under systemd.  A level (the log_level setting) drops what is
 * finer than it, and the kinds of line that can repeat for every cgroup
 * (a failed write, a failed read) are rate limited: at most MR_LOG_BURST
 * lines of a kind per MR_LOG_WINDOW_S seconds, the rest counted and said
 * in one line when the window ends.  At 5,000 cgroups a failure that hits
 * them all is then a few lines, not 5,000 an interval past journald's own
 * rate limit (which would drop the lines that matter with the rest).
 */
#ifndef MEMRECLAIM_LOG_H
#define MEMRECLAIM_LOG_H

#include <stdbool.h>

/* journald priorities. */
enum mr_level { LOG_ERR = 3, LOG_WARN = 4, LOG_INFO = 6, LOG_DEBUG = 7 };

/*
 * Log what is at or above the level of the log_level setting's index
 * (settings.c: error, warning, info, debug; default info).
 */
void mr_log_set_level(int index);

/* One line, unless finer than the level. */
void mr_log(enum mr_level lvl, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The kinds of line that are rate limited. */
enum mr_log_kind {
	MR_KIND_WRITE_FAILED,	/* memory.reclaim or memory.zswap.max */
	MR_KIND_READ_FAILED,	/* a cgroup's memory files */
	MR_KIND_ABSENT,		/* a named cgroup that is not there */
	MR_KIND_RECOVERED,	/* a cgroup's read or write works again */
	MR_KIND_CHURN,		/* a cgroup appeared, went, came back, re-created */
	MR_KIND_ZSWAP,		/* memory.zswap.max moved or put back */
	MR_KIND_METRICS,	/* a metrics file that cannot be written */
	MR_KIND_COUNT,
};

#define MR_LOG_BURST 10
#define MR_LOG_WINDOW_S 60.0

/* One line of a rate-limited kind at time now (tool_now_s()). */
void mr_log_limited(enum mr_log_kind kind, double now, enum mr_level lvl,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * Say what each kind suppressed in a window that has ended by now (all:
 * in every window, ended or not, as the daemon stops).
 */
void mr_log_flush_limits(double now, bool all);

#endif
