/* SPDX-License-Identifier: MIT */
/* The daemon's effective configuration: file, command line, reload. */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "daemon_int.h"
#include "settings.h"

int mr_daemon_config(const struct mr_daemon_opts *o, struct mr_config *c)
{
	char err[MR_PATH_MAX + 256];

	mr_config_free(c);	/* c is empty or the result of an earlier call */
	if (o->config_path && mr_config_load(c, o->config_path, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: config %s\n", err);
		return MR_EXIT_CONFIG;
	}
	for (size_t i = 0; i < o->ncgroups; i++) {
		if (mr_config_add_cgroup(c, o->cgroups[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: %s\n", err);
			return MR_EXIT_USAGE;
		}
	}
	/* Command-line settings win over the file, for every cgroup. */
	for (size_t k = 0; k < o->noverrides; k++) {
		const char *key = o->override_key[k], *val = o->override_value[k];
		const struct mr_setting *setting = mr_setting_find(key);
		bool global = setting && setting->global;

		if (mr_config_set(c, NULL, key, val, err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: --%s: %s\n", key, err);
			return MR_EXIT_USAGE;
		}
		for (size_t i = 0; !global && i < c->ncgroups; i++)
			mr_config_set(c, &c->cgroup[i].params, key, val, err, sizeof(err));
	}
	if (c->ncgroups == 0) {
		fprintf(stderr, "memreclaim: run: no cgroups: name them on the command "
				"line or in [cgroup PATH] sections of the config\n");
		return MR_EXIT_USAGE;
	}
	for (size_t i = 0; i < c->ncgroups; i++) {
		if (c->cgroup[i].params.swappiness >= 0 && !mr_kernel_has_reclaim_swappiness()) {
			fprintf(stderr, "memreclaim: %s: swappiness: " MR_NO_RECLAIM_SWAPPINESS "\n",
				c->cgroup[i].path);
			return MR_EXIT_NOKERNEL;
		}
	}
	return MR_OK;
}

bool mr_is_pattern(const char *path)
{
	return strpbrk(path, "*?[") != NULL;
}

/*
 * Append one cgroup (mr_expand_config() drops the ones there twice, in
 * one sort); false if out of memory.
 */
static bool add_matched(struct mr_config *out, const char *path,
			const struct mr_params *params)
{
	size_t len = strlen(path);
	struct mr_cgroup_conf *slot;

	if (len >= MR_PATH_MAX)
		return true; /* cannot be named; glob gives no such path here */
	slot = mr_config_room(out);
	if (!slot)
		return false;
	memcpy(slot->path, path, len + 1);
	slot->params = *params;
	out->ncgroups++;
	return true;
}

/*
 * Every cgroup a pattern section matches now: directories with a
 * cgroup.controllers file, named as the pattern was (under the root when
 * it is relative), in glob's sorted order.
 */
static size_t expand_pattern(const char *root, const struct mr_cgroup_conf *s,
			     struct mr_config *out)
{
	char full[2 * MR_PATH_MAX + 2];
	size_t skip = 0, lost = 0;
	glob_t g;

	if (s->path[0] == '/') {
		snprintf(full, sizeof(full), "%s", s->path);
	} else {
		/* Both parts fit: each is shorter than MR_PATH_MAX. */
		snprintf(full, sizeof(full), "%s/%.*s", root, MR_PATH_MAX - 1, s->path);
		skip = strlen(root) + 1;
	}
	if (glob(full, GLOB_ONLYDIR, NULL, &g) != 0)
		return 0; /* no match, or unreadable: nothing to watch now */
	for (size_t i = 0; i < g.gl_pathc; i++) {
		const char *dir = g.gl_pathv[i];

		if (strlen(dir) <= skip || !tool_sysfs_exists(dir, "cgroup.controllers"))
			continue;
		if (!add_matched(out, dir + skip, &s->params))
			lost++;
	}
	globfree(&g);
	return lost;
}

size_t mr_expand_config(const struct mr_config *templ, const char *root,
			struct mr_config *out)
{
	struct mr_cgroup_conf *slot;
	size_t lost = 0;

	mr_config_copy_settings(out, templ);
	/* Named cgroups first: their own settings win over a pattern's. */
	for (size_t i = 0; i < templ->ncgroups; i++) {
		if (mr_is_pattern(templ->cgroup[i].path))
			continue;
		slot = mr_config_room(out);
		if (!slot) {
			lost++;
			continue;
		}
		*slot = templ->cgroup[i];
		out->ncgroups++;
	}
	for (size_t i = 0; i < templ->ncgroups; i++)
		if (mr_is_pattern(templ->cgroup[i].path))
			lost += expand_pattern(root, &templ->cgroup[i], out);
	/* The first section of a cgroup wins: a named one, or the first pattern. */
	mr_config_drop_duplicates(out);
	return lost;
}

/* " key value" of one setting, as --check-config prints it. */
static void print_setting(const struct mr_setting *k, const void *where)
{
	const char *field = (const char *)where + k->offset;
	char text[MR_PATH_MAX + 32];

	switch (k->kind) {
	case MR_SET_SIZE: {
		uint64_t v;

		memcpy(&v, field, sizeof(v));
		tool_format_size(text, sizeof(text), (double)v);
		break;
	}
	case MR_SET_BOOL: {
		bool b;

		memcpy(&b, field, sizeof(b));
		snprintf(text, sizeof(text), "%s", b ? "yes" : "no");
		break;
	}
	case MR_SET_PATH:
		if (!field[0])
			return; /* not set */
		snprintf(text, sizeof(text), "%s", field);
		break;
	case MR_SET_INT: {
		int v;

		memcpy(&v, field, sizeof(v));
		if (v < 0 && k->unset_word)
			snprintf(text, sizeof(text), "%s", k->unset_word);
		else
			snprintf(text, sizeof(text), "%d", v);
		break;
	}
	default: {
		double d;

		memcpy(&d, field, sizeof(d));
		snprintf(text, sizeof(text), k->show, d * k->scale);
	}
	}
	printf("%s%s %s", k->global ? "" : " ", k->key, text);
	if (k->global)
		printf("\n");
}

/* What pattern section i matches now, as --check-config shows it. */
static void print_matches(const struct mr_config *c, size_t i, const char *root)
{
	static struct mr_config one;

	one = *c;
	one.ncgroups = 0;
	expand_pattern(root, &c->cgroup[i], &one);
	if (one.ncgroups == 0) {
		printf("  matches no cgroup now (the daemon watches for them)\n");
		return;
	}
	printf("  matches %zu cgroup%s now:", one.ncgroups, one.ncgroups == 1 ? "" : "s");
	for (size_t k = 0; k < one.ncgroups; k++)
		printf("%s %s", k ? "," : "", one.cgroup[k].path);
	printf("\n");
}

void mr_print_config(const struct mr_config *c, const char *root)
{
	char err[MR_PATH_MAX + 256];

	if (mr_check_hierarchy(root, err, sizeof(err)) != MR_OK)
		printf("warning: %s (run refuses to start)\n", err);
	for (size_t s = 0; s < mr_nsettings; s++)
		if (mr_settings[s].global)
			print_setting(&mr_settings[s], c);
	for (size_t i = 0; i < c->ncgroups; i++) {
		const struct mr_params *p = &c->cgroup[i].params;
		char dir[MR_PATH_MAX];

		printf("[cgroup %s]", c->cgroup[i].path);
		for (size_t s = 0; s < mr_nsettings; s++) {
			const struct mr_setting *k = &mr_settings[s];

			if (!k->global && (!k->zswap_detail || p->zswap_tuning))
				print_setting(k, p);
		}
		printf("\n");
		if (mr_is_pattern(c->cgroup[i].path)) {
			print_matches(c, i, root);
			continue;
		}
		if (mr_cgroup_open(root, c->cgroup[i].path, dir, sizeof(dir), err,
				   sizeof(err), NULL) != MR_OK)
			printf("  warning: %s (the daemon waits for it)\n", err);
		else if (mr_check_cgroup_files(dir, err, sizeof(err)) != MR_OK)
			printf("  warning: %s (run refuses to start)\n", err);
	}
}

/*
 * Make fresh the running configuration.  A cgroup named in both keeps its
 * state (counters, back-off, baseline), matched by its configured path
 * while the old configuration the states point into is still in place.
 */
int mr_adopt_config(struct daemon *d, const struct mr_config *fresh)
{
	struct cg_state *next = calloc(fresh->ncgroups ? fresh->ncgroups : 1,
				       sizeof(*next));
	bool *kept = calloc(d->ncg ? d->ncg : 1, sizeof(*kept));
	struct mr_path_index old;

	if (!next || !kept || mr_path_index_build(&old, &d->conf) < 0) {
		free(next);
		free(kept);
		return -1;
	}
	/* Matched while the old states still point into the old sections. */
	for (size_t i = 0; i < fresh->ncgroups; i++) {
		size_t j = mr_path_index_find(&old, fresh->cgroup[i].path);

		next[i].state = MR_CG_STARTING;
		if (j != SIZE_MAX && j < d->ncg) {
			next[i] = d->cg[j];
			kept[j] = true;
		}
	}
	mr_path_index_free(&old);
	if (mr_config_copy(&d->conf, fresh) < 0) {
		free(next);
		free(kept);
		return -1;
	}
	for (size_t i = 0; i < d->conf.ncgroups; i++)
		next[i].conf = &d->conf.cgroup[i];
	/* A dropped cgroup's write job goes with it, once its write ended. */
	for (size_t j = 0; j < d->ncg; j++)
		if (!kept[j])
			mr_release_write(d, &d->cg[j]);
	free(kept);
	free(d->cg);
	d->cg = next;
	d->ncg = d->conf.ncgroups;
	return 0;
}
