/* SPDX-License-Identifier: MIT */
/*
 * qrwlock trylocks: one writer and two readers each try once, and run
 * their section if they got the lock.  A reader never sees half of the
 * writer's update (x and y are plain and written together), and a section
 * of either kind never overlaps a writer's (a race on plain data).  The
 * writer's first attempt may fail against a reader; a second writer
 * attempt after the readers checks that a failed read_trylock() leaves
 * nothing behind.
 */
#include "wmm.h"

#include <fairlock/qrwlock.h>

#include "qrwlock.c"
#include "ticket.c"

static fl_qrwlock_t lock = FL_QRWLOCK_INIT;
static unsigned int x, y; /* plain: written together by the writer */

static void thread(int self)
{
	if (self == 0) {
		if (!fl_qrw_write_trylock(&lock))
			return;
		x++;
		y++;
		fl_qrw_write_unlock(&lock);
	} else {
		if (!fl_qrw_read_trylock(&lock))
			return;
		assert(x == y);
		fl_qrw_read_unlock(&lock);
	}
}

int main(void)
{
	wmm_run(3, thread);
	assert(lock.u.cnts == 0);
	assert(fl_qrw_write_trylock(&lock));
	x++;
	fl_qrw_write_unlock(&lock);
	return 0;
}
