/* SPDX-License-Identifier: MIT */
/*
 * The daemon's decisions, as pure functions of what it read: how much to
 * reclaim this interval, when to back off, and when to move a cgroup's
 * zswap limit.  Kept free of I/O so the unit tests can drive them.
 */
#ifndef MEMRECLAIM_CONTROL_H
#define MEMRECLAIM_CONTROL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memreclaim/cgroup/cgroup.h"	/* MR_NO_LIMIT */

/* The knobs of one cgroup (see memreclaim.8 for each and its default). */
struct mr_params {
	double target;		/* stall fraction of the interval, 0.001 = 0.1% */
	double ratio;		/* fraction of memory.current per interval at zero pressure */
	uint64_t max_step;	/* bytes per interval at most */
	uint64_t floor;		/* never reclaim below this memory.current */
				/* (nor below the cgroup's memory.min/low) */
	double backoff_s;	/* pause after pressure reached the target */
	double refault_limit;	/* refaulted / reclaimed pages that stops reclaim */
	bool io_pressure;	/* count io.pressure stalls too */
	bool zswap_tuning;	/* move memory.zswap.max */
	double zswap_min_ratio;	/* compression ratio below which zswap is poor */
	double zswap_min_accept;/* share of swapped memory zswap must hold */
	int swappiness;		/* memory.reclaim's swappiness=; -1: the cgroup's own */
	uint64_t page_size;	/* bytes per page here: refaults count pages */
};

/* The defaults, with this machine's page size (sysconf). */
void mr_params_default(struct mr_params *p);

/* What the daemon measured over the last interval for one cgroup. */
struct mr_sample {
	double interval_s;	/* time since the previous sample */
	uint64_t stall_us;	/* memory (+ io) "some" stall time in it */
	uint64_t current;	/* memory.current now */
	uint64_t refault_pages;	/* workingset refaults in it (anon + file) */
	uint64_t reclaimed_last;/* bytes the previous interval reclaimed */
	uint64_t asked_last;	/* bytes it asked memory.reclaim for */
	uint64_t protected_bytes;/* the larger of memory.min and memory.low */
	bool short_last;	/* the kernel answered EAGAIN: it gave up short */
	bool write_failed;	/* the last write failed (any error but EAGAIN) */
};

enum mr_action {
	MR_RECLAIM,		/* write `bytes` to memory.reclaim */
	MR_BACKING_OFF,		/* inside a back-off period: nothing */
	MR_BACKOFF_START,	/* pressure reached the target: start one */
	MR_AT_FLOOR,		/* memory.current at or under the floor */
	MR_TOO_SMALL,		/* step under one page: nothing */
};

/* Why a back-off started (MR_BACKOFF_START); MR_WHY_NONE otherwise. */
enum mr_backoff_reason {
	MR_WHY_NONE,
	MR_WHY_PRESSURE,	/* the stall share reached the target */
	MR_WHY_REFAULTS,	/* what was reclaimed came back */
	MR_WHY_UNRECLAIMABLE,	/* the kernel gave up with under half reclaimed */
	MR_WHY_WRITE_FAILED,	/* the last write failed: EACCES, ENOSPC, EBUSY... */
};

struct mr_decision {
	enum mr_action action;
	enum mr_backoff_reason reason;
	uint64_t bytes;
	double pressure;	/* stall fraction of the interval */
	double refault_share;	/* refaulted / reclaimed pages, last interval */
	char why[160];
};

/* Per-cgroup controller state carried between intervals. */
struct mr_ctl {
	double backoff_left_s;
	unsigned backoff_level;	/* the back-off is backoff_s << level */
	unsigned calm;		/* reclaim intervals since the last back-off */
	bool backed_off;	/* there was a back-off: ramp up after it */
};

/* Back-offs grow to backoff_s << MR_BACKOFF_MAX_LEVEL (8x). */
#define MR_BACKOFF_MAX_LEVEL 3
/* Reclaim intervals it takes after a back-off to reach the full step. */
#define MR_RAMP_INTERVALS 4

/*
 * One interval of the control law of TMO/Senpai: while the pressure is
 * under the target, reclaim
 *	step = current * ratio * (1 - pressure / target)
 * scaled down by the refault share (reclaiming what refaults at once is
 * wasted work), bounded by max_step and by the floor; when the pressure
 * or the refault share reaches its limit, back off for backoff_s.  Back
 * off too when the kernel gave up on the last write (EAGAIN) having
 * reclaimed under half of it: the cgroup's memory cannot go (anonymous
 * memory with no swap, swappiness 0, pinned pages), and every write still
 * costs the kernel its retries and a drain of every CPU's LRU caches,
 * while the stall it causes is the daemon's, not in the cgroup's PSI.
 * Back off, and further each time, when the last write failed outright:
 * a failure that repeats (EACCES, ENOSPC, EBUSY, ENOMEM, EINVAL) would
 * otherwise be retried, and logged, every interval.
 *
 * Once memory.current is near the working set, every probe finds it: the
 * pressure comes back the interval after.  So a back-off that follows the
 * previous one within MR_RAMP_INTERVALS reclaims doubles (up to 8x), and
 * after a back-off the step ramps up over MR_RAMP_INTERVALS intervals
 * instead of resuming at full size.  A workload whose working set shrank
 * gets the full rate back after a few calm intervals.
 */
void mr_control(const struct mr_params *p, struct mr_ctl *ctl,
		const struct mr_sample *s, struct mr_decision *d);

/* zswap state of one cgroup, from memory.stat and the memory.* files. */
struct mr_zswap_sample {
	uint64_t zswap;		/* compressed bytes in the pool (memory.stat zswap) */
	uint64_t zswapped;	/* bytes of the pages they hold (memory.stat zswapped) */
	uint64_t swap_current;	/* memory.swap.current: all swapped-out memory */
	uint64_t zswap_max;	/* memory.zswap.max, MR_NO_LIMIT for "max" */
	uint64_t current;	/* memory.current */
	double pressure;	/* last interval's stall fraction */
};

/* Below this much swapped memory there is no evidence either way. */
#define MR_ZSWAP_EVIDENCE (4ull << 20)

/*
 * Decide whether to move memory.zswap.max.  Returns true with *new_max and
 * a reason when it should change.  Lowered (halved, to 0 under 1 MiB) when
 * the pages compress worse than zswap_min_ratio or zswap holds less than
 * zswap_min_accept of the cgroup's swapped memory (stores rejected, or
 * written back); raised (doubled, to "max" past memory.current) when they
 * compress well, zswap takes them and the pressure is under half the
 * target.
 */
bool mr_zswap_tune(const struct mr_params *p, const struct mr_zswap_sample *z,
		   uint64_t *new_max, char *why, size_t whylen);

#endif
