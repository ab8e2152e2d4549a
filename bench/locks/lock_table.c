/* SPDX-License-Identifier: MIT */
/* Every lock lockbench knows, in the order tables print them. */
#include "adapter.h"

#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO) \
	extern const struct lb_lock lb_lock_adp_##MEMBER;
#include "lock_table.def"
#undef FL_LOCK
#define X(p) extern const struct lb_lock lb_lock_##p;
X(adp_ticket_word) X(adp_qrw) X(adp_ticket_park_bounded) X(adp_mutex_100us)
X(pt_spin) X(pt_mutex) X(pt_rwlock)
X(vs_ticket) X(vs_twa) X(vs_mcs) X(vs_clh) X(vs_hem) X(vs_cna) X(vs_rw)
X(vs_mutex_musl) X(vs_mutex_slim) X(vs_mutex_tristate)
#ifdef LB_HAVE_CK
X(ck_ticket) X(ck_mcs) X(ck_clh) X(ck_fas) X(ck_rw)
#endif
#ifdef LB_HAVE_DPDK
X(dpdk_ticket) X(dpdk_mcs) X(dpdk_spin) X(dpdk_rw)
#endif
#undef X

const struct lb_lock *const lb_locks[] = {
	/* fairlock's lock table, then the variants it does not list */
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO) &lb_lock_adp_##MEMBER,
#include "lock_table.def"
#undef FL_LOCK
	&lb_lock_adp_ticket_word, &lb_lock_adp_ticket_park_bounded,
	&lb_lock_adp_qrw, &lb_lock_adp_mutex_100us,
	&lb_lock_vs_ticket, &lb_lock_vs_twa, &lb_lock_vs_mcs, &lb_lock_vs_clh,
	&lb_lock_vs_hem, &lb_lock_vs_cna, &lb_lock_vs_mutex_musl,
	&lb_lock_vs_mutex_slim, &lb_lock_vs_mutex_tristate, &lb_lock_vs_rw,
#ifdef LB_HAVE_CK
	&lb_lock_ck_ticket, &lb_lock_ck_mcs, &lb_lock_ck_clh, &lb_lock_ck_fas,
	&lb_lock_ck_rw,
#endif
#ifdef LB_HAVE_DPDK
	&lb_lock_dpdk_ticket, &lb_lock_dpdk_mcs, &lb_lock_dpdk_spin,
	&lb_lock_dpdk_rw,
#endif
	&lb_lock_pt_spin, &lb_lock_pt_mutex, &lb_lock_pt_rwlock,
};

const size_t lb_nlocks = sizeof(lb_locks) / sizeof(lb_locks[0]);
