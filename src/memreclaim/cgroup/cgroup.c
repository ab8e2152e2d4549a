/* SPDX-License-Identifier: MIT */
/* The cgroup layer's reads: a cgroup opened and checked, its files read. */
#include "memreclaim/cgroup/cgroup.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "common/number.h"
#include "common/sysfs.h"

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


int mr_read_stall(const char *dir, const char *file, uint64_t *us)
{
	char text[512], err[128];
	struct mr_pressure p;
	int n = tool_sysfs_read(dir, file, text, sizeof(text));

	if (n < 0)
		return n;
	if (mr_parse_pressure(text, &p, err, sizeof(err)) < 0)
		return -EINVAL;
	*us = p.some.total;
	return 0;
}

int mr_read_stat(const char *dir, struct mr_stat *s)
{
	static char text[MR_STAT_TEXT];
	char err[128];
	int n = tool_sysfs_read(dir, "memory.stat", text, sizeof(text));

	if (n < 0)
		return n;
	return mr_parse_stat(text, s, err, sizeof(err)) < 0 ? -EINVAL : 0;
}

uint64_t mr_read_protection(const char *dir)
{
	uint64_t min = 0, low = 0;

	if (mr_read_u64(dir, "memory.min", &min) < 0)
		min = 0;
	if (mr_read_u64(dir, "memory.low", &low) < 0)
		low = 0;
	return min > low ? min : low;
}

bool mr_dir_identity(const char *dir, uint64_t *dev, uint64_t *ino)
{
	struct stat st;

	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return false;
	*dev = (uint64_t)st.st_dev;
	*ino = (uint64_t)st.st_ino;
	return true;
}

void mr_self_cgroup_path(char *out, size_t len)
{
	char line[MR_PATH_MAX + 8];
	FILE *f = fopen("/proc/self/cgroup", "re");

	out[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "0::", 3) != 0)
			continue;
		line[strcspn(line, "\n")] = '\0';
		if (strlen(line + 3) < len)
			memcpy(out, line + 3, strlen(line + 3) + 1);
		break;
	}
	fclose(f);
}
