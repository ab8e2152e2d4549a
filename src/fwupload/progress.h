/* SPDX-License-Identifier: MIT */
#ifndef FWUPLOAD_PROGRESS_H
#define FWUPLOAD_PROGRESS_H

#include "fwupload.h"

#define PROGRESS_MAX_EVENTS 4096

struct progress {
	const char *device;
	size_t size;
	bool tty, quiet, line_open;
	enum fwu_status last_status;
	size_t nevents;
	struct fwu_event events[PROGRESS_MAX_EVENTS];
};

void progress_event(const struct fwu_event *e, void *arg);
void progress_end(struct progress *p);

#endif
