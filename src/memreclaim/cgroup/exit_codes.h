/* SPDX-License-Identifier: MIT */
/* Exit codes of memreclaim (documented in memreclaim.8). */
#ifndef MEMRECLAIM_EXIT_CODES_H
#define MEMRECLAIM_EXIT_CODES_H

enum mr_exit {
	MR_OK = 0,
	MR_EXIT_USAGE = 2,      /* bad option, malformed size */
	MR_EXIT_NOCGROUP = 3,   /* not a cgroup v2 dir, or no memory controller */
	MR_EXIT_NOKERNEL = 4,   /* the kernel lacks the file or the key */
	MR_EXIT_PARTIAL = 5,    /* reclaimed less than asked (EAGAIN) */
	MR_EXIT_IO = 6,         /* a read or write failed */
	MR_EXIT_PERM = 7,       /* permission denied */
	MR_EXIT_CONFIG = 8,     /* run: the config file is unreadable or invalid */
};

#endif
