/* SPDX-License-Identifier: MIT */
/*
 * The pool of thread indices, as a bitmap: take the lowest free index,
 * give one back.  Its state is static: only thread_index.c's unit includes
 * it, directly and through the platform's side that keeps a thread's
 * index (thread_index_linux.h takes and gives back through it), so both
 * see one pool and neither reaches into the other.
 */
#ifndef FAIRLOCK_THREAD_INDEX_POOL_H
#define FAIRLOCK_THREAD_INDEX_POOL_H

#include "thread_index.h"

/*
 * Native words, so that 32-bit machines without 64-bit atomics (MIPS32,
 * PowerPC32) need no libatomic.
 */
#define WORD_BITS (8u * (unsigned int)sizeof(unsigned long))
#define MAP_WORDS ((FL_QSPIN_THREAD_POOL + WORD_BITS - 1) / WORD_BITS)
#define BIT(i) (1ul << ((unsigned int)(i) % WORD_BITS))

/* Bit i set: index i belongs to a live thread. */
static unsigned long index_map[MAP_WORDS];
/*
 * The pool is in both builds, so that GenMC checks how an index passes
 * from an exiting thread to the next (tests/fairlock/wmm/thread_index_reuse.c);
 * only that harness calls it in the model build, whose thread index is the
 * harness's (hence `unused`, which changes no code).
 */
#define POOL_FN __attribute__((unused)) static

POOL_FN void release_index(int index)
{
	/*
	 * RELEASE: this thread's last use of its queue nodes happens before
	 * the next owner of the index, which takes it with an ACQUIRE RMW,
	 * reuses them.
	 */
	__atomic_fetch_and(&index_map[(unsigned)index / WORD_BITS], ~BIT(index),
			   __ATOMIC_RELEASE);
}

POOL_FN int take_free_index(void)
{
	for (unsigned int w = 0; w < MAP_WORDS; w++) {
		unsigned long used = __atomic_load_n(&index_map[w],
						     __ATOMIC_RELAXED);

		while (~used != 0) {
			unsigned int bit = (unsigned int)__builtin_ctzl(~used);
			unsigned int index = w * WORD_BITS + bit;
			unsigned long mask = BIT(bit);

			if (index >= FL_QSPIN_THREAD_POOL)
				break;
			/* ACQUIRE: pairs with release_index(). */
			used = __atomic_fetch_or(&index_map[w], mask,
						 __ATOMIC_ACQUIRE);
			if (!(used & mask))
				return (int)index;
		}
	}
	return -1;
}

#endif /* FAIRLOCK_THREAD_INDEX_POOL_H */
