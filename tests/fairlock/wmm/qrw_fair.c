/* SPDX-License-Identifier: MIT */
/*
 * qrwlock, one writer and WMM_READERS readers (default 2):
 *  - a reader never sees half of the writer's update (x and y are plain
 *    and written together; a reader overlapping the writer is a race);
 *  - a reader that saw the writer waiting (the WAITING bit) before asking
 *    for the lock gets in only after the writer's section: the writer is
 *    not overtaken by readers that arrive after it announced itself.
 * A second writer (WMM_WRITERS 2) adds writer-writer exclusion.
 *  - order without a race rule (IMM has none, so a plain overlap is no
 *    error there): the first writer's section and each reader's write a
 *    flag of their own and read the other's; of two sections the lock
 *    orders, exactly one sees the other.  Both seeing each other is an
 *    overlap or a missing release, neither is a missing acquire.
 */
#include "wmm.h"

#include <fairlock/qrwlock.h>

#include "qrwlock.c"
#include "ticket.c"

#ifndef WMM_READERS
#define WMM_READERS 2
#endif
#ifndef WMM_WRITERS
#define WMM_WRITERS 1
#endif

static fl_qrwlock_t lock = FL_QRWLOCK_INIT;
static unsigned int x, y;  /* plain: written together by writers */
static unsigned int writes; /* plain: sections completed by writers */
/* plain: in the first writer's section, and in reader r's */
static unsigned int writer_in, reader_in[WMM_READERS];
static unsigned int writer_saw[WMM_READERS], reader_saw[WMM_READERS];

static void thread(int self)
{
	if (self < WMM_WRITERS) {
		fl_qrw_write_lock(&lock);
		x++;
		y++;
		writes++;
		if (self == 0) {
			for (int r = 0; r < WMM_READERS; r++)
				writer_saw[r] = reader_in[r];
			writer_in = 1;
		}
		fl_qrw_write_unlock(&lock);
	} else {
		/* RELAXED: only whether a writer announced itself. */
		uint32_t seen = __atomic_load_n(&lock.u.cnts, __ATOMIC_RELAXED);
		unsigned int a, b;

		fl_qrw_read_lock(&lock);
		a = x;
		b = y;
		assert(a == b);
		reader_saw[self - WMM_WRITERS] = writer_in;
		reader_in[self - WMM_WRITERS] = 1;
		/* One writer: it announced itself, so it has been in first. */
		if (WMM_WRITERS == 1 && (seen & FL_QW_WAITING))
			assert(writes == 1);
		fl_qrw_read_unlock(&lock);
	}
}

int main(void)
{
	wmm_run(WMM_WRITERS + WMM_READERS, thread);
	assert(x == WMM_WRITERS && y == WMM_WRITERS);
	for (int r = 0; r < WMM_READERS; r++)
		assert(writer_saw[r] + reader_saw[r] == 1);
	assert(lock.u.cnts == 0);
	return 0;
}
