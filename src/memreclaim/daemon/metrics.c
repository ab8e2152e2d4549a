/* SPDX-License-Identifier: MIT */
/* The metrics files: Prometheus text and JSON, rewritten atomically. */
#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/print.h"
#include "common/version.h"
#include "memreclaim/daemon/daemon_int.h"
#include "memreclaim/daemon/http.h"

const char *mr_cg_state_name(enum mr_cg_state state)
{
	static const char *const names[] = {
		[MR_CG_STARTING] = "starting", [MR_CG_ABSENT] = "absent",
		[MR_CG_BACKOFF] = "backoff",   [MR_CG_FLOOR] = "floor",
		[MR_CG_IDLE] = "idle",         [MR_CG_RECLAIM] = "reclaim",
		[MR_CG_WRITING] = "writing",   [MR_CG_ERROR] = "error",
		[MR_CG_PAUSED] = "paused",     [MR_CG_BUDGET] = "budget",
	};

	return (unsigned)state < sizeof(names) / sizeof(names[0]) ? names[state] : "?";
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
		mr_log_limited(MR_KIND_METRICS, tool_now_s(), LOG_ERR, "%s: cannot write metrics: %s",
			       path, strerror(errno));
		unlink(tmp);
	}
}

double mr_cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/*
 * One per-cgroup metric, for both files: its Prometheus name (after
 * "memreclaim_"), type and help, its key in the JSON file (NULL: not
 * there), and the field it shows.
 */
struct metric {
	const char *name, *type, *help, *json;
	size_t offset;			/* in struct cg_state */
	enum { M_BOOL, M_U64, M_DOUBLE } kind;
};

#define CG(f) offsetof(struct cg_state, f)

static const struct metric metrics[] = {
	{ "up", "gauge", "1 while the cgroup exists and is watched (0 after the daemon stopped)",
	  NULL, CG(present), M_BOOL },
	{ "memory_current_bytes", "gauge", "memory.current at the last interval",
	  "memory_current", CG(current), M_U64 },
	{ "pressure_ratio", "gauge", "stall share of the last interval (memory + io some)",
	  "pressure", CG(pressure), M_DOUBLE },
	{ "reclaimed_bytes_total", "counter",
	  "bytes the daemon's writes reclaimed (memory.stat pgsteal; else the drop of memory.current)",
	  "reclaimed_bytes_total", CG(reclaimed_total), M_U64 },
	{ "reclaims_total", "counter", "writes to memory.reclaim", "reclaims",
	  CG(reclaims), M_U64 },
	{ "asked_bytes_total", "counter",
	  "bytes asked of memory.reclaim (in a dry run: that would have been)",
	  "asked_bytes_total", CG(asked_total), M_U64 },
	{ "backoffs_total", "counter", "back-off periods started", "backoffs",
	  CG(backoffs), M_U64 },
	{ "backoffs_pressure_total", "counter",
	  "back-offs started because the stall share reached the target",
	  "backoffs_pressure", CG(backoffs_pressure), M_U64 },
	{ "backoffs_refaults_total", "counter",
	  "back-offs started because reclaimed pages refaulted",
	  "backoffs_refaults", CG(backoffs_refaults), M_U64 },
	{ "backoffs_unreclaimable_total", "counter",
	  "back-offs started because the kernel gave up a write with under half reclaimed",
	  "backoffs_unreclaimable", CG(backoffs_unreclaimable), M_U64 },
	{ "backoffs_write_failed_total", "counter",
	  "back-offs started because a write failed (EACCES, ENOSPC, EBUSY, ...)",
	  "backoffs_write_failed", CG(backoffs_write_failed), M_U64 },
	{ "write_seconds_total", "counter",
	  "time the daemon's memory.reclaim writes took", "write_seconds_total",
	  CG(write_seconds_total), M_DOUBLE },
	{ "interval_seconds_max", "gauge",
	  "longest time between two of its samples (the interval, stretched only by its own write)",
	  "interval_seconds_max", CG(interval_max), M_DOUBLE },
	{ "errors_total", "counter", "reads and writes that failed", "errors",
	  CG(errors), M_U64 },
	{ "zswap_changes_total", "counter", "changes of memory.zswap.max",
	  "zswap_changes", CG(zswap_changes), M_U64 },
};

/* The metric's field of c, in the printer's format (key: JSON, name: Prometheus). */
static void print_metric(struct tool_printer *p, const struct metric *m,
			 const struct cg_state *c)
{
	const char *field = (const char *)c + m->offset;
	uint64_t u;
	double d;
	bool b;

	switch (m->kind) {
	case M_BOOL:
		memcpy(&b, field, sizeof(b));
		tool_print_bool(p, m->json, m->name, NULL, b);
		break;
	case M_U64:
		memcpy(&u, field, sizeof(u));
		tool_print_u64(p, m->json, m->name, NULL, u);
		break;
	default:
		memcpy(&d, field, sizeof(d));
		tool_print_double(p, m->json, m->name, NULL, d);
		break;
	}
}

/* A daemon-wide gauge or counter, in both files. */
static void host_value(struct tool_printer *p, const char *name, const char *type,
		       const char *help, double v)
{
	tool_print_no_labels(p);
	tool_print_family(p, name, type, help);
	tool_print_double(p, NULL, name, NULL, v);
}

/* What tells the daemon's health, mode and build apart. */
static void write_host(struct tool_printer *p, const struct daemon *d)
{
	const struct mr_config *c = &d->conf;

	tool_print_family(p, "build_info", "gauge", "1, with the version as a label");
	tool_print_labels(p, "version", tool_version());
	tool_print_u64(p, NULL, "build_info", NULL, 1);
	host_value(p, "running", "gauge", "1 while the daemon runs, 0 once it stopped",
		   !d->stopped);
	host_value(p, "enabled", "gauge", "the enabled setting (0: idle, reads and writes nothing)",
		   c->enabled);
	host_value(p, "dry_run", "gauge", "the dry_run setting (1: decides, writes nothing)",
		   c->dry_run);
	host_value(p, "kill_switch", "gauge", "1 while the kill switch (file or SIGUSR1) holds writes",
		   d->paused);
	host_value(p, "last_interval_timestamp_seconds", "gauge",
		   "when the last interval ran (Unix time)", d->last_tick_wall);
	host_value(p, "intervals_total", "counter", "intervals run", (double)d->ticks);
	host_value(p, "cgroups", "gauge", "cgroups watched", (double)d->ncg);
	host_value(p, "workers", "gauge", "threads that write memory.reclaim", c->workers);
	host_value(p, "budget_bytes", "gauge", "the host's budget per interval (0: none)",
		   (double)c->budget);
	host_value(p, "swap_budget_bytes", "gauge",
		   "the host's budget per interval for writes that may swap (0: none)",
		   (double)c->swap_budget);
	host_value(p, "interval_asked_bytes", "gauge",
		   "bytes asked of memory.reclaim in the last interval, all cgroups",
		   (double)d->budget.asked);
	host_value(p, "budget_waiting_cgroups", "gauge",
		   "cgroups left without a write in the last interval: budget spent",
		   (double)d->budget.waiting);
	host_value(p, "cpu_seconds_total", "counter", "CPU time of the daemon", mr_cpu_seconds());
}

/* One sample per cgroup: its state, and the error while there is one. */
static void write_states(struct tool_printer *p, const struct daemon *d)
{
	tool_print_family(p, "cgroup_state", "gauge",
			  "1 for the cgroup's state; error carries the failure");
	for (size_t i = 0; i < d->ncg; i++) {
		const struct cg_state *c = &d->cg[i];

		tool_print_labels(p, "cgroup", c->conf->path);
		tool_print_add_label(p, "state", mr_cg_state_name(c->state));
		if (c->state == MR_CG_ERROR)
			tool_print_add_label(p, "error", c->error);
		tool_print_u64(p, NULL, "cgroup_state", NULL, 1);
	}
}

void mr_prometheus_text(FILE *f, const struct daemon *d)
{
	struct tool_printer p;

	tool_print_start(&p, f, TOOL_PROMETHEUS, "memreclaim_");
	write_host(&p, d);
	/* Metric by metric: the format wants each family's samples together. */
	for (size_t k = 0; k < sizeof(metrics) / sizeof(metrics[0]); k++) {
		tool_print_family(&p, metrics[k].name, metrics[k].type, metrics[k].help);
		for (size_t i = 0; i < d->ncg; i++) {
			tool_print_labels(&p, "cgroup", d->cg[i].conf->path);
			print_metric(&p, &metrics[k], &d->cg[i]);
		}
	}
	write_states(&p, d);
	tool_print_end(&p);
}

static void write_json(FILE *f, const struct daemon *d)
{
	struct tool_printer p;

	tool_print_start(&p, f, TOOL_JSON, NULL);
	tool_print_open(&p, NULL, '{');
	tool_print_i64(&p, "time", NULL, NULL, (int64_t)time(NULL));
	tool_print_double(&p, "interval_s", NULL, NULL, d->conf.interval_s);
	tool_print_u64(&p, "intervals", NULL, NULL, d->ticks);
	tool_print_double(&p, "cpu_seconds", NULL, NULL, mr_cpu_seconds());
	tool_print_double(&p, "last_interval_timestamp", NULL, NULL, d->last_tick_wall);
	tool_print_string(&p, "version", NULL, tool_version());
	tool_print_bool(&p, "running", NULL, NULL, !d->stopped);
	tool_print_bool(&p, "enabled", NULL, NULL, d->conf.enabled);
	tool_print_bool(&p, "dry_run", NULL, NULL, d->conf.dry_run);
	tool_print_bool(&p, "kill_switch", NULL, NULL, d->paused);
	tool_print_u64(&p, "budget_bytes", NULL, NULL, d->conf.budget);
	tool_print_u64(&p, "swap_budget_bytes", NULL, NULL, d->conf.swap_budget);
	tool_print_u64(&p, "interval_asked_bytes", NULL, NULL, d->budget.asked);
	tool_print_u64(&p, "budget_waiting_cgroups", NULL, NULL, d->budget.waiting);
	tool_print_open(&p, "cgroups", '[');
	for (size_t i = 0; i < d->ncg; i++) {
		const struct cg_state *c = &d->cg[i];

		tool_print_open(&p, NULL, '{');
		tool_print_string(&p, "cgroup", NULL, c->conf->path);
		tool_print_string(&p, "state", NULL, mr_cg_state_name(c->state));
		tool_print_string(&p, "why", NULL, c->why);
		if (c->state == MR_CG_ERROR)
			tool_print_string(&p, "error", NULL, c->error);
		for (size_t k = 0; k < sizeof(metrics) / sizeof(metrics[0]); k++)
			print_metric(&p, &metrics[k], c);
		if (c->zswap_max_known && c->zswap_max != MR_NO_LIMIT)
			tool_print_u64(&p, "zswap_max", NULL, NULL, c->zswap_max);
		else if (c->zswap_max_known)
			tool_print_string(&p, "zswap_max", NULL, "max");
		tool_print_close(&p);
	}
	tool_print_end(&p);
}

/* The temporary file for path (NULL for "", or logged when it fails). */
static FILE *open_metrics(const char *path, char *tmp, size_t size)
{
	FILE *f;

	if (!path[0])
		return NULL;
	f = open_atomic(path, tmp, size);
	if (!f)
		mr_log_limited(MR_KIND_METRICS, tool_now_s(), LOG_ERR, "%s: %s", tmp,
			       strerror(errno));
	return f;
}

/* Write path with body() through a temporary file; nothing if path is "". */
static void write_file(const char *path, const struct daemon *d,
		       void (*body)(FILE *, const struct daemon *))
{
	char tmp[MR_PATH_MAX + 32];
	FILE *f = open_metrics(path, tmp, sizeof(tmp));

	if (!f)
		return;
	body(f, d);
	close_atomic(f, tmp, path);
}

/* The Prometheus text into memory: the file and the endpoint get the same. */
static char *prometheus_in_memory(const struct daemon *d, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (!f)
		return NULL;
	mr_prometheus_text(f, d);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Write path from text through a temporary file; nothing if path is "". */
static void write_text(const char *path, const char *text, size_t len)
{
	char tmp[MR_PATH_MAX + 32];
	FILE *f = open_metrics(path, tmp, sizeof(tmp));

	if (!f)
		return;
	fwrite(text, 1, len, f);
	close_atomic(f, tmp, path);
}

void mr_write_metrics(const struct daemon *d)
{
	size_t len = 0;
	char *text;

	if (d->conf.prometheus_file[0] || d->http) {
		text = prometheus_in_memory(d, &len);
		if (text) {
			write_text(d->conf.prometheus_file, text, len);
			if (d->http)
				mr_http_publish(d->http, text, len);
			free(text);
		} else {
			mr_log(LOG_ERR, "out of memory for the metrics");
		}
	}
	write_file(d->conf.json_file, d, write_json);
}

void mr_retire_metrics(struct daemon *d, const char *prom, const char *json)
{
	bool was = d->stopped;
	bool *present;
	size_t len = 0;
	char *text;

	if (!prom[0] && !json[0])
		return;
	present = malloc(d->ncg ? d->ncg : 1);
	if (!present)
		return;
	for (size_t i = 0; i < d->ncg; i++) {
		present[i] = d->cg[i].present;
		d->cg[i].present = false;
	}
	d->stopped = true;
	text = prom[0] ? prometheus_in_memory(d, &len) : NULL;
	if (text)
		write_text(prom, text, len);
	free(text);
	write_file(json, d, write_json);
	d->stopped = was;
	for (size_t i = 0; i < d->ncg; i++)
		d->cg[i].present = present[i];
	free(present);
}
