/* SPDX-License-Identifier: MIT */
/*
 * The daemon's writes to memory.reclaim, made by a bounded pool of worker
 * threads.  One write can take seconds (the kernel reclaims it then and
 * there, retrying); made one after the other, a slow cgroup would hold up
 * every cgroup after it and stretch the interval for all of them.  The
 * main thread reads and decides for every cgroup on its own clock, hands
 * each write to the pool, and reads the result at a later interval; a
 * cgroup whose write is still running is skipped until it ends.
 *
 * A job belongs to one cgroup and is used for one write at a time: the
 * main thread fills its request and submits it; a worker fills the result
 * and marks it done; the main thread reads the result only once it sees
 * it done (mr_write_job_busy() false).
 */
#ifndef MEMRECLAIM_WRITERS_H
#define MEMRECLAIM_WRITERS_H

#include <stdbool.h>
#include <stdint.h>

#include "memreclaim/cgroup/cgroup.h"
#include "memreclaim/policy/config.h"

struct mr_write_job {
	/* The request: set by the main thread before mr_writers_submit(). */
	char dir[MR_PATH_MAX];
	struct mr_reclaim_req req;
	char why[160];		/* the decision, for the log line */
	/* The result: set by the worker, read after the job is done. */
	int rc;			/* mr_write_reclaim()'s */
	uint64_t reclaimed;	/* bytes, as mr_write_reclaim() measured them */
	double seconds;		/* how long the write took */
	bool has_result;	/* a result not yet read by the main thread; false
				   for a job dropped unwritten (writes held) */
	/* The pool's. */
	int busy;		/* submitted and not yet done (atomic) */
	struct mr_write_job *next;
};

struct mr_writers;

/* The most worker threads (the workers setting's bound). */
#define MR_WRITERS_MAX 64

/* A pool of n worker threads (1..MR_WRITERS_MAX).  NULL if none start. */
struct mr_writers *mr_writers_start(unsigned n);

/*
 * Make the pool n workers (a reload's `workers`): more are started at
 * once, those past n leave when their write, if any, ends.  Returns how
 * many of the n run (0: n out of range).
 */
unsigned mr_writers_resize(struct mr_writers *w, unsigned n);

/*
 * End the writes running now (the kill switch): each worker is sent the
 * interrupt signal; with mr_hold_writes set, mr_write_reclaim() does not
 * resume the write, and queued jobs are dropped as workers reach them.
 */
void mr_writers_interrupt(struct mr_writers *w);

/*
 * Queue job's write; job must not be busy.  The workers start on what is
 * queued at mr_writers_kick(): the daemon queues an interval's writes and
 * wakes them once, rather than once per write (at a thousand cgroups that
 * is a thousand wake-ups fewer per interval).
 */
void mr_writers_submit(struct mr_writers *w, struct mr_write_job *job);
/*
 * Also: a write running longer than hung_s counts as hung, and a worker
 * is started in its place (up to MR_WRITERS_MAX threads in all), so that
 * hung writes do not hold every worker while other cgroups' writes wait;
 * the workers so added leave when idle once the hung writes end.
 */
void mr_writers_kick(struct mr_writers *w, double hung_s);

/*
 * Drop the queued jobs (done, with no result); the running writes go on.
 * A reload to dry_run = yes or enabled = no, the kill switch.  w NULL: none.
 */
void mr_writers_drop_queued(struct mr_writers *w);

/* Whether job is queued or being written. */
bool mr_write_job_busy(const struct mr_write_job *job);

/*
 * Stop the pool and free it.  interrupt: the daemon is stopping on a
 * signal; writes still running are interrupted (the kernel ends a
 * memory.reclaim write on a pending signal) and queued ones dropped.
 * Otherwise every queued write is made first.
 */
void mr_writers_stop(struct mr_writers *w, bool interrupt);

#endif
