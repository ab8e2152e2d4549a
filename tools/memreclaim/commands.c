/* SPDX-License-Identifier: MIT */
/* memreclaim's one-shot commands: reclaim, stat, zswap (commands.h). */
#include "commands.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "common/number.h"
#include "common/print.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "config.h"
#include "settings.h"

static int io_exit(int err)
{
	return err == -EPERM || err == -EACCES ? (int)MR_EXIT_PERM : (int)MR_EXIT_IO;
}

/* Resolve and check CGROUP; on failure, say why on stderr. */
static enum mr_exit open_cgroup(const struct mr_cli *o, const char *cgroup,
				char *dir, size_t len)
{
	char err[512];
	enum mr_exit code = mr_cgroup_open(o->root, cgroup, dir, len, err,
					   sizeof(err), NULL);

	if (code != MR_OK)
		fprintf(stderr, "memreclaim: %s\n", err);
	return code;
}

/* The format the options ask for, on stdout. */
static void start_output(const struct mr_cli *o, struct tool_printer *p)
{
	tool_print_start(p, stdout, o->json ? TOOL_JSON :
			 o->prometheus ? TOOL_PROMETHEUS : TOOL_TEXT, "memreclaim_");
}

/*
 * A cgroup file's value: a number where it holds one, else its text
 * ("max"), which has no Prometheus form.  The metric is the file's name
 * with '_' for '.', and unit after it.
 */
static void print_file(struct tool_printer *p, const char *dir, const char *file,
		       const char *unit, int width)
{
	char v[64], metric[64], text[96];
	uint64_t n;
	size_t i;

	if (tool_sysfs_read(dir, file, v, sizeof(v)) < 0)
		return; /* absent on this kernel or the root */
	for (i = 0; file[i] && i + 1 < sizeof(metric); i++) {
		metric[i] = file[i];
		if (metric[i] == '.')
			metric[i] = '_';
	}
	metric[i] = '\0';
	if (unit)
		snprintf(metric + i, sizeof(metric) - i, "_%s", unit);
	if (tool_parse_u64(v, &n) == 0) {
		snprintf(text, sizeof(text), "  %-*s %%" PRIu64 "\n", width, file);
		tool_print_u64(p, file, metric, text, n);
	} else {
		snprintf(text, sizeof(text), "  %-*s %%s\n", width, file);
		tool_print_string(p, file, text, v);
	}
}

int mr_cmd_reclaim(const struct mr_cli *o, const char *cgroup, const char *size)
{
	struct mr_config scratch;
	struct mr_params params;
	struct mr_reclaim_req req;
	char dir[4096], err[512], a[24], b[24], c[24], d[24];
	uint64_t bytes, before, after, reclaimed = 0;
	struct tool_printer p;
	enum mr_exit code;
	int rc, swappiness = -1;

	/* Everything is checked before anything is written. */
	if (tool_parse_size(size, &bytes, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: size %s\n", err);
		return MR_EXIT_USAGE;
	}
	/* The daemon's setting, parsed by the same row of settings.c. */
	if (o->swappiness) {
		mr_config_init(&scratch);
		if (mr_config_set(&scratch, NULL, "swappiness", o->swappiness, err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: --swappiness: %s\n", err);
			return MR_EXIT_USAGE;
		}
		swappiness = scratch.defaults.swappiness;
	}
	code = open_cgroup(o, cgroup, dir, sizeof(dir));
	if (code != MR_OK)
		return code;
	if (!tool_sysfs_exists(dir, "memory.reclaim")) {
		fprintf(stderr, "memreclaim: %s/memory.reclaim: missing: the "
				"kernel predates Linux 5.19\n", dir);
		return MR_EXIT_NOKERNEL;
	}
	if (swappiness >= 0 && !mr_kernel_has_reclaim_swappiness()) {
		fprintf(stderr, "memreclaim: --swappiness: " MR_NO_RECLAIM_SWAPPINESS "\n");
		return MR_EXIT_NOKERNEL;
	}
	rc = mr_read_u64(dir, "memory.current", &before);
	if (rc < 0) {
		fprintf(stderr, "memreclaim: %s/memory.current: %s\n", dir,
			strerror(-rc));
		return io_exit(rc);
	}
	mr_params_default(&params);
	req = (struct mr_reclaim_req){ .bytes = bytes, .swappiness = swappiness,
				       .page_size = params.page_size };
	rc = mr_write_reclaim(dir, &req, NULL, &reclaimed);
	if (rc < 0 && rc != -EAGAIN) {
		fprintf(stderr, "memreclaim: %s/memory.reclaim: %s\n", dir,
			strerror(-rc));
		return io_exit(rc);
	}
	if (mr_read_u64(dir, "memory.current", &after) < 0)
		after = before;
	tool_format_size(a, sizeof(a), (double)bytes);
	tool_format_size(b, sizeof(b), (double)reclaimed);
	tool_format_size(c, sizeof(c), (double)before);
	tool_format_size(d, sizeof(d), (double)after);
	start_output(o, &p);
	tool_print_open(&p, NULL, '{');
	tool_print_string(&p, "cgroup", "%s: ", dir);
	tool_print_u64(&p, "asked_bytes", NULL, NULL, bytes);
	tool_print_u64(&p, "reclaimed_bytes", NULL, NULL, reclaimed);
	tool_print_u64(&p, "current_before", NULL, NULL, before);
	tool_print_u64(&p, "current_after", NULL, NULL, after);
	tool_print_string(&p, "result", NULL, rc == -EAGAIN ? "partial" : "ok");
	tool_print_text(&p, "asked %s, reclaimed %s (memory.current %s -> %s)%s\n",
			a, b, c, d, rc == -EAGAIN ? ": less than asked (EAGAIN)" : "");
	tool_print_end(&p);
	return rc == -EAGAIN ? MR_EXIT_PARTIAL : MR_OK;
}

/* What stat shows: file, key (for memory.stat keys), label. */
static const char *const single_files[] = {
	"memory.current", "memory.min", "memory.low", "memory.high",
	"memory.max", "memory.swap.current", "memory.zswap.current",
	"memory.zswap.max",
};
static const char *const stat_keys[] = {
	"anon", "file", "zswap", "zswapped", "zswpin", "zswpout", "pgscan",
	"pgsteal", "workingset_refault_anon", "workingset_refault_file",
};

static int show_stat(const struct mr_cli *o, struct tool_printer *p, const char *cgroup,
		     bool after_another)
{
	static char text[MR_STAT_TEXT];
	char dir[4096], err[512], key[64], fmt[64];
	struct mr_stat s;
	struct mr_pressure pr;
	enum mr_exit code = open_cgroup(o, cgroup, dir, sizeof(dir));
	uint64_t zswap, zswapped;
	int rc;

	if (code != MR_OK)
		return code;
	rc = tool_sysfs_read(dir, "memory.stat", text, sizeof(text));
	if (rc < 0 || mr_parse_stat(text, &s, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: %s/memory.stat: %s\n", dir,
			rc < 0 ? strerror(-rc) : err);
		return rc < 0 ? io_exit(rc) : (int)MR_EXIT_IO;
	}
	rc = tool_sysfs_read(dir, "memory.pressure", text, sizeof(text));
	if (rc < 0 || mr_parse_pressure(text, &pr, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: %s/memory.pressure: %s\n", dir,
			rc < 0 ? strerror(-rc) : err);
		return rc < 0 ? io_exit(rc) : (int)MR_EXIT_IO;
	}
	if (tool_print_labels(p, "cgroup", dir) < 0) {
		fprintf(stderr, "memreclaim: %s: path too long for a label\n", dir);
		return MR_EXIT_USAGE;
	}
	if (after_another)
		tool_print_text(p, "\n");
	tool_print_open(p, NULL, '{');
	tool_print_string(p, "cgroup", "%s\n", dir);
	for (size_t i = 0; i < sizeof(single_files) / sizeof(*single_files); i++)
		print_file(p, dir, single_files[i], "bytes", 28);
	for (size_t i = 0; i < sizeof(stat_keys) / sizeof(*stat_keys); i++) {
		uint64_t v;
		char metric[64];

		if (mr_stat_get(&s, stat_keys[i], &v) < 0)
			continue;
		snprintf(key, sizeof(key), "stat.%s", stat_keys[i]);
		snprintf(metric, sizeof(metric), "stat_%s", stat_keys[i]);
		snprintf(fmt, sizeof(fmt), "  %-28s %%" PRIu64 "\n", stat_keys[i]);
		tool_print_u64(p, key, metric, fmt, v);
	}
	if (mr_stat_get(&s, "zswap", &zswap) == 0 &&
	    mr_stat_get(&s, "zswapped", &zswapped) == 0 && zswap > 0)
		tool_print_double(p, "zswap_compression_ratio", "zswap_compression_ratio",
				  "  zswap compression ratio      %.2f\n",
				  (double)zswapped / (double)zswap);
	for (int k = 0; k < (pr.has_full ? 2 : 1); k++) {
		const struct mr_psi_line *l = k ? &pr.full : &pr.some;
		const char *kind = k ? "full" : "some";
		char m10[48], mtotal[48];

		snprintf(key, sizeof(key), "pressure.%s", kind);
		snprintf(m10, sizeof(m10), "pressure_%s_avg10", kind);
		snprintf(mtotal, sizeof(mtotal), "pressure_%s_total_us", kind);
		snprintf(fmt, sizeof(fmt), "  pressure %-19s avg10=%%.2f", kind);
		tool_print_open(p, key, '{');
		tool_print_double(p, "avg10", m10, fmt, l->avg10);
		tool_print_double(p, "avg60", NULL, " avg60=%.2f", l->avg60);
		tool_print_double(p, "avg300", NULL, " avg300=%.2f", l->avg300);
		tool_print_u64(p, "total_us", mtotal, " total=%" PRIu64 " us\n", l->total);
		tool_print_close(p);
	}
	tool_print_close(p);
	return MR_OK;
}

int mr_cmd_stat(const struct mr_cli *o, int n, char **cgroups)
{
	struct tool_printer p;
	int code = MR_OK;

	start_output(o, &p);
	tool_print_open(&p, NULL, '[');
	for (int i = 0, shown = 0; i < n; i++) {
		int rc = show_stat(o, &p, cgroups[i], shown > 0);

		if (rc != MR_OK)
			code = rc;
		else
			shown++;
	}
	tool_print_end(&p);
	return code;
}

int mr_cmd_zswap(const struct mr_cli *o, const char *cgroup)
{
	char dir[4096], err[512];
	struct tool_printer p;
	enum mr_exit code = open_cgroup(o, cgroup, dir, sizeof(dir));
	int rc;

	if (code != MR_OK)
		return code;
	if (!tool_sysfs_exists(dir, "memory.zswap.max")) {
		fprintf(stderr, "memreclaim: %s/memory.zswap.max: missing: the "
				"kernel lacks per-cgroup zswap (Linux 5.19+, "
				"CONFIG_ZSWAP)\n", dir);
		return MR_EXIT_NOKERNEL;
	}
	if (o->zswap_max) {
		uint64_t bytes;
		char val[32];

		if (!strcmp(o->zswap_max, "max")) {
			snprintf(val, sizeof(val), "max");
		} else if (tool_parse_size(o->zswap_max, &bytes, err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: --max %s\n", err);
			return MR_EXIT_USAGE;
		} else {
			snprintf(val, sizeof(val), "%" PRIu64, bytes);
		}
		rc = tool_sysfs_write(dir, "memory.zswap.max", val);
		if (rc < 0) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.max: %s\n",
				dir, strerror(-rc));
			return io_exit(rc);
		}
	}
	if (o->writeback) {
		if (!tool_sysfs_exists(dir, "memory.zswap.writeback")) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.writeback: "
					"missing: the kernel predates Linux 6.8\n",
				dir);
			return MR_EXIT_NOKERNEL;
		}
		rc = tool_sysfs_write(dir, "memory.zswap.writeback", o->writeback);
		if (rc < 0) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.writeback: %s\n",
				dir, strerror(-rc));
			return io_exit(rc);
		}
	}
	start_output(o, &p);
	tool_print_open(&p, NULL, '{');
	tool_print_string(&p, "cgroup", "%s\n", dir);
	print_file(&p, dir, "memory.zswap.current", "bytes", 24);
	print_file(&p, dir, "memory.zswap.max", "bytes", 24);
	print_file(&p, dir, "memory.zswap.writeback", NULL, 24);
	tool_print_end(&p);
	return MR_OK;
}

/*
 * One command line, several commands: an option that belongs to another
 * command is an error (exit 2), not silently ignored.
 */
