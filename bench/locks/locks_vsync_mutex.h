/* SPDX-License-Identifier: MIT */
/*
 * One of libvsync's futex mutexes as a lockbench lock: the including file
 * includes the mutex's header and defines LB_VSYNC_MUTEX (the adapter's
 * prefix) and LB_VSYNC_MUTEX_NAME.
 */
#include "adapter.h"

LB_SIMPLE_LOCK(LB_VSYNC_MUTEX, LB_VSYNC_MUTEX_NAME, "libvsync", false,
	       vmutex_t, vmutex_init, vmutex_acquire, vmutex_release);
