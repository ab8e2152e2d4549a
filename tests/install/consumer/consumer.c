/* A user's program: takes and releases each fairlock lock. */
#include <fairlock/qrwlock.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>
#include <stdio.h>

int main(void)
{
	fl_ticket_t t = FL_TICKET_INIT;
	fl_qspinlock_t q = FL_QSPINLOCK_INIT;
	fl_qrwlock_t rw = FL_QRWLOCK_INIT;
	fl_ticket_park_t p = FL_TICKET_PARK_INIT;

	fl_ticket_lock(&t);
	fl_ticket_unlock(&t);
	fl_qspin_lock(&q);
	fl_qspin_unlock(&q);
	fl_qrw_read_lock(&rw);
	fl_qrw_read_unlock(&rw);
	fl_qrw_write_lock(&rw);
	fl_qrw_write_unlock(&rw);
	fl_ticket_park_lock(&p);
	fl_ticket_park_unlock(&p);
	if (t.val != 0x00010001 || q.val != 0 || rw.u.cnts != 0 ||
	    fl_ticket_park_is_locked(&p)) {
		fprintf(stderr, "consumer: unexpected lock words\n");
		return 1;
	}
	printf("consumer: took and released ticket, qspinlock, qrwlock, parking lock (max %u queued threads)\n",
	       fl_qspin_max_threads());
	return 0;
}
