/* SPDX-License-Identifier: MIT */
#include "memreclaim/policy/settings.h"

#include <string.h>

#include "memreclaim/policy/config.h"

#define PARAM(f) offsetof(struct mr_params, f)
#define CONF(f) offsetof(struct mr_config, f)

/* log_level's words, coarsest first: log.c's mr_log_set_level() takes the index. */
static const char *const log_levels[] = { "error", "warning", "info", "debug", NULL };

const struct mr_setting mr_settings[] = {
	{ .key = "interval", .global = true, .kind = MR_SET_DURATION,
	  .min = 0.1, .max = 3600, .offset = CONF(interval_s),
	  .want = "a duration from 100ms to 1h (6s, 500ms, 2m)",
	  .show = "%.3f s", .scale = 1, .arg = "DUR" },
	{ .key = "target", .kind = MR_SET_SHARE, .min = 0, .min_exclusive = true,
	  .max = 0.5, .offset = PARAM(target),
	  .want = "a share of the interval, 0.1% or 0.001 (at most 50%)",
	  .show = "%.3f%%", .scale = 100, .arg = "PCT" },
	{ .key = "ratio", .kind = MR_SET_SHARE, .min = 0, .min_exclusive = true,
	  .max = 0.5, .offset = PARAM(ratio),
	  .want = "a share of memory.current, 1% or 0.01 (at most 50%)",
	  .show = "%.2f%%", .scale = 100, .arg = "PCT" },
	{ .key = "max_step", .kind = MR_SET_SIZE, .min_one_page = true,
	  .offset = PARAM(max_step), .want = "at least one page", .arg = "SIZE" },
	{ .key = "floor", .kind = MR_SET_SIZE, .offset = PARAM(floor),
	  .arg = "SIZE" },
	{ .key = "backoff", .kind = MR_SET_DURATION, .min = 0, .max = 86400,
	  .offset = PARAM(backoff_s), .want = "a duration up to 24h (60s, 2m)",
	  .show = "%.0fs", .scale = 1, .arg = "DUR" },
	{ .key = "refault_limit", .kind = MR_SET_SHARE, .min = 0,
	  .min_exclusive = true, .max = 1, .offset = PARAM(refault_limit),
	  .want = "a share of the reclaimed pages, 50% or 0.5",
	  .show = "%.0f%%", .scale = 100, .arg = "PCT" },
	{ .key = "io_pressure", .kind = MR_SET_BOOL, .offset = PARAM(io_pressure),
	  .want = "yes or no", .arg = "yes|no" },
	{ .key = "zswap_tuning", .kind = MR_SET_BOOL,
	  .offset = PARAM(zswap_tuning), .want = "yes or no", .arg = "yes|no" },
	{ .key = "zswap_min_ratio", .kind = MR_SET_RATIO, .min = 1, .max = 100,
	  .offset = PARAM(zswap_min_ratio),
	  .want = "a compression ratio from 1 to 100", .show = "%.2f",
	  .scale = 1, .zswap_detail = true, .arg = "R" },
	{ .key = "zswap_min_accept", .kind = MR_SET_SHARE, .min = 0, .max = 1,
	  .offset = PARAM(zswap_min_accept), .want = "a share, 50% or 0.5",
	  .show = "%.0f%%", .scale = 100, .zswap_detail = true, .arg = "PCT" },
	{ .key = "swappiness", .kind = MR_SET_INT, .min = 0, .max = 200,
	  .offset = PARAM(swappiness), .unset_word = "default",
	  .want = "0 to 200, or default (the cgroup's own)", .arg = "N|default" },
	{ .key = "workers", .global = true, .kind = MR_SET_INT, .min = 1, .max = 64,
	  .offset = CONF(workers), .want = "a number of threads from 1 to 64",
	  .arg = "N" },
	{ .key = "prometheus_file", .global = true, .kind = MR_SET_PATH,
	  .offset = CONF(prometheus_file), .want = "an absolute path",
	  .arg = "FILE" },
	{ .key = "json_file", .global = true, .kind = MR_SET_PATH,
	  .offset = CONF(json_file), .want = "an absolute path", .arg = "FILE" },
	/* The safety rails: each is read again on SIGHUP. */
	{ .key = "enabled", .global = true, .kind = MR_SET_BOOL,
	  .offset = CONF(enabled), .want = "yes or no", .arg = "yes|no" },
	{ .key = "dry_run", .global = true, .kind = MR_SET_BOOL,
	  .offset = CONF(dry_run), .want = "yes or no", .arg = "yes|no",
	  .flag_option = true },
	/* Under a page no write could ever be made: refused. */
	{ .key = "budget", .global = true, .kind = MR_SET_SIZE, .min_one_page = true,
	  .offset = CONF(budget), .unset_word = "none",
	  .want = "at least one page, or none", .arg = "SIZE|none" },
	{ .key = "swap_budget", .global = true, .kind = MR_SET_SIZE, .min_one_page = true,
	  .offset = CONF(swap_budget), .unset_word = "none",
	  .want = "at least one page, or none", .arg = "SIZE|none" },
	{ .key = "kill_switch", .global = true, .kind = MR_SET_PATH,
	  .offset = CONF(kill_switch), .want = "an absolute path", .arg = "FILE" },
	{ .key = "listen", .global = true, .kind = MR_SET_LISTEN,
	  .offset = CONF(listen),
	  .want = "ADDR:PORT, a numeric IPv4 address or [IPv6] (127.0.0.1:9465), or none",
	  .arg = "ADDR:PORT" },
	{ .key = "log_level", .global = true, .kind = MR_SET_CHOICE,
	  .offset = CONF(log_level), .choices = log_levels,
	  .want = "error, warning, info or debug", .arg = "LEVEL" },
};

const size_t mr_nsettings = sizeof(mr_settings) / sizeof(mr_settings[0]);

const struct mr_setting *mr_setting_find(const char *key)
{
	for (size_t i = 0; i < mr_nsettings; i++)
		if (strcmp(mr_settings[i].key, key) == 0)
			return &mr_settings[i];
	return NULL;
}
