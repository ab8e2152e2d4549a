/* SPDX-License-Identifier: MIT */
#include "memreclaim/policy/control.h"

#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "common/size.h"

#define MIB (1ull << 20)

/*
 * The kernel's page size: memory.stat counts refaults in pages, and
 * memory.reclaim works in whole pages.  4 KiB on x86, but 16 KiB by
 * default on LoongArch and 4, 16 or 64 KiB on arm64 distributions.
 */
static uint64_t machine_page_size(void)
{
	long n = sysconf(_SC_PAGESIZE);

	return n > 0 ? (uint64_t)n : 4096;
}

void mr_params_default(struct mr_params *p)
{
	*p = (struct mr_params){
		/*
		 * 0.1% of the interval stalled: 6 ms per 6 s.  TMO (ASPLOS '22)
		 * runs its fleet at 0.05-0.1% "some" memory pressure; Senpai's
		 * default target is in the same range (10 ms per 6 s interval).
		 */
		.target = 0.001,
		/*
		 * 1% of memory.current per interval at zero pressure, Senpai's
		 * probe rate: slow enough that the workload's working set
		 * moves back onto the active list before it is reclaimed.
		 */
		.ratio = 0.01,
		.max_step = 128 * MIB,
		.floor = 0,
		.backoff_s = 60,
		.refault_limit = 0.5,
		.io_pressure = true,
		.zswap_tuning = false,
		/* Under 2:1 the pool saves less than half of what it holds. */
		.zswap_min_ratio = 2.0,
		.zswap_min_accept = 0.5,
		/* The cgroup's own balance of anon and file unless asked. */
		.swappiness = -1,
		.page_size = machine_page_size(),
	};
}

static void start_backoff(const struct mr_params *p, struct mr_ctl *ctl)
{
	/* Found again within the ramp: the working set is here, probe less. */
	if (ctl->backed_off && ctl->calm < MR_RAMP_INTERVALS) {
		if (ctl->backoff_level < MR_BACKOFF_MAX_LEVEL)
			ctl->backoff_level++;
	} else {
		ctl->backoff_level = 0;
	}
	ctl->backoff_left_s = p->backoff_s * (double)(1u << ctl->backoff_level);
	ctl->backed_off = true;
	ctl->calm = 0;
}

/*
 * Whether the sample calls for a back-off to start (and then d says why):
 * a failed write, pressure at the target, a write the kernel gave up on,
 * or what was reclaimed refaulting.
 */
static bool backoff_needed(const struct mr_params *p, struct mr_ctl *ctl,
			   const struct mr_sample *s, struct mr_decision *d)
{
	char got[24], asked[24];

	if (s->write_failed) {
		/* Counts as a probe that found trouble: repeated, it doubles. */
		d->reason = MR_WHY_WRITE_FAILED;
	} else if (d->pressure >= p->target) {
		d->reason = MR_WHY_PRESSURE;
	} else if (s->short_last && s->reclaimed_last < s->asked_last / 2) {
		d->reason = MR_WHY_UNRECLAIMABLE;
	} else if (s->reclaimed_last && d->refault_share >= p->refault_limit) {
		d->reason = MR_WHY_REFAULTS;
	} else {
		return false;
	}
	start_backoff(p, ctl);
	d->action = MR_BACKOFF_START;
	switch (d->reason) {
	case MR_WHY_WRITE_FAILED:
		snprintf(d->why, sizeof(d->why), "the last write failed: back off %.0f s",
			 ctl->backoff_left_s);
		break;
	case MR_WHY_PRESSURE:
		snprintf(d->why, sizeof(d->why),
			 "pressure %.3f%% reached the target %.3f%%: back off %.0f s",
			 d->pressure * 100, p->target * 100, ctl->backoff_left_s);
		break;
	case MR_WHY_UNRECLAIMABLE:
		tool_format_size(got, sizeof(got), (double)s->reclaimed_last);
		tool_format_size(asked, sizeof(asked), (double)s->asked_last);
		snprintf(d->why, sizeof(d->why),
			 "the kernel reclaimed %s of %s and gave up (EAGAIN): "
			 "little is reclaimable: back off %.0f s",
			 got, asked, ctl->backoff_left_s);
		break;
	default:
		snprintf(d->why, sizeof(d->why),
			 "%.0f%% of what was reclaimed refaulted (limit %.0f%%): back off %.0f s",
			 d->refault_share * 100, p->refault_limit * 100, ctl->backoff_left_s);
		break;
	}
	return true;
}

/* The step of an interval with no back-off: MR_RECLAIM, or why not. */
static void step(const struct mr_params *p, struct mr_ctl *ctl,
		 const struct mr_sample *s, struct mr_decision *d)
{
	double room, bytes;
	uint64_t floor;
	char cur[24], fl[24];

	/*
	 * A cgroup's own memory.min/low protect it from the kernel's reclaim
	 * only when its parent is reclaimed: memory.reclaim on the cgroup
	 * itself would go under them.  What its owner protected, the daemon
	 * leaves too.
	 */
	floor = p->floor > s->protected_bytes ? p->floor : s->protected_bytes;
	if (s->current <= floor) {
		d->action = MR_AT_FLOOR;
		tool_format_size(cur, sizeof(cur), (double)s->current);
		tool_format_size(fl, sizeof(fl), (double)floor);
		snprintf(d->why, sizeof(d->why), "memory.current %s at the floor %s%s",
			 cur, fl, floor > p->floor ? " (its memory.min/low)" : "");
		return;
	}
	bytes = (double)s->current * p->ratio * (1.0 - d->pressure / p->target);
	/* What refaulted is wasted work: slow down in proportion. */
	if (s->reclaimed_last)
		bytes *= 1.0 - d->refault_share / p->refault_limit;
	/* Ramp up again after a back-off. */
	if (ctl->backed_off && ctl->calm < MR_RAMP_INTERVALS)
		bytes *= (double)(ctl->calm + 1) / MR_RAMP_INTERVALS;
	if (bytes > (double)p->max_step)
		bytes = (double)p->max_step;
	room = (double)(s->current - floor);
	if (bytes > room)
		bytes = room;
	if (bytes < (double)p->page_size) {
		d->action = MR_TOO_SMALL;
		snprintf(d->why, sizeof(d->why), "step under one page");
		return;
	}
	d->action = MR_RECLAIM;
	d->bytes = (uint64_t)bytes / p->page_size * p->page_size;
	ctl->calm++;
	tool_format_size(cur, sizeof(cur), (double)s->current);
	snprintf(d->why, sizeof(d->why),
		 "pressure %.3f%% < %.3f%%, refaults %.0f%%, %.2f%% of %s",
		 d->pressure * 100, p->target * 100, d->refault_share * 100,
		 100.0 * (double)d->bytes / (double)s->current, cur);
}

void mr_control(const struct mr_params *p, struct mr_ctl *ctl,
		const struct mr_sample *s, struct mr_decision *d)
{
	double interval = s->interval_s > 0 ? s->interval_s : 1e-9;

	d->bytes = 0;
	d->pressure = (double)s->stall_us / (interval * 1e6);
	d->refault_share = s->reclaimed_last ?
		(double)s->refault_pages * (double)p->page_size /
		(double)s->reclaimed_last : 0;
	d->why[0] = '\0';
	d->reason = MR_WHY_NONE;

	if (ctl->backoff_left_s > 0) {
		ctl->backoff_left_s -= interval;
		d->action = MR_BACKING_OFF;
		snprintf(d->why, sizeof(d->why), "backing off, %.0f s left",
			 ctl->backoff_left_s > 0 ? ctl->backoff_left_s : 0);
		return;
	}
	if (!backoff_needed(p, ctl, s, d))
		step(p, ctl, s, d);
}

bool mr_zswap_tune(const struct mr_params *p, const struct mr_zswap_sample *z,
		   uint64_t *new_max, char *why, size_t whylen)
{
	double ratio = z->zswap ? (double)z->zswapped / (double)z->zswap : 0;
	double accept = z->swap_current ?
		(double)z->zswapped / (double)z->swap_current : 1;
	bool poor_ratio = z->zswapped >= MR_ZSWAP_EVIDENCE && ratio < p->zswap_min_ratio;
	bool rejected = z->swap_current >= MR_ZSWAP_EVIDENCE &&
			accept < p->zswap_min_accept;
	char held[24], swapped[24];

	if (!p->zswap_tuning)
		return false;
	tool_format_size(held, sizeof(held), (double)z->zswapped);
	tool_format_size(swapped, sizeof(swapped), (double)z->swap_current);
	if ((poor_ratio || rejected) && z->zswap_max != 0) {
		/* Halve what the pool may hold, from what it holds now. */
		uint64_t base = z->zswap_max == MR_NO_LIMIT || z->zswap_max > z->zswap ?
			z->zswap : z->zswap_max;

		*new_max = base / 2 < MIB ? 0 : base / 2 / p->page_size * p->page_size;
		if (poor_ratio)
			snprintf(why, whylen,
				 "pages compress %.2f:1, under %.2f:1: send reclaim to disk swap",
				 ratio, p->zswap_min_ratio);
		else
			snprintf(why, whylen,
				 "zswap holds %s of %s swapped (%.0f%% < %.0f%%): stores rejected",
				 held, swapped, accept * 100, p->zswap_min_accept * 100);
		return true;
	}
	if (!poor_ratio && !rejected && z->zswap_max != MR_NO_LIMIT &&
	    z->zswapped >= MR_ZSWAP_EVIDENCE && ratio >= p->zswap_min_ratio &&
	    z->pressure < p->target / 2 && z->zswap >= z->zswap_max / 2) {
		/* The pool is half full and worth it: let it grow. */
		uint64_t grown = z->zswap_max < 8 * MIB ? 16 * MIB : z->zswap_max * 2;

		*new_max = grown >= z->current ? MR_NO_LIMIT : grown;
		snprintf(why, whylen,
			 "pages compress %.2f:1 and zswap holds %.0f%% of swap at low pressure: raise",
			 ratio, accept * 100);
		return true;
	}
	return false;
}
