/* SPDX-License-Identifier: MIT */
/* The spellings of FAIRLOCK_LOCK, shared by the preload and fairlock-run. */
#ifndef FAIRLOCK_PRELOAD_LOCK_NAMES_H
#define FAIRLOCK_PRELOAD_LOCK_NAMES_H

/* In the order of enum flp_impl; the first is the default. */
static const char *const flp_lock_names[] = {
	"mutex", "ticket", "qspinlock", "ticket-park",
};
#define FLP_LOCK_NAMES_COUNT (sizeof(flp_lock_names) / sizeof(flp_lock_names[0]))

#endif
