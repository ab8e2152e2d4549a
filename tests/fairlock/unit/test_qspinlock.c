/* SPDX-License-Identifier: MIT */
/* qspinlock: the kernel's word layout through pending, queueing, hand-over. */
#include <string.h>

#include <fairlock/qspinlock.h>

#include "harness.h"

static void word_values(void)
{
	fl_qspinlock_t lock = FL_QSPINLOCK_INIT;
	unsigned char bytes[4];

	CHECK_EQ(sizeof(fl_qspinlock_t), 4);
	CHECK(!fl_qspin_is_locked(&lock));
	fl_qspin_lock(&lock);
	CHECK_EQ(lock.val, FL_Q_LOCKED_VAL);
	memcpy(bytes, &lock, 4);
	CHECK_EQ(bytes[FL_Q_LOCKED_BYTE], 1);
	CHECK(fl_qspin_is_locked(&lock));
	CHECK(!fl_qspin_is_contended(&lock));
	CHECK(!fl_qspin_trylock(&lock));
	CHECK_EQ(lock.val, FL_Q_LOCKED_VAL);
	fl_qspin_unlock(&lock);
	CHECK_EQ(lock.val, 0);
	CHECK(fl_qspin_trylock(&lock));
	CHECK_EQ(lock.val, FL_Q_LOCKED_VAL);
	fl_qspin_unlock(&lock);
	CHECK(fl_qspin_value_unlocked(lock));
}

/* The byte and half-word fields sit where the word's bits say. */
static void field_positions(void)
{
	fl_qspinlock_t lock;

	lock.val = 0xabcd0100 | 0x01;
	CHECK_EQ(lock.byte[FL_Q_LOCKED_BYTE], 0x01);
	CHECK_EQ(lock.byte[FL_Q_PENDING_BYTE], 0x01);
	CHECK_EQ(lock.half[FL_Q_LOCKED_PENDING_HALF], 0x0101);
	CHECK_EQ(lock.half[FL_Q_TAIL_HALF], 0xabcd);
}

struct waiter {
	fl_qspinlock_t *lock;
	int index;
	int acquired;
	int *order;
	int *next_slot;
	int id;
};

static void waiter_main(void *arg)
{
	struct waiter *w = arg;

	/* Atomic: read by the main thread while this one waits. */
	__atomic_store_n(&w->index, fl_qspin_thread_register(),
			 __ATOMIC_RELEASE);
	fl_qspin_lock(w->lock);
	w->order[__atomic_fetch_add(w->next_slot, 1, __ATOMIC_RELAXED)] = w->id;
	__atomic_store_n(&w->acquired, 1, __ATOMIC_RELEASE);
	fl_qspin_unlock(w->lock);
}

/*
 * Held; the first waiter takes the pending bit (0,1,1); the second queues
 * (tail = its index + 1, node 0); the third queues behind it.  Released,
 * they get the lock in that order and the word ends empty.
 */
static void pending_then_queue(void)
{
	fl_qspinlock_t lock = FL_QSPINLOCK_INIT;
	struct waiter w[3];
	int order[3] = { -1, -1, -1 }, slot = 0;
	void *t[3];
	uint32_t v;

	fl_qspin_lock(&lock);
	for (int i = 0; i < 3; i++)
		w[i] = (struct waiter){ &lock, -1, 0, order, &slot, i };

	t[0] = start_thread(waiter_main, &w[0]);
	v = wait_word_change(&lock.val, FL_Q_LOCKED_VAL, 120);
	CHECK_EQ(v, FL_Q_PENDING_VAL | FL_Q_LOCKED_VAL);
	CHECK(fl_qspin_is_contended(&lock));

	t[1] = start_thread(waiter_main, &w[1]);
	v = wait_word_change(&lock.val, v, 120);
	CHECK(__atomic_load_n(&w[1].index, __ATOMIC_ACQUIRE) >= 0);
	CHECK_EQ(v, ((uint32_t)(w[1].index + 1) << FL_Q_TAIL_THREAD_OFFSET) |
			    FL_Q_PENDING_VAL | FL_Q_LOCKED_VAL);

	t[2] = start_thread(waiter_main, &w[2]);
	v = wait_word_change(&lock.val, v, 120);
	CHECK(__atomic_load_n(&w[2].index, __ATOMIC_ACQUIRE) >= 0);
	CHECK(w[2].index != w[1].index);
	CHECK_EQ(v, ((uint32_t)(w[2].index + 1) << FL_Q_TAIL_THREAD_OFFSET) |
			    FL_Q_PENDING_VAL | FL_Q_LOCKED_VAL);

	fl_qspin_unlock(&lock);
	for (int i = 0; i < 3; i++)
		join_thread(t[i]);
	CHECK(order[0] == 0 && order[1] == 1 && order[2] == 2);
	CHECK_EQ(lock.val, 0);
}

static void record_index(void *arg)
{
	*(int *)arg = fl_qspin_thread_register();
}

/* An exited thread's index goes to the next thread that needs one. */
static void index_reuse(void)
{
	int a = -1, b = -1;

	join_thread(start_thread(record_index, &a));
	join_thread(start_thread(record_index, &b));
	CHECK(a >= 0);
	CHECK_EQ(a, b);
	CHECK_EQ(fl_qspin_max_threads(), 16383);
	CHECK_EQ(FL_QSPIN_MAX_THREADS, 16383);
}

int main(void)
{
	word_values();
	field_positions();
	pending_then_queue();
	index_reuse();
	printf("test_qspinlock: ok (sub-word RMW: %s)\n",
	       FL_QSPIN_SUBWORD_RMW ? "yes" : "no, word-sized");
	return 0;
}
