/* SPDX-License-Identifier: MIT */
#include "thread_index.h"

#include "platform.h"
#include "thread_index_pool.h"

/* fl__thread_index(): the platform's way to keep a thread's index. */
#include FL_PLAT_THREAD_INDEX

int fl_qspin_thread_register(void)
{
	return fl__thread_index();
}

unsigned int fl_qspin_max_threads(void)
{
	return FL_QSPIN_THREAD_POOL;
}
