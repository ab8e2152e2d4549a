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

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/json.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "cgroup.h"
#include "settings.h"

static volatile sig_atomic_t stop_requested, reload_requested;

static void on_signal(int sig)
{
	if (sig == SIGHUP)
		reload_requested = 1;
	else
		stop_requested = 1;
}

enum level { LOG_ERR = 3, LOG_WARN = 4, LOG_INFO = 6 };

/* One line per event on stderr; under systemd, with a journald priority. */
static void logf_(enum level lvl, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void logf_(enum level lvl, const char *fmt, ...)
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

struct cg_state {
	const struct mr_cgroup_conf *conf;
	char dir[MR_PATH_MAX];
	bool present, have_prev, at_floor;
	uint64_t prev_stall_us, prev_refaults;
	uint64_t reclaimed_last;
	struct mr_ctl ctl;
	/* For metrics. */
	uint64_t current, zswap_max;
	bool zswap_max_known, zswap_warned;
	int zswap_streak;	/* >0: intervals voting raise, <0: lower */
	double pressure;
	const char *state;
	uint64_t reclaimed_total, reclaims, backoffs, errors, zswap_changes;
};

struct daemon {
	const struct mr_daemon_opts *opts;
	struct mr_config conf;
	struct cg_state cg[MR_MAX_CGROUPS];
	size_t ncg;
	uint64_t ticks;
};

/* "some" stall total of DIR/FILE in microseconds. */
static int read_stall(const char *dir, const char *file, uint64_t *us)
{
	char text[512], err[128];
	struct mr_pressure p;
	int n = sysfs_read(dir, file, text, sizeof(text));

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
	int n = sysfs_read(dir, "memory.stat", text, sizeof(text));

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

/* Write memory.reclaim; the kernel's EINTR is asked again, EAGAIN is normal. */
static int write_reclaim(const char *dir, uint64_t bytes)
{
	char req[32];
	int rc;

	snprintf(req, sizeof(req), "%" PRIu64, bytes);
	do
		rc = sysfs_write(dir, "memory.reclaim", req);
	while (rc == -EINTR && !stop_requested);
	return rc == -EAGAIN ? 0 : rc;
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
			logf_(LOG_WARN, "%s: zswap_tuning: no memory.zswap.max here; skipped",
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
		format_size(from, sizeof(from), (double)z.zswap_max);
	if (new_max == MR_NO_LIMIT)
		snprintf(to, sizeof(to), "max");
	else
		format_size(to, sizeof(to), (double)new_max);
	if (d->opts->dry_run) {
		logf_(LOG_INFO, "%s: dry run: would set memory.zswap.max %s -> %s: %s",
		      c->dir, from, to, why);
		return;
	}
	if (new_max == MR_NO_LIMIT)
		snprintf(val, sizeof(val), "max");
	else
		snprintf(val, sizeof(val), "%" PRIu64, new_max);
	rc = sysfs_write(c->dir, "memory.zswap.max", val);
	if (rc < 0) {
		c->errors++;
		logf_(LOG_ERR, "%s/memory.zswap.max: write failed: %s; skipped",
		      c->dir, strerror(-rc));
		return;
	}
	c->zswap_max = new_max;
	c->zswap_changes++;
	logf_(LOG_INFO, "%s: memory.zswap.max %s -> %s: %s", c->dir, from, to, why);
}

static void tick_cgroup(struct daemon *d, struct cg_state *c, double interval)
{
	const struct mr_params *p = &c->conf->params;
	struct mr_sample s = { .interval_s = interval };
	struct mr_decision dec;
	struct mr_stat st;
	uint64_t stall = 0, io = 0, refaults, after, swap_current = 0;
	char err[512];
	int rc;

	if (mr_cgroup_open(d->opts->root, c->conf->path, c->dir, sizeof(c->dir),
			   err, sizeof(err)) != MR_OK) {
		if (c->present || d->ticks == 0)
			logf_(LOG_WARN, "%s; skipped until it appears", err);
		c->present = c->have_prev = false;
		c->state = "absent";
		return;
	}
	if (!c->present && d->ticks > 0)
		logf_(LOG_INFO, "%s: present; watching", c->dir);
	c->present = true;
	rc = read_stall(c->dir, "memory.pressure", &stall);
	if (rc == 0 && p->io_pressure && sysfs_exists(c->dir, "io.pressure") &&
	    read_stall(c->dir, "io.pressure", &io) == 0)
		stall += io;
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
		logf_(LOG_ERR, "%s: cannot read its memory files: %s; skipped this interval",
		      c->dir, strerror(-rc));
		return;
	}
	refaults = stat_or_zero(&st, "workingset_refault_anon") +
		   stat_or_zero(&st, "workingset_refault_file");
	if (!c->have_prev) {
		/* The first sample only sets the baseline. */
		c->prev_stall_us = stall;
		c->prev_refaults = refaults;
		c->have_prev = true;
		c->state = "starting";
		return;
	}
	s.stall_us = stall >= c->prev_stall_us ? stall - c->prev_stall_us : 0;
	s.refault_pages = refaults >= c->prev_refaults ? refaults - c->prev_refaults : 0;
	s.current = c->current;
	s.reclaimed_last = c->reclaimed_last;
	c->prev_stall_us = stall;
	c->prev_refaults = refaults;
	c->reclaimed_last = 0;

	mr_control(p, &c->ctl, &s, &dec);
	c->pressure = dec.pressure;
	if (p->zswap_tuning)
		tune_zswap(d, c, &st, swap_current);
	switch (dec.action) {
	case MR_BACKING_OFF:
		c->state = "backoff";
		break;
	case MR_BACKOFF_START:
		c->state = "backoff";
		c->backoffs++;
		logf_(LOG_INFO, "%s: %s", c->dir, dec.why);
		break;
	case MR_AT_FLOOR:
		if (!c->at_floor)
			logf_(LOG_INFO, "%s: %s: holding", c->dir, dec.why);
		c->state = "floor";
		break;
	case MR_TOO_SMALL:
		c->state = "idle";
		break;
	case MR_RECLAIM: {
		char asked[24], got[24];

		c->state = "reclaim";
		format_size(asked, sizeof(asked), (double)dec.bytes);
		if (d->opts->dry_run) {
			logf_(LOG_INFO, "%s: dry run: would reclaim %s (%s)", c->dir,
			      asked, dec.why);
			break;
		}
		rc = write_reclaim(c->dir, dec.bytes);
		if (rc < 0) {
			c->errors++;
			logf_(LOG_ERR, "%s/memory.reclaim: write failed: %s; skipped",
			      c->dir, strerror(-rc));
			break;
		}
		if (mr_read_u64(c->dir, "memory.current", &after) == 0 && after < c->current) {
			c->reclaimed_last = c->current - after;
			c->current = after;
		}
		c->reclaimed_total += c->reclaimed_last;
		c->reclaims++;
		format_size(got, sizeof(got), (double)c->reclaimed_last);
		logf_(LOG_INFO, "%s: reclaim %s, got %s (%s)", c->dir, asked, got, dec.why);
		break;
	}
	}
	c->at_floor = dec.action == MR_AT_FLOOR;
}

/* Write path via a temporary file and rename(2): readers never see half. */
static FILE *open_atomic(const char *path, char *tmp, size_t len)
{
	snprintf(tmp, len, "%s.tmp.%ld", path, (long)getpid());
	return fopen(tmp, "w");
}

static void close_atomic(FILE *f, const char *tmp, const char *path)
{
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		logf_(LOG_ERR, "%s: cannot write metrics: %s", path, strerror(errno));
		unlink(tmp);
	}
}

static double cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

static void write_prometheus(const struct daemon *d)
{
	static const struct {
		const char *name, *type, *help;
	} m[] = {
		{ "memreclaim_up", "gauge", "1 while the cgroup exists and is watched" },
		{ "memreclaim_memory_current_bytes", "gauge", "memory.current at the last interval" },
		{ "memreclaim_pressure_ratio", "gauge", "stall share of the last interval (memory + io some)" },
		{ "memreclaim_reclaimed_bytes_total", "counter", "bytes memory.current fell by after the daemon's writes" },
		{ "memreclaim_reclaims_total", "counter", "writes to memory.reclaim" },
		{ "memreclaim_backoffs_total", "counter", "back-off periods started" },
		{ "memreclaim_errors_total", "counter", "reads and writes that failed" },
		{ "memreclaim_zswap_changes_total", "counter", "changes of memory.zswap.max" },
	};
	char tmp[MR_PATH_MAX + 32];
	FILE *f;

	if (!d->conf.prometheus_file[0])
		return;
	f = open_atomic(d->conf.prometheus_file, tmp, sizeof(tmp));
	if (!f) {
		logf_(LOG_ERR, "%s: %s", tmp, strerror(errno));
		return;
	}
	for (size_t k = 0; k < sizeof(m) / sizeof(m[0]); k++) {
		fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", m[k].name, m[k].help,
			m[k].name, m[k].type);
		for (size_t i = 0; i < d->ncg; i++) {
			const struct cg_state *c = &d->cg[i];
			double v[] = { c->present, (double)c->current, c->pressure,
				       (double)c->reclaimed_total, (double)c->reclaims,
				       (double)c->backoffs, (double)c->errors,
				       (double)c->zswap_changes };

			char lbl[2 * MR_PATH_MAX + 16];

			prom_label(lbl, sizeof(lbl), "cgroup", c->conf->path);
			fprintf(f, "%s%s %.17g\n", m[k].name, lbl, v[k]);
		}
	}
	fprintf(f, "# HELP memreclaim_cpu_seconds_total CPU time of the daemon\n"
		   "# TYPE memreclaim_cpu_seconds_total counter\n"
		   "memreclaim_cpu_seconds_total %.6f\n", cpu_seconds());
	close_atomic(f, tmp, d->conf.prometheus_file);
}

static void write_json(const struct daemon *d)
{
	char tmp[MR_PATH_MAX + 32];
	FILE *f;

	if (!d->conf.json_file[0])
		return;
	f = open_atomic(d->conf.json_file, tmp, sizeof(tmp));
	if (!f) {
		logf_(LOG_ERR, "%s: %s", tmp, strerror(errno));
		return;
	}
	fprintf(f, "{\"time\": %lld, \"interval_s\": %.3f, \"intervals\": %" PRIu64
		", \"cpu_seconds\": %.6f, \"dry_run\": %s, \"cgroups\": [",
		(long long)time(NULL), d->conf.interval_s, d->ticks, cpu_seconds(),
		d->opts->dry_run ? "true" : "false");
	for (size_t i = 0; i < d->ncg; i++) {
		const struct cg_state *c = &d->cg[i];

		fprintf(f, "%s\n {\"cgroup\": ", i ? "," : "");
		json_string(f, c->conf->path);
		fprintf(f, ", \"state\": \"%s\", \"memory_current\": %" PRIu64
			", \"pressure\": %.6f, \"reclaimed_bytes_total\": %" PRIu64
			", \"reclaims\": %" PRIu64 ", \"backoffs\": %" PRIu64
			", \"errors\": %" PRIu64 ", \"zswap_changes\": %" PRIu64,
			c->state, c->current, c->pressure, c->reclaimed_total,
			c->reclaims, c->backoffs, c->errors, c->zswap_changes);
		if (c->zswap_max_known && c->zswap_max != MR_NO_LIMIT)
			fprintf(f, ", \"zswap_max\": %" PRIu64, c->zswap_max);
		else if (c->zswap_max_known)
			fprintf(f, ", \"zswap_max\": \"max\"");
		fprintf(f, "}");
	}
	fprintf(f, "\n]}\n");
	close_atomic(f, tmp, d->conf.json_file);
}

int mr_daemon_config(const struct mr_daemon_opts *o, struct mr_config *c)
{
	char err[MR_PATH_MAX + 256];

	mr_config_init(c);
	if (o->config_path && mr_config_load(c, o->config_path, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: config %s\n", err);
		return MR_EXIT_CONFIG;
	}
	for (size_t i = 0; i < o->ncgroups; i++) {
		if (mr_config_add_cgroup(c, o->cgroups[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: %s\n", err);
			return MR_EXIT_USAGE;
		}
	}
	/* Command-line settings win over the file, for every cgroup. */
	for (size_t k = 0; k < o->noverrides; k++) {
		const char *key = o->override_key[k], *val = o->override_value[k];
		const struct mr_setting *setting = mr_setting_find(key);
		bool global = setting && setting->global;

		if (mr_config_set(c, NULL, key, val, err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: --%s: %s\n", key, err);
			return MR_EXIT_USAGE;
		}
		for (size_t i = 0; !global && i < c->ncgroups; i++)
			mr_config_set(c, &c->cgroup[i].params, key, val, err, sizeof(err));
	}
	if (c->ncgroups == 0) {
		fprintf(stderr, "memreclaim: run: no cgroups: name them on the command "
				"line or in [cgroup PATH] sections of the config\n");
		return MR_EXIT_USAGE;
	}
	return MR_OK;
}

/* " key value" of one setting, as --check-config prints it. */
static void print_setting(const struct mr_setting *k, const void *where)
{
	const char *field = (const char *)where + k->offset;
	char text[MR_PATH_MAX + 32];

	switch (k->kind) {
	case MR_SET_SIZE: {
		uint64_t v;

		memcpy(&v, field, sizeof(v));
		format_size(text, sizeof(text), (double)v);
		break;
	}
	case MR_SET_BOOL: {
		bool b;

		memcpy(&b, field, sizeof(b));
		snprintf(text, sizeof(text), "%s", b ? "yes" : "no");
		break;
	}
	case MR_SET_PATH:
		if (!field[0])
			return; /* not set */
		snprintf(text, sizeof(text), "%s", field);
		break;
	default: {
		double d;

		memcpy(&d, field, sizeof(d));
		snprintf(text, sizeof(text), k->show, d * k->scale);
	}
	}
	printf("%s%s %s", k->global ? "" : " ", k->key, text);
	if (k->global)
		printf("\n");
}

static void print_config(const struct mr_config *c, const char *root)
{
	for (size_t s = 0; s < mr_nsettings; s++)
		if (mr_settings[s].global)
			print_setting(&mr_settings[s], c);
	for (size_t i = 0; i < c->ncgroups; i++) {
		const struct mr_params *p = &c->cgroup[i].params;
		char dir[MR_PATH_MAX], err[MR_PATH_MAX + 256];

		printf("[cgroup %s]", c->cgroup[i].path);
		for (size_t s = 0; s < mr_nsettings; s++) {
			const struct mr_setting *k = &mr_settings[s];

			if (!k->global && (!k->zswap_detail || p->zswap_tuning))
				print_setting(k, p);
		}
		printf("\n");
		if (mr_cgroup_open(root, c->cgroup[i].path, dir, sizeof(dir), err,
				   sizeof(err)) != MR_OK)
			printf("  warning: %s (the daemon waits for it)\n", err);
		else if (!sysfs_exists(dir, "memory.reclaim"))
			printf("  warning: %s/memory.reclaim: missing: the kernel predates Linux 5.19\n",
			       dir);
	}
}

/*
 * Make fresh the running configuration.  A cgroup named in both keeps its
 * state (counters, back-off, baseline), matched by its configured path
 * while the old configuration the states point into is still in place.
 */
static void adopt_config(struct daemon *d, const struct mr_config *fresh)
{
	static struct cg_state next[MR_MAX_CGROUPS];

	for (size_t i = 0; i < fresh->ncgroups; i++) {
		memset(&next[i], 0, sizeof(next[i]));
		next[i].state = "starting";
		for (size_t j = 0; j < d->ncg; j++) {
			if (strcmp(d->cg[j].conf->path, fresh->cgroup[i].path) == 0) {
				next[i] = d->cg[j];
				break;
			}
		}
	}
	d->conf = *fresh;
	d->ncg = d->conf.ncgroups;
	for (size_t i = 0; i < d->ncg; i++) {
		d->cg[i] = next[i];
		d->cg[i].conf = &d->conf.cgroup[i];
	}
}

static void reload(struct daemon *d)
{
	static struct mr_config fresh;

	logf_(LOG_INFO, "SIGHUP: reloading %s",
	      d->opts->config_path ? d->opts->config_path : "(no config file)");
	if (mr_daemon_config(d->opts, &fresh) != MR_OK) {
		logf_(LOG_ERR, "reload failed (see above); keeping the running configuration");
		return;
	}
	adopt_config(d, &fresh);
	logf_(LOG_INFO, "reloaded: %zu cgroups, interval %.3f s", d->ncg, d->conf.interval_s);
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
		print_config(&initial, o->root);
		return MR_OK;
	}
	adopt_config(&d, &initial);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal cuts the sleep short so it is acted on at once. */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	logf_(LOG_INFO, "watching %zu cgroups every %.3f s%s", d.ncg, d.conf.interval_s,
	      o->dry_run ? " (dry run: nothing is written)" : "");
	last = now_s();
	next = last;
	while (!stop_requested) {
		double t = now_s();

		if (reload_requested) {
			reload_requested = 0;
			reload(&d);
		}
		for (size_t i = 0; i < d.ncg; i++)
			tick_cgroup(&d, &d.cg[i], t - last);
		last = t;
		d.ticks++;
		write_prometheus(&d);
		write_json(&d);
		if (o->iterations && d.ticks > (uint64_t)o->iterations)
			break;
		next += d.conf.interval_s;
		if (next < now_s())
			next = now_s() + d.conf.interval_s; /* fell behind: no burst */
		while (!stop_requested && !reload_requested && now_s() < next)
			sleep_until(next);
	}
	logf_(LOG_INFO, "stopping after %" PRIu64 " intervals, %.3f s of CPU", d.ticks,
	      cpu_seconds());
	return MR_OK;
}
