/* SPDX-License-Identifier: MIT */
/* lockbench adapters: the POSIX locks a user would otherwise pick. */
#include <pthread.h>

#include "adapter.h"

static inline void spin_init(pthread_spinlock_t *l)
{
	pthread_spin_init(l, PTHREAD_PROCESS_PRIVATE);
}

static inline void mutex_init(pthread_mutex_t *l)
{
	pthread_mutex_init(l, NULL);
}

static inline void rwlock_init(pthread_rwlock_t *l)
{
	pthread_rwlock_init(l, NULL);
}

/* glibc's spinlock: test-and-set with test-and-test-and-set waiting. */
LB_SIMPLE_LOCK(pt_spin, "pthread-spin", "pthread", false, pthread_spinlock_t,
	       spin_init, pthread_spin_lock, pthread_spin_unlock);
LB_SIMPLE_LOCK(pt_mutex, "pthread-mutex", "pthread", false, pthread_mutex_t,
	       mutex_init, pthread_mutex_lock, pthread_mutex_unlock);
LB_SIMPLE_RWLOCK(pt_rwlock, "pthread-rwlock", "pthread", pthread_rwlock_t,
		 rwlock_init, pthread_rwlock_wrlock, pthread_rwlock_unlock,
		 pthread_rwlock_rdlock, pthread_rwlock_unlock);
