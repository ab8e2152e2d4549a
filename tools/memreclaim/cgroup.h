/* SPDX-License-Identifier: MIT */
/* cgroup v2 memory files: checks and strict parsers. */
#ifndef MEMRECLAIM_CGROUP_H
#define MEMRECLAIM_CGROUP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exit_codes.h"

#define MR_MAX_KEYS 128

struct mr_stat {
	size_t n;
	char key[MR_MAX_KEYS][48];
	uint64_t val[MR_MAX_KEYS];
};

/* "key value" lines, as memory.stat; -1 with err on any malformed line. */
int mr_parse_stat(const char *text, struct mr_stat *s, char *err, size_t len);
/* The value of `key`, or -1 if absent. */
int mr_stat_get(const struct mr_stat *s, const char *key, uint64_t *val);

struct mr_psi_line {
	double avg10, avg60, avg300;
	uint64_t total; /* microseconds stalled */
};

struct mr_pressure {
	struct mr_psi_line some, full;
	bool has_full;
};

/* memory.pressure / io.pressure; -1 with err if malformed. */
int mr_parse_pressure(const char *text, struct mr_pressure *p, char *err,
		      size_t len);

/*
 * Room for memory.stat's text (about 3 KiB on Linux 6.x, with the key
 * count bounded by MR_MAX_KEYS); a longer file is refused, not cut.
 */
#define MR_STAT_TEXT 16384

/*
 * Read a one-number file such as memory.current or memory.zswap.max into
 * *v; "max" reads as UINT64_MAX.  Returns 0 or -errno (-EINVAL when the
 * file holds something else).
 */
int mr_read_u64(const char *dir, const char *attr, uint64_t *v);

/*
 * Resolve CGROUP (a path, or a name under the cgroup root) and check it is
 * a cgroup v2 directory with the memory controller.  Returns MR_OK or an
 * exit code with a message naming the file and the reason.
 */
enum mr_exit mr_cgroup_open(const char *root, const char *cgroup, char *dir,
			    size_t dirlen, char *err, size_t errlen);

/* Whether memory.reclaim takes swappiness= (Linux 6.11 and later). */
bool mr_kernel_has_reclaim_swappiness(void);

/* What to say where it does not. */
#define MR_NO_RECLAIM_SWAPPINESS "memory.reclaim takes swappiness= only from Linux 6.11"

/*
 * Ask dir's memory.reclaim for `bytes`, with swappiness= when it is >= 0
 * (check mr_kernel_has_reclaim_swappiness() first).  The kernel gives up
 * on a pending signal (EINTR): the write is made again until *stop is
 * set (stop NULL: always).  0, or -EAGAIN when the kernel reclaimed less
 * than asked, or -errno.
 */
int mr_write_reclaim(const char *dir, uint64_t bytes, int swappiness,
		     const volatile sig_atomic_t *stop);

#endif
