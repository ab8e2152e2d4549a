/* SPDX-License-Identifier: MIT */
/*
 * What memreclaim's one-shot commands (cmd_reclaim.c, cmd_stat.c,
 * cmd_zswap.c) share: the exit code of a failed read or write, the cgroup
 * check, and their output through the printer (src/common/print.h).
 */
#ifndef MEMRECLAIM_CMD_COMMON_H
#define MEMRECLAIM_CMD_COMMON_H

#include <stddef.h>

#include "commands.h"
#include "common/print.h"

/* MR_EXIT_PERM for -EPERM/-EACCES, else MR_EXIT_IO. */
int mr_io_exit(int err);
/* Resolve and check CGROUP into dir; on failure, say why on stderr. */
enum mr_exit mr_cli_open_cgroup(const struct mr_cli *o, const char *cgroup,
				 char *dir, size_t len);
/* Start p on stdout in the format the options ask for. */
void mr_cli_output(const struct mr_cli *o, struct tool_printer *p);
/*
 * A cgroup file's value: a number where it holds one, else its text
 * ("max"), which has no Prometheus form.  The metric is the file's name
 * with '_' for '.', and "_unit" after it (unit NULL: nothing); the text
 * form is the name padded to width, then the value.
 */
void mr_print_file(struct tool_printer *p, const char *dir, const char *file,
		   const char *unit, int width);

#endif
