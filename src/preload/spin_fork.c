/* SPDX-License-Identifier: MIT */
/*
 * The spinning locks in a forked child (objects.h): the ticket lock, the
 * qspinlock and the parking lock keep their waiters in the lock word, so
 * a child that used one its parent's threads waited for would hand it to
 * a ticket or queue node whose thread is gone.  Beside each the preload
 * keeps the fork generation it was last made ready in; a lock whose
 * generation is not the process's is repaired (fl_*_after_fork(): the
 * waiters' tickets and bits dropped, the holder kept) by one thread
 * before anyone uses it here.  A lock never used (0) is repaired too,
 * which changes nothing in it.
 */
#include "objects.h"

static void drop_parents_waiters(struct flp_lock *s, enum flp_impl impl)
{
	switch (impl) {
#define FL_LOCK(ID, MEMBER, NAME, BENCH_NAME, TYPE, PREFIX, FIFO) \
	case FLP_##ID: PREFIX##_after_fork(&s->l.MEMBER); break;
#include "lock_table.def"
#undef FL_LOCK
	case FLP_N_IMPLS: break;
	}
}

void flp_spin_repair(struct flp_lock *s, enum flp_impl impl, uint32_t gen,
		     uint32_t seen)
{
	/*
	 * A lock of another generation, or one whose repair a thread of the
	 * parent left unfinished: ours to repair, unless another thread of
	 * this process is first; then the compare-exchange reads its mark
	 * or its finished generation (only this process's threads write
	 * either from now on, so one attempt decides).  RELEASE on the
	 * generation: the repaired word happens before every use of the
	 * lock that sees it (mutant preload_spin_repair_rel).  ACQUIRE
	 * when the compare-exchange fails: it may be what sees the other
	 * thread's repair finished (GenMC found the lock used before the
	 * repair's write without it: mutant preload_spin_lost_acq); the
	 * electing success needs no order, but C11 wants it no weaker than
	 * the failure's.
	 */
	if (seen != (gen | FLP_SPIN_REPAIRING)) {
		if (__atomic_compare_exchange_n(&s->l.gen.fork_generation, &seen,
						gen | FLP_SPIN_REPAIRING, false,
						__ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)) {
			drop_parents_waiters(s, impl);
			__atomic_store_n(&s->l.gen.fork_generation, gen, __ATOMIC_RELEASE);
			return;
		}
		if (seen == gen)
			return;
	}
	/*
	 * Another thread repairs it: wait for its RELEASE; ACQUIRE as in
	 * flp_spin_ready() (mutant preload_spin_wait_acq).
	 */
	while (__atomic_load_n(&s->l.gen.fork_generation, __ATOMIC_ACQUIRE) ==
	       (gen | FLP_SPIN_REPAIRING))
		fl_cpu_relax();
}
