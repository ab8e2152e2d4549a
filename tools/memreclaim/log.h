/* SPDX-License-Identifier: MIT */
/* The daemon's log: one line per event on stderr. */
#ifndef MEMRECLAIM_LOG_H
#define MEMRECLAIM_LOG_H

/* journald priorities. */
enum mr_level { LOG_ERR = 3, LOG_WARN = 4, LOG_INFO = 6 };

/* One line per event on stderr; under systemd, with a journald priority. */
void mr_log(enum mr_level lvl, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
