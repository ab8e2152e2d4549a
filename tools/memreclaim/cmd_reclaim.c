/* SPDX-License-Identifier: MIT */
/* memreclaim reclaim CGROUP SIZE: one write to memory.reclaim. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "memreclaim/cgroup/cgroup.h"
#include "cmd_common.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "memreclaim/policy/config.h"
#include "memreclaim/policy/settings.h"

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
	code = mr_cli_open_cgroup(o, cgroup, dir, sizeof(dir));
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
		return mr_io_exit(rc);
	}
	mr_params_default(&params);
	req = (struct mr_reclaim_req){ .bytes = bytes, .swappiness = swappiness,
				       .page_size = params.page_size };
	rc = mr_write_reclaim(dir, &req, NULL, &reclaimed);
	if (rc < 0 && rc != -EAGAIN) {
		fprintf(stderr, "memreclaim: %s/memory.reclaim: %s\n", dir,
			strerror(-rc));
		return mr_io_exit(rc);
	}
	if (mr_read_u64(dir, "memory.current", &after) < 0)
		after = before;
	tool_format_size(a, sizeof(a), (double)bytes);
	tool_format_size(b, sizeof(b), (double)reclaimed);
	tool_format_size(c, sizeof(c), (double)before);
	tool_format_size(d, sizeof(d), (double)after);
	mr_cli_output(o, &p);
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
