/* SPDX-License-Identifier: MIT */
/* lockbench adapter: libvsync's musl futex mutex. */
#include <vsync/thread/mutex/musl.h>

#define LB_VSYNC_MUTEX vs_mutex_musl
#define LB_VSYNC_MUTEX_NAME "vsync-mutex-musl"
#include "locks_vsync_mutex.h"
