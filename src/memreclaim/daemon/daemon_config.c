/* SPDX-License-Identifier: MIT */
/* The daemon's effective configuration: file, command line, reload. */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "memreclaim/cgroup/cgroup.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "memreclaim/daemon/daemon_int.h"
#include "memreclaim/policy/settings.h"

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

int mr_config_load(struct mr_config *c, const char *path, char *err,
		   size_t errlen)
{
	struct stat st;
	char *text;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int rc;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		close(fd);
		return -1;
	}
	if (st.st_size > MR_CONFIG_MAX_BYTES) {
		snprintf(err, errlen, "%s: larger than %d bytes", path, MR_CONFIG_MAX_BYTES);
		close(fd);
		return -1;
	}
	text = malloc((size_t)st.st_size + 1);
	if (!text) {
		snprintf(err, errlen, "%s: out of memory", path);
		close(fd);
		return -1;
	}
	n = read(fd, text, (size_t)st.st_size);
	close(fd);
	if (n != st.st_size) {
		snprintf(err, errlen, "%s: short read", path);
		free(text);
		return -1;
	}
	text[n] = '\0';
	if (strlen(text) != (size_t)n) {
		snprintf(err, errlen, "%s: contains a NUL byte", path);
		free(text);
		return -1;
	}
	rc = mr_config_parse(c, path, text, err, errlen);
	free(text);
	return rc;
}

bool mr_is_pattern(const char *path)
{
	return strpbrk(path, "*?[") != NULL;
}

/*
 * Append one cgroup (mr_expand_config() drops the ones there twice, in
 * one sort); false if out of memory.
 */
static bool add_matched(struct mr_config *out, const char *root, const char *path,
			const struct mr_params *params)
{
	struct mr_cgroup_conf *slot = mr_config_room(out);

	if (!slot)
		return false;
	/* One spelling per cgroup ("a", "a/", "b/../a", ROOT/a: "a"). */
	if (mr_cgroup_path_normalize(root, path, slot->path, sizeof(slot->path)) < 0)
		return true; /* cannot be named; glob gives no such path here */
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
		if (!add_matched(out, root, dir + skip, &s->params))
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
		const struct mr_cgroup_conf *named = &templ->cgroup[i];

		if (mr_is_pattern(named->path))
			continue;
		slot = mr_config_room(out);
		if (!slot) {
			lost++;
			continue;
		}
		*slot = *named;
		if (mr_cgroup_path_normalize(root, named->path, slot->path,
					     sizeof(slot->path)) < 0)
			snprintf(slot->path, sizeof(slot->path), "%s", named->path);
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
		if (v == 0 && k->unset_word)
			snprintf(text, sizeof(text), "%s", k->unset_word);
		else
			tool_format_size(text, sizeof(text), (double)v);
		break;
	}
	case MR_SET_CHOICE: {
		int v;

		memcpy(&v, field, sizeof(v));
		snprintf(text, sizeof(text), "%s", k->choices[v]);
		break;
	}
	case MR_SET_LISTEN:
		snprintf(text, sizeof(text), "%s", field[0] ? field : "none");
		break;
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
	struct mr_config one;

	/* A configuration of its own: the matches must not touch c's sections. */
	mr_config_init(&one);
	expand_pattern(root, &c->cgroup[i], &one);
	if (one.ncgroups == 0) {
		printf("  matches no cgroup now (the daemon watches for them)\n");
	} else {
		printf("  matches %zu cgroup%s now:", one.ncgroups,
		       one.ncgroups == 1 ? "" : "s");
		for (size_t k = 0; k < one.ncgroups; k++)
			printf("%s %s", k ? "," : "", one.cgroup[k].path);
		printf("\n");
	}
	mr_config_free(&one);
}

/*
 * How many cgroups the daemon would watch now: patterns matched, each
 * directory once however it is spelled, its own cgroup left out.
 */
static void print_watched(const struct mr_config *c, const char *root)
{
	struct mr_config all;
	char parent[2 * MR_PATH_MAX + 2];
	uint64_t dev, ino;
	size_t self;

	mr_config_init(&all);
	mr_expand_config(c, root, &all);
	mr_self_cgroup(root, &dev, &ino);
	self = mr_drop_same_cgroups(&all, root, dev, ino);
	printf("watches %zu cgroup%s now (each directory once)%s\n", all.ncgroups,
	       all.ncgroups == 1 ? "" : "s",
	       self ? "; the daemon's own cgroup is left out" : "");
	if (mr_self_in_watched(&all, root, parent, sizeof(parent)))
		printf("warning: %s holds the daemon's own cgroup: what is written to "
		       "its memory.reclaim reclaims the daemon too, but for what "
		       "memory.min protects (the shipped unit sets MemoryMin=)\n", parent);
	mr_config_free(&all);
}

/*
 * The earlier named section that is the same directory as section i
 * (dir, opened): SIZE_MAX if none.  "a" and "a/", "b/../a": one cgroup.
 */
static size_t same_as_earlier(const struct mr_config *c, size_t i, const char *root,
			      const char *dir)
{
	char other[MR_PATH_MAX], err[MR_PATH_MAX + 256];
	struct stat a, b;

	if (stat(dir, &a) != 0)
		return SIZE_MAX;
	for (size_t j = 0; j < i; j++)
		if (!mr_is_pattern(c->cgroup[j].path) &&
		    mr_cgroup_open(root, c->cgroup[j].path, other, sizeof(other), err,
				   sizeof(err), NULL) == MR_OK &&
		    stat(other, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			return j;
	return SIZE_MAX;
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
		size_t j;

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
		else if ((j = same_as_earlier(c, i, root, dir)) != SIZE_MAX)
			printf("  warning: the same cgroup as [cgroup %s] above: this section "
			       "is ignored\n", c->cgroup[j].path);
	}
	print_watched(c, root);
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
	/*
	 * A dropped cgroup gets back what the daemon changed, and its write
	 * job goes with it (freed once a write still running ends: the
	 * main thread does not wait for it).
	 */
	for (size_t j = 0; j < d->ncg; j++)
		if (!kept[j]) {
			mr_restore_cgroup(&d->cg[j]);
			mr_release_write(d, &d->cg[j]);
		}
	free(kept);
	free(d->cg);
	d->cg = next;
	d->ncg = d->conf.ncgroups;
	return 0;
}

/* The directory of the daemon's own cgroup in dir (mr_self_cgroup()). */
static bool self_cgroup_dir(const char *root, char *dir, size_t len, uint64_t *dev,
			    uint64_t *ino)
{
	const char *named = getenv("MEMRECLAIM_SELF_CGROUP");
	char path[MR_PATH_MAX];

	*dev = *ino = 0;
	if (named && *named)
		snprintf(path, sizeof(path), "%s%s", named[0] == '/' ? "" : "/", named);
	else
		mr_self_cgroup_path(path, sizeof(path));
	if (!path[0])
		return false;
	/*
	 * "/" is the root of the daemon's cgroup namespace: in a container
	 * that is its own cgroup, which /sys/fs/cgroup shows, not the host's
	 * root where --cgroup-root points.  Otherwise the path is under root.
	 */
	if (strcmp(path, "/") != 0) {
		snprintf(dir, len, "%s%s", root, path);
		if (mr_dir_identity(dir, dev, ino))
			return true;
	}
	snprintf(dir, len, "/sys/fs/cgroup%s", strcmp(path, "/") ? path : "");
	if (mr_dir_identity(dir, dev, ino) && tool_sysfs_exists(dir, "cgroup.controllers"))
		return true;
	*dev = *ino = 0;
	return false;
}

void mr_self_cgroup(const char *root, uint64_t *dev, uint64_t *ino)
{
	char dir[2 * MR_PATH_MAX + 2];

	self_cgroup_dir(root, dir, sizeof(dir), dev, ino);
}

/* A section's directory: its path under root, or itself if absolute. */
static void section_dir(const char *root, const char *path, char *dir, size_t len)
{
	snprintf(dir, len, "%s%s%s", path[0] == '/' ? "" : root,
		 path[0] == '/' ? "" : "/", path);
}

/* Whether directory dir is one of c's cgroups (under root). */
static bool is_watched(const struct mr_config *c, const char *root, const char *dir)
{
	char other[2 * MR_PATH_MAX + 2];
	uint64_t dev, ino, odev, oino;

	if (!mr_dir_identity(dir, &dev, &ino))
		return false;
	for (size_t i = 0; i < c->ncgroups; i++) {
		section_dir(root, c->cgroup[i].path, other, sizeof(other));
		if (mr_dir_identity(other, &odev, &oino) && odev == dev && oino == ino)
			return true;
	}
	return false;
}

bool mr_self_in_watched(const struct mr_config *c, const char *root, char *parent,
			size_t len)
{
	uint64_t dev, ino;
	char *slash;

	if (!self_cgroup_dir(root, parent, len, &dev, &ino))
		return false;
	/* Up from the daemon's cgroup, one parent at a time, to "/". */
	while ((slash = strrchr(parent, '/')) && slash != parent) {
		*slash = '\0';
		if (is_watched(c, root, parent))
			return true;
	}
	return false;
}

/* A section's place in identity order: by device and inode, then position. */
struct same {
	uint64_t dev, ino;
	size_t pos;
};

static int same_order(const void *a, const void *b)
{
	const struct same *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Mark in drop[] every section that is self or an earlier one's cgroup. */
static size_t mark_same(struct same *id, size_t n, bool *drop, uint64_t self_dev,
			uint64_t self_ino)
{
	size_t self = 0;

	qsort(id, n, sizeof(*id), same_order);
	for (size_t k = 0; k < n; k++) {
		if (id[k].ino == 0)
			continue; /* not there now: known by its name only */
		if (self_ino && id[k].dev == self_dev && id[k].ino == self_ino) {
			drop[id[k].pos] = true;
			self++;
		} else if (k && id[k].dev == id[k - 1].dev && id[k].ino == id[k - 1].ino) {
			drop[id[k].pos] = true;
		}
	}
	return self;
}

size_t mr_drop_same_cgroups(struct mr_config *c, const char *root,
			    uint64_t self_dev, uint64_t self_ino)
{
	char dir[2 * MR_PATH_MAX + 2];
	struct same *id;
	bool *drop;
	size_t kept = 0, self = 0;

	if (c->ncgroups == 0)
		return 0;
	id = calloc(c->ncgroups, sizeof(*id));
	drop = calloc(c->ncgroups, sizeof(*drop));
	if (id && drop) {
		for (size_t i = 0; i < c->ncgroups; i++) {
			section_dir(root, c->cgroup[i].path, dir, sizeof(dir));
			id[i].pos = i;
			if (!mr_dir_identity(dir, &id[i].dev, &id[i].ino))
				id[i].dev = id[i].ino = 0;
		}
		self = mark_same(id, c->ncgroups, drop, self_dev, self_ino);
		for (size_t i = 0; i < c->ncgroups; i++)
			if (!drop[i])
				c->cgroup[kept++] = c->cgroup[i];
		c->ncgroups = kept;
	}
	free(id);
	free(drop);
	return self;
}
