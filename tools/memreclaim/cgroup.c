/* SPDX-License-Identifier: MIT */
#include "cgroup.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "common/number.h"
#include "common/sysfs.h"
#include "stop.h"

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

enum mr_exit mr_cgroup_open(const char *root, const char *cgroup, char *dir,
			    size_t dirlen, char *err, size_t errlen, uint64_t *id)
{
	return mr_cgroup_reopen(root, cgroup, dir, dirlen, err, errlen, 0, id);
}

enum mr_exit mr_cgroup_reopen(const char *root, const char *cgroup, char *dir,
			      size_t dirlen, char *err, size_t errlen,
			      uint64_t known_id, uint64_t *id)
{
	struct stat st;
	int n;

	if (mr_cgroup_is_path(cgroup))
		n = snprintf(dir, dirlen, "%s", cgroup);
	else
		n = snprintf(dir, dirlen, "%s/%s", root, cgroup);
	if (n < 0 || (size_t)n >= dirlen) {
		snprintf(err, errlen, "%s: name too long", cgroup);
		return MR_EXIT_USAGE;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: %s", dir,
			 errno == ENOENT ? "no such cgroup" : "not a directory");
		return MR_EXIT_NOCGROUP;
	}
	if (known_id && (uint64_t)st.st_ino == known_id) {
		if (id)
			*id = known_id;
		return MR_OK;
	}
	if (!tool_sysfs_exists(dir, "cgroup.controllers")) {
		snprintf(err, errlen,
			 "%s: not a cgroup v2 directory (no cgroup.controllers)",
			 dir);
		return MR_EXIT_NOCGROUP;
	}
	if (!tool_sysfs_exists(dir, "memory.current")) {
		snprintf(err, errlen,
			 "%s: no memory controller here (no memory.current: "
			 "enable it with +memory in the parent's "
			 "cgroup.subtree_control)", dir);
		return MR_EXIT_NOCGROUP;
	}
	if (id)
		*id = (uint64_t)st.st_ino;
	return MR_OK;
}

static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' ' || p[n] == '\n'))
			return true;
	return false;
}

enum mr_exit mr_check_hierarchy(const char *root, char *err, size_t errlen)
{
	static const char boot[] = "boot with systemd.unified_cgroup_hierarchy=1";
	char controllers[512];

	if (tool_sysfs_read(root, "cgroup.controllers", controllers,
			    sizeof(controllers)) < 0) {
		if (tool_sysfs_exists(root, "unified"))
			snprintf(err, errlen, "%s: a hybrid cgroup hierarchy (cgroup v2 only "
				 "at %s/unified, the memory controller on v1): "
				 "memory.reclaim needs it on cgroup v2 (%s)", root, root, boot);
		else if (tool_sysfs_exists(root, "memory"))
			snprintf(err, errlen, "%s: a cgroup v1 hierarchy: memory.reclaim "
				 "is cgroup v2 only (%s)", root, boot);
		else
			snprintf(err, errlen, "%s: not a cgroup v2 hierarchy "
				 "(no cgroup.controllers)", root);
		return MR_EXIT_NOCGROUP;
	}
	if (!has_word(controllers, "memory")) {
		snprintf(err, errlen, "%s/cgroup.controllers: no memory controller on "
			 "cgroup v2 ('%s'): it is on a cgroup v1 hierarchy, or disabled "
			 "(cgroup_disable=memory)", root, controllers);
		return MR_EXIT_NOCGROUP;
	}
	return MR_OK;
}

enum mr_exit mr_check_cgroup_files(const char *dir, char *err, size_t errlen)
{
	if (!tool_sysfs_exists(dir, "memory.reclaim")) {
		snprintf(err, errlen, "%s/memory.reclaim: missing: the kernel predates "
			 "Linux 5.19", dir);
		return MR_EXIT_NOKERNEL;
	}
	if (!tool_sysfs_exists(dir, "memory.pressure")) {
		snprintf(err, errlen, "%s/memory.pressure: missing: the kernel keeps no "
			 "pressure stall information (built without CONFIG_PSI, or "
			 "booted with psi=0, or built with CONFIG_PSI_DEFAULT_DISABLED: "
			 "boot with psi=1)", dir);
		return MR_EXIT_NOKERNEL;
	}
	return MR_OK;
}

int mr_read_u64(const char *dir, const char *attr, uint64_t *v)
{
	char buf[64];
	int n = tool_sysfs_read(dir, attr, buf, sizeof(buf));

	if (n < 0)
		return n;
	if (strcmp(buf, "max") == 0) {
		*v = UINT64_MAX;
		return 0;
	}
	return tool_parse_u64(buf, v);
}

bool mr_kernel_has_reclaim_swappiness(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	return uname(&u) == 0 && sscanf(u.release, "%d.%d", &major, &minor) == 2 &&
	       (major > 6 || (major == 6 && minor >= 11));
}

int mr_read_stat_key(const char *dir, const char *key, uint64_t *v)
{
	char text[MR_STAT_TEXT], *end;
	size_t len = strlen(key);
	int n = tool_sysfs_read(dir, "memory.stat", text, sizeof(text));

	if (n < 0)
		return n;
	for (char *line = text; *line; line = end) {
		end = strchr(line, '\n');
		if (end)
			*end++ = '\0';
		else
			end = line + strlen(line);
		if (strncmp(line, key, len) == 0 && line[len] == ' ')
			return tool_parse_u64(line + len + 1, v) < 0 ? -EINVAL : 0;
	}
	return -ENOENT;
}

/* Where a reclaim request's progress is read from (mr_write_reclaim). */
struct reclaim_progress {
	bool pgsteal;		/* memory.stat's pgsteal, else memory.current */
	uint64_t start;		/* its value before the first write */
	uint64_t page_size;
};

static void progress_start(const char *dir, const struct mr_reclaim_req *req,
			   struct reclaim_progress *p)
{
	p->page_size = req->page_size;
	p->pgsteal = req->pgsteal_known;
	p->start = req->pgsteal;
	if (!p->pgsteal)
		p->pgsteal = mr_read_stat_key(dir, "pgsteal", &p->start) == 0;
	if (!p->pgsteal && mr_read_u64(dir, "memory.current", &p->start) < 0)
		p->start = 0;
}

/* Bytes reclaimed since progress_start (0 where it cannot tell). */
static uint64_t progress_bytes(const char *dir, const struct reclaim_progress *p)
{
	uint64_t now;

	if (p->pgsteal)
		return mr_read_stat_key(dir, "pgsteal", &now) == 0 && now > p->start ?
			(now - p->start) * p->page_size : 0;
	return mr_read_u64(dir, "memory.current", &now) == 0 && now < p->start ?
		p->start - now : 0;
}

int mr_write_reclaim(const char *dir, const struct mr_reclaim_req *req,
		     const volatile sig_atomic_t *stop, uint64_t *reclaimed)
{
	struct reclaim_progress progress;
	uint64_t left = req->bytes, done;
	char text[48];
	int rc;

	progress_start(dir, req, &progress);
	for (;;) {
		if (req->swappiness >= 0)
			snprintf(text, sizeof(text), "%" PRIu64 " swappiness=%d", left,
				 req->swappiness);
		else
			snprintf(text, sizeof(text), "%" PRIu64, left);
		rc = tool_sysfs_write(dir, "memory.reclaim", text);
		if (rc != -EINTR || (stop && mr_flag(stop)))
			break;
		/*
		 * A signal came after part of the work: ask for the rest, not
		 * for all of it again.
		 */
		done = progress_bytes(dir, &progress);
		if (done + req->page_size > req->bytes) {
			rc = 0;
			break;
		}
		left = (req->bytes - done) / req->page_size * req->page_size;
	}
	if (reclaimed)
		*reclaimed = progress_bytes(dir, &progress);
	return rc;
}
