/* SPDX-License-Identifier: MIT */
/* lockbench adapter: libvsync's slim futex mutex. */
#include <vsync/thread/mutex/slim.h>

#define LB_VSYNC_MUTEX vs_mutex_slim
#define LB_VSYNC_MUTEX_NAME "vsync-mutex-slim"
#include "locks_vsync_mutex.h"
