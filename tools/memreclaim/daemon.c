/* SPDX-License-Identifier: MIT */
/*
 * memreclaim run: every interval, for each cgroup, read the pressure stall
 * time and refaults since the last interval, decide with mr_control() and
 * write memory.reclaim (and, where enabled, memory.zswap.max).
 *
 * It writes nothing else.  memory.reclaim leaves no state behind, so a
 * daemon killed at any moment (even by SIGKILL) leaves every workload
 * exactly as it was: unlike a daemon that drives memory.high, there is no
 * limit left set that would throttle the workload after it died.
 */
#include "daemon.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cgroup.h"
#include "common/clock.h"
#include "daemon_int.h"
#include "log.h"
#include "stop.h"
#include "writers.h"

/*
 * Expand the pattern sections against the cgroups there are now, and run
 * with the result: a cgroup that appeared starts with a baseline, one that
 * went is dropped (no retries, no error), the others keep their state.
 */
static void discover(struct daemon *d, bool log_changes, bool force)
{
	static struct mr_config expanded;
	static bool warned_full;
	size_t lost = mr_expand_config(&d->templ, d->opts->root, &expanded);
	bool changed = expanded.ncgroups != d->ncg;
	struct mr_path_index now, before;

	if (mr_path_index_build(&now, &expanded) < 0 ||
	    mr_path_index_build(&before, &d->conf) < 0) {
		mr_path_index_free(&now);
		mr_log(LOG_ERR, "out of memory: keeping the %zu cgroups watched so far",
		       d->ncg);
		return;
	}
	for (size_t i = 0; i < expanded.ncgroups; i++) {
		if (mr_path_index_find(&before, expanded.cgroup[i].path) != SIZE_MAX)
			continue;
		changed = true;
		if (log_changes)
			mr_log(LOG_INFO, "%s: appeared, watching it", expanded.cgroup[i].path);
	}
	for (size_t i = 0; i < d->ncg; i++) {
		if (mr_path_index_find(&now, d->cg[i].conf->path) != SIZE_MAX)
			continue;
		changed = true;
		if (log_changes)
			mr_log(LOG_INFO, "%s: gone, dropped", d->cg[i].conf->path);
	}
	mr_path_index_free(&now);
	mr_path_index_free(&before);
	if (lost && !warned_full)
		mr_log(LOG_WARN, "%zu cgroups left out: out of memory", lost);
	warned_full = lost != 0;
	if ((changed || force) && mr_adopt_config(d, &expanded) < 0)
		mr_log(LOG_ERR, "out of memory: keeping the %zu cgroups watched so far",
		       d->ncg);
}

/* Whether any section of c is a pattern. */
static bool has_patterns(const struct mr_config *c)
{
	for (size_t i = 0; i < c->ncgroups; i++)
		if (mr_is_pattern(c->cgroup[i].path))
			return true;
	return false;
}

static void reload(struct daemon *d)
{
	static struct mr_config fresh;

	mr_log(LOG_INFO, "SIGHUP: reloading %s",
	      d->opts->config_path ? d->opts->config_path : "(no config file)");
	if (mr_daemon_config(d->opts, &fresh) != MR_OK) {
		mr_log(LOG_ERR, "reload failed (see above); keeping the running configuration");
		return;
	}
	mr_config_move(&d->templ, &fresh);
	/* Adopted even with the same cgroups: their settings may differ. */
	discover(d, true, true);
	mr_log(LOG_INFO, "reloaded: %zu cgroups, interval %.3f s", d->ncg, d->conf.interval_s);
}

static void sleep_until(double deadline)
{
	struct timespec ts = {
		.tv_sec = (time_t)deadline,
		.tv_nsec = (long)((deadline - floor(deadline)) * 1e9),
	};

	/* Returns early on a signal: the caller checks the flags. */
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

/*
 * Before anything runs: a cgroup v2 hierarchy with the memory controller,
 * and in each cgroup there now the files the daemon needs.  Otherwise it
 * would start, watch nothing or fail every interval, and say little.
 */
static int check_host(const char *root, const struct mr_config *c)
{
	char dir[MR_PATH_MAX], err[MR_PATH_MAX + 256];
	enum mr_exit rc = mr_check_hierarchy(root, err, sizeof(err));

	for (size_t i = 0; rc == MR_OK && i < c->ncgroups; i++)
		if (!mr_is_pattern(c->cgroup[i].path) &&
		    mr_cgroup_open(root, c->cgroup[i].path, dir, sizeof(dir), err,
				   sizeof(err), NULL) == MR_OK)
			rc = mr_check_cgroup_files(dir, err, sizeof(err));
	if (rc != MR_OK)
		mr_log(LOG_ERR, "%s", err);
	return rc;
}

/*
 * At the end: on a signal, writes still running are interrupted; after
 * --iterations, they are made and counted, and the metrics say so.
 */
static void finish_writes(struct daemon *d)
{
	if (!d->writers)
		return;
	mr_writers_stop(d->writers, mr_flag(&mr_stop_requested));
	d->writers = NULL;
	for (size_t i = 0; i < d->ncg; i++) {
		mr_collect_write(&d->cg[i]);
		free(d->cg[i].job);
		d->cg[i].job = NULL;
	}
	mr_write_metrics(d);
}

int mr_daemon_run(const struct mr_daemon_opts *o)
{
	static struct daemon d;
	struct mr_config initial = { 0 };
	double next;
	int rc;

	memset(&d, 0, sizeof(d));
	d.opts = o;
	rc = mr_daemon_config(o, &initial);
	if (rc != MR_OK || o->check_config) {
		if (rc == MR_OK)
			mr_print_config(&initial, o->root);
		mr_config_free(&initial);
		return rc;
	}
	rc = check_host(o->root, &initial);
	if (rc != MR_OK) {
		mr_config_free(&initial);
		return rc;
	}
	mr_config_move(&d.templ, &initial);
	discover(&d, false, true);
	if (d.ncg == 0 && !has_patterns(&d.templ)) {
		mr_log(LOG_ERR, "out of memory for %zu cgroups", d.templ.ncgroups);
		return MR_EXIT_IO;
	}

	mr_handle_signals();
	if (!o->dry_run) {
		d.writers = mr_writers_start((unsigned)d.conf.workers);
		if (!d.writers) {
			mr_log(LOG_ERR, "cannot start the writer threads");
			return MR_EXIT_IO;
		}
	}

	mr_log(LOG_INFO, "watching %zu cgroups every %.3f s%s", d.ncg, d.conf.interval_s,
	      o->dry_run ? " (dry run: nothing is written)" : "");
	next = tool_now_s();
	while (!mr_flag(&mr_stop_requested)) {
		double t = tool_now_s();

		if (mr_flag(&mr_reload_requested)) {
			mr_flag_set(&mr_reload_requested, 0);
			reload(&d);
		}
		if (has_patterns(&d.templ))
			discover(&d, true, false);
		for (size_t i = 0; i < d.ncg; i++)
			mr_tick_cgroup(&d, &d.cg[i], t);
		if (d.writers)
			mr_writers_kick(d.writers);
		d.ticks++;
		mr_write_metrics(&d);
		if (o->iterations && d.ticks > (uint64_t)o->iterations)
			break;
		next += d.conf.interval_s;
		if (next < tool_now_s())
			next = tool_now_s() + d.conf.interval_s; /* fell behind: no burst */
		while (!mr_flag(&mr_stop_requested) && !mr_flag(&mr_reload_requested) &&
		       tool_now_s() < next)
			sleep_until(next);
	}
	finish_writes(&d);
	mr_log(LOG_INFO, "stopping after %" PRIu64 " intervals, %.3f s of CPU", d.ticks,
	      mr_cpu_seconds());
	free(d.cg);
	mr_config_free(&d.conf);
	mr_config_free(&d.templ);
	return MR_OK;
}
