/* SPDX-License-Identifier: MIT */
/*
 * Small thread indices for the qspinlock tail, in place of the kernel's CPU
 * numbers: a thread takes the lowest free index on first use and gives it
 * back when it exits, so the numbers stay dense and reusable.
 */
#ifndef FAIRLOCK_THREAD_INDEX_H
#define FAIRLOCK_THREAD_INDEX_H

#include <fairlock/qspinlock.h>

/*
 * The pool size.  The tail can name FL_QSPIN_MAX_THREADS threads; a smaller
 * pool is compiled only into a test build, to reach exhaustion cheaply.
 */
#ifndef FL_QSPIN_THREAD_POOL
#define FL_QSPIN_THREAD_POOL FL_QSPIN_MAX_THREADS
#endif

#if FL_QSPIN_THREAD_POOL > FL_QSPIN_MAX_THREADS
#error "FL_QSPIN_THREAD_POOL exceeds what the qspinlock tail can encode"
#endif

/* The calling thread's index, taking one if it has none; -1 if none free. */
int fl__thread_index(void);

#endif /* FAIRLOCK_THREAD_INDEX_H */
