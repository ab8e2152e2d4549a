/* SPDX-License-Identifier: MIT */
/*
 * lockbench adapters: DPDK's lock headers (libdpdk-dev).  Header-only use:
 * no EAL, no DPDK library is linked.
 */
#include <rte_mcslock.h>
#include <rte_rwlock.h>
#include <rte_spinlock.h>
#include <rte_ticketlock.h>

#include "adapter.h"

LB_SIMPLE_LOCK(dpdk_ticket, "dpdk-ticket", "dpdk", true, rte_ticketlock_t,
	       rte_ticketlock_init, rte_ticketlock_lock, rte_ticketlock_unlock);
LB_SIMPLE_LOCK(dpdk_spin, "dpdk-spin", "dpdk", false, rte_spinlock_t,
	       rte_spinlock_init, rte_spinlock_lock, rte_spinlock_unlock);
LB_SIMPLE_RWLOCK(dpdk_rw, "dpdk-rwlock", "dpdk", rte_rwlock_t,
		 rte_rwlock_init, rte_rwlock_write_lock, rte_rwlock_write_unlock,
		 rte_rwlock_read_lock, rte_rwlock_read_unlock);

struct dpdk_mcs_ctx {
	rte_mcslock_t node;
};

static inline void dpdk_mcs_init(rte_mcslock_t **l)
{
	*l = NULL;
}

static inline void dpdk_mcs_ctx(rte_mcslock_t **l, struct dpdk_mcs_ctx *c,
				unsigned int id)
{
	(void)l, (void)c, (void)id;
}

static inline void dpdk_mcs_lock(void *l, void *c)
{
	rte_mcslock_lock(l, &((struct dpdk_mcs_ctx *)c)->node);
}

static inline void dpdk_mcs_unlock(void *l, void *c)
{
	rte_mcslock_unlock(l, &((struct dpdk_mcs_ctx *)c)->node);
}

#define dpdk_mcs_rlock dpdk_mcs_lock
#define dpdk_mcs_runlock dpdk_mcs_unlock
LB_DEFINE_LOCK(dpdk_mcs, "dpdk-mcs", "dpdk", true, false, rte_mcslock_t *,
	       struct dpdk_mcs_ctx);
