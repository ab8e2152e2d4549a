/* SPDX-License-Identifier: MIT */
/*
 * fairlock: what the lock algorithms assume of the machine and compiler.
 *
 * "Seed NNN" in these headers names the kernel patch it refers to; the
 * list is docs/seeds.md (002: the generic ticket lock, 003: the
 * qspinlock's mixed-size atomics, 004: the qrwlock's fairness).
 *
 * Every lock word in this library is a naturally aligned 32-bit object that
 * is also accessed as 8-bit and 16-bit parts (the ticket lock's owner
 * half-word, the qspinlock's locked byte / pending byte / tail half-word,
 * the qrwlock's writer byte).  C11 <stdatomic.h> cannot express that: it
 * gives no meaning to two atomic objects that overlap.  The port therefore
 * uses the GCC/Clang __atomic builtins on the members of a union, which
 * compile to the machine's own sized loads, stores and read-modify-writes,
 * and relies on the hardware to make those well behaved together:
 *
 *  - x86-64, i386: total store order, every sized access and LOCK-prefixed
 *    RMW is single-copy atomic and ordered with the others.
 *  - arm64 (ARMv8), armv7: mixed-size accesses are covered by the
 *    architecture's memory model; sub-word exclusives (ldxrh/stxrh,
 *    ldrexh/strexh) and LSE atomics exist natively.
 *  - RISC-V, LoongArch, PowerPC, MIPS, s390x, OpenRISC: byte and half-word
 *    loads and stores are single-copy atomic; an LL/SC reservation on the
 *    containing word is broken by a sub-word store, so a sub-word store
 *    racing a word RMW is safe.  Sub-word RMWs (xchg16) are *not* native
 *    before RISC-V Zabha / LoongArch v1.1 and are emulated by the compiler
 *    with a masked word LL/SC loop; see FL_QSPIN_SUBWORD_RMW below.
 *
 * Known to hold with GCC >= 7 and Clang >= 6 on the targets above.  What
 * checks it here: herd7's mixed-size ARMv8 model on each pair of sizes the
 * locks mix (the ticket and parking unlocks' STLRH against LDADDAL, the
 * qspinlock's byte and half-word stores against its exchange,
 * compare-exchange and fetch-or, the qrwlock's writer-byte STLRB against
 * the readers' LDADDA; docs/model-checking.md).  The cross-architecture
 * tests run the locks under qemu-user on an x86 host, which shows the code
 * compiles and works there but cannot show weak ordering.
 *
 * Two build options change how the locks touch memory, for the tools and
 * machines that need it (the model-checking build sets both: its platform,
 * tests/fairlock/wmm/model_platform.h, says why each of its differences):
 *  - FL_WORD_ACCESS_ONLY=1: one size per lock word, no 8/16-bit access to
 *    a 32-bit lock word.  The ticket lock takes tickets with the word add
 *    (FL_TICKET_HALF_ADD 0) and unlocks with a RELEASE 32-bit fetch-add of
 *    1 on the word instead of a RELEASE 16-bit store of owner+1 (the same
 *    value while the owner half does not wrap); the qspinlock takes its
 *    word-sized path (FL_QSPIN_SUBWORD_RMW 0) and sets and clears its
 *    locked byte with word RMWs; the qrwlock clears its writer byte the same
 *    way.  A RELEASE RMW orders what a RELEASE store orders, and more.
 *  - FL_PLAIN_WAITS=1: no pause instruction and no yield in waits
 *    (fl_cpu_relax() and fl_spin_wait() do nothing): every wait is a bare
 *    loop of loads; and the loops a checker can bound only in that form
 *    take it: the qspinlock's tail compare-exchange re-reads the word
 *    before each attempt, and its x86 pending spin is not used.
 * FL_LOCKED_RMW_FENCES (below) is a third, with its own default.
 */
#ifndef FAIRLOCK_ARCH_H
#define FAIRLOCK_ARCH_H

#include <stdint.h>

#if !defined(__GNUC__) && !defined(__clang__)
#error "fairlock needs the GCC/Clang __atomic builtins"
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define FL_BIG_ENDIAN 1
#else
#define FL_BIG_ENDIAN 0
#endif

/*
 * FL_QSPIN_SUBWORD_RMW: 1 where the qspinlock may use 16-bit exchange and
 * 16-bit stores that clear the pending bit (the kernel's _Q_PENDING_BITS == 8
 * variant), 0 where it must use word-sized compare-exchange / fetch-and /
 * fetch-add instead (the kernel's NR_CPUS >= 16K variant).  Seed 003: a
 * sub-word RMW built from a word LL/SC loop has no forward-progress
 * guarantee of its own, so only machines with native sub-word atomics get 1.
 * Override with -DFL_QSPIN_SUBWORD_RMW=0/1 if you know better.
 */
#if defined(FL_WORD_ACCESS_ONLY) && FL_WORD_ACCESS_ONLY
#if defined(FL_QSPIN_SUBWORD_RMW) && FL_QSPIN_SUBWORD_RMW
#error "FL_WORD_ACCESS_ONLY rules out the qspinlock's sub-word path"
#endif
#undef FL_QSPIN_SUBWORD_RMW
#define FL_QSPIN_SUBWORD_RMW 0
#undef FL_TICKET_HALF_ADD
#define FL_TICKET_HALF_ADD 0
#else
#undef FL_WORD_ACCESS_ONLY
#define FL_WORD_ACCESS_ONLY 0
#endif

/*
 * FL_LOCKED_RMW_FENCES: 1 where every atomic read-modify-write is a full
 * barrier in the machine's code (x86: LOCK-prefixed), so a slow path that
 * began with the lock's RMW and since only read needs no fence of its own
 * to order stores before the lock against loads after it (herd7 x86-TSO:
 * tests/fairlock/wmm/litmus/SB+ticket-slow.X86.litmus).  C11 promises no
 * such thing, so the model build keeps the fence.  Override with
 * -DFL_LOCKED_RMW_FENCES=0 to keep it everywhere.
 */
#ifndef FL_LOCKED_RMW_FENCES
#if defined(__x86_64__) || defined(__i386__)
#define FL_LOCKED_RMW_FENCES 1
#else
#define FL_LOCKED_RMW_FENCES 0
#endif
#endif

#ifndef FL_QSPIN_SUBWORD_RMW
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) || \
	defined(__riscv_zabha)
#define FL_QSPIN_SUBWORD_RMW 1
#else
#define FL_QSPIN_SUBWORD_RMW 0
#endif
#endif

/*
 * FL_RMW_FULL_BARRIER: 1 where the code a SEQ_CST read-modify-write
 * compiles to is a full barrier on every CPU the build may run on, which
 * the ticket locks' fast path relies on to be RCsc as the kernel's is
 * (seed 002).  0 on arm64 unless the target has LSE (__ARM_FEATURE_ATOMICS:
 * -march=armv8.1-a or later).  GCC's and clang's default there is an
 * outline helper (libgcc's __aarch64_ldadd4_acq_rel and kin) that runs
 * LDADDAL or CASAL where the CPU has LSE and an LDAXR/STLXR loop where it
 * has not (ARMv8.0: Cortex-A53, A57, A72); -mno-outline-atomics gives the
 * loop always.  An acquire-release exclusive pair lets a store before it
 * pass a load after it: herd7 finds store buffering through the lock
 * reachable (tests/fairlock/wmm/litmus/SB+ticket-llsc*.AArch64.litmus).
 * The kernel's fully ordered LL/SC atomics end with DMB ISH for that
 * reason, and fl__rmw_full_barrier() adds the same fence.
 */
#ifndef FL_RMW_FULL_BARRIER
#if defined(__aarch64__) && !defined(__ARM_FEATURE_ATOMICS)
#define FL_RMW_FULL_BARRIER 0
#else
#define FL_RMW_FULL_BARRIER 1
#endif
#endif

#ifdef __cplusplus
#define FL_EXTERN_C_BEGIN extern "C" {
#define FL_EXTERN_C_END }
#define FL_NORETURN [[noreturn]]
#else
#define FL_EXTERN_C_BEGIN
#define FL_EXTERN_C_END
#define FL_NORETURN _Noreturn
#endif

/*
 * The library is built with hidden visibility; FL_API marks what it
 * exports.  That is the public functions and the fl__ slow paths that the
 * inline fast paths in these headers call: programs compiled against one
 * release call them directly, so they are ABI as much as the public names
 * are (docs/fairlock.md, "ABI").
 */
#define FL_API __attribute__((visibility("default")))

/*
 * The coherence granule that per-thread data is padded to, so that two
 * threads' spinning never shares a line: 64 bytes on the x86-64, arm64,
 * RISC-V and LoongArch cores this targets (some arm64 and POWER parts use
 * 128; the padding is then half a line, as in the kernel's per-CPU data).
 */
#define FL_CACHE_LINE 64
#define FL_CACHE_ALIGNED __attribute__((aligned(FL_CACHE_LINE)))

#define FL_LIKELY(x) __builtin_expect(!!(x), 1)
#define FL_UNLIKELY(x) __builtin_expect(!!(x), 0)

FL_EXTERN_C_BEGIN

/*
 * A hint to the core that we are busy-waiting: lets an SMT sibling run and
 * saves power.  It orders nothing; every wait loop pairs it with its own
 * acquire or relaxed load.
 */
static inline void fl_cpu_relax(void)
{
#if defined(FL_PLAIN_WAITS) && FL_PLAIN_WAITS
	/* No intrinsics, and an empty wait-loop body (see the top). */
#elif defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__) || (defined(__arm__) && __ARM_ARCH >= 7)
	__asm__ __volatile__("yield" ::: "memory");
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

/*
 * Call after a SEQ_CST RMW that must be a full barrier (a ticket taken):
 * nothing where FL_RMW_FULL_BARRIER says the RMW is one, else a SEQ_CST
 * fence (DMB ISH), as the kernel's LL/SC atomic_fetch_add() ends with.
 */
static inline void fl__rmw_full_barrier(void)
{
#if !FL_RMW_FULL_BARRIER
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/*
 * Waiting policy shared by every lock.  The kernel can spin forever because
 * it disables preemption; user space cannot: the thread a waiter waits for may
 * have been preempted.  fl_spin_wait() spins with fl_cpu_relax() for
 * FL_SPIN_RELAX_LIMIT polls, then yields the CPU on every further poll so the
 * holder (or, for a FIFO lock, the next in line) can run.  Yielding changes
 * no lock state, so FIFO order and the lock-word layout are untouched.
 */
#define FL_SPIN_RELAX_LIMIT 256u

FL_API void fl__yield(void);

static inline void fl_spin_wait(unsigned int *polls)
{
#if defined(FL_PLAIN_WAITS) && FL_PLAIN_WAITS
	/* A wait is a bare load loop (see the top). */
	(void)polls;
	return;
#endif
	if (FL_LIKELY(*polls < FL_SPIN_RELAX_LIMIT)) {
		(*polls)++;
		fl_cpu_relax();
	} else {
		fl__yield();
	}
}

/*
 * Misuse that would otherwise corrupt a lock silently ends the process with
 * a message naming the call, the lock and the reason.
 */
FL_NORETURN FL_API void fl__bug(const char *func, const void *lock, const char *why);

FL_EXTERN_C_END

#endif /* FAIRLOCK_ARCH_H */
