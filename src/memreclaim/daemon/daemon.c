/* SPDX-License-Identifier: MIT */
/*
 * memreclaim run: every interval, for each cgroup, read the pressure stall
 * time and refaults since the last interval, decide with mr_control() and
 * write memory.reclaim (and, where enabled, memory.zswap.max).
 *
 * It writes nothing else.  memory.reclaim leaves no state behind; a
 * memory.zswap.max the daemon moved is put back when it stops (SIGTERM,
 * SIGINT) or stops watching the cgroup.  Killed with SIGKILL it cannot put
 * that back: what stays is memory.zswap.max as last set (the JSON file's
 * zswap_max), never a memory.high or memory.max that would throttle the
 * workload after it died.
 */
#include "memreclaim/daemon/daemon.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "memreclaim/cgroup/cgroup.h"
#include "common/clock.h"
#include "memreclaim/daemon/daemon_int.h"
#include "memreclaim/daemon/http.h"
#include "memreclaim/daemon/log.h"
#include "memreclaim/daemon/stop.h"
#include "memreclaim/daemon/writers.h"

/* What discover() says when the cgroups watched change. */
static void log_changes(const struct daemon *d, const struct mr_config *expanded)
{
	struct mr_path_index now, before;

	if (mr_path_index_build(&now, expanded) < 0 ||
	    mr_path_index_build(&before, &d->conf) < 0) {
		mr_path_index_free(&now);
		return;
	}
	for (size_t i = 0; i < expanded->ncgroups; i++)
		if (mr_path_index_find(&before, expanded->cgroup[i].path) == SIZE_MAX)
			mr_log_limited(MR_KIND_CHURN, tool_now_s(), LOG_INFO,
				       "%s: appeared, watching it", expanded->cgroup[i].path);
	for (size_t i = 0; i < d->ncg; i++)
		if (mr_path_index_find(&now, d->cg[i].conf->path) == SIZE_MAX)
			mr_log_limited(MR_KIND_CHURN, tool_now_s(), LOG_INFO, "%s: gone, dropped",
				       d->cg[i].conf->path);
	mr_path_index_free(&now);
	mr_path_index_free(&before);
}

/* Whether the sections of a and b are the same cgroups, in the same order. */
static bool same_cgroups(const struct mr_config *a, const struct daemon *d)
{
	if (a->ncgroups != d->ncg)
		return false;
	for (size_t i = 0; i < a->ncgroups; i++)
		if (strcmp(a->cgroup[i].path, d->cg[i].conf->path) != 0)
			return false;
	return true;
}

/*
 * Expand the pattern sections against the cgroups there are now, and run
 * with the result: a cgroup that appeared starts with a baseline, one that
 * went is dropped (no retries, no error), the others keep their state.
 * A cgroup is one directory however it is spelled or matched, and the
 * daemon's own cgroup is never watched.
 */
static void discover(struct daemon *d, bool say, bool force)
{
	static struct mr_config expanded;
	static bool warned_full, warned_self;
	size_t lost = mr_expand_config(&d->templ, d->opts->root, &expanded);
	size_t self = mr_drop_same_cgroups(&expanded, d->opts->root, d->self_dev,
					   d->self_ino);

	if (self && !warned_self)
		mr_log(LOG_WARN, "the daemon's own cgroup is among those configured: "
		       "it is never reclaimed by the daemon");
	warned_self = self != 0;
	if (lost && !warned_full)
		mr_log(LOG_WARN, "%zu cgroups left out: out of memory", lost);
	warned_full = lost != 0;
	if (!force && same_cgroups(&expanded, d))
		return;
	if (say)
		log_changes(d, &expanded);
	if (mr_adopt_config(d, &expanded) < 0)
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

/* Serve /metrics on the configured address, or stop serving (listen ""). */
static void follow_listen(struct daemon *d, const char *before)
{
	char err[256];

	if (d->http && strcmp(before, d->conf.listen) == 0)
		return;
	mr_http_stop(d->http);
	d->http = NULL;
	if (!d->conf.listen[0])
		return;
	d->http = mr_http_start(d->conf.listen, err, sizeof(err));
	if (d->http)
		mr_log(LOG_INFO, "serving metrics on http://%s/metrics", d->conf.listen);
	else
		mr_log(LOG_ERR, "metrics endpoint: %s; not served", err);
}

static void reload(struct daemon *d)
{
	static struct mr_config fresh;
	char listen_before[MR_LISTEN_MAX];

	mr_log(LOG_INFO, "SIGHUP: reloading %s",
	      d->opts->config_path ? d->opts->config_path : "(no config file)");
	if (mr_daemon_config(d->opts, &fresh) != MR_OK) {
		mr_log(LOG_ERR, "reload failed (see above); keeping the running configuration");
		return;
	}
	snprintf(listen_before, sizeof(listen_before), "%s", d->conf.listen);
	/* A metrics file no longer written says so: running 0, not 1 for ever. */
	mr_retire_metrics(d, strcmp(fresh.prometheus_file, d->conf.prometheus_file) ?
			  d->conf.prometheus_file : "",
			  strcmp(fresh.json_file, d->conf.json_file) ? d->conf.json_file : "");
	mr_config_move(&d->templ, &fresh);
	/* Adopted even with the same cgroups: their settings may differ. */
	discover(d, true, true);
	mr_log_set_level(d->conf.log_level);
	if (mr_writers_resize(d->writers, (unsigned)d->conf.workers) == 0)
		mr_log(LOG_ERR, "cannot start %d writer threads", d->conf.workers);
	follow_listen(d, listen_before);
	mr_log(LOG_INFO, "reloaded: %zu cgroups, interval %.3f s, %d workers%s%s",
	       d->ncg, d->conf.interval_s, d->conf.workers,
	       d->conf.dry_run ? ", dry run" : "", d->conf.enabled ? "" : ", disabled");
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
 * The kill switch: the file named by kill_switch exists, or SIGUSR1 came
 * (until SIGUSR2).  Turned on, it holds every write: none starts, queued
 * ones are dropped, running ones are interrupted.
 */
static void follow_kill_switch(struct daemon *d)
{
	struct stat st;
	bool on = mr_flag(&mr_pause_requested) ||
		  (d->conf.kill_switch[0] && stat(d->conf.kill_switch, &st) == 0);
	/* A dry run and enabled = no hold the writes too (a reload's). */
	bool hold = on || d->conf.dry_run || !d->conf.enabled;

	if (hold && !d->holding) {
		/* Queued writes dropped now, running ones interrupted. */
		mr_flag_set(&mr_hold_writes, 1);
		mr_writers_drop_queued(d->writers);
		mr_writers_interrupt(d->writers);
	}
	d->holding = hold;
	/*
	 * Nothing holds the writes but a stop: let them go.  Also when
	 * SIGUSR1 set the hold and SIGUSR2 came before this saw it on.
	 */
	if (!hold && !mr_flag(&mr_stop_requested)) {
		mr_flag_set(&mr_hold_writes, 0);
		/* A SIGUSR1 between the check above and the clear: hold again. */
		if (mr_flag(&mr_pause_requested))
			mr_flag_set(&mr_hold_writes, 1);
	}
	if (on == d->paused) {
		if (on)
			mr_writers_interrupt(d->writers);	/* a write that started late */
		return;
	}
	d->paused = on;
	if (on) {
		mr_log(LOG_WARN, "kill switch on (%s): no writes until it is off",
		       mr_flag(&mr_pause_requested) ? "SIGUSR1" : d->conf.kill_switch);
	} else {
		mr_log(LOG_WARN, "kill switch off: writing again");
	}
}

/*
 * Sleep until *next, the next interval's start.  A SIGHUP meanwhile is
 * a reload, applied at once but with no interval of its own: the schedule
 * stays (a new interval setting moves *next to the last start plus it),
 * and the budget stays one per interval however many reloads come.
 */
static void wait_next(struct daemon *d, double *next)
{
	while (!mr_flag(&mr_stop_requested) && tool_now_s() < *next) {
		if (mr_flag(&mr_reload_requested)) {
			double was = d->conf.interval_s;

			mr_flag_set(&mr_reload_requested, 0);
			reload(d);
			follow_kill_switch(d);
			*next += d->conf.interval_s - was;
			mr_write_metrics(d);
			continue;
		}
		sleep_until(*next);
	}
}

/* The host's budget for one interval. */
static void budget_start(struct daemon *d)
{
	d->budget = (struct budget){
		.left = d->conf.budget ? d->conf.budget : UINT64_MAX,
		.swap_left = d->conf.swap_budget ? d->conf.swap_budget : UINT64_MAX,
	};
}

/*
 * One interval of every cgroup.  The budget goes to the cgroups in turn,
 * starting one further each interval, so that a spent budget leaves a
 * different cgroup waiting each time.  A stop request ends it early.
 */
static void tick_all(struct daemon *d, double t)
{
	budget_start(d);
	if (!d->conf.enabled) {
		for (size_t i = 0; i < d->ncg; i++)
			d->cg[i].state = MR_CG_PAUSED;
		return;
	}
	for (size_t k = 0; k < d->ncg && !mr_flag(&mr_stop_requested); k++)
		mr_tick_cgroup(d, &d->cg[(d->first + k) % d->ncg], t);
	if (d->ncg)
		d->first = (d->first + 1) % d->ncg;
	if (d->budget.waiting)
		mr_log(LOG_DEBUG, "budget spent: %zu cgroups wait for the next interval",
		       d->budget.waiting);
}

/*
 * At the end: on a signal, writes still running are interrupted; after
 * --iterations, they are made and counted.  What the daemon changed is
 * put back, and the metrics say it stopped.
 */
static void finish(struct daemon *d)
{
	mr_writers_stop(d->writers, mr_flag(&mr_stop_requested));
	d->writers = NULL;
	mr_reap_orphans(d, true);
	for (size_t i = 0; i < d->ncg; i++) {
		mr_collect_write(&d->cg[i]);
		free(d->cg[i].job);
		d->cg[i].job = NULL;
		mr_restore_cgroup(&d->cg[i]);
		d->cg[i].present = false;
	}
	d->stopped = true;
	mr_write_metrics(d);
	mr_log_flush_limits(tool_now_s(), true);
	mr_http_stop(d->http);
	d->http = NULL;
}

/*
 * How long a write runs before it counts as hung and a worker is started
 * in its place (writers.h): two intervals, at least a second.
 */
static double hung_after(const struct daemon *d)
{
	return d->conf.interval_s * 2 > 1.0 ? d->conf.interval_s * 2 : 1.0;
}

/* One interval: kill switch, cgroups, writes, metrics. */
static void interval(struct daemon *d)
{
	double t = tool_now_s();

	follow_kill_switch(d);
	if (d->conf.enabled && has_patterns(&d->templ))
		discover(d, true, false);
	tick_all(d, t);
	mr_reap_orphans(d, false);
	/* After a stop request no write starts (the workers check too). */
	if (!mr_flag(&mr_stop_requested))
		mr_writers_kick(d->writers, hung_after(d));
	d->ticks++;
	d->last_tick_wall = (double)time(NULL);
	mr_write_metrics(d);
	mr_log_flush_limits(t, false);
}

/* Configure, check the host, start the threads; MR_OK or an exit code. */
static int start(struct daemon *d, const struct mr_daemon_opts *o)
{
	struct mr_config initial = { 0 };
	int rc = mr_daemon_config(o, &initial);

	if (rc != MR_OK || o->check_config) {
		if (rc == MR_OK)
			mr_print_config(&initial, o->root);
		mr_config_free(&initial);
		return rc == MR_OK ? -1 : rc;
	}
	rc = check_host(o->root, &initial);
	if (rc != MR_OK) {
		mr_config_free(&initial);
		return rc;
	}
	mr_config_move(&d->templ, &initial);
	mr_self_cgroup(o->root, &d->self_dev, &d->self_ino);
	discover(d, false, true);
	if (d->ncg == 0 && !has_patterns(&d->templ) && d->templ.ncgroups > 0 &&
	    !d->self_ino) {
		mr_log(LOG_ERR, "out of memory for %zu cgroups", d->templ.ncgroups);
		return MR_EXIT_IO;
	}
	mr_log_set_level(d->conf.log_level);
	mr_handle_signals();
	/* Started in a dry run too: a reload may turn it off. */
	d->writers = mr_writers_start((unsigned)d->conf.workers);
	if (!d->writers) {
		mr_log(LOG_ERR, "cannot start the writer threads");
		return MR_EXIT_IO;
	}
	follow_listen(d, "");
	return MR_OK;
}

int mr_daemon_run(const struct mr_daemon_opts *o)
{
	static struct daemon d;
	double next;
	int rc;

	memset(&d, 0, sizeof(d));
	d.opts = o;
	rc = start(&d, o);
	if (rc != MR_OK) {
		mr_config_free(&d.templ);
		return rc < 0 ? MR_OK : rc;
	}
	mr_log(LOG_INFO, "watching %zu cgroups every %.3f s%s%s", d.ncg, d.conf.interval_s,
	       d.conf.dry_run ? " (dry run: nothing is written)" : "",
	       d.conf.enabled ? "" : " (enabled = no: idle until reloaded)");
	next = tool_now_s();
	while (!mr_flag(&mr_stop_requested)) {
		interval(&d);
		if (o->iterations && d.ticks > (uint64_t)o->iterations)
			break;
		next += d.conf.interval_s;
		if (next < tool_now_s())
			next = tool_now_s() + d.conf.interval_s; /* fell behind: no burst */
		wait_next(&d, &next);
	}
	finish(&d);
	mr_log(LOG_INFO, "stopping after %" PRIu64 " intervals, %.3f s of CPU", d.ticks,
	      mr_cpu_seconds());
	free(d.cg);
	mr_config_free(&d.conf);
	mr_config_free(&d.templ);
	return MR_OK;
}
