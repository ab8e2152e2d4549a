/* SPDX-License-Identifier: MIT */
/* Ticket lock: the exact lock-word values of seed 002, step by step; the
 * parking ticket lock keeps the same word. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

#include "harness.h"

static void word_values(void)
{
	fl_ticket_t lock = FL_TICKET_INIT;

	CHECK_EQ(sizeof(fl_ticket_t), 4);
	CHECK_EQ(lock.val, 0);
	CHECK(!fl_ticket_is_locked(&lock));
	CHECK(fl_ticket_value_unlocked(lock));

	fl_ticket_lock(&lock);
	CHECK_EQ(lock.val, 0x00010000);
	CHECK(fl_ticket_is_locked(&lock));
	CHECK(!fl_ticket_is_contended(&lock));
	CHECK(!fl_ticket_value_unlocked(lock));

	fl_ticket_unlock(&lock);
	CHECK_EQ(lock.val, 0x00010001);
	CHECK(!fl_ticket_is_locked(&lock));

	CHECK(fl_ticket_trylock(&lock));
	CHECK_EQ(lock.val, 0x00020001);
	CHECK(!fl_ticket_trylock(&lock));
	CHECK_EQ(lock.val, 0x00020001); /* a failed trylock takes no ticket */
	fl_ticket_unlock(&lock);
	CHECK_EQ(lock.val, 0x00020002);
}

/* The parking lock: the same word values, and no sleeper uncontended. */
static void park_word_values(void)
{
	fl_ticket_park_t lock = FL_TICKET_PARK_INIT;

	CHECK_EQ(lock.ticket.val, 0);
	CHECK(!fl_ticket_park_is_locked(&lock));
	fl_ticket_park_lock(&lock);
	CHECK_EQ(lock.ticket.val, 0x00010000);
	CHECK(fl_ticket_park_is_locked(&lock));
	CHECK(!fl_ticket_park_is_contended(&lock));
	CHECK(!fl_ticket_park_trylock(&lock));
	CHECK_EQ(lock.ticket.val, 0x00010000);
	fl_ticket_park_unlock(&lock);
	CHECK_EQ(lock.ticket.val, 0x00010001);
	CHECK_EQ(lock.sleepers, 0);
	CHECK(fl_ticket_park_trylock(&lock));
	CHECK_EQ(lock.ticket.val, 0x00020001);
	fl_ticket_park_unlock(&lock);
	CHECK_EQ(lock.ticket.val, 0x00020002);

	/* A bounded queue changes no word value while under its bound. */
	fl_ticket_park_init_bounded(&lock, 2);
	CHECK_EQ(lock.ticket.val, 0);
	CHECK_EQ(lock.max_queue, 2);
	fl_ticket_park_lock(&lock);
	CHECK_EQ(lock.ticket.val, 0x00010000);
	fl_ticket_park_unlock(&lock);
	CHECK_EQ(lock.ticket.val, 0x00010001);
	/* Release 0.1's gate returns at once while there is room. */
	fl__ticket_park_gate(&lock);
	CHECK_EQ(lock.ticket.val, 0x00010001);
}

/* The owner is the low 16 bits of the word, whatever the byte order. */
static void owner_half_is_low_bits(void)
{
	fl_ticket_t lock;
	unsigned char bytes[4];

	lock.val = 0x12345678;
	CHECK_EQ(lock.half[FL_TICKET_OWNER_HALF], 0x5678);
	memcpy(bytes, &lock, sizeof(bytes));
	if (FL_BIG_ENDIAN)
		CHECK(bytes[2] == 0x56 && bytes[3] == 0x78);
	else
		CHECK(bytes[0] == 0x78 && bytes[1] == 0x56);
}

/*
 * Both halves wrap on their own.  The unlock writes the owner half only: a
 * whole-word add would carry 0xffff + 1 into the next ticket.
 */
static void halves_wrap_independently(void)
{
	fl_ticket_t lock = { .val = 0xffffffff };

	CHECK(!fl_ticket_is_locked(&lock));
	fl_ticket_lock(&lock);
	CHECK_EQ(lock.val, 0x0000ffff);
	CHECK(fl_ticket_is_locked(&lock));
	fl_ticket_unlock(&lock);
	CHECK_EQ(lock.val, 0x00000000);
	CHECK(!fl_ticket_is_locked(&lock));
}

struct waiter {
	fl_ticket_t *lock;
	int acquired;
};

static void take_and_release(void *arg)
{
	struct waiter *w = arg;

	fl_ticket_lock(w->lock);
	__atomic_store_n(&w->acquired, 1, __ATOMIC_RELEASE);
	fl_ticket_unlock(w->lock);
}

static void contended(void)
{
	fl_ticket_t lock = FL_TICKET_INIT;
	struct waiter w = { &lock, 0 };
	void *t;

	fl_ticket_lock(&lock);
	t = start_thread(take_and_release, &w);
	CHECK_EQ(wait_word_change(&lock.val, 0x00010000, 120), 0x00020000);
	CHECK(fl_ticket_is_contended(&lock));
	CHECK(!fl_ticket_trylock(&lock));
	CHECK_EQ(peek(lock.val), 0x00020000);
	CHECK(!__atomic_load_n(&w.acquired, __ATOMIC_ACQUIRE));
	fl_ticket_unlock(&lock);
	join_thread(t);
	CHECK(w.acquired);
	CHECK_EQ(lock.val, 0x00020002);
}

struct park_waiter {
	fl_ticket_park_t *lock;
	int acquired;
};

static void park_take_and_release(void *arg)
{
	struct park_waiter *w = arg;

	fl_ticket_park_lock(w->lock);
	__atomic_store_n(&w->acquired, 1, __ATOMIC_RELEASE);
	fl_ticket_park_unlock(w->lock);
}

/*
 * A queue bound of 1 keeps every waiter at the gate, without a ticket: the
 * lock still says it is contended once one sleeps there.
 */
static void park_gate_sleeper_is_contention(void)
{
	fl_ticket_park_t lock;
	struct park_waiter w = { &lock, 0 };
	double deadline = now_seconds() + 120;
	void *t;

	fl_ticket_park_init_bounded(&lock, 1);
	fl_ticket_park_lock(&lock);
	CHECK(!fl_ticket_park_is_contended(&lock));
	t = start_thread(park_take_and_release, &w);
	while (!fl_ticket_park_is_contended(&lock)) {
		if (now_seconds() > deadline) {
			fprintf(stderr, "no waiter at the gate after 120 s: word 0x%08x, "
				"sleepers 0x%08x\n", peek(lock.ticket.val), peek(lock.sleepers));
			exit(1);
		}
		sched_yield();
	}
	/* Only the holder's ticket is out: the queue alone says nothing. */
	CHECK_EQ(peek(lock.ticket.val), 0x00010000);
	CHECK(!fl_ticket_is_contended(&lock.ticket));
	CHECK(!__atomic_load_n(&w.acquired, __ATOMIC_ACQUIRE));
	fl_ticket_park_unlock(&lock);
	join_thread(t);
	CHECK(w.acquired);
	CHECK_EQ(lock.ticket.val, 0x00020002);
	CHECK(!fl_ticket_park_is_contended(&lock));
}

static void lock_with_too_many_tickets_out(void *arg)
{
	fl_ticket_t *lock = arg;

	fl_ticket_lock(lock);
}

/*
 * 32767 tickets outstanding: one more arrival stops the process, before the
 * ticket could wrap.  32766 outstanding: the arrival waits its turn.
 */
static void capacity(void)
{
	fl_ticket_t full = { .val = 32767u << 16 };
	fl_ticket_t nearly = { .val = 32766u << 16 };
	struct waiter w = { &nearly, 0 };
	void *t;

	expect_abort(lock_with_too_many_tickets_out, &full,
		     "fl_ticket_lock(");
	expect_abort(lock_with_too_many_tickets_out, &full,
		     "more than 32767 threads");

	t = start_thread(take_and_release, &w);
	CHECK_EQ(wait_word_change(&nearly.val, 32766u << 16, 120),
		 32767u << 16);
	for (unsigned int i = 0; i < 32765; i++)
		fl_ticket_unlock(&nearly);
	CHECK(!__atomic_load_n(&w.acquired, __ATOMIC_ACQUIRE));
	fl_ticket_unlock(&nearly); /* owner reaches the waiter's ticket */
	join_thread(t);
	CHECK(w.acquired);
	CHECK_EQ(nearly.val, (32767u << 16) | 32767u);
}

int main(void)
{
	word_values();
	park_word_values();
	owner_half_is_low_bits();
	halves_wrap_independently();
	contended();
	park_gate_sleeper_is_contention();
	capacity();
	printf("test_ticket: ok\n");
	return 0;
}
