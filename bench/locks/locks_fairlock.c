/* SPDX-License-Identifier: MIT */
/* lockbench adapters: fairlock's own locks. */
#include <fairlock/mutex.h>
#include <fairlock/qrwlock.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>


#include "adapter.h"

/* The bounded queue as deep as there are CPUs to run its members. */
static void park_bounded_init(fl_ticket_park_t *lock)
{
	fl_ticket_park_init_cpus(lock);
}

/* Every row of fairlock's lock table (lock_table.def): adp_<MEMBER>. */
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO)            \
	LB_SIMPLE_LOCK(adp_##MEMBER, BENCH_NAME, "fairlock", FIFO, TYPE,      \
		       PREFIX##_init, PREFIX##_lock, PREFIX##_unlock);
#include "lock_table.def"
#undef FL_LOCK

/* Variants the table does not list. */
LB_SIMPLE_RWLOCK(adp_qrw, "fairlock-qrw", "fairlock", fl_qrwlock_t,
		 fl_qrw_init, fl_qrw_write_lock, fl_qrw_write_unlock,
		 fl_qrw_read_lock, fl_qrw_read_unlock);
LB_SIMPLE_LOCK(adp_ticket_park_bounded, "fairlock-ticket-park-bounded", "fairlock",
	       false, fl_ticket_park_t, park_bounded_init, fl_ticket_park_lock,
	       fl_ticket_park_unlock);
/* The same mutex with a tenth of the default bound: what fairness costs. */
static void mutex_100us_init(fl_mutex_t *m)
{
	fl_mutex_init_max_wait(m, 100);
}

LB_SIMPLE_LOCK(adp_mutex_100us, "fairlock-mutex-100us", "fairlock", false,
	       fl_mutex_t, mutex_100us_init, fl_mutex_lock, fl_mutex_unlock);
