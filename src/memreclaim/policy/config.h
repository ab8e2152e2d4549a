/* SPDX-License-Identifier: MIT */
/*
 * The daemon's configuration file:
 *
 *	# global settings, and defaults for every cgroup
 *	interval = 6s
 *	target = 0.1%
 *	prometheus_file = /var/lib/node_exporter/memreclaim.prom
 *
 *	[cgroup workload.slice/app.service]
 *	floor = 512M
 *	zswap_tuning = yes
 *
 * A section's path may be a glob pattern ([cgroup workload.slice/app-*.service]):
 * the daemon watches every cgroup it matches, matched again each interval
 * (daemon_config.c: mr_expand_config()).
 *
 * Keys before the first section are global; a key of a cgroup section
 * overrides the global value for that cgroup.  Every line is checked: an
 * unknown key, a bad value or a duplicate cgroup is an error naming the
 * file and line.
 */
#ifndef MEMRECLAIM_CONFIG_H
#define MEMRECLAIM_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "memreclaim/cgroup/cgroup.h"
#include "memreclaim/policy/control.h"

#define MR_LISTEN_MAX 64

struct mr_cgroup_conf {
	char path[MR_PATH_MAX];	/* as written: a path or a name under the root */
	struct mr_params params;
};

struct mr_config {
	double interval_s;
	int workers;		/* threads that write memory.reclaim */
	char prometheus_file[MR_PATH_MAX];
	char json_file[MR_PATH_MAX];
	/*
	 * The safety rails, all global and reloadable: enabled = no keeps
	 * the daemon idle (it reads and writes no cgroup), dry_run decides
	 * and writes nothing; budget and swap_budget bound the bytes asked
	 * of memory.reclaim per interval on the whole host (0: none), the
	 * second counting only writes that may swap (swappiness not 0);
	 * while the file kill_switch exists nothing is written.
	 */
	bool enabled, dry_run;
	uint64_t budget, swap_budget;
	char kill_switch[MR_PATH_MAX];
	char listen[MR_LISTEN_MAX];	/* "" or ADDR:PORT for /metrics */
	int log_level;			/* an index of mr_level_names */
	struct mr_params defaults;
	/* As many cgroup sections as there are: on the heap, grown by
	 * mr_config_room(), released by mr_config_free(). */
	size_t ncgroups, cgroup_cap;
	struct mr_cgroup_conf *cgroup;
};

/* The defaults and no cgroups.  c must not hold an array (free it first). */
void mr_config_init(struct mr_config *c);
/* Release the cgroup array; c is then as after mr_config_init(). */
void mr_config_free(struct mr_config *c);
/* c becomes src (its array moved, not copied); src is left empty. */
void mr_config_move(struct mr_config *c, struct mr_config *src);
/* src's global settings and no cgroups in c, c's array kept for reuse. */
void mr_config_copy_settings(struct mr_config *c, const struct mr_config *src);
/* c becomes a copy of src, reusing c's array; -1 (c unchanged) if out of memory. */
int mr_config_copy(struct mr_config *c, const struct mr_config *src);
/* The next free cgroup slot (ncgroups is not raised); NULL if out of memory. */
struct mr_cgroup_conf *mr_config_room(struct mr_config *c);

/*
 * Parse text (the contents of the file `name`, for messages) into c, on
 * top of what c holds.  Returns 0, or -1 with "name:line: reason" in err.
 */
int mr_config_parse(struct mr_config *c, const char *name, const char *text,
		    char *err, size_t errlen);

/*
 * Set one key from a string, as the file and the command line do; scope
 * is a cgroup's params or NULL for a global key.  Returns 0, or -1 with
 * the reason in err.
 */
int mr_config_set(struct mr_config *c, struct mr_params *scope, const char *key,
		  const char *value, char *err, size_t errlen);

/* Whether c has a section for path (a cgroup or a pattern, as written). */
bool mr_config_has_cgroup(const struct mr_config *c, const char *path);

/*
 * The sections of a configuration sorted by path, for lookups in
 * O(log n): the daemon matches thousands of cgroups against each other at
 * every interval where patterns are in use.
 */
struct mr_path_index {
	size_t n;
	struct mr_path_entry {
		const char *path;
		size_t section;		/* its index in the configuration */
	} *entry;
};

/* Index c's sections (c must not change while it is used); -1 if out of memory. */
int mr_path_index_build(struct mr_path_index *ix, const struct mr_config *c);
/* The section of path, or SIZE_MAX. */
size_t mr_path_index_find(const struct mr_path_index *ix, const char *path);
void mr_path_index_free(struct mr_path_index *ix);

/* Drop every section whose path an earlier one has, keeping the order. */
void mr_config_drop_duplicates(struct mr_config *c);

/* Add a cgroup (from the command line) with the global defaults. */
int mr_config_add_cgroup(struct mr_config *c, const char *path, char *err,
			 size_t errlen);

/*
 * ADDR:PORT as the listen setting takes it: a numeric IPv4 address or an
 * IPv6 one in brackets, and a port from 1 to 65535.  Fills host (without
 * brackets) and *port; -1 if malformed.
 */
int mr_parse_listen(const char *s, char *host, size_t hostlen, unsigned *port);

/* Strict value parsers, shared with the command line. */
int mr_parse_duration(const char *s, double *seconds);	/* 6, 6s, 500ms, 2m */
int mr_parse_fraction(const char *s, double *f);	/* 0.1% or 0.001 */
int mr_parse_bool(const char *s, bool *b);		/* yes/no on/off true/false 1/0 */

#endif
