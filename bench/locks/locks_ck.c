/* SPDX-License-Identifier: MIT */
/* lockbench adapters: Concurrency Kit (libck-dev). */
#include <ck_rwlock.h>
#include <ck_spinlock.h>

#include "adapter.h"

LB_SIMPLE_LOCK(ck_ticket, "ck-ticket", "ck", true, ck_spinlock_ticket_t,
	       ck_spinlock_ticket_init, ck_spinlock_ticket_lock,
	       ck_spinlock_ticket_unlock);
LB_SIMPLE_LOCK(ck_fas, "ck-fas", "ck", false, ck_spinlock_fas_t,
	       ck_spinlock_fas_init, ck_spinlock_fas_lock,
	       ck_spinlock_fas_unlock);
LB_SIMPLE_RWLOCK(ck_rw, "ck-rwlock", "ck", ck_rwlock_t, ck_rwlock_init,
		 ck_rwlock_write_lock, ck_rwlock_write_unlock,
		 ck_rwlock_read_lock, ck_rwlock_read_unlock);

/* MCS: the queue node lives on the locking thread's stack. */
struct ck_mcs_ctx {
	ck_spinlock_mcs_context_t node;
};

static inline void ck_mcs_init(ck_spinlock_mcs_t *l)
{
	ck_spinlock_mcs_init(l);
}

static inline void ck_mcs_ctx(ck_spinlock_mcs_t *l, struct ck_mcs_ctx *c,
			      unsigned int id)
{
	(void)l, (void)c, (void)id;
}

static inline void ck_mcs_lock(void *l, void *c)
{
	ck_spinlock_mcs_lock(l, &((struct ck_mcs_ctx *)c)->node);
}

static inline void ck_mcs_unlock(void *l, void *c)
{
	ck_spinlock_mcs_unlock(l, &((struct ck_mcs_ctx *)c)->node);
}

#define ck_mcs_rlock ck_mcs_lock
#define ck_mcs_runlock ck_mcs_unlock
LB_DEFINE_LOCK(ck_mcs, "ck-mcs", "ck", true, false, ck_spinlock_mcs_t,
	       struct ck_mcs_ctx);

/*
 * CLH: each thread brings a node and leaves with its predecessor's, so the
 * lock carries one node per thread plus the initial unowned one.
 */
struct ck_clh_lock {
	ck_spinlock_clh_t *queue;
	ck_spinlock_clh_t nodes[LB_MAX_THREADS + 1];
};

struct ck_clh_ctx {
	ck_spinlock_clh_t *mine;
};

static inline void ck_clh_init(struct ck_clh_lock *l)
{
	ck_spinlock_clh_init(&l->queue, &l->nodes[0]);
}

static inline void ck_clh_ctx(struct ck_clh_lock *l, struct ck_clh_ctx *c,
			      unsigned int id)
{
	c->mine = &l->nodes[id + 1];
}

static inline void ck_clh_lock(void *l, void *c)
{
	ck_spinlock_clh_lock(&((struct ck_clh_lock *)l)->queue,
			     ((struct ck_clh_ctx *)c)->mine);
}

static inline void ck_clh_unlock(void *l, void *c)
{
	(void)l;
	ck_spinlock_clh_unlock(&((struct ck_clh_ctx *)c)->mine);
}

#define ck_clh_rlock ck_clh_lock
#define ck_clh_runlock ck_clh_unlock
LB_DEFINE_LOCK(ck_clh, "ck-clh", "ck", true, false, struct ck_clh_lock,
	       struct ck_clh_ctx);
