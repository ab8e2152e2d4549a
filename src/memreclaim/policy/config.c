/* SPDX-License-Identifier: MIT */
/*
 * The configuration's storage (config.h): the settings, a growing array
 * of cgroup sections, and the sorted path index.  Reading text into it is
 * config_parse.c's job; no file is read here.
 */
#include "memreclaim/policy/config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mr_config_init(struct mr_config *c)
{
	memset(c, 0, sizeof(*c));
	c->interval_s = 6;
	/*
	 * Four writes at once: enough that a cgroup whose reclaim takes
	 * seconds holds up no other, few enough that the daemon's reclaim
	 * does not take more than a few CPUs from the workloads.
	 */
	c->workers = 4;
	c->enabled = true;
	c->log_level = 2;	/* info */
	mr_params_default(&c->defaults);
}

void mr_config_free(struct mr_config *c)
{
	free(c->cgroup);
	mr_config_init(c);
}

void mr_config_move(struct mr_config *c, struct mr_config *src)
{
	free(c->cgroup);
	*c = *src;
	src->cgroup = NULL;
	mr_config_free(src);
}

/* Room for `want` cgroups in c's array, keeping what it holds. */
static int reserve(struct mr_config *c, size_t want)
{
	struct mr_cgroup_conf *more;
	size_t cap = c->cgroup_cap ? c->cgroup_cap : 16;

	if (want <= c->cgroup_cap)
		return 0;
	while (cap < want)
		cap *= 2;
	more = realloc(c->cgroup, cap * sizeof(*more));
	if (!more)
		return -1;
	c->cgroup = more;
	c->cgroup_cap = cap;
	return 0;
}

void mr_config_copy_settings(struct mr_config *c, const struct mr_config *src)
{
	struct mr_cgroup_conf *array = c->cgroup;
	size_t cap = c->cgroup_cap;

	*c = *src;
	c->cgroup = array;
	c->cgroup_cap = cap;
	c->ncgroups = 0;
}

int mr_config_copy(struct mr_config *c, const struct mr_config *src)
{
	if (reserve(c, src->ncgroups) < 0)
		return -1;
	mr_config_copy_settings(c, src);
	if (src->ncgroups)
		memcpy(c->cgroup, src->cgroup, src->ncgroups * sizeof(*c->cgroup));
	c->ncgroups = src->ncgroups;
	return 0;
}

struct mr_cgroup_conf *mr_config_room(struct mr_config *c)
{
	if (reserve(c, c->ncgroups + 1) < 0)
		return NULL;
	return &c->cgroup[c->ncgroups];
}

/* A finite decimal number and nothing else; *end gets what follows. */bool mr_config_has_cgroup(const struct mr_config *c, const char *path)
{
	for (size_t i = 0; i < c->ncgroups; i++)
		if (strcmp(c->cgroup[i].path, path) == 0)
			return true;
	return false;
}

static int entry_order(const void *a, const void *b)
{
	const struct mr_path_entry *x = a, *y = b;
	int by_path = strcmp(x->path, y->path);

	if (by_path)
		return by_path;
	return x->section < y->section ? -1 : x->section > y->section;
}

int mr_path_index_build(struct mr_path_index *ix, const struct mr_config *c)
{
	ix->n = c->ncgroups;
	ix->entry = malloc((c->ncgroups ? c->ncgroups : 1) * sizeof(*ix->entry));
	if (!ix->entry) {
		ix->n = 0;
		return -1;
	}
	for (size_t i = 0; i < c->ncgroups; i++)
		ix->entry[i] = (struct mr_path_entry){ c->cgroup[i].path, i };
	qsort(ix->entry, ix->n, sizeof(*ix->entry), entry_order);
	return 0;
}

size_t mr_path_index_find(const struct mr_path_index *ix, const char *path)
{
	size_t lo = 0, hi = ix->n;

	/* The first entry not before path: the earliest section with it. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(ix->entry[mid].path, path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ix->n && strcmp(ix->entry[lo].path, path) == 0 ?
		ix->entry[lo].section : SIZE_MAX;
}

void mr_path_index_free(struct mr_path_index *ix)
{
	free(ix->entry);
	ix->entry = NULL;
	ix->n = 0;
}

void mr_config_drop_duplicates(struct mr_config *c)
{
	struct mr_path_index ix;
	bool *dup;
	size_t kept = 0;

	if (c->ncgroups < 2 || mr_path_index_build(&ix, c) < 0)
		return;
	dup = calloc(c->ncgroups, sizeof(*dup));
	if (dup) {
		/* Sorted by path, then by position: all but the first of a run go. */
		for (size_t k = 1; k < ix.n; k++)
			if (strcmp(ix.entry[k].path, ix.entry[k - 1].path) == 0)
				dup[ix.entry[k].section] = true;
		for (size_t i = 0; i < c->ncgroups; i++)
			if (!dup[i])
				c->cgroup[kept++] = c->cgroup[i];
		c->ncgroups = kept;
	}
	free(dup);
	mr_path_index_free(&ix);
}

int mr_config_add_cgroup(struct mr_config *c, const char *path, char *err,
			 size_t errlen)
{
	struct mr_cgroup_conf *slot;

	if (*path == '\0' || strlen(path) >= MR_PATH_MAX) {
		snprintf(err, errlen, "cgroup '%s': empty or too long", path);
		return -1;
	}
	if (mr_config_has_cgroup(c, path)) {
		snprintf(err, errlen, "cgroup '%s' named twice", path);
		return -1;
	}
	slot = mr_config_room(c);
	if (!slot) {
		snprintf(err, errlen, "cgroup '%s': out of memory", path);
		return -1;
	}
	snprintf(slot->path, MR_PATH_MAX, "%s", path);
	slot->params = c->defaults;
	c->ncgroups++;
	return 0;
}
