/* SPDX-License-Identifier: MIT */
/*
 * fork(): what fairlock does in a forked child, and what a program using
 * the spinning locks directly must do there.
 *
 * A child of a multithreaded process has one thread, the one that forked,
 * and a copy of every lock as it was at that instant: locks held by that
 * thread are still its own, locks held by other threads stay held (those
 * threads are not in the child), and whatever the other threads' waiting
 * left in a lock (a ticket taken, a queue node, a count) speaks of
 * threads that do not exist there.
 *
 *  - fl_mutex_t needs nothing: the child notices the fork by itself (on
 *    its first slow path) and ignores what the parent's waiters left, so
 *    a mutex the forking thread held unlocks and relocks normally, as a
 *    glibc mutex does (mutex.h).
 *  - The ticket lock, the qspinlock and the parking lock keep their
 *    waiters in the lock word: a child that unlocks one that had waiters
 *    would hand it to a ticket or queue node whose thread is gone.  The
 *    usual way to use a lock around fork() (pthread_atfork: take it in
 *    the prepare handler, release it in the parent's and the child's) then
 *    needs one call in the child's handler before the release:
 *    fl_ticket_after_fork(), fl_qspin_after_fork(),
 *    fl_ticket_park_after_fork() drop the parent's waiters and keep the
 *    holder.  A lock the child uses without that must have had no waiters
 *    at the fork.  The qrwlock is built on a ticket lock and a count of
 *    readers; a child must not use one that had waiters.
 *
 * fl_fork_generation() tells a program (libfairlock-preload uses it) which
 * fork it is in, to repair such locks lazily: store the generation beside
 * a lock after repairing it, and repair again when it differs.
 */
#ifndef FAIRLOCK_FORK_H
#define FAIRLOCK_FORK_H

#include <stdint.h>

#include <fairlock/arch.h>

FL_EXTERN_C_BEGIN

/*
 * 1 in a process that was not forked from one using fairlock, and one
 * more in each forked child (modulo 2^28, never 0).  The first call in a
 * child also empties fairlock's own table of sleeping waiters.
 */
FL_API uint32_t fl_fork_generation(void);

FL_EXTERN_C_END

#endif /* FAIRLOCK_FORK_H */
