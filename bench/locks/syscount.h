/* SPDX-License-Identifier: MIT */
/*
 * Counting a process's futex system calls, for lockbench's futex calls
 * per acquisition: a perf tracepoint counter on syscalls:sys_enter_futex,
 * inherited by the threads created after it opens.  Needs tracefs and
 * the right to use perf events (root, or perf_event_paranoid <= 1 for
 * tracepoints); without them the count is unavailable and lockbench says
 * so.
 */
#ifndef LOCKBENCH_SYSCOUNT_H
#define LOCKBENCH_SYSCOUNT_H

#include <stdbool.h>
#include <stdint.h>

/* Open the counter for the calling thread and those it creates; -1 if
 * it cannot be had (the reason is kept for lb_futex_counter_why()). */
int lb_futex_counter_open(void);

/* The count so far, including threads that have exited; -1 when closed. */
int64_t lb_futex_counter_read(int fd);

const char *lb_futex_counter_why(void);

#endif
