/* SPDX-License-Identifier: MIT */
/*
 * The model's thread index (FL_PLAT_THREAD_INDEX, included by
 * src/fairlock/thread_index.c): no TLS or thread-exit hooks; the harness
 * numbers its threads.  The pool above it is compiled all the same, so
 * that thread_index_reuse.c checks how an index passes from an exiting
 * thread to the next.
 */
int fl__thread_index(void)
{
	return fl_model_thread_index();
}
