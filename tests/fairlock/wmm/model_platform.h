/* SPDX-License-Identifier: MIT */
/*
 * The model-checking build's platform: force-included (-include) into
 * every GenMC harness by tests/fairlock/wmm/run.sh, before anything of the
 * library.  The one switch of that build: the installed headers know only
 * the properties below, and the library's sources only FL_MODEL_CHECK's
 * one test, in src/fairlock/platform.h, which takes the model's side of
 * the platform (model_platform_impl.h here) instead of Linux's.
 *
 * Model checkers of C11 code (GenMC) take the program's atomics at their
 * word, so the build must be one they can explore.  It differs from the
 * production build in exactly these places:
 *  - one size per lock word (FL_WORD_ACCESS_ONLY, include/fairlock/arch.h):
 *    the checkers refuse mixed-size accesses.  The sub-word stores that
 *    this replaces with RELEASE word RMWs (the qspinlock's set_locked()
 *    among them) are checked with herd7's mixed-size ARMv8 model instead
 *    (docs/model-checking.md);
 *  - no intrinsics and no yield in waits (FL_PLAIN_WAITS): every wait is a
 *    plain load loop with no side effects, which GenMC turns into "assume
 *    the exit condition", so a wait that could spin for ever shows up as a
 *    liveness violation; the word-sized qspinlock's tail compare-exchange
 *    loop re-reads the word before each attempt instead of retrying with
 *    the value the failed attempt read (the same relaxed read; GenMC bounds
 *    only this form); the qspinlock's x86 pending path is not used
 *    (src/fairlock/qspinlock.c, qspinlock_arch.h);
 *  - no reliance on x86's locked RMWs being full barriers
 *    (FL_LOCKED_RMW_FENCES 0): C11 promises no such thing, so the slow
 *    paths keep their fence;
 *  - the preload's lock object holds its locks side by side, not in a
 *    union (FL_LOCKS_SIDE_BY_SIDE, src/preload/objects.h): GenMC 0.11
 *    crashes on a harness that locks a union member it also repairs;
 *  - the platform (FL_MODEL_CHECK, model_platform_impl.h): no system
 *    calls, the futexes become same-semantics stand-ins on SEQ_CST
 *    atomics; the parking lock's futex slot is the ticket modulo
 *    FL_PARK_MODEL_SLOTS instead of a hash of lock and ticket (so a harness
 *    chooses which tickets share one); the parking table's bucket lock is
 *    the ticket lock; the clocks and deadlines are the harness's; CPUs
 *    are two; waiters poll once before they sleep; the qspinlock's thread
 *    index, and the mutex's waiter records, are the harness thread's
 *    number (fl_model_thread_index()).
 */
#ifndef FL_MODEL_PLATFORM_H
#define FL_MODEL_PLATFORM_H

#define FL_MODEL_CHECK 1
#define FL_WORD_ACCESS_ONLY 1
#define FL_PLAIN_WAITS 1
#define FL_LOCKED_RMW_FENCES 0
#define FL_LOCKS_SIDE_BY_SIDE 1

/* The calling thread's number in the harness (wmm.h defines it). */
int fl_model_thread_index(void);

#endif /* FL_MODEL_PLATFORM_H */
