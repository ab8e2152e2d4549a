/* SPDX-License-Identifier: MIT */
/*
 * Force-included (-include) into tests/preload/parity.c for the sanitizer
 * trees, where no LD_PRELOAD module is built: the program's pthread lock
 * calls become calls to libfairlock-preload's entry points, linked in, so
 * that ASan and TSan see the same program run on fairlock's locks.
 */
#ifndef FLP_NAMES_H
#define FLP_NAMES_H

#include <pthread.h>
#include <time.h>

#include "preload.h"

#define pthread_mutex_init flp_mutex_init
#define pthread_mutex_destroy flp_mutex_destroy
#define pthread_mutex_lock flp_mutex_lock
#define pthread_mutex_trylock flp_mutex_trylock
#define pthread_mutex_timedlock flp_mutex_timedlock
#define pthread_mutex_clocklock flp_mutex_clocklock
#define pthread_mutex_unlock flp_mutex_unlock
#define pthread_cond_init flp_cond_init
#define pthread_cond_destroy flp_cond_destroy
#define pthread_cond_signal flp_cond_signal
#define pthread_cond_broadcast flp_cond_broadcast
#define pthread_cond_wait flp_cond_wait
#define pthread_cond_timedwait flp_cond_timedwait
#define pthread_cond_clockwait flp_cond_clockwait
#define pthread_rwlock_init flp_rwlock_init
#define pthread_rwlock_destroy flp_rwlock_destroy
#define pthread_rwlock_rdlock flp_rwlock_rdlock
#define pthread_rwlock_tryrdlock flp_rwlock_tryrdlock
#define pthread_rwlock_timedrdlock flp_rwlock_timedrdlock
#define pthread_rwlock_wrlock flp_rwlock_wrlock
#define pthread_rwlock_trywrlock flp_rwlock_trywrlock
#define pthread_rwlock_timedwrlock flp_rwlock_timedwrlock
#define pthread_rwlock_unlock flp_rwlock_unlock

#endif /* FLP_NAMES_H */
