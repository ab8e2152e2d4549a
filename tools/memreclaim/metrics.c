/* SPDX-License-Identifier: MIT */
/* The metrics files: Prometheus text and JSON, rewritten atomically. */
#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "common/json.h"
#include "daemon_int.h"

const char *mr_cg_state_name(enum mr_cg_state state)
{
	static const char *const names[] = {
		[MR_CG_STARTING] = "starting", [MR_CG_ABSENT] = "absent",
		[MR_CG_BACKOFF] = "backoff",   [MR_CG_FLOOR] = "floor",
		[MR_CG_IDLE] = "idle",         [MR_CG_RECLAIM] = "reclaim",
		[MR_CG_WRITING] = "writing",
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
		mr_log(LOG_ERR, "%s: cannot write metrics: %s", path, strerror(errno));
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

/* One per-cgroup metric: its name, type, help and the field it shows. */
struct metric {
	const char *name, *type, *help;
	size_t offset;			/* in struct cg_state */
	enum { M_BOOL, M_U64, M_DOUBLE } kind;
};

#define CG(f) offsetof(struct cg_state, f)

static const struct metric metrics[] = {
	{ "memreclaim_up", "gauge", "1 while the cgroup exists and is watched",
	  CG(present), M_BOOL },
	{ "memreclaim_memory_current_bytes", "gauge", "memory.current at the last interval",
	  CG(current), M_U64 },
	{ "memreclaim_pressure_ratio", "gauge", "stall share of the last interval (memory + io some)",
	  CG(pressure), M_DOUBLE },
	{ "memreclaim_reclaimed_bytes_total", "counter",
	  "bytes the daemon's writes reclaimed (memory.stat pgsteal; else the drop of memory.current)",
	  CG(reclaimed_total), M_U64 },
	{ "memreclaim_reclaims_total", "counter", "writes to memory.reclaim",
	  CG(reclaims), M_U64 },
	{ "memreclaim_backoffs_total", "counter", "back-off periods started",
	  CG(backoffs), M_U64 },
	{ "memreclaim_backoffs_pressure_total", "counter",
	  "back-offs started because the stall share reached the target",
	  CG(backoffs_pressure), M_U64 },
	{ "memreclaim_backoffs_refaults_total", "counter",
	  "back-offs started because reclaimed pages refaulted",
	  CG(backoffs_refaults), M_U64 },
	{ "memreclaim_backoffs_unreclaimable_total", "counter",
	  "back-offs started because the kernel gave up a write with under half reclaimed",
	  CG(backoffs_unreclaimable), M_U64 },
	{ "memreclaim_write_seconds_total", "counter",
	  "time the daemon's memory.reclaim writes took",
	  CG(write_seconds_total), M_DOUBLE },
	{ "memreclaim_errors_total", "counter", "reads and writes that failed",
	  CG(errors), M_U64 },
	{ "memreclaim_zswap_changes_total", "counter", "changes of memory.zswap.max",
	  CG(zswap_changes), M_U64 },
};

static double metric_value(const struct metric *m, const struct cg_state *c)
{
	const char *field = (const char *)c + m->offset;
	uint64_t u;
	double d;
	bool b;

	switch (m->kind) {
	case M_BOOL:
		memcpy(&b, field, sizeof(b));
		return b;
	case M_U64:
		memcpy(&u, field, sizeof(u));
		return (double)u;
	default:
		memcpy(&d, field, sizeof(d));
		return d;
	}
}

static void write_prometheus(FILE *f, const struct daemon *d)
{
	for (size_t k = 0; k < sizeof(metrics) / sizeof(metrics[0]); k++) {
		const struct metric *m = &metrics[k];

		fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", m->name, m->help,
			m->name, m->type);
		for (size_t i = 0; i < d->ncg; i++) {
			char lbl[2 * MR_PATH_MAX + 16];

			tool_prom_label(lbl, sizeof(lbl), "cgroup", d->cg[i].conf->path);
			fprintf(f, "%s%s %.17g\n", m->name, lbl,
				metric_value(m, &d->cg[i]));
		}
	}
	fprintf(f, "# HELP memreclaim_cpu_seconds_total CPU time of the daemon\n"
		   "# TYPE memreclaim_cpu_seconds_total counter\n"
		   "memreclaim_cpu_seconds_total %.6f\n", mr_cpu_seconds());
}

static void write_json(FILE *f, const struct daemon *d)
{
	fprintf(f, "{\"time\": %lld, \"interval_s\": %.3f, \"intervals\": %" PRIu64
		", \"cpu_seconds\": %.6f, \"dry_run\": %s, \"cgroups\": [",
		(long long)time(NULL), d->conf.interval_s, d->ticks, mr_cpu_seconds(),
		d->opts->dry_run ? "true" : "false");
	for (size_t i = 0; i < d->ncg; i++) {
		const struct cg_state *c = &d->cg[i];

		fprintf(f, "%s\n {\"cgroup\": ", i ? "," : "");
		tool_json_string(f, c->conf->path);
		fprintf(f, ", \"state\": \"%s\", \"why\": ", mr_cg_state_name(c->state));
		tool_json_string(f, c->why);
		fprintf(f, ", \"memory_current\": %" PRIu64
			", \"pressure\": %.6f, \"reclaimed_bytes_total\": %" PRIu64
			", \"reclaims\": %" PRIu64 ", \"backoffs\": %" PRIu64
			", \"backoffs_pressure\": %" PRIu64 ", \"backoffs_refaults\": %" PRIu64
			", \"backoffs_unreclaimable\": %" PRIu64
			", \"write_seconds_total\": %.6f"
			", \"errors\": %" PRIu64 ", \"zswap_changes\": %" PRIu64,
			c->current, c->pressure, c->reclaimed_total, c->reclaims, c->backoffs,
			c->backoffs_pressure, c->backoffs_refaults, c->backoffs_unreclaimable,
			c->write_seconds_total, c->errors, c->zswap_changes);
		if (c->zswap_max_known && c->zswap_max != MR_NO_LIMIT)
			fprintf(f, ", \"zswap_max\": %" PRIu64, c->zswap_max);
		else if (c->zswap_max_known)
			fprintf(f, ", \"zswap_max\": \"max\"");
		fprintf(f, "}");
	}
	fprintf(f, "\n]}\n");
}

/* Write path with body() through a temporary file; nothing if path is "". */
static void write_file(const char *path, const struct daemon *d,
		       void (*body)(FILE *, const struct daemon *))
{
	char tmp[MR_PATH_MAX + 32];
	FILE *f;

	if (!path[0])
		return;
	f = open_atomic(path, tmp, sizeof(tmp));
	if (!f) {
		mr_log(LOG_ERR, "%s: %s", tmp, strerror(errno));
		return;
	}
	body(f, d);
	close_atomic(f, tmp, path);
}

void mr_write_metrics(const struct daemon *d)
{
	write_file(d->conf.prometheus_file, d, write_prometheus);
	write_file(d->conf.json_file, d, write_json);
}
