/* SPDX-License-Identifier: MIT */
/*
 * memreclaim's one-shot commands, one file each (cmd_reclaim.c,
 * cmd_stat.c, cmd_zswap.c; what they share in cmd_common.h).
 * main.c parses the command line into struct mr_cli and calls one of
 * them, or the daemon (daemon.h, with the daemon's options, which these
 * commands never see).  Each returns an exit code (exit_codes.h).
 */
#ifndef MEMRECLAIM_COMMANDS_H
#define MEMRECLAIM_COMMANDS_H

#include <stdbool.h>

#include "memreclaim/cgroup/exit_codes.h"

/* The command line, as main.c parsed it. */
struct mr_cli {
	bool run_options;	/* an option of `run` was given */
	bool json, prometheus;
	const char *root;
	const char *swappiness; /* reclaim's and run's --swappiness, or NULL */
	const char *zswap_max, *writeback;
};

int mr_cmd_reclaim(const struct mr_cli *o, const char *cgroup, const char *size);
int mr_cmd_stat(const struct mr_cli *o, int n, char **cgroups);
int mr_cmd_zswap(const struct mr_cli *o, const char *cgroup);

#endif
