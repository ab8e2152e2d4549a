/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cgroup.h"
#include "common/size.h"
#include "settings.h"

#define CONFIG_MAX_BYTES (1 << 20)

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

/* A finite decimal number and nothing else; *end gets what follows. */
static int parse_number(const char *s, double *v, const char **rest)
{
	char *end;

	if (*s == '\0' || *s == '+' || *s == ' ' || *s == '\t')
		return -1;
	errno = 0;
	*v = strtod(s, &end);
	if (errno || end == s || !isfinite(*v))
		return -1;
	/* No hex floats, no "inf"/"nan": plain decimal only. */
	for (const char *p = s; p < end; p++)
		if (!((*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == 'e' ||
		      *p == 'E'))
			return -1;
	*rest = end;
	return 0;
}

int mr_parse_duration(const char *s, double *seconds)
{
	const char *unit;
	double v;

	if (parse_number(s, &v, &unit) < 0 || v < 0)
		return -1;
	if (*unit == '\0' || strcmp(unit, "s") == 0)
		*seconds = v;
	else if (strcmp(unit, "ms") == 0)
		*seconds = v / 1000;
	else if (strcmp(unit, "m") == 0 || strcmp(unit, "min") == 0)
		*seconds = v * 60;
	else if (strcmp(unit, "h") == 0)
		*seconds = v * 3600;
	else
		return -1;
	return 0;
}

int mr_parse_fraction(const char *s, double *f)
{
	const char *rest;
	double v;

	if (parse_number(s, &v, &rest) < 0 || v < 0)
		return -1;
	if (strcmp(rest, "%") == 0)
		v /= 100;
	else if (*rest != '\0')
		return -1;
	if (v > 1)
		return -1;
	*f = v;
	return 0;
}

int mr_parse_bool(const char *s, bool *b)
{
	static const char *const yes[] = { "yes", "on", "true", "1" };
	static const char *const no[] = { "no", "off", "false", "0" };

	for (size_t i = 0; i < 4; i++) {
		if (strcmp(s, yes[i]) == 0) {
			*b = true;
			return 0;
		}
		if (strcmp(s, no[i]) == 0) {
			*b = false;
			return 0;
		}
	}
	return -1;
}

static int bad(char *err, size_t errlen, const char *key, const char *value,
	       const char *want)
{
	snprintf(err, errlen, "%s = '%s': %s", key, value, want);
	return -1;
}

/* Parse value as a double-valued setting of kind k; -1 if malformed. */
static int parse_real(const struct mr_setting *k, const char *value, double *d)
{
	const char *rest;

	switch (k->kind) {
	case MR_SET_DURATION:
		return mr_parse_duration(value, d);
	case MR_SET_SHARE:
		return mr_parse_fraction(value, d);
	default:
		return parse_number(value, d, &rest) < 0 || *rest ? -1 : 0;
	}
}

int mr_config_set(struct mr_config *c, struct mr_params *scope, const char *key,
		  const char *value, char *err, size_t errlen)
{
	const struct mr_setting *k = mr_setting_find(key);
	struct mr_params *p = scope ? scope : &c->defaults;
	char *field;

	if (!k) {
		snprintf(err, errlen, "unknown key '%s'", key);
		return -1;
	}
	if (k->global && scope) {
		snprintf(err, errlen, "%s is global: set it before the first [cgroup]",
			 key);
		return -1;
	}
	field = (char *)(k->global ? (void *)c : (void *)p) + k->offset;
	switch (k->kind) {
	case MR_SET_SIZE: {
		char serr[128];
		uint64_t v = 0;

		if (k->unset_word && strcmp(value, k->unset_word) == 0) {
			memcpy(field, &v, sizeof(v));
			return 0;
		}
		if (tool_parse_size(value, &v, serr, sizeof(serr)) < 0)
			return bad(err, errlen, key, value, serr);
		if (k->min_one_page && v < p->page_size) {
			char page[24], why[64];

			tool_format_size(page, sizeof(page), (double)p->page_size);
			snprintf(why, sizeof(why), "%s (%s)", k->want, page);
			return bad(err, errlen, key, value, why);
		}
		memcpy(field, &v, sizeof(v));
		return 0;
	}
	case MR_SET_BOOL: {
		bool b;

		if (mr_parse_bool(value, &b) < 0)
			return bad(err, errlen, key, value, k->want);
		memcpy(field, &b, sizeof(b));
		return 0;
	}
	case MR_SET_CHOICE:
		for (int i = 0; k->choices[i]; i++)
			if (strcmp(value, k->choices[i]) == 0) {
				memcpy(field, &i, sizeof(i));
				return 0;
			}
		return bad(err, errlen, key, value, k->want);
	case MR_SET_LISTEN: {
		char host[MR_LISTEN_MAX];
		unsigned port;

		if (strcmp(value, "none") == 0)
			value = "";
		else if (strlen(value) >= MR_LISTEN_MAX ||
			 mr_parse_listen(value, host, sizeof(host), &port) < 0)
			return bad(err, errlen, key, value, k->want);
		snprintf(field, MR_LISTEN_MAX, "%s", value);
		return 0;
	}
	case MR_SET_PATH:
		if (value[0] != '/' || strlen(value) >= MR_PATH_MAX)
			return bad(err, errlen, key, value, k->want);
		snprintf(field, MR_PATH_MAX, "%s", value);
		return 0;
	case MR_SET_INT: {
		const char *rest;
		double d;
		int v = -1;

		if (!k->unset_word || strcmp(value, k->unset_word) != 0) {
			if (parse_number(value, &d, &rest) < 0 || *rest || d < k->min ||
			    d > k->max || d != (double)(int)d)
				return bad(err, errlen, key, value, k->want);
			v = (int)d;
		}
		memcpy(field, &v, sizeof(v));
		return 0;
	}
	default: {
		double d;

		if (parse_real(k, value, &d) < 0 || d < k->min || d > k->max ||
		    (k->min_exclusive && d <= k->min))
			return bad(err, errlen, key, value, k->want);
		memcpy(field, &d, sizeof(d));
		return 0;
	}
	}
}

bool mr_config_has_cgroup(const struct mr_config *c, const char *path)
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

static char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

int mr_config_parse(struct mr_config *c, const char *name, const char *text,
		    char *err, size_t errlen)
{
	struct mr_params *scope = NULL;
	char line[MR_PATH_MAX + 64];
	unsigned lineno = 0;
	const char *p = text;
	char why[256];

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *s, *eq, *key, *value;

		lineno++;
		if (len >= sizeof(line)) {
			snprintf(err, errlen, "%s:%u: line too long", name, lineno);
			return -1;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		p += len + (nl ? 1 : 0);
		s = trim(line);
		if (*s == '\0' || *s == '#')
			continue;
		if (*s == '[') {
			/* The last ']': a pattern's own [ab] may come before it. */
			char *close = strrchr(s, ']');
			char *path;

			if (!close || *trim(close + 1) != '\0' ||
			    strncmp(s, "[cgroup ", 8) != 0) {
				snprintf(err, errlen,
					 "%s:%u: a section is written [cgroup PATH]", name, lineno);
				return -1;
			}
			*close = '\0';
			path = trim(s + 8);
			if (mr_config_add_cgroup(c, path, why, sizeof(why)) < 0) {
				snprintf(err, errlen, "%s:%u: %s", name, lineno, why);
				return -1;
			}
			scope = &c->cgroup[c->ncgroups - 1].params;
			continue;
		}
		eq = strchr(s, '=');
		if (!eq) {
			snprintf(err, errlen, "%s:%u: expected KEY = VALUE", name, lineno);
			return -1;
		}
		*eq = '\0';
		key = trim(s);
		value = trim(eq + 1);
		if (*key == '\0' || *value == '\0') {
			snprintf(err, errlen, "%s:%u: expected KEY = VALUE", name, lineno);
			return -1;
		}
		/*
		 * Once a section has begun every key belongs to a cgroup, so
		 * the globals are final by the time a section copies them.
		 */
		if (mr_config_set(c, scope, key, value, why, sizeof(why)) < 0) {
			snprintf(err, errlen, "%s:%u: %s", name, lineno, why);
			return -1;
		}
	}
	return 0;
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
	if (st.st_size > CONFIG_MAX_BYTES) {
		snprintf(err, errlen, "%s: larger than %d bytes", path, CONFIG_MAX_BYTES);
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

/* Append part (len bytes) to out at *n as one more path element. */
static int push_element(char *out, size_t outlen, size_t *n, const char *part,
			size_t len)
{
	if (*n + (*n ? 1 : 0) + len >= outlen)
		return -1;
	if (*n)
		out[(*n)++] = '/';
	memcpy(out + *n, part, len);
	*n += len;
	out[*n] = '\0';
	return 0;
}

/* Drop the last element of out (for ".."); nothing left stays "". */
static void pop_element(char *out, size_t *n)
{
	char *slash = strrchr(out, '/');

	*n = slash ? (size_t)(slash - out) : 0;
	out[*n] = '\0';
}

/* out = path's elements, "." and "" dropped, ".." taking one back. */
static int lexical(const char *path, char *out, size_t outlen)
{
	size_t n = 0;

	out[0] = '\0';
	for (const char *p = path; *p;) {
		size_t len = strcspn(p, "/");

		if (len == 2 && p[0] == '.' && p[1] == '.')
			pop_element(out, &n);
		else if (len && !(len == 1 && p[0] == '.') &&
			 push_element(out, outlen, &n, p, len) < 0)
			return -1;
		p += len;
		p += *p == '/';
	}
	return 0;
}

int mr_cgroup_path_normalize(const char *root, const char *path, char *out,
			     size_t len)
{
	char joined[2 * MR_PATH_MAX + 2], full[2 * MR_PATH_MAX + 2];
	char canon_root[MR_PATH_MAX];
	size_t rootlen;

	if (path[0] == '\0')
		return -1;
	if (path[0] == '/') {
		snprintf(joined, sizeof(joined), "%s", path);
	} else if (mr_cgroup_is_path(path)) {
		char cwd[MR_PATH_MAX];

		/* "./x" and "../x": from the current directory. */
		if (!getcwd(cwd, sizeof(cwd)))
			return -1;
		snprintf(joined, sizeof(joined), "%s/%s", cwd, path);
	} else {
		snprintf(joined, sizeof(joined), "%s/%s", root, path);
	}
	if (lexical(root, canon_root, sizeof(canon_root)) < 0 ||
	    lexical(joined, full, sizeof(full)) < 0)
		return -1;
	rootlen = strlen(canon_root);
	/* Under the root: relative to it.  Elsewhere (the root too): absolute. */
	if (strncmp(full, canon_root, rootlen) == 0 && full[rootlen] == '/' &&
	    rootlen > 0) {
		if (strlen(full + rootlen + 1) >= len)
			return -1;
		snprintf(out, len, "%s", full + rootlen + 1);
		return 0;
	}
	if (strlen(full) + 2 > len)
		return -1;
	snprintf(out, len, "/%s", full);
	return 0;
}

int mr_parse_listen(const char *s, char *host, size_t hostlen, unsigned *port)
{
	const char *colon, *start = s, *end;
	unsigned char addr[16];
	char *stop;
	unsigned long p;
	size_t n;
	bool v6 = s[0] == '[';

	if (v6) {
		start = s + 1;
		end = strchr(start, ']');
		if (!end || end[1] != ':')
			return -1;
		colon = end + 1;
	} else {
		colon = strrchr(s, ':');
		if (!colon)
			return -1;
		end = colon;
	}
	n = (size_t)(end - start);
	if (n == 0 || n >= hostlen)
		return -1;
	memcpy(host, start, n);
	host[n] = '\0';
	if (inet_pton(v6 ? AF_INET6 : AF_INET, host, addr) != 1)
		return -1;
	if (colon[1] < '1' || colon[1] > '9')
		return -1;
	errno = 0;
	p = strtoul(colon + 1, &stop, 10);
	if (errno || *stop || p < 1 || p > 65535)
		return -1;
	*port = (unsigned)p;
	return 0;
}
