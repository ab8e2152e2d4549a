/* SPDX-License-Identifier: MIT */
/*
 * Every setting of the daemon, once: its key (the config file's; the
 * command-line option is --key with '-' for '_'), scope, kind, bounds and
 * where it lives.  The config reader, the options of `memreclaim run`, its
 * usage text and --check-config's printout all walk this table, and a unit
 * test checks that memreclaim(8) documents every key.  A new setting is a
 * field, its default in mr_params_default(), a row here and a paragraph
 * in the man page.
 */
#ifndef MEMRECLAIM_SETTINGS_H
#define MEMRECLAIM_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

enum mr_setting_kind {
	MR_SET_DURATION,	/* seconds (double): 6, 6s, 500ms, 2m, 1h */
	MR_SET_SHARE,		/* a fraction (double): 0.1% or 0.001 */
	MR_SET_RATIO,		/* a plain decimal number (double) */
	MR_SET_SIZE,		/* bytes (uint64_t), as memparse() reads them */
	MR_SET_BOOL,		/* bool: yes/no, on/off, true/false, 1/0 */
	MR_SET_PATH,		/* an absolute path (char[MR_PATH_MAX]) */
	MR_SET_INT,		/* int: min..max, or unset_word (if any) for -1 */
	MR_SET_CHOICE,		/* int: the index of one of `choices` */
	MR_SET_LISTEN,		/* ADDR:PORT to serve metrics on (char[MR_LISTEN_MAX]) */
};

struct mr_setting {
	const char *key;
	bool global;		/* in struct mr_config, before any [cgroup] */
	enum mr_setting_kind kind;
	double min, max;	/* accepted range in the kind's unit */
	bool min_exclusive;	/* the value must exceed min */
	bool min_one_page;	/* a size of at least the machine's page */
	size_t offset;		/* in struct mr_params, or mr_config if global */
	const char *want;	/* what a bad value is told it must be */
	const char *show;	/* --check-config: printf format of value * scale */
	double scale;
	bool zswap_detail;	/* shown only while zswap_tuning is on */
	const char *arg;	/* the usage text's name for the value */
	const char *unset_word;	/* MR_SET_INT: the word that stores -1;
				   MR_SET_SIZE: the word that stores 0 */
	const char *const *choices;	/* MR_SET_CHOICE: the words, NULL-ended */
	bool flag_option;	/* set by a fixed flag (--dry-run), not --key VALUE */
};

extern const struct mr_setting mr_settings[];
extern const size_t mr_nsettings;

/* The row of key, or NULL. */
const struct mr_setting *mr_setting_find(const char *key);

#endif
