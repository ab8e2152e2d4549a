/* SPDX-License-Identifier: MIT */
/*
 * qspinlock slow path: the pending bit, then an MCS queue of per-thread
 * nodes.  The lock word is written "tail, pending, locked" in the comments
 * below, as in the kernel: 0,1,1 means no queue, pending set, held.
 */
#include <stddef.h>

#include <fairlock/qspinlock.h>

#include "qspinlock_arch.h"
#include "thread_index.h"

/*
 * How often a waiter that sees only the pending bit (0,1,0: a hand-over in
 * progress) re-reads the word before queueing anyway.  Bounded so that a
 * pending owner that is slow to claim cannot hold us here forever.  The
 * kernel's generic value is 1; an architecture may raise it
 * (qspinlock_arch.h).
 */
#ifndef FL_Q_PENDING_LOOPS
#define FL_Q_PENDING_LOOPS 1
#endif

struct fl_qnode {
	struct fl_qnode *next; /* successor in the queue, set by it */
	uint32_t locked;       /* 1: we are the queue head, set by predecessor */
	uint32_t count;        /* node[0] only: nodes of this thread in use */
};

/* A thread's nodes share one cache line, as the kernel's per-CPU nodes do. */
struct fl_qnode_set {
	struct fl_qnode node[FL_QSPIN_NODES_PER_THREAD];
} FL_CACHE_ALIGNED;

static struct fl_qnode_set qnodes[FL_QSPIN_THREAD_POOL];

static uint32_t encode_tail(int thread, unsigned int idx)
{
	return ((uint32_t)(thread + 1) << FL_Q_TAIL_THREAD_OFFSET) |
	       ((uint32_t)idx << FL_Q_TAIL_IDX_OFFSET);
}

static struct fl_qnode *decode_tail(uint32_t tail)
{
	unsigned int thread = (tail >> FL_Q_TAIL_THREAD_OFFSET) - 1;
	unsigned int idx = (tail & FL_Q_TAIL_IDX_MASK) >> FL_Q_TAIL_IDX_OFFSET;

	return &qnodes[thread].node[idx];
}

/*
 * The word updates of the slow path, in the two forms of the kernel.  All
 * are RELAXED unless stated: the ordering the lock needs comes from the
 * acquire loads and the release stores around them.
 */
#if FL_QSPIN_SUBWORD_RMW

/* *,1,* -> *,0,* */
static void clear_pending(fl_qspinlock_t *lock)
{
	__atomic_store_n(&lock->byte[FL_Q_PENDING_BYTE], 0, __ATOMIC_RELAXED);
}

/* *,1,0 -> *,0,1: one 16-bit store; no lock stealing can intervene */
static void clear_pending_set_locked(fl_qspinlock_t *lock)
{
	__atomic_store_n(&lock->half[FL_Q_LOCKED_PENDING_HALF],
			 (uint16_t)FL_Q_LOCKED_VAL, __ATOMIC_RELAXED);
}

/* p,*,* -> n,*,*: returns the old tail bits only */
static uint32_t xchg_tail(fl_qspinlock_t *lock, uint32_t tail)
{
	/*
	 * ACQ_REL.  RELEASE: our node's initialisation is visible to the
	 * successor that finds it through the tail; the kernel's smp_wmb()
	 * before a relaxed xchg (the 2018 node-initialisation fix).
	 * ACQUIRE: the previous tail's initialisation of its node (next =
	 * NULL) happens before our store to prev->next and cannot overwrite
	 * it; the kernel gets this from the address dependency through
	 * decode_tail(), which C does not let us rely on.
	 */
	uint16_t old = __atomic_exchange_n(&lock->half[FL_Q_TAIL_HALF],
					   (uint16_t)(tail >> 16),
					   __ATOMIC_ACQ_REL);

	return (uint32_t)old << 16;
}

#else /* word-sized RMW only */

static void clear_pending(fl_qspinlock_t *lock)
{
	__atomic_fetch_and(&lock->val, ~FL_Q_PENDING_VAL, __ATOMIC_RELAXED);
}

static void clear_pending_set_locked(fl_qspinlock_t *lock)
{
	__atomic_fetch_add(&lock->val, FL_Q_LOCKED_VAL - FL_Q_PENDING_VAL,
			   __ATOMIC_RELAXED);
}

static uint32_t xchg_tail(fl_qspinlock_t *lock, uint32_t tail)
{
#if defined(FL_PLAIN_WAITS) && FL_PLAIN_WAITS
	/*
	 * FL_PLAIN_WAITS (the model checkers' build, arch.h): a fresh read
	 * before each attempt, the retry loop GenMC can bound; the failed
	 * compare-exchange below retries with the value it read, which is
	 * the same relaxed read.
	 */
	uint32_t old;

	do {
		old = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);
	} while (!__atomic_compare_exchange_n(
		&lock->val, &old, (old & FL_Q_LOCKED_PENDING_MASK) | tail,
		false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED));
#else
	uint32_t old = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);

	/* ACQ_REL on success, for the reasons given in the 16-bit form. */
	while (!__atomic_compare_exchange_n(
		&lock->val, &old, (old & FL_Q_LOCKED_PENDING_MASK) | tail,
		false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
		;
#endif
	return old & FL_Q_TAIL_MASK;
}

#endif /* FL_QSPIN_SUBWORD_RMW */

/* *,*,0 -> *,*,1 */
static void set_locked(fl_qspinlock_t *lock)
{
#if FL_WORD_ACCESS_ONLY
	/* FL_WORD_ACCESS_ONLY: the same store as one word RMW (arch.h). */
	__atomic_fetch_or(&lock->val, FL_Q_LOCKED_VAL, __ATOMIC_RELAXED);
#else
	__atomic_store_n(&lock->byte[FL_Q_LOCKED_BYTE], (uint8_t)FL_Q_LOCKED_VAL,
			 __ATOMIC_RELAXED);
#endif
}

/* 0,0,* -> 0,1,*: returns the old word, ACQUIRE like a lock attempt */
static uint32_t fetch_set_pending_acquire(fl_qspinlock_t *lock)
{
#ifdef fl_qspin_arch_fetch_set_pending_acquire
	return fl_qspin_arch_fetch_set_pending_acquire(lock);
#else
	return __atomic_fetch_or(&lock->val, FL_Q_PENDING_VAL,
				 __ATOMIC_ACQUIRE);
#endif
}

/* No node to queue with: take the lock by trylock alone (kernel: idx >= 4). */
static void lock_without_node(fl_qspinlock_t *lock)
{
	unsigned int polls = 0;

	while (!fl_qspin_trylock(lock))
		fl_spin_wait(&polls);
}

static void lock_queued(fl_qspinlock_t *lock, int self)
{
	struct fl_qnode *head = &qnodes[self].node[0];
	struct fl_qnode *node, *next = NULL;
	unsigned int polls = 0;
	unsigned int idx;
	uint32_t tail, old, val;

	/*
	 * Atomic, so that a signal handler interrupting us here takes the
	 * next node rather than ours; only this thread touches the count.
	 */
	idx = __atomic_fetch_add(&head->count, 1, __ATOMIC_RELAXED);
	if (FL_UNLIKELY(idx >= FL_QSPIN_NODES_PER_THREAD)) {
		lock_without_node(lock);
		goto release;
	}
	node = head + idx;
	/* The count must be taken before the node is written (signals). */
	__atomic_signal_fence(__ATOMIC_SEQ_CST);

	__atomic_store_n(&node->locked, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&node->next, NULL, __ATOMIC_RELAXED);

	/* The node's cache line was cold; the lock may have come free. */
	if (fl_qspin_trylock(lock))
		goto release;

	tail = encode_tail(self, idx);
	old = xchg_tail(lock, tail);

	if (old & FL_Q_TAIL_MASK) {
		struct fl_qnode *prev = decode_tail(old);

		/*
		 * RELEASE: pairs with the ACQUIRE read of prev->next by the
		 * predecessor, who then writes our ->locked; our node's
		 * initialisation happens before that write.
		 */
		__atomic_store_n(&prev->next, node, __ATOMIC_RELEASE);

		/*
		 * ACQUIRE: pairs with the predecessor's RELEASE of our
		 * ->locked; the MCS hand-over makes us the queue head.
		 */
		while (!__atomic_load_n(&node->locked, __ATOMIC_ACQUIRE))
			fl_spin_wait(&polls);

		/*
		 * A successor may have linked in meanwhile; note it now.
		 * ACQUIRE, as in the wait for the link below: the successor's
		 * node initialisation happens before our store to its
		 * ->locked.  (No harness reaches this read with a successor:
		 * three queued threads take GenMC too long; the same mutant
		 * of the wait below is caught.)
		 */
		next = __atomic_load_n(&node->next, __ATOMIC_ACQUIRE);
	}

	/*
	 * Queue head: wait for the owner and the pending waiter to go,
	 * *,x,y -> *,0,0.  ACQUIRE: pairs with the unlock's RELEASE of the
	 * locked byte (set_locked() below is no barrier).
	 */
	while ((val = __atomic_load_n(&lock->val, __ATOMIC_ACQUIRE)) &
	       FL_Q_LOCKED_PENDING_MASK)
		fl_spin_wait(&polls);

	/*
	 * Claim the lock.  n,0,0 -> 0,0,1 when we are the only one queued:
	 * clear the tail too (RELAXED: the acquire load above ordered us).
	 * A concurrent pending or queueing thread makes this fail, and it
	 * will then find a tail and queue behind us.
	 */
	if ((val & FL_Q_TAIL_MASK) == tail &&
	    __atomic_compare_exchange_n(&lock->val, &val, FL_Q_LOCKED_VAL,
					false, __ATOMIC_RELAXED,
					__ATOMIC_RELAXED))
		goto release;

	/* *,*,0 -> *,*,1: others are queued behind us. */
	set_locked(lock);

	/* Wait for our successor to link itself, then make it queue head. */
	if (!next)
		while (!(next = __atomic_load_n(&node->next, __ATOMIC_ACQUIRE)))
			fl_spin_wait(&polls);
	/* RELEASE: pairs with the successor's ACQUIRE spin on ->locked. */
	__atomic_store_n(&next->locked, 1, __ATOMIC_RELEASE);

release:
	__atomic_fetch_sub(&head->count, 1, __ATOMIC_RELAXED);
}

/*
 * The slow path, as states of the word (tail, pending, locked); the fast
 * path took 0,0,0 -> 0,0,1 and came here on any other value.
 *
 *   0,0,1 held, nobody waits          *,*,* anything else: queue
 *   (or 0,0,0: free again)
 *     | fetch_set_pending_acquire()      |
 *     v                                  v
 *   0,1,1 we are pending: spin until   n,*,* append our node (xchg_tail),
 *     |   the holder unlocks             |   wait to be queue head
 *     v                                  v
 *   0,1,0 clear_pending_set_locked()   n,*,* head: wait for *,0,0
 *     |                                  |
 *     v                                  v
 *   0,0,1 ours                         0,0,1 ours if we were the last in
 *                                      the queue (tail cleared), else
 *                                      n,0,1 and the next node becomes head
 *
 * 0,1,0 seen on arrival is a hand-over in progress: wait for it up to
 * FL_Q_PENDING_LOOPS reads.  Pending set by someone else, or a tail,
 * means queue.  If the pending fetch finds a tail or another pending
 * waiter after all, we clear the pending bit if it was we who set it,
 * and queue.
 */
void fl__qspin_lock_slowpath(fl_qspinlock_t *lock, uint32_t val)
{
	unsigned int polls = 0;
	int self;

	/*
	 * 0,1,0 -> 0,0,1 is in progress: give the pending waiter a bounded
	 * number of reads to finish it, so we see a plain locked word.
	 */
	if (val == FL_Q_PENDING_VAL) {
		for (int cnt = FL_Q_PENDING_LOOPS; cnt >= 0; cnt--) {
			val = __atomic_load_n(&lock->val, __ATOMIC_RELAXED);
			if (val != FL_Q_PENDING_VAL)
				break;
			fl_cpu_relax();
		}
	}

	/* Anyone pending or queued: queue behind them. */
	if (val & ~FL_Q_LOCKED_MASK)
		goto queue;

	/* Trylock or become the pending waiter: 0,0,* -> 0,1,* */
	val = fetch_set_pending_acquire(lock);

	if (FL_UNLIKELY(val & ~FL_Q_LOCKED_MASK)) {
		/*
		 * Someone got there first.  Undo our pending bit if we set
		 * it (a queue head may be waiting for it to clear) and queue.
		 */
		if (!(val & FL_Q_PENDING_MASK))
			clear_pending(lock);
		goto queue;
	}

	/*
	 * We are pending: wait for the owner to go, 0,1,1 -> 0,1,0.
	 * ACQUIRE: pairs with the unlock's RELEASE; clear_pending_set_locked()
	 * is no barrier.
	 */
	if (val & FL_Q_LOCKED_MASK)
		while (__atomic_load_n(&lock->val, __ATOMIC_ACQUIRE) &
		       FL_Q_LOCKED_MASK)
			fl_spin_wait(&polls);

	/* 0,1,0 -> 0,0,1 */
	clear_pending_set_locked(lock);
	return;

queue:
	self = fl__thread_index();
	if (FL_UNLIKELY(self < 0))
		lock_without_node(lock);
	else
		lock_queued(lock, self);
}
