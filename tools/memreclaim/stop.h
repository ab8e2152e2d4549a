/* SPDX-License-Identifier: MIT */
/* The daemon's signals: SIGTERM/SIGINT ask it to stop, SIGHUP to reload. */
#ifndef MEMRECLAIM_STOP_H
#define MEMRECLAIM_STOP_H

#include <signal.h>

/* Set by SIGTERM/SIGINT. */
extern volatile sig_atomic_t mr_stop_requested;
/* Set by SIGHUP; the main loop clears it when it reloads. */
extern volatile sig_atomic_t mr_reload_requested;

/*
 * Install the handlers, without SA_RESTART, so that a signal cuts a sleep
 * (and a memory.reclaim write) short and is acted on at once.
 */
void mr_handle_signals(void);

#endif
