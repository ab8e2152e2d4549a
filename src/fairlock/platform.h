/* SPDX-License-Identifier: MIT */
/*
 * What the sleeping locks need from the system they run on, and the one
 * place that chooses which system that is: Linux (platform_linux.h), or
 * the model a checker explores (FL_MODEL_CHECK, set only by
 * tests/fairlock/wmm/model_platform.h; its side lives beside it there,
 * model_platform_impl.h).  The lock files include this header and never
 * test FL_MODEL_CHECK themselves.
 *
 * Each side defines, as static inline functions or constants (so the
 * production build's code is what the calls expand to):
 *  - futexes: fl_plat_futex_wait(word, expected, queue) and
 *    fl_plat_futex_wake(word, count, queue) for the parking ticket lock,
 *    fl_plat_token_sleep(token, waiting, waiter, clock, abstime) and
 *    fl_plat_token_wake(token, waiter) for a parked node's token.  Every
 *    sleeper uses its word as an event count: it reads the word,
 *    publishes that it will sleep, looks at its lock once more, and then
 *    sleeps only while the word still holds what it read; a waker moves
 *    the word on first and wakes after.  So a wake-up may come early, or
 *    be meant for another thread, but never comes too late, and every
 *    caller loops back to its lock after it.  Both sides keep that
 *    contract; the model's checks it in the harnesses.  `queue`
 *    and `waiter` name the wait queue the kernel would find from the
 *    word's address, which a model cannot hash: Linux ignores them;
 *  - the clock: fl_plat_now_ns(), fl_plat_deadline_passed(clock, abstime),
 *    fl_plat_past_bound(n, bound_us), whether the parked node n has
 *    waited past the mutex's bound, and for the mutex's turns
 *    fl_plat_now_us() and fl_plat_turn_over(start_us, turn_us);
 *  - the CPU count: fl_plat_online_cpus(), fl_plat_cpus(cache) (the CPUs
 *    the calling thread may run on, re-read now and then into *cache) and
 *    FL_PLAT_CPUS_AT_START, the cache's first value;
 *  - the caller's number among parked threads: fl_plat_self();
 *  - the spin policy: FL_PLAT_POLLS(n), how many times a waiter that would
 *    look n times looks before it sleeps; FL_PLAT_PAUSES(n), how many
 *    pauses it makes of n between looks; FL_PLAT_SPIN_LEARNS, whether a
 *    thread learns from its waits whether looking pays (mutex.c), and if
 *    not, FL_PLAT_SPIN_WANTED, whether it looks; FL_PLAT_WATCHERS_SKIP_BOUND,
 *    whether a sleeper that will watch when woken is served by the turns
 *    rather than handed the lock past the bound (mutex.c);
 *  - where a waiter keeps its record: FL_PLAT_WAITER(type, name) declares
 *    `type *name` pointing at storage for the calling thread;
 *  - the parking ticket lock's futex slots: FL_PLAT_PARK_SLOTS of them,
 *    fl_plat_park_slot(lock, ticket) the one a ticket sleeps on;
 *  - the parking table: FL_PLAT_PARK_BUCKETS, and its bucket lock,
 *    fl_plat_bucket_lock_t with fl_plat_bucket_lock_init(), _acquire()
 *    and _release();
 *  - the files that hold the per-thread and per-process state of the
 *    thread index and of fork detection: FL_PLAT_THREAD_INDEX and
 *    FL_PLAT_FORK_WORD.  These are fragments of one file each, not
 *    headers: thread_index.c and parking.c include them once, at one
 *    place (`#include FL_PLAT_THREAD_INDEX`), because their statics, TLS
 *    and constructors must exist once in the library.
 */
#ifndef FAIRLOCK_PLATFORM_H
#define FAIRLOCK_PLATFORM_H

#ifdef FL_MODEL_CHECK
#include "model_platform_impl.h"
#else
#include "platform_linux.h"
#endif

#endif /* FAIRLOCK_PLATFORM_H */
