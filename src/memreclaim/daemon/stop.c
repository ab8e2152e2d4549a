/* SPDX-License-Identifier: MIT */
/* The daemon's signals (stop.h). */
#include "memreclaim/daemon/stop.h"

#include <pthread.h>
#include <string.h>

volatile sig_atomic_t mr_stop_requested;
volatile sig_atomic_t mr_reload_requested;
volatile sig_atomic_t mr_pause_requested;
volatile sig_atomic_t mr_hold_writes;

static void on_signal(int sig)
{
	if (sig == SIGHUP) {
		mr_flag_set(&mr_reload_requested, 1);
	} else if (sig == SIGUSR1) {
		mr_flag_set(&mr_pause_requested, 1);
		mr_flag_set(&mr_hold_writes, 1);
	} else if (sig == SIGUSR2) {
		/* Writes resume at the next interval, if nothing else holds them. */
		mr_flag_set(&mr_pause_requested, 0);
	} else {
		mr_flag_set(&mr_hold_writes, 1);
		mr_flag_set(&mr_stop_requested, 1);
	}
}

/* MR_SIGNAL_INTERRUPT: nothing to do but be delivered. */
static void on_interrupt(int sig)
{
	(void)sig;
}

void mr_handle_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	/*
	 * Each handler blocks the others: two signals pending at once (kill
	 * -USR1 then -USR2) would otherwise get nested frames, and the later
	 * one's handler would run first (SIGUSR2, then SIGUSR1: paused).
	 */
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaddset(&sa.sa_mask, SIGINT);
	sigaddset(&sa.sa_mask, SIGHUP);
	sigaddset(&sa.sa_mask, SIGUSR1);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(MR_SIGNAL_INTERRUPT, &sa, NULL);
}

void mr_block_signals(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void mr_restore_signals(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}
