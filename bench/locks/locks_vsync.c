/* SPDX-License-Identifier: MIT */
/*
 * lockbench adapters: libvsync's spinlocks and reader-writer lock
 * (third_party/libvsync-*.tar.gz, header-only, verified on weak memory
 * models).  Its futex mutexes are in locks_vsync_mutex_*.c: the three
 * share the name vmutex_t, so each has a translation unit of its own.
 */
#include <vsync/spinlock/clhlock.h>
#include <vsync/spinlock/cnalock.h>
#include <vsync/spinlock/hemlock.h>
#include <vsync/spinlock/mcslock.h>
#include <vsync/spinlock/rwlock.h>
#include <vsync/spinlock/ticketlock.h>
#include <vsync/spinlock/twalock.h>

#include "adapter.h"

LB_SIMPLE_LOCK(vs_ticket, "vsync-ticket", "libvsync", true, ticketlock_t,
	       ticketlock_init, ticketlock_acquire, ticketlock_release);

/* TWA: a ticket lock whose long waits spin on a shared array of slots. */
TWALOCK_ARRAY_DECL;
LB_SIMPLE_LOCK(vs_twa, "vsync-twa", "libvsync", true, twalock_t,
	       twalock_init, twalock_acquire, twalock_release);

LB_SIMPLE_RWLOCK(vs_rw, "vsync-rwlock", "libvsync", rwlock_t, rwlock_init,
		 rwlock_write_acquire, rwlock_write_release,
		 rwlock_read_acquire, rwlock_read_release);

/*
 * The queue locks take a node from the locking thread.  MCS, hemlock and
 * CNA use it only while the thread holds or waits, so it lives in the
 * thread's context, as a user would put it on the stack.
 */
/* TYPE and NODE are type names: they cannot be parenthesised. */
/* NOLINTBEGIN(bugprone-macro-parentheses) */
#define LB_VSYNC_NODE_LOCK(PREFIX, NAME, FIFO, TYPE, NODE, INITFN, LOCKFN,      \
			   UNLOCKFN)                                            \
	struct PREFIX##_ctx {                                                   \
		NODE node;                                                      \
	};                                                                      \
	static inline void PREFIX##_init(TYPE *l) { INITFN(l); }                \
	static inline void PREFIX##_ctx(TYPE *l, struct PREFIX##_ctx *c,        \
					unsigned int id)                        \
	{                                                                       \
		(void)l, (void)c, (void)id;                                     \
	}                                                                       \
	static inline void PREFIX##_lock(void *l, void *c)                      \
	{                                                                       \
		LOCKFN((TYPE *)l, &((struct PREFIX##_ctx *)c)->node);           \
	}                                                                       \
	static inline void PREFIX##_unlock(void *l, void *c)                    \
	{                                                                       \
		UNLOCKFN((TYPE *)l, &((struct PREFIX##_ctx *)c)->node);         \
	}                                                                       \
	LB_DEFINE_LOCK(PREFIX, NAME, "libvsync", FIFO, false, TYPE,             \
		       struct PREFIX##_ctx)
/* NOLINTEND(bugprone-macro-parentheses) */

#define vs_mcs_rlock vs_mcs_lock
#define vs_mcs_runlock vs_mcs_unlock
LB_VSYNC_NODE_LOCK(vs_mcs, "vsync-mcs", true, mcslock_t, mcs_node_t,
		   mcslock_init, mcslock_acquire, mcslock_release);

#define vs_hem_rlock vs_hem_lock
#define vs_hem_runlock vs_hem_unlock
LB_VSYNC_NODE_LOCK(vs_hem, "vsync-hemlock", true, hemlock_t, hem_node_t,
		   hemlock_init, hemlock_acquire, hemlock_release);

/*
 * CNA on one NUMA node (these machines have one): the queue is then plain
 * FIFO, but CNA does not promise it, so it is not counted as a FIFO peer.
 */
static inline void vs_cna_acquire(cnalock_t *l, cna_node_t *n)
{
	cnalock_acquire(l, n, 0);
}

static inline void vs_cna_release(cnalock_t *l, cna_node_t *n)
{
	cnalock_release(l, n, 0);
}

#define vs_cna_rlock vs_cna_lock
#define vs_cna_runlock vs_cna_unlock
LB_VSYNC_NODE_LOCK(vs_cna, "vsync-cna", false, cnalock_t, cna_node_t,
		   cnalock_init, vs_cna_acquire, vs_cna_release);

/*
 * CLH: a releasing thread takes its predecessor's queue node as its own,
 * so nodes move between threads and must live as long as the lock: the
 * lock carries one per thread.
 */
struct vs_clh_lock {
	clhlock_t lock;
	clh_node_t nodes[LB_MAX_THREADS];
};

struct vs_clh_ctx {
	clh_node_t *mine;
};

static inline void vs_clh_init(struct vs_clh_lock *l)
{
	clhlock_init(&l->lock);
	for (unsigned int i = 0; i < LB_MAX_THREADS; i++)
		clhlock_node_init(&l->nodes[i]);
}

static inline void vs_clh_ctx(struct vs_clh_lock *l, struct vs_clh_ctx *c,
			      unsigned int id)
{
	c->mine = &l->nodes[id];
}

static inline void vs_clh_lock(void *l, void *c)
{
	clhlock_acquire(&((struct vs_clh_lock *)l)->lock,
			((struct vs_clh_ctx *)c)->mine);
}

static inline void vs_clh_unlock(void *l, void *c)
{
	clhlock_release(&((struct vs_clh_lock *)l)->lock,
			((struct vs_clh_ctx *)c)->mine);
}

#define vs_clh_rlock vs_clh_lock
#define vs_clh_runlock vs_clh_unlock
LB_DEFINE_LOCK(vs_clh, "vsync-clh", "libvsync", true, false,
	       struct vs_clh_lock, struct vs_clh_ctx);
