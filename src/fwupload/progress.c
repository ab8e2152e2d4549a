/* SPDX-License-Identifier: MIT */
/* Progress for people (a live line on a terminal, plain lines otherwise). */
#include <stdio.h>
#include <string.h>

#include "common/size.h"
#include "progress.h"

void progress_event(const struct fwu_event *e, void *arg)
{
	struct progress *p = arg;
	size_t done = e->sent;
	char a[32], b[32], rate[32];

	if (p->nevents < PROGRESS_MAX_EVENTS)
		p->events[p->nevents++] = *e;
	if (p->quiet)
		return;
	if (e->status == FWU_TRANSFERRING && e->remaining >= 0 &&
	    (size_t)e->remaining <= p->size)
		done = p->size - (size_t)e->remaining;
	if (!p->tty) {
		if (e->status != p->last_status) /* one line per phase */
			fprintf(stderr, "fwupload: %s: %s (%.2f s)\n", p->device,
				fwu_status_name(e->status), e->t);
		p->last_status = e->status;
		return;
	}
	tool_format_size(a, sizeof(a), (double)done);
	tool_format_size(b, sizeof(b), (double)p->size);
	tool_format_size(rate, sizeof(rate), e->t > 0 ? (double)done / e->t : 0);
	fprintf(stderr, "\r%s: %-12s %10s / %-10s %3d%%  %10s/s  %6.1f s ",
		p->device, fwu_status_name(e->status), a, b,
		p->size ? (int)(100.0 * (double)done / (double)p->size) : 100,
		rate, e->t);
	p->last_status = e->status;
	p->line_open = true;
}

void progress_end(struct progress *p)
{
	if (p->line_open)
		fputc('\n', stderr);
	p->line_open = false;
}
