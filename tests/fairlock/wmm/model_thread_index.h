/* SPDX-License-Identifier: MIT */
/*
 * The model's thread index (FL_PLAT_THREAD_INDEX): a fragment of
 * src/fairlock/thread_index.c, included there once: no TLS or thread-exit hooks; the harness
 * numbers its threads.  The pool above it is compiled all the same, so
 * that thread_index_reuse.c checks how an index passes from an exiting
 * thread to the next.
 */
int fl__thread_index(void)
{
	return fl_model_thread_index();
}
