/* SPDX-License-Identifier: MIT */
/*
 * qrwlock trylocks: one writer and two readers each try once, and run
 * their section if they got the lock.  A reader never sees half of the
 * writer's update (x and y are plain and written together), and a section
 * of either kind never overlaps a writer's (a race on plain data).  The
 * writer's first attempt may fail against a reader; a second writer
 * attempt after the readers checks that a failed read_trylock() leaves
 * nothing behind.  Without a race rule (IMM): the writer's section and
 * each reader's write a flag of their own and read the other's, and where
 * both got the lock exactly one sees the other (qrw_fair.c says why).
 */
#include "wmm.h"

#include <fairlock/qrwlock.h>

#include "qrwlock.c"
#include "ticket.c"

static fl_qrwlock_t lock = FL_QRWLOCK_INIT;
static unsigned int x, y; /* plain: written together by the writer */
/* plain: in the writer's section, and in reader r's (threads 1 and 2) */
static unsigned int writer_in, reader_in[2], writer_saw[2], reader_saw[2];

static void thread(int self)
{
	if (self == 0) {
		if (!fl_qrw_write_trylock(&lock))
			return;
		x++;
		y++;
		writer_saw[0] = reader_in[0];
		writer_saw[1] = reader_in[1];
		writer_in = 1;
		fl_qrw_write_unlock(&lock);
	} else {
		if (!fl_qrw_read_trylock(&lock))
			return;
		assert(x == y);
		reader_saw[self - 1] = writer_in;
		reader_in[self - 1] = 1;
		fl_qrw_read_unlock(&lock);
	}
}

int main(void)
{
	wmm_run(3, thread);
	assert(lock.u.cnts == 0);
	for (int r = 0; r < 2; r++)
		if (writer_in && reader_in[r])
			assert(writer_saw[r] + reader_saw[r] == 1);
	assert(fl_qrw_write_trylock(&lock));
	x++;
	fl_qrw_write_unlock(&lock);
	return 0;
}
