/* SPDX-License-Identifier: MIT */
/* qrwlock: the count word through every state of seed 004's lock. */
#include <fairlock/qrwlock.h>

#include "harness.h"

static void word_values(void)
{
	fl_qrwlock_t lock = FL_QRWLOCK_INIT;

	CHECK_EQ(sizeof(fl_qrwlock_t), 8);
	CHECK(!fl_qrw_is_locked(&lock));

	fl_qrw_read_lock(&lock);
	CHECK_EQ(lock.u.cnts, FL_QR_BIAS);
	CHECK(fl_qrw_read_trylock(&lock)); /* readers share */
	CHECK_EQ(lock.u.cnts, 2 * FL_QR_BIAS);
	CHECK(!fl_qrw_write_trylock(&lock));
	CHECK_EQ(lock.u.cnts, 2 * FL_QR_BIAS);
	fl_qrw_read_unlock(&lock);
	fl_qrw_read_unlock(&lock);
	CHECK_EQ(lock.u.cnts, 0);

	fl_qrw_write_lock(&lock);
	CHECK_EQ(lock.u.cnts, FL_QW_LOCKED);
	CHECK(fl_qrw_is_locked(&lock));
	CHECK(!fl_qrw_read_trylock(&lock)); /* and undoes its count */
	CHECK_EQ(lock.u.cnts, FL_QW_LOCKED);
	CHECK(!fl_qrw_write_trylock(&lock));
	fl_qrw_write_unlock(&lock);
	CHECK_EQ(lock.u.cnts, 0);
	CHECK(fl_qrw_write_trylock(&lock));
	fl_qrw_write_unlock(&lock);
	CHECK_EQ(lock.u.cnts, 0);
	CHECK_EQ(lock.wait_lock.val, 0); /* no one ever had to queue */
}

struct actor {
	fl_qrwlock_t *lock;
	int *order;
	int *slot;
	int id;
	int write;
};

static void actor_main(void *arg)
{
	struct actor *a = arg;

	if (a->write)
		fl_qrw_write_lock(a->lock);
	else
		fl_qrw_read_lock(a->lock);
	a->order[__atomic_fetch_add(a->slot, 1, __ATOMIC_RELAXED)] = a->id;
	if (a->write)
		fl_qrw_write_unlock(a->lock);
	else
		fl_qrw_read_unlock(a->lock);
}

/*
 * A reader holds.  A writer arrives: it takes the wait lock and sets
 * WAITING.  A reader arriving after it must not get in: it queues on the
 * wait lock.  When the first reader leaves, the writer goes, then the reader.
 */
static void writer_waits_and_blocks_new_readers(void)
{
	fl_qrwlock_t lock = FL_QRWLOCK_INIT;
	int order[2], slot = 0;
	struct actor writer = { &lock, order, &slot, 1, 1 };
	struct actor reader = { &lock, order, &slot, 2, 0 };
	void *tw, *tr;

	fl_qrw_read_lock(&lock);
	tw = start_thread(actor_main, &writer);
	CHECK_EQ(wait_word_change(&lock.u.cnts, FL_QR_BIAS, 120),
		 FL_QR_BIAS | FL_QW_WAITING);
	CHECK(fl_qrw_is_contended(&lock));
	CHECK(!fl_qrw_read_trylock(&lock));
	CHECK_EQ(peek(lock.u.cnts), FL_QR_BIAS | FL_QW_WAITING);

	tr = start_thread(actor_main, &reader);
	/* the reader queues: the wait lock hands out its second ticket */
	CHECK_EQ(wait_word_change(&lock.wait_lock.val, 0x00010000, 120),
		 0x00020000);

	fl_qrw_read_unlock(&lock);
	join_thread(tw);
	join_thread(tr);
	CHECK(order[0] == 1 && order[1] == 2);
	CHECK_EQ(lock.u.cnts, 0);
	CHECK(!fl_qrw_is_contended(&lock));
}

int main(void)
{
	word_values();
	writer_waits_and_blocks_new_readers();
	printf("test_qrwlock: ok\n");
	return 0;
}
