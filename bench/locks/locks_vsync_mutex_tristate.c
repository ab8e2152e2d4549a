/* SPDX-License-Identifier: MIT */
/* lockbench adapter: libvsync's tristate futex mutex. */
#include <vsync/thread/mutex/tristate.h>

#define LB_VSYNC_MUTEX vs_mutex_tristate
#define LB_VSYNC_MUTEX_NAME "vsync-mutex-tristate"
#include "locks_vsync_mutex.h"
