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
 * The kill switch by signal: SIGUSR1 sets it (no writes until SIGUSR2),
 * SIGUSR2 clears it.  The file named by the kill_switch setting is the
 * other way to flip it; either one on stops the writes.
 */
extern volatile sig_atomic_t mr_pause_requested;
/*
 * While set, no memory.reclaim write is started or resumed after a
 * signal: set with mr_stop_requested by SIGTERM/SIGINT, and by the main
 * thread while the kill switch is on.
 */
extern volatile sig_atomic_t mr_hold_writes;

/*
 * Read and write the flags with these.  A handler runs on whichever
 * thread the signal lands on (the main thread or a writer thread), and a
 * volatile sig_atomic_t is safe only against a handler on the thread that
 * reads it; atomics make it safe across threads.  Relaxed: a flag
 * publishes no other data, each reader acts on the flag alone.
 */
static inline int mr_flag(const volatile sig_atomic_t *flag)
{
	return __atomic_load_n(flag, __ATOMIC_RELAXED);
}

static inline void mr_flag_set(volatile sig_atomic_t *flag, int value)
{
	__atomic_store_n(flag, value, __ATOMIC_RELAXED);
}

/*
 * What the daemon sends its writer threads to end a memory.reclaim write
 * as it stops (the kernel gives up a write on a pending signal).  A
 * real-time signal nobody else sends; its handler does nothing.
 */
#define MR_SIGNAL_INTERRUPT (SIGRTMIN + 1)

/*
 * Block, in the calling thread, the signals the main thread acts on
 * (SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2), keeping the old mask in
 * *old; mr_restore_signals() puts it back.  Around pthread_create(), so
 * that the helper threads (writers, endpoint) inherit the block and those
 * signals always wake the main thread from its sleep at once, whichever
 * thread the kernel would have picked.  MR_SIGNAL_INTERRUPT stays open.
 */
void mr_block_signals(sigset_t *old);
void mr_restore_signals(const sigset_t *old);

/*
 * Install the handlers (SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2), without SA_RESTART, so that a signal cuts a sleep
 * (and a memory.reclaim write) short and is acted on at once.
 */
void mr_handle_signals(void);

#endif
