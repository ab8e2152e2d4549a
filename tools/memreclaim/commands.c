/* SPDX-License-Identifier: MIT */
/* memreclaim's one-shot commands: reclaim, stat, zswap (commands.h). */
#include "commands.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "common/json.h"
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

int mr_cmd_reclaim(const struct mr_cli *o, const char *cgroup, const char *size)
{
	struct mr_config scratch;
	struct mr_params params;
	struct mr_reclaim_req req;
	char dir[4096], err[512], a[24], b[24], c[24], d[24];
	uint64_t bytes, before, after;
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
	rc = mr_write_reclaim(dir, &req, NULL, NULL);
	if (rc < 0 && rc != -EAGAIN) {
		fprintf(stderr, "memreclaim: %s/memory.reclaim: %s\n", dir,
			strerror(-rc));
		return io_exit(rc);
	}
	if (mr_read_u64(dir, "memory.current", &after) < 0)
		after = before;
	tool_format_size(a, sizeof(a), (double)bytes);
	tool_format_size(b, sizeof(b), (double)before - (double)after);
	tool_format_size(c, sizeof(c), (double)before);
	tool_format_size(d, sizeof(d), (double)after);
	if (o->json) {
		printf("{\"cgroup\": ");
		tool_json_string(stdout, dir);
		printf(", \"asked_bytes\": %" PRIu64 ", \"reclaimed_bytes\": %" PRId64
		       ", \"current_before\": %" PRIu64 ", \"current_after\": %" PRIu64
		       ", \"result\": \"%s\"}\n",
		       bytes, (int64_t)(before - after), before, after,
		       rc == -EAGAIN ? "partial" : "ok");
	} else {
		printf("%s: asked %s, reclaimed %s (memory.current %s -> %s)%s\n",
		       dir, a, b, c, d,
		       rc == -EAGAIN ? ": less than asked (EAGAIN)" : "");
	}
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

static void metric_name(char *out, size_t len, const char *file)
{
	size_t i = 0;

	for (; *file && i + 1 < len; file++) {
		if (*file == '.' || *file == '-')
			out[i++] = '_';
		else
			out[i++] = *file;
	}
	out[i] = '\0';
}

static int show_stat(const struct mr_cli *o, const char *cgroup, bool first)
{
	static char text[MR_STAT_TEXT];
	/* The label set: the path escaped, every character 2 at most. */
	char dir[4096], err[512], name[64], lbl[2 * 4096 + 16];
	struct mr_stat s;
	struct mr_pressure p;
	enum mr_exit code = open_cgroup(o, cgroup, dir, sizeof(dir));
	int rc;

	if (code != MR_OK)
		return code;
	tool_prom_label(lbl, sizeof(lbl), "cgroup", dir);
	rc = tool_sysfs_read(dir, "memory.stat", text, sizeof(text));
	if (rc < 0 || mr_parse_stat(text, &s, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: %s/memory.stat: %s\n", dir,
			rc < 0 ? strerror(-rc) : err);
		return rc < 0 ? io_exit(rc) : (int)MR_EXIT_IO;
	}
	rc = tool_sysfs_read(dir, "memory.pressure", text, sizeof(text));
	if (rc < 0 || mr_parse_pressure(text, &p, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: %s/memory.pressure: %s\n", dir,
			rc < 0 ? strerror(-rc) : err);
		return rc < 0 ? io_exit(rc) : (int)MR_EXIT_IO;
	}
	if (o->json)
		printf("%s{\"cgroup\": ", first ? "" : ",\n ");
	if (o->json)
		tool_json_string(stdout, dir);
	else if (!o->prometheus)
		printf("%s%s\n", first ? "" : "\n", dir);
	for (size_t i = 0; i < sizeof(single_files) / sizeof(*single_files); i++) {
		char v[64];
		bool is_max;

		if (tool_sysfs_read(dir, single_files[i], v, sizeof(v)) < 0)
			continue; /* absent on this kernel or the root */
		is_max = strcmp(v, "max") == 0;
		metric_name(name, sizeof(name), single_files[i]);
		if (o->json)
			printf(", \"%s\": %s%s%s", single_files[i],
			       is_max ? "\"" : "", v, is_max ? "\"" : "");
		else if (o->prometheus && !is_max)
			printf("memreclaim_%s_bytes%s %s\n", name, lbl, v);
		else if (!o->prometheus)
			printf("  %-28s %s\n", single_files[i], v);
	}
	for (size_t i = 0; i < sizeof(stat_keys) / sizeof(*stat_keys); i++) {
		uint64_t v;

		if (mr_stat_get(&s, stat_keys[i], &v) < 0)
			continue;
		if (o->json)
			printf(", \"stat.%s\": %" PRIu64, stat_keys[i], v);
		else if (o->prometheus)
			printf("memreclaim_stat_%s%s %" PRIu64 "\n",
			       stat_keys[i], lbl, v);
		else
			printf("  %-28s %" PRIu64 "\n", stat_keys[i], v);
	}
	{
		uint64_t zswap, zswapped;

		if (mr_stat_get(&s, "zswap", &zswap) == 0 &&
		    mr_stat_get(&s, "zswapped", &zswapped) == 0 && zswap > 0) {
			double ratio = (double)zswapped / (double)zswap;

			if (o->json)
				printf(", \"zswap_compression_ratio\": %.2f", ratio);
			else if (o->prometheus)
				printf("memreclaim_zswap_compression_ratio%s %.3f\n",
				       lbl, ratio);
			else
				printf("  %-28s %.2f\n", "zswap compression ratio", ratio);
		}
	}
	for (int k = 0; k < (p.has_full ? 2 : 1); k++) {
		const struct mr_psi_line *l = k ? &p.full : &p.some;
		const char *kind = k ? "full" : "some";

		if (o->json)
			printf(", \"pressure.%s\": {\"avg10\": %.2f, \"avg60\": %.2f, "
			       "\"avg300\": %.2f, \"total_us\": %" PRIu64 "}",
			       kind, l->avg10, l->avg60, l->avg300, l->total);
		else if (o->prometheus)
			printf("memreclaim_pressure_%s_total_us%s %" PRIu64
			       "\nmemreclaim_pressure_%s_avg10%s %.2f\n",
			       kind, lbl, l->total, kind, lbl, l->avg10);
		else
			printf("  pressure %-19s avg10=%.2f avg60=%.2f avg300=%.2f "
			       "total=%" PRIu64 " us\n", kind, l->avg10, l->avg60,
			       l->avg300, l->total);
	}
	if (o->json)
		printf("}");
	return MR_OK;
}

int mr_cmd_stat(const struct mr_cli *o, int n, char **cgroups)
{
	int code = MR_OK;

	if (o->json)
		printf("[");
	for (int i = 0; i < n; i++) {
		int rc = show_stat(o, cgroups[i], i == 0);

		if (rc != MR_OK)
			code = rc;
	}
	if (o->json)
		printf("]\n");
	return code;
}

int mr_cmd_zswap(const struct mr_cli *o, const char *cgroup)
{
	char dir[4096], err[512], v[64];
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
	if (o->json) {
		printf("{\"cgroup\": ");
		tool_json_string(stdout, dir);
	} else {
		printf("%s\n", dir);
	}
	{
		static const char *const files[] = { "memory.zswap.current",
						     "memory.zswap.max",
						     "memory.zswap.writeback" };

		for (size_t i = 0; i < 3; i++) {
			if (tool_sysfs_read(dir, files[i], v, sizeof(v)) < 0)
				continue;
			if (o->json)
				printf(", \"%s\": \"%s\"", files[i], v);
			else
				printf("  %-24s %s\n", files[i], v);
		}
	}
	if (o->json)
		printf("}\n");
	return MR_OK;
}

/*
 * One command line, several commands: an option that belongs to another
 * command is an error (exit 2), not silently ignored.
 */
