/* SPDX-License-Identifier: MIT */
/* What memreclaim's one-shot commands share (cmd_common.h). */
#include "cmd_common.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "memreclaim/cgroup/cgroup.h"
#include "common/number.h"
#include "common/sysfs.h"

int mr_io_exit(int err)
{
	return err == -EPERM || err == -EACCES ? (int)MR_EXIT_PERM : (int)MR_EXIT_IO;
}

enum mr_exit mr_cli_open_cgroup(const struct mr_cli *o, const char *cgroup,
				 char *dir, size_t len)
{
	char err[512];
	enum mr_exit code = mr_cgroup_open(o->root, cgroup, dir, len, err,
					   sizeof(err), NULL);

	if (code != MR_OK)
		fprintf(stderr, "memreclaim: %s\n", err);
	return code;
}

void mr_cli_output(const struct mr_cli *o, struct tool_printer *p)
{
	tool_print_start(p, stdout, o->json ? TOOL_JSON :
			 o->prometheus ? TOOL_PROMETHEUS : TOOL_TEXT, "memreclaim_");
}

void mr_print_file(struct tool_printer *p, const char *dir, const char *file,
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
