/* SPDX-License-Identifier: MIT */
/* A perf tracepoint counter of futex system calls (see syscount.h). */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "syscount.h"

static char why[160] = "not opened";

static long tracepoint_id(void)
{
	static const char *const paths[] = {
		"/sys/kernel/tracing/events/syscalls/sys_enter_futex/id",
		"/sys/kernel/debug/tracing/events/syscalls/sys_enter_futex/id",
	};

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		FILE *f = fopen(paths[i], "r");
		long id = -1;

		if (!f)
			continue;
		if (fscanf(f, "%ld", &id) != 1)
			id = -1;
		fclose(f);
		if (id >= 0)
			return id;
	}
	snprintf(why, sizeof(why), "no syscalls:sys_enter_futex tracepoint in tracefs");
	return -1;
}

int lb_futex_counter_open(void)
{
	struct perf_event_attr attr;
	long id = tracepoint_id();
	int fd;

	if (id < 0)
		return -1;
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = (uint64_t)id;
	attr.inherit = 1;	/* the threads created from now on */
	attr.exclude_kernel = 0;
	fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0)
		snprintf(why, sizeof(why), "perf_event_open: %s", strerror(errno));
	return fd;
}

int64_t lb_futex_counter_read(int fd)
{
	uint64_t v;

	if (fd < 0 || read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return -1;
	return (int64_t)v;
}

const char *lb_futex_counter_why(void)
{
	return why;
}
