/* SPDX-License-Identifier: MIT */
/*
 * The cgroup layer, memreclaim's lowest: cgroup v2 memory files read
 * (cgroup.c), written (cgroup_write.c: every file the tool writes, each
 * from one place) and parsed (cgroup_parse.c: pure).  It depends on
 * src/common alone; the policy (settings, config, control), the daemon
 * and the command line sit above it.
 */
#ifndef MEMRECLAIM_CGROUP_H
#define MEMRECLAIM_CGROUP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memreclaim/cgroup/exit_codes.h"

#define MR_MAX_KEYS 128
#define MR_PATH_MAX 4096
#define MR_NO_LIMIT UINT64_MAX	/* "max" in a cgroup limit file */

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
 * Whether CGROUP names a path of its own: absolute, or starting "./" or
 * "../" (from the current directory).  Anything else is a name under the
 * cgroup root, ".hidden" included.
 */
bool mr_cgroup_is_path(const char *cgroup);

/*
 * Resolve CGROUP (a path, or a name under the cgroup root) and check it is
 * a cgroup v2 directory with the memory controller.  Returns MR_OK or an
 * exit code with a message naming the file and the reason.  *id (if not
 * NULL) gets the directory's inode number, which on cgroupfs is the
 * cgroup's id: a cgroup removed and made again under one path has a new one.
 */
enum mr_exit mr_cgroup_open(const char *root, const char *cgroup, char *dir,
			    size_t dirlen, char *err, size_t errlen, uint64_t *id);

/*
 * As mr_cgroup_open, for a cgroup that was open as known_id (0: none):
 * while its directory is the same (the same inode) the checks are taken as
 * still true, and reopening it costs the daemon one stat a cgroup and
 * interval instead of three.  A controller switched off later shows as
 * its files failing to read; the caller then passes 0 to check it whole.
 */
enum mr_exit mr_cgroup_reopen(const char *root, const char *cgroup, char *dir,
			      size_t dirlen, char *err, size_t errlen,
			      uint64_t known_id, uint64_t *id);

/*
 * What run needs of the host before it starts.  mr_check_hierarchy: root
 * is a cgroup v2 hierarchy with the memory controller on it (not cgroup
 * v1, not a hybrid layout).  mr_check_cgroup_files: dir (an open cgroup)
 * has memory.reclaim (Linux 5.19) and memory.pressure (the kernel keeps
 * pressure stall information).  MR_OK, or an exit code with a message
 * that names what is missing and what to do.
 */
enum mr_exit mr_check_hierarchy(const char *root, char *err, size_t errlen);
enum mr_exit mr_check_cgroup_files(const char *dir, char *err, size_t errlen);

/*
 * A cgroup path as one spelling: relative to root (a path under root, as
 * absolute, loses it), with no "//", "." or trailing "/", and ".."
 * resolved by name (cgroupfs has no symbolic links).  A name is always
 * under root, whatever it starts with; a path of its own
 * (mr_cgroup_is_path) starts from "/" or the current directory.  Returns
 * 0, or -1 if it is empty or does not fit in len.
 */
int mr_cgroup_path_normalize(const char *root, const char *path, char *out,
			     size_t len);

/* "some" stall total of DIR/FILE (memory.pressure, io.pressure) in us. */
int mr_read_stall(const char *dir, const char *file, uint64_t *us);
/* dir's memory.stat, parsed: 0, or -errno (-EINVAL if malformed). */
int mr_read_stat(const char *dir, struct mr_stat *s);
/* The larger of memory.min and memory.low ("max" reads as all; absent: 0). */
uint64_t mr_read_protection(const char *dir);
/* dir's identity (device, inode); false if it is not a directory now. */
bool mr_dir_identity(const char *dir, uint64_t *dev, uint64_t *ino);
/* The caller's cgroup in the unified hierarchy (/proc/self/cgroup "0::"), or "". */
void mr_self_cgroup_path(char *out, size_t len);

/* Whether memory.reclaim takes swappiness= (Linux 6.11 and later). */
bool mr_kernel_has_reclaim_swappiness(void);

/* What to say where it does not. */
#define MR_NO_RECLAIM_SWAPPINESS "memory.reclaim takes swappiness= only from Linux 6.11"

/* One request to memory.reclaim. */
struct mr_reclaim_req {
	uint64_t bytes;
	int swappiness;		/* sent as swappiness= when >= 0 */
	uint64_t page_size;	/* the unit of memory.stat's pgsteal */
	/*
	 * memory.stat's pgsteal read just before, where the caller has it
	 * (the daemon's interval reads memory.stat anyway); else it is read
	 * here.
	 */
	bool pgsteal_known;
	uint64_t pgsteal;
};

/*
 * Ask dir's memory.reclaim for req->bytes (with swappiness=: check
 * mr_kernel_has_reclaim_swappiness() first).  The kernel stops on a
 * pending signal (EINTR) after reclaiming part: the write is made again
 * for what is left, until *stop is set (stop NULL: always).  *reclaimed
 * (if not NULL) gets what the request reclaimed: the rise of memory.stat's
 * pgsteal (pages the kernel reclaimed from the cgroup) where the kernel
 * has it, else the drop of memory.current, which is net of what the
 * workload allocated meanwhile and of what zswap's pool grew by.  Returns
 * 0, or -EAGAIN when the kernel reclaimed less than asked, or -errno.
 */
int mr_write_reclaim(const char *dir, const struct mr_reclaim_req *req,
		     const volatile sig_atomic_t *stop, uint64_t *reclaimed);

/* Write memory.zswap.max: a limit in bytes, MR_NO_LIMIT for "max". */
int mr_write_zswap_max(const char *dir, uint64_t limit);
/* Write memory.zswap.writeback (Linux 6.8). */
int mr_write_zswap_writeback(const char *dir, bool on);

/*
 * The number after `key` in dir's memory.stat: 0, -ENOENT or -errno
 * (-EINVAL if its line is malformed).  Finds the one line, without
 * parsing the others.
 */
int mr_read_stat_key(const char *dir, const char *key, uint64_t *v);

#endif
