/* SPDX-License-Identifier: MIT */
/*
 * The cgroup files memreclaim writes, each from here alone:
 * memory.reclaim (mr_write_reclaim), memory.zswap.max and
 * memory.zswap.writeback.  The one-shot commands and the daemon both
 * write through these.
 */
#include "memreclaim/cgroup/cgroup.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/sysfs.h"

/* Where a reclaim request's progress is read from (mr_write_reclaim). */
struct reclaim_progress {
	bool pgsteal;		/* memory.stat's pgsteal, else memory.current */
	uint64_t start;		/* its value before the first write */
	uint64_t page_size;
};

static void progress_start(const char *dir, const struct mr_reclaim_req *req,
			   struct reclaim_progress *p)
{
	p->page_size = req->page_size;
	p->pgsteal = req->pgsteal_known;
	p->start = req->pgsteal;
	if (!p->pgsteal)
		p->pgsteal = mr_read_stat_key(dir, "pgsteal", &p->start) == 0;
	if (!p->pgsteal && mr_read_u64(dir, "memory.current", &p->start) < 0)
		p->start = 0;
}

/* Bytes reclaimed since progress_start (0 where it cannot tell). */
static uint64_t progress_bytes(const char *dir, const struct reclaim_progress *p)
{
	uint64_t now;

	if (p->pgsteal)
		return mr_read_stat_key(dir, "pgsteal", &now) == 0 && now > p->start ?
			(now - p->start) * p->page_size : 0;
	return mr_read_u64(dir, "memory.current", &now) == 0 && now < p->start ?
		p->start - now : 0;
}

int mr_write_reclaim(const char *dir, const struct mr_reclaim_req *req,
		     const volatile sig_atomic_t *stop, uint64_t *reclaimed)
{
	struct reclaim_progress progress;
	uint64_t left = req->bytes, done;
	char text[48];
	int rc;

	progress_start(dir, req, &progress);
	for (;;) {
		if (req->swappiness >= 0)
			snprintf(text, sizeof(text), "%" PRIu64 " swappiness=%d", left,
				 req->swappiness);
		else
			snprintf(text, sizeof(text), "%" PRIu64, left);
		rc = tool_sysfs_write(dir, "memory.reclaim", text);
		/* The flag is set by a signal handler on any thread: atomic. */
		if (rc != -EINTR || (stop && __atomic_load_n(stop, __ATOMIC_RELAXED)))
			break;
		/*
		 * A signal came after part of the work: ask for the rest, not
		 * for all of it again.
		 */
		done = progress_bytes(dir, &progress);
		if (done + req->page_size > req->bytes) {
			rc = 0;
			break;
		}
		left = (req->bytes - done) / req->page_size * req->page_size;
	}
	if (reclaimed)
		*reclaimed = progress_bytes(dir, &progress);
	return rc;
}

int mr_write_zswap_max(const char *dir, uint64_t limit)
{
	char val[32];

	if (limit == MR_NO_LIMIT)
		snprintf(val, sizeof(val), "max");
	else
		snprintf(val, sizeof(val), "%" PRIu64, limit);
	return tool_sysfs_write(dir, "memory.zswap.max", val);
}

int mr_write_zswap_writeback(const char *dir, bool on)
{
	return tool_sysfs_write(dir, "memory.zswap.writeback", on ? "1" : "0");
}
