/* SPDX-License-Identifier: MIT */
/* memreclaim run: the proactive reclaim daemon. */
#ifndef MEMRECLAIM_DAEMON_H
#define MEMRECLAIM_DAEMON_H

#include <stdbool.h>
#include <stddef.h>

#include "memreclaim/policy/config.h"

#define MR_MAX_OVERRIDES 32

struct mr_daemon_opts {
	const char *root;		/* cgroup root */
	const char *config_path;	/* NULL: none */
	bool check_config;		/* validate, print, exit */
	long iterations;		/* stop after this many intervals; 0: never */
	/* Command-line settings, applied over the file (key, value). */
	size_t noverrides;
	const char *override_key[MR_MAX_OVERRIDES];
	const char *override_value[MR_MAX_OVERRIDES];
	/* Cgroups named on the command line. */
	size_t ncgroups;
	char *const *cgroups;
};

/*
 * Read and parse a configuration file into c, on top of what c holds; -1
 * with the reason (unreadable, too large, a NUL byte, a bad line).
 */
int mr_config_load(struct mr_config *c, const char *path, char *err,
		   size_t errlen);

#define MR_CONFIG_MAX_BYTES (1 << 20)

/*
 * Build the effective configuration: the file, then the command-line
 * cgroups, then the command-line settings (for every cgroup).  Returns 0,
 * or an exit code with a message on stderr.
 */
int mr_daemon_config(const struct mr_daemon_opts *o, struct mr_config *c);

/* Run until SIGTERM/SIGINT (or o->iterations); returns the exit code. */
int mr_daemon_run(const struct mr_daemon_opts *o);

#endif
