/* SPDX-License-Identifier: MIT */
/*
 * The pure half of the cgroup layer: memory.stat and PSI parsers, and one
 * spelling per cgroup path.  No file is read here (getcwd aside, for a
 * path given from the current directory).
 */
#include "memreclaim/cgroup/cgroup.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int mr_parse_stat(const char *text, struct mr_stat *s, char *err, size_t len)
{
	int line = 0;

	s->n = 0;
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t l = nl ? (size_t)(nl - text) : strlen(text);
		char buf[128], key[48];
		uint64_t v;
		int used = 0;

		line++;
		if (l >= sizeof(buf)) {
			snprintf(err, len, "line %d: too long", line);
			return -1;
		}
		memcpy(buf, text, l);
		buf[l] = '\0';
		text += l + (nl ? 1 : 0);
		if (l == 0)
			continue;
		if (sscanf(buf, "%47s %" SCNu64 "%n", key, &v, &used) != 2 ||
		    buf[used] != '\0' || strchr(buf, '-')) {
			snprintf(err, len, "line %d: not 'key number': '%s'", line,
				 buf);
			return -1;
		}
		if (s->n == MR_MAX_KEYS) {
			snprintf(err, len, "more than %d keys", MR_MAX_KEYS);
			return -1;
		}
		snprintf(s->key[s->n], sizeof(s->key[0]), "%s", key);
		s->val[s->n++] = v;
	}
	return 0;
}

int mr_stat_get(const struct mr_stat *s, const char *key, uint64_t *val)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->key[i], key)) {
			*val = s->val[i];
			return 0;
		}
	return -1;
}

static int parse_psi_line(const char *line, const char *kind,
			  struct mr_psi_line *out)
{
	char word[8];
	int used = 0;

	if (sscanf(line, "%7s avg10=%lf avg60=%lf avg300=%lf total=%" SCNu64 "%n",
		   word, &out->avg10, &out->avg60, &out->avg300, &out->total,
		   &used) != 5 ||
	    line[used] != '\0' || strcmp(word, kind) != 0 || out->avg10 < 0 ||
	    out->avg60 < 0 || out->avg300 < 0 || out->avg10 > 100 ||
	    out->avg60 > 100 || out->avg300 > 100)
		return -1;
	return 0;
}

int mr_parse_pressure(const char *text, struct mr_pressure *p, char *err,
		      size_t len)
{
	char first[160] = "", second[160] = "";
	const char *nl = strchr(text, '\n');
	size_t l = nl ? (size_t)(nl - text) : strlen(text);

	memset(p, 0, sizeof(*p));
	if (l >= sizeof(first))
		goto bad;
	memcpy(first, text, l);
	if (parse_psi_line(first, "some", &p->some) < 0)
		goto bad;
	if (nl && nl[1]) {
		const char *rest = nl + 1;
		const char *nl2 = strchr(rest, '\n');

		l = nl2 ? (size_t)(nl2 - rest) : strlen(rest);
		if (l >= sizeof(second) || (nl2 && nl2[1]))
			goto bad;
		memcpy(second, rest, l);
		if (parse_psi_line(second, "full", &p->full) < 0)
			goto bad;
		p->has_full = true;
	}
	return 0;
bad:
	snprintf(err, len, "not a pressure file ('some avg10=... total=...')");
	return -1;
}

bool mr_cgroup_is_path(const char *cgroup)
{
	/* ".hidden" is a name; "./x", "../x", "." and ".." are paths. */
	return cgroup[0] == '/' || strcmp(cgroup, ".") == 0 ||
	       strcmp(cgroup, "..") == 0 || strncmp(cgroup, "./", 2) == 0 ||
	       strncmp(cgroup, "../", 3) == 0;
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

