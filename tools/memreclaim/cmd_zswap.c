/* SPDX-License-Identifier: MIT */
/* memreclaim zswap CGROUP: show, and with options set, the zswap limits. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "memreclaim/cgroup/cgroup.h"
#include "cmd_common.h"
#include "common/size.h"
#include "common/sysfs.h"

int mr_cmd_zswap(const struct mr_cli *o, const char *cgroup)
{
	char dir[4096], err[512];
	struct tool_printer p;
	enum mr_exit code = mr_cli_open_cgroup(o, cgroup, dir, sizeof(dir));
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
		uint64_t bytes = MR_NO_LIMIT;

		if (strcmp(o->zswap_max, "max") != 0 &&
		    tool_parse_size(o->zswap_max, &bytes, err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: --max %s\n", err);
			return MR_EXIT_USAGE;
		}
		rc = mr_write_zswap_max(dir, bytes);
		if (rc < 0) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.max: %s\n",
				dir, strerror(-rc));
			return mr_io_exit(rc);
		}
	}
	if (o->writeback) {
		if (!tool_sysfs_exists(dir, "memory.zswap.writeback")) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.writeback: "
					"missing: the kernel predates Linux 6.8\n",
				dir);
			return MR_EXIT_NOKERNEL;
		}
		rc = mr_write_zswap_writeback(dir, strcmp(o->writeback, "1") == 0);
		if (rc < 0) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.writeback: %s\n",
				dir, strerror(-rc));
			return mr_io_exit(rc);
		}
	}
	mr_cli_output(o, &p);
	tool_print_open(&p, NULL, '{');
	tool_print_string(&p, "cgroup", "%s\n", dir);
	mr_print_file(&p, dir, "memory.zswap.current", "bytes", 24);
	mr_print_file(&p, dir, "memory.zswap.max", "bytes", 24);
	mr_print_file(&p, dir, "memory.zswap.writeback", NULL, 24);
	tool_print_end(&p);
	return MR_OK;
}
