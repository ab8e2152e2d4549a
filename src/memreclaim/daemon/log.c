/* SPDX-License-Identifier: MIT */
/* The daemon's log (log.h). */
#include "memreclaim/daemon/log.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static const enum mr_level level_of[] = { LOG_ERR, LOG_WARN, LOG_INFO, LOG_DEBUG };

/* Read by every thread that logs: an atomic, set by the main thread. */
static int threshold = LOG_INFO;

static const char *const kind_names[MR_KIND_COUNT] = {
	[MR_KIND_WRITE_FAILED] = "failed writes",
	[MR_KIND_READ_FAILED] = "failed reads",
	[MR_KIND_ABSENT] = "cgroups not there",
	[MR_KIND_RECOVERED] = "cgroups recovered",
	[MR_KIND_CHURN] = "cgroups that appeared, went or came back",
	[MR_KIND_ZSWAP] = "memory.zswap.max changes",
	[MR_KIND_METRICS] = "failed metrics writes",
};

/* Each kind's window: when it began, lines said, lines held back. */
static struct {
	double start;
	unsigned said, held;
} window[MR_KIND_COUNT];
static pthread_mutex_t window_lock = PTHREAD_MUTEX_INITIALIZER;

void mr_log_set_level(int index)
{
	if (index >= 0 && index < (int)(sizeof(level_of) / sizeof(level_of[0])))
		__atomic_store_n(&threshold, (int)level_of[index], __ATOMIC_RELAXED);
}

static void emit(enum mr_level lvl, const char *fmt, va_list ap)
{
	/* Read each time: the writer threads log too, and getenv is cheap. */
	bool journal = getenv("JOURNAL_STREAM") != NULL;
	char line[1024];

	vsnprintf(line, sizeof(line), fmt, ap); // NOLINT(clang-analyzer-valist.Uninitialized)
	if (journal)
		fprintf(stderr, "<%d>memreclaim: %s\n", lvl, line);
	else
		fprintf(stderr, "memreclaim: %s\n", line);
}

void mr_log(enum mr_level lvl, const char *fmt, ...)
{
	va_list ap;

	if ((int)lvl > __atomic_load_n(&threshold, __ATOMIC_RELAXED))
		return;
	va_start(ap, fmt);
	emit(lvl, fmt, ap);
	va_end(ap);
}

/* Say what kind k held back in its window (window_lock held). */
static void end_window(enum mr_log_kind k, double now)
{
	if (window[k].held)
		mr_log(LOG_WARN, "%u more %s in the last %.0f s (not logged one by one)",
		       window[k].held, kind_names[k], now - window[k].start);
	window[k].start = now;
	window[k].said = window[k].held = 0;
}

void mr_log_limited(enum mr_log_kind kind, double now, enum mr_level lvl,
		    const char *fmt, ...)
{
	bool say;
	va_list ap;

	if ((int)lvl > __atomic_load_n(&threshold, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&window_lock);
	if (now - window[kind].start >= MR_LOG_WINDOW_S)
		end_window(kind, now);
	say = window[kind].said < MR_LOG_BURST;
	if (say)
		window[kind].said++;
	else
		window[kind].held++;
	pthread_mutex_unlock(&window_lock);
	if (!say)
		return;
	va_start(ap, fmt);
	emit(lvl, fmt, ap);
	va_end(ap);
}

void mr_log_flush_limits(double now, bool all)
{
	pthread_mutex_lock(&window_lock);
	for (int k = 0; k < MR_KIND_COUNT; k++)
		if (window[k].held && (all || now - window[k].start >= MR_LOG_WINDOW_S))
			end_window((enum mr_log_kind)k, now);
	pthread_mutex_unlock(&window_lock);
}
