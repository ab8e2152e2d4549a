/* SPDX-License-Identifier: MIT */
/* With FL_DEBUG, unlocking a lock that is not held stops with a message. */
#ifndef FL_DEBUG
#error "build this test with -DFL_DEBUG"
#endif
#include <fairlock/qrwlock.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

#include "harness.h"

static void ticket_unlock_unheld(void *arg)
{
	(void)arg;
	fl_ticket_t lock = FL_TICKET_INIT;

	fl_ticket_unlock(&lock);
}

static void qspin_unlock_unheld(void *arg)
{
	(void)arg;
	fl_qspinlock_t lock = FL_QSPINLOCK_INIT;

	fl_qspin_unlock(&lock);
}

static void read_unlock_unheld(void *arg)
{
	(void)arg;
	fl_qrwlock_t lock = FL_QRWLOCK_INIT;

	fl_qrw_read_unlock(&lock);
}

static void write_unlock_read_held(void *arg)
{
	(void)arg;
	fl_qrwlock_t lock = FL_QRWLOCK_INIT;

	fl_qrw_read_lock(&lock);
	fl_qrw_write_unlock(&lock);
}

static void park_unlock_unheld(void *arg)
{
	(void)arg;
	fl_ticket_park_t lock = FL_TICKET_PARK_INIT;

	fl_ticket_park_unlock(&lock);
}

static void ticket_unlock_twice(void *arg)
{
	(void)arg;
	fl_ticket_t lock = FL_TICKET_INIT;

	fl_ticket_lock(&lock);
	fl_ticket_unlock(&lock);
	fl_ticket_unlock(&lock);
}

/* Correct use must not trip the checks. */
static void correct_use(void)
{
	fl_ticket_t t = FL_TICKET_INIT;
	fl_qspinlock_t q = FL_QSPINLOCK_INIT;
	fl_qrwlock_t rw = FL_QRWLOCK_INIT;

	for (int i = 0; i < 3; i++) {
		fl_ticket_lock(&t);
		fl_ticket_unlock(&t);
		fl_qspin_lock(&q);
		fl_qspin_unlock(&q);
		fl_qrw_read_lock(&rw);
		fl_qrw_read_unlock(&rw);
		fl_qrw_write_lock(&rw);
		fl_qrw_write_unlock(&rw);
	}
}

int main(void)
{
	correct_use();
	expect_abort(ticket_unlock_unheld, NULL,
		     "fl_ticket_unlock(0x");
	expect_abort(ticket_unlock_unheld, NULL, "lock is not held");
	expect_abort(ticket_unlock_twice, NULL, "lock is not held");
	expect_abort(park_unlock_unheld, NULL, "fl_ticket_park_unlock(0x");
	expect_abort(qspin_unlock_unheld, NULL,
		     "fl_qspin_unlock(0x");
	expect_abort(read_unlock_unheld, NULL, "no reader holds the lock");
	expect_abort(write_unlock_read_held, NULL, "no writer holds the lock");
	printf("test_debug: ok\n");
	return 0;
}
