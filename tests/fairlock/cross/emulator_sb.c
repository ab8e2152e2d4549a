/* SPDX-License-Identifier: MIT */
/*
 * Does the emulator keep a SEQ_CST store before a later SEQ_CST load?
 *
 * Store buffering, round by round: each of two threads stores 1 to its
 * own word of the round and then loads the other's, both SEQ_CST.  C11
 * forbids both loads reading 0, and so does every architecture's mapping
 * of those orders (arm64: STLR then LDAR, which its model orders; herd7
 * says "Never" of that litmus test).  The parking locks' sleep and wake
 * rest on it (the unlock's owner store, then its read of the sleepers).
 *
 * QEMU 7.2's user-mode arm64 on an x86-64 host breaks it: it puts no
 * StoreLoad barrier between an STLR and a later LDAR, so the host's store
 * buffer lets both loads read 0 (0.3 to 17 rounds in 100 here, with the
 * load), and a waiter can sleep through the unlock that should wake it.
 * The cross runs (targets.sh, cross_pin_if_reordering) ask this
 * program first, and where the emulator breaks the rule they run the
 * target's programs on one host CPU, where no store waits in a buffer
 * that another thread's load passes.
 *
 * usage: emulator_sb [ROUNDS]; prints what it saw, exits 0 when no round
 * read both zeros, 3 when some did.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"

#define MAX_ROUNDS 1000000u

static uint32_t stored[2][MAX_ROUNDS];	/* each thread's word, per round */
static uint32_t seen[2][MAX_ROUNDS];	/* what each read of the other's */
static uint32_t reached[2];		/* the round each thread is in */
static uint32_t rounds;

static void sb_thread(void *arg, unsigned int me)
{
	unsigned int other = 1 - me;

	(void)arg;
	for (uint32_t i = 0; i < rounds; i++) {
		/* Meet the other thread at round i, so the rounds overlap. */
		__atomic_store_n(&reached[me], i + 1, __ATOMIC_RELEASE);
		while (__atomic_load_n(&reached[other], __ATOMIC_ACQUIRE) < i + 1)
			;
		__atomic_store_n(&stored[me][i], 1, __ATOMIC_SEQ_CST);
		seen[me][i] = __atomic_load_n(&stored[other][i], __ATOMIC_SEQ_CST);
	}
}

int main(int argc, char **argv)
{
	uint32_t both_zero = 0;
	int asked = argc > 1 ? atoi(argv[1]) : 200000;

	if (asked <= 0 || (uint32_t)asked > MAX_ROUNDS) {
		fprintf(stderr, "usage: %s [ROUNDS], 1 to %u\n", argv[0], MAX_ROUNDS);
		return 2;
	}
	rounds = (uint32_t)asked;
	run_threads(2, sb_thread, NULL);
	for (uint32_t i = 0; i < rounds; i++)
		both_zero += seen[0][i] == 0 && seen[1][i] == 0;
	printf("SEQ_CST store then SEQ_CST load, 2 threads: both loads read 0 in "
	       "%u of %u rounds%s\n", both_zero, rounds,
	       both_zero ? " (forbidden: the emulator reorders them)" : "");
	return both_zero ? 3 : 0;
}
