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
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cgroup.h"
#include "common/clock.h"
#include "daemon_int.h"

volatile sig_atomic_t mr_stop_requested;
static volatile sig_atomic_t reload_requested;

static void on_signal(int sig)
{
	if (sig == SIGHUP)
		reload_requested = 1;
	else
		mr_stop_requested = 1;
}

/* One line per event on stderr; under systemd, with a journald priority. */
void mr_log(enum mr_level lvl, const char *fmt, ...)
{
	static int journal = -1;
	char line[1024];
	va_list ap;

	if (journal < 0)
		journal = getenv("JOURNAL_STREAM") != NULL;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap); // NOLINT(clang-analyzer-valist.Uninitialized)
	va_end(ap);
	if (journal)
		fprintf(stderr, "<%d>memreclaim: %s\n", lvl, line);
	else
		fprintf(stderr, "memreclaim: %s\n", line);
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
	mr_adopt_config(d, &fresh);
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

int mr_daemon_run(const struct mr_daemon_opts *o)
{
	static struct daemon d;
	static struct mr_config initial;
	struct sigaction sa;
	double next, last;
	int rc;

	memset(&d, 0, sizeof(d));
	d.opts = o;
	rc = mr_daemon_config(o, &initial);
	if (rc != MR_OK)
		return rc;
	if (o->check_config) {
		mr_print_config(&initial, o->root);
		return MR_OK;
	}
	mr_adopt_config(&d, &initial);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal cuts the sleep short so it is acted on at once. */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	mr_log(LOG_INFO, "watching %zu cgroups every %.3f s%s", d.ncg, d.conf.interval_s,
	      o->dry_run ? " (dry run: nothing is written)" : "");
	last = now_s();
	next = last;
	while (!mr_stop_requested) {
		double t = now_s();

		if (reload_requested) {
			reload_requested = 0;
			reload(&d);
		}
		for (size_t i = 0; i < d.ncg; i++)
			mr_tick_cgroup(&d, &d.cg[i], t - last);
		last = t;
		d.ticks++;
		mr_write_metrics(&d);
		if (o->iterations && d.ticks > (uint64_t)o->iterations)
			break;
		next += d.conf.interval_s;
		if (next < now_s())
			next = now_s() + d.conf.interval_s; /* fell behind: no burst */
		while (!mr_stop_requested && !reload_requested && now_s() < next)
			sleep_until(next);
	}
	mr_log(LOG_INFO, "stopping after %" PRIu64 " intervals, %.3f s of CPU", d.ticks,
	      mr_cpu_seconds());
	return MR_OK;
}
