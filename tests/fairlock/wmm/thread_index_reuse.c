/* SPDX-License-Identifier: MIT */
/*
 * The qspinlock's thread-index pool with one index: a thread that takes
 * it uses its queue nodes (here plain data), then gives it back as an
 * exiting thread does; another thread that then takes it reuses the same
 * nodes.  The first thread's last use must happen before the second's
 * first (a race on the plain data otherwise), and two threads never hold
 * the index at once.
 */
#include "wmm.h"

#include "thread_index.c"

#if FL_QSPIN_THREAD_POOL != 1
#error "build with -DFL_QSPIN_THREAD_POOL=1"
#endif

static unsigned int node_data; /* plain: the index's queue nodes */
static int holders;

static void thread(int self)
{
	if (take_free_index() != 0)
		return;
	assert(__atomic_add_fetch(&holders, 1, __ATOMIC_RELAXED) == 1);
	node_data = (unsigned int)self + 1;
	__atomic_sub_fetch(&holders, 1, __ATOMIC_RELAXED);
	release_index(0);
}

int main(void)
{
	wmm_run(3, thread);
	assert(index_map[0] == 0);
	return 0;
}
