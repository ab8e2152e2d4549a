/* SPDX-License-Identifier: MIT */
/* memreclaim stat CGROUP...: the files and memory.stat keys reclaim moves. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "memreclaim/cgroup/cgroup.h"
#include "cmd_common.h"
#include "common/sysfs.h"

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
	enum mr_exit code = mr_cli_open_cgroup(o, cgroup, dir, sizeof(dir));
	uint64_t zswap, zswapped;
	int rc;

	if (code != MR_OK)
		return code;
	rc = tool_sysfs_read(dir, "memory.stat", text, sizeof(text));
	if (rc < 0 || mr_parse_stat(text, &s, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: %s/memory.stat: %s\n", dir,
			rc < 0 ? strerror(-rc) : err);
		return rc < 0 ? mr_io_exit(rc) : (int)MR_EXIT_IO;
	}
	rc = tool_sysfs_read(dir, "memory.pressure", text, sizeof(text));
	if (rc < 0 || mr_parse_pressure(text, &pr, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: %s/memory.pressure: %s\n", dir,
			rc < 0 ? strerror(-rc) : err);
		return rc < 0 ? mr_io_exit(rc) : (int)MR_EXIT_IO;
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
		mr_print_file(p, dir, single_files[i], "bytes", 28);
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

	mr_cli_output(o, &p);
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
