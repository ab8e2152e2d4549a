/* SPDX-License-Identifier: MIT */
/*
 * memreclaim: proactive reclaim for cgroup v2 through memory.reclaim
 * (Linux 5.19), and per-cgroup zswap accounting and limits.  See
 * docs/man/memreclaim.8: the one-shot commands here, the PSI-driven
 * daemon (`memreclaim run`) in daemon.c.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "common/version.h"
#include "cgroup.h"
#include "daemon.h"
#include "settings.h"

static const char usage[] =
	"usage: memreclaim [OPTIONS] reclaim CGROUP SIZE [--swappiness N]\n"
	"       memreclaim [OPTIONS] stat CGROUP...\n"
	"       memreclaim [OPTIONS] zswap CGROUP [--max SIZE|max] [--writeback 0|1]\n"
	"       memreclaim [OPTIONS] run [RUN-OPTIONS] [CGROUP...]\n"
	"CGROUP is a path, or a name under the cgroup root. SIZE is as\n"
	"memory.reclaim reads it: 100M, 1G, 0x1000, 512K.\n"
	"  -j, --json             machine output\n"
	"  -p, --prometheus       stat: Prometheus text format\n"
	"      --cgroup-root DIR  default $MEMRECLAIM_CGROUP_ROOT or /sys/fs/cgroup\n"
	"  -h, --help  --version\n"
	"run: the daemon (memreclaim(8) documents each setting and its default)\n"
	"  -c, --config FILE      settings and [cgroup PATH] sections\n"
	"      --check-config     validate, print the effective settings, exit\n"
	"  -n, --dry-run          decide and log, write nothing\n"
	"      --iterations N     stop after N intervals\n";

/* The option name of a setting: its key with '-' for '_'. */
static void option_name(char *out, size_t len, const char *key)
{
	size_t i = 0;

	for (; key[i] && i + 1 < len; i++) {
		if (key[i] == '_')
			out[i] = '-';
		else
			out[i] = key[i];
	}
	out[i] = '\0';
}

/* The usage text, then one line of settings options at a time. */
static void print_usage(FILE *f)
{
	int col = 0;

	fputs(usage, f);
	for (size_t i = 0; i < mr_nsettings; i++) {
		char name[40];
		int w;

		option_name(name, sizeof(name), mr_settings[i].key);
		w = 4 + (int)strlen(name) + (int)strlen(mr_settings[i].arg);
		if (col && col + w > 76) {
			fputc('\n', f);
			col = 0;
		}
		col += fprintf(f, "%s--%s %s", col ? "  " : "      ", name,
			       mr_settings[i].arg);
	}
	fputc('\n', f);
}

struct opts {
	struct mr_daemon_opts run;
	bool run_options;
	bool json, prometheus;
	const char *root;
	const char *swappiness; /* reclaim's and run's --swappiness, or NULL */
	const char *zswap_max, *writeback;
};

static int io_exit(int err)
{
	return err == -EPERM || err == -EACCES ? (int)MR_EXIT_PERM : (int)MR_EXIT_IO;
}

/* Resolve and check CGROUP; on failure, say why on stderr. */
static enum mr_exit open_cgroup(const struct opts *o, const char *cgroup,
				char *dir, size_t len)
{
	char err[512];
	enum mr_exit code = mr_cgroup_open(o->root, cgroup, dir, len, err,
					   sizeof(err));

	if (code != MR_OK)
		fprintf(stderr, "memreclaim: %s\n", err);
	return code;
}

static int cmd_reclaim(const struct opts *o, const char *cgroup, const char *size)
{
	struct mr_config scratch;
	struct mr_params params;
	struct mr_reclaim_req req;
	char dir[4096], err[512], a[24], b[24], c[24], d[24];
	uint64_t bytes, before, after;
	enum mr_exit code;
	int rc, swappiness = -1;

	/* Everything is checked before anything is written. */
	if (tool_parse_size(size, &bytes, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: size %s\n", err);
		return MR_EXIT_USAGE;
	}
	/* The daemon's setting, parsed by the same row of settings.c. */
	if (o->swappiness) {
		mr_config_init(&scratch);
		if (mr_config_set(&scratch, NULL, "swappiness", o->swappiness, err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: --swappiness: %s\n", err);
			return MR_EXIT_USAGE;
		}
		swappiness = scratch.defaults.swappiness;
	}
	code = open_cgroup(o, cgroup, dir, sizeof(dir));
	if (code != MR_OK)
		return code;
	if (!tool_sysfs_exists(dir, "memory.reclaim")) {
		fprintf(stderr, "memreclaim: %s/memory.reclaim: missing: the "
				"kernel predates Linux 5.19\n", dir);
		return MR_EXIT_NOKERNEL;
	}
	if (swappiness >= 0 && !mr_kernel_has_reclaim_swappiness()) {
		fprintf(stderr, "memreclaim: --swappiness: " MR_NO_RECLAIM_SWAPPINESS "\n");
		return MR_EXIT_NOKERNEL;
	}
	rc = mr_read_u64(dir, "memory.current", &before);
	if (rc < 0) {
		fprintf(stderr, "memreclaim: %s/memory.current: %s\n", dir,
			strerror(-rc));
		return io_exit(rc);
	}
	mr_params_default(&params);
	req = (struct mr_reclaim_req){ .bytes = bytes, .swappiness = swappiness,
				       .page_size = params.page_size };
	rc = mr_write_reclaim(dir, &req, NULL, NULL);
	if (rc < 0 && rc != -EAGAIN) {
		fprintf(stderr, "memreclaim: %s/memory.reclaim: %s\n", dir,
			strerror(-rc));
		return io_exit(rc);
	}
	if (mr_read_u64(dir, "memory.current", &after) < 0)
		after = before;
	tool_format_size(a, sizeof(a), (double)bytes);
	tool_format_size(b, sizeof(b), (double)before - (double)after);
	tool_format_size(c, sizeof(c), (double)before);
	tool_format_size(d, sizeof(d), (double)after);
	if (o->json) {
		printf("{\"cgroup\": ");
		tool_json_string(stdout, dir);
		printf(", \"asked_bytes\": %" PRIu64 ", \"reclaimed_bytes\": %" PRId64
		       ", \"current_before\": %" PRIu64 ", \"current_after\": %" PRIu64
		       ", \"result\": \"%s\"}\n",
		       bytes, (int64_t)(before - after), before, after,
		       rc == -EAGAIN ? "partial" : "ok");
	} else {
		printf("%s: asked %s, reclaimed %s (memory.current %s -> %s)%s\n",
		       dir, a, b, c, d,
		       rc == -EAGAIN ? ": less than asked (EAGAIN)" : "");
	}
	return rc == -EAGAIN ? MR_EXIT_PARTIAL : MR_OK;
}

/* What stat shows: file, key (for memory.stat keys), label. */
static const char *const single_files[] = {
	"memory.current", "memory.min", "memory.low", "memory.high",
	"memory.max", "memory.swap.current", "memory.zswap.current",
	"memory.zswap.max",
};
static const char *const stat_keys[] = {
	"anon", "file", "zswap", "zswapped", "zswpin", "zswpout", "pgscan",
	"pgsteal", "workingset_refault_anon", "workingset_refault_file",
};

static void metric_name(char *out, size_t len, const char *file)
{
	size_t i = 0;

	for (; *file && i + 1 < len; file++) {
		if (*file == '.' || *file == '-')
			out[i++] = '_';
		else
			out[i++] = *file;
	}
	out[i] = '\0';
}

static int show_stat(const struct opts *o, const char *cgroup, bool first)
{
	static char text[MR_STAT_TEXT];
	/* The label set: the path escaped, every character 2 at most. */
	char dir[4096], err[512], name[64], lbl[2 * 4096 + 16];
	struct mr_stat s;
	struct mr_pressure p;
	enum mr_exit code = open_cgroup(o, cgroup, dir, sizeof(dir));
	int rc;

	if (code != MR_OK)
		return code;
	tool_prom_label(lbl, sizeof(lbl), "cgroup", dir);
	rc = tool_sysfs_read(dir, "memory.stat", text, sizeof(text));
	if (rc < 0 || mr_parse_stat(text, &s, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: %s/memory.stat: %s\n", dir,
			rc < 0 ? strerror(-rc) : err);
		return rc < 0 ? io_exit(rc) : (int)MR_EXIT_IO;
	}
	rc = tool_sysfs_read(dir, "memory.pressure", text, sizeof(text));
	if (rc < 0 || mr_parse_pressure(text, &p, err, sizeof(err)) < 0) {
		fprintf(stderr, "memreclaim: %s/memory.pressure: %s\n", dir,
			rc < 0 ? strerror(-rc) : err);
		return rc < 0 ? io_exit(rc) : (int)MR_EXIT_IO;
	}
	if (o->json)
		printf("%s{\"cgroup\": ", first ? "" : ",\n ");
	if (o->json)
		tool_json_string(stdout, dir);
	else if (!o->prometheus)
		printf("%s%s\n", first ? "" : "\n", dir);
	for (size_t i = 0; i < sizeof(single_files) / sizeof(*single_files); i++) {
		char v[64];
		bool is_max;

		if (tool_sysfs_read(dir, single_files[i], v, sizeof(v)) < 0)
			continue; /* absent on this kernel or the root */
		is_max = strcmp(v, "max") == 0;
		metric_name(name, sizeof(name), single_files[i]);
		if (o->json)
			printf(", \"%s\": %s%s%s", single_files[i],
			       is_max ? "\"" : "", v, is_max ? "\"" : "");
		else if (o->prometheus && !is_max)
			printf("memreclaim_%s_bytes%s %s\n", name, lbl, v);
		else if (!o->prometheus)
			printf("  %-28s %s\n", single_files[i], v);
	}
	for (size_t i = 0; i < sizeof(stat_keys) / sizeof(*stat_keys); i++) {
		uint64_t v;

		if (mr_stat_get(&s, stat_keys[i], &v) < 0)
			continue;
		if (o->json)
			printf(", \"stat.%s\": %" PRIu64, stat_keys[i], v);
		else if (o->prometheus)
			printf("memreclaim_stat_%s%s %" PRIu64 "\n",
			       stat_keys[i], lbl, v);
		else
			printf("  %-28s %" PRIu64 "\n", stat_keys[i], v);
	}
	{
		uint64_t zswap, zswapped;

		if (mr_stat_get(&s, "zswap", &zswap) == 0 &&
		    mr_stat_get(&s, "zswapped", &zswapped) == 0 && zswap > 0) {
			double ratio = (double)zswapped / (double)zswap;

			if (o->json)
				printf(", \"zswap_compression_ratio\": %.2f", ratio);
			else if (o->prometheus)
				printf("memreclaim_zswap_compression_ratio%s %.3f\n",
				       lbl, ratio);
			else
				printf("  %-28s %.2f\n", "zswap compression ratio", ratio);
		}
	}
	for (int k = 0; k < (p.has_full ? 2 : 1); k++) {
		const struct mr_psi_line *l = k ? &p.full : &p.some;
		const char *kind = k ? "full" : "some";

		if (o->json)
			printf(", \"pressure.%s\": {\"avg10\": %.2f, \"avg60\": %.2f, "
			       "\"avg300\": %.2f, \"total_us\": %" PRIu64 "}",
			       kind, l->avg10, l->avg60, l->avg300, l->total);
		else if (o->prometheus)
			printf("memreclaim_pressure_%s_total_us%s %" PRIu64
			       "\nmemreclaim_pressure_%s_avg10%s %.2f\n",
			       kind, lbl, l->total, kind, lbl, l->avg10);
		else
			printf("  pressure %-19s avg10=%.2f avg60=%.2f avg300=%.2f "
			       "total=%" PRIu64 " us\n", kind, l->avg10, l->avg60,
			       l->avg300, l->total);
	}
	if (o->json)
		printf("}");
	return MR_OK;
}

static int cmd_stat(const struct opts *o, int n, char **cgroups)
{
	int code = MR_OK;

	if (o->json)
		printf("[");
	for (int i = 0; i < n; i++) {
		int rc = show_stat(o, cgroups[i], i == 0);

		if (rc != MR_OK)
			code = rc;
	}
	if (o->json)
		printf("]\n");
	return code;
}

static int cmd_zswap(const struct opts *o, const char *cgroup)
{
	char dir[4096], err[512], v[64];
	enum mr_exit code = open_cgroup(o, cgroup, dir, sizeof(dir));
	int rc;

	if (code != MR_OK)
		return code;
	if (!tool_sysfs_exists(dir, "memory.zswap.max")) {
		fprintf(stderr, "memreclaim: %s/memory.zswap.max: missing: the "
				"kernel lacks per-cgroup zswap (Linux 5.19+, "
				"CONFIG_ZSWAP)\n", dir);
		return MR_EXIT_NOKERNEL;
	}
	if (o->zswap_max) {
		uint64_t bytes;
		char val[32];

		if (!strcmp(o->zswap_max, "max")) {
			snprintf(val, sizeof(val), "max");
		} else if (tool_parse_size(o->zswap_max, &bytes, err, sizeof(err)) < 0) {
			fprintf(stderr, "memreclaim: --max %s\n", err);
			return MR_EXIT_USAGE;
		} else {
			snprintf(val, sizeof(val), "%" PRIu64, bytes);
		}
		rc = tool_sysfs_write(dir, "memory.zswap.max", val);
		if (rc < 0) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.max: %s\n",
				dir, strerror(-rc));
			return io_exit(rc);
		}
	}
	if (o->writeback) {
		if (!tool_sysfs_exists(dir, "memory.zswap.writeback")) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.writeback: "
					"missing: the kernel predates Linux 6.8\n",
				dir);
			return MR_EXIT_NOKERNEL;
		}
		rc = tool_sysfs_write(dir, "memory.zswap.writeback", o->writeback);
		if (rc < 0) {
			fprintf(stderr, "memreclaim: %s/memory.zswap.writeback: %s\n",
				dir, strerror(-rc));
			return io_exit(rc);
		}
	}
	if (o->json) {
		printf("{\"cgroup\": ");
		tool_json_string(stdout, dir);
	} else {
		printf("%s\n", dir);
	}
	{
		static const char *const files[] = { "memory.zswap.current",
						     "memory.zswap.max",
						     "memory.zswap.writeback" };

		for (size_t i = 0; i < 3; i++) {
			if (tool_sysfs_read(dir, files[i], v, sizeof(v)) < 0)
				continue;
			if (o->json)
				printf(", \"%s\": \"%s\"", files[i], v);
			else
				printf("  %-24s %s\n", files[i], v);
		}
	}
	if (o->json)
		printf("}\n");
	return MR_OK;
}

/*
 * One command line, several commands: an option that belongs to another
 * command is an error (exit 2), not silently ignored.
 */
static bool options_fit_command(const struct opts *o, const char *cmd)
{
	static const char *const fmt = "memreclaim: %s is for '%s' only\n";

	if (o->run_options && strcmp(cmd, "run") != 0)
		fprintf(stderr, "memreclaim: daemon options are for 'run' only\n");
	else if (o->swappiness && strcmp(cmd, "reclaim") != 0 && strcmp(cmd, "run") != 0)
		fprintf(stderr, "memreclaim: --swappiness is for 'reclaim' and 'run' only\n");
	else if (o->zswap_max && strcmp(cmd, "zswap") != 0)
		fprintf(stderr, fmt, "--max", "zswap");
	else if (o->writeback && strcmp(cmd, "zswap") != 0)
		fprintf(stderr, fmt, "--writeback", "zswap");
	else if (o->prometheus && strcmp(cmd, "stat") != 0)
		fprintf(stderr, fmt, "--prometheus", "stat");
	else
		return true;
	return false;
}

/* getopt_long's value for setting i (settings.c) is OPT_SETTING + i. */
#define OPT_SETTING 0x100

/* The long options: the fixed ones, then one per setting (settings.c). */
static const struct option *long_options(void)
{
	static const struct option fixed[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "prometheus", no_argument, NULL, 'p' },
		{ "cgroup-root", required_argument, NULL, 'r' },
		{ "max", required_argument, NULL, 'm' },
		{ "writeback", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "config", required_argument, NULL, 'c' },
		{ "check-config", no_argument, NULL, 'C' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "iterations", required_argument, NULL, 'I' },
		{ NULL, 0, NULL, 0 },
	};
	static struct option opts[sizeof(fixed) / sizeof(fixed[0]) + MR_MAX_OVERRIDES];
	static char names[MR_MAX_OVERRIDES][40];
	size_t n = sizeof(fixed) / sizeof(fixed[0]) - 1;

	memcpy(opts, fixed, n * sizeof(fixed[0]));
	for (size_t i = 0; i < mr_nsettings && i < MR_MAX_OVERRIDES - 1; i++) {
		option_name(names[i], sizeof(names[i]), mr_settings[i].key);
		opts[n++] = (struct option){ names[i], required_argument, NULL,
					     OPT_SETTING + (int)i };
	}
	opts[n] = (struct option){ NULL, 0, NULL, 0 };
	return opts;
}

/*
 * Take one option, as getopt_long returned it.  Returns -1 to go on, or
 * the exit code to end with.
 */
static int take_option(struct opts *o, int opt)
{
	char *end;

	if (opt >= OPT_SETTING) {
		size_t k = o->run.noverrides;

		if (k == MR_MAX_OVERRIDES) {
			fprintf(stderr, "memreclaim: too many settings\n");
			return MR_EXIT_USAGE;
		}
		o->run.override_key[k] = mr_settings[opt - OPT_SETTING].key;
		o->run.override_value[k] = optarg;
		o->run.noverrides++;
		/* reclaim takes swappiness too: which command it is for is checked later. */
		if (strcmp(o->run.override_key[k], "swappiness") == 0)
			o->swappiness = optarg;
		else
			o->run_options = true;
		return -1;
	}
	switch (opt) {
	case 'c': o->run.config_path = optarg; o->run_options = true; break;
	case 'C': o->run.check_config = true; o->run_options = true; break;
	case 'n': o->run.dry_run = true; o->run_options = true; break;
	case 'I':
		errno = 0;
		o->run.iterations = strtol(optarg, &end, 10);
		if (errno || *end || end == optarg || o->run.iterations < 1) {
			fprintf(stderr, "memreclaim: --iterations: '%s' is not a "
					"positive number\n", optarg);
			return MR_EXIT_USAGE;
		}
		o->run_options = true;
		break;
	case 'j': o->json = true; break;
	case 'p': o->prometheus = true; break;
	case 'r': o->root = optarg; break;
	case 'm': o->zswap_max = optarg; break;
	case 'w':
		if (strcmp(optarg, "0") != 0 && strcmp(optarg, "1") != 0) {
			fprintf(stderr, "memreclaim: --writeback: 0 or 1\n");
			return MR_EXIT_USAGE;
		}
		o->writeback = optarg;
		break;
	case 'h': print_usage(stdout); return MR_OK;
	case 'V': return tool_print_version("memreclaim");
	default: print_usage(stderr); return MR_EXIT_USAGE;
	}
	return -1;
}

int main(int argc, char **argv)
{
	const struct option *opts = long_options();
	struct opts o = { 0 };
	int opt, rc;

	o.root = getenv("MEMRECLAIM_CGROUP_ROOT");
	if (!o.root || !*o.root)
		o.root = "/sys/fs/cgroup";
	while ((opt = getopt_long(argc, argv, "jphc:n", opts, NULL)) != -1) {
		rc = take_option(&o, opt);
		if (rc >= 0)
			return rc;
	}
	argc -= optind;
	argv += optind;
	o.run.root = o.root;
	if (!options_fit_command(&o, argc ? argv[0] : ""))
		return MR_EXIT_USAGE;
	if (argc == 3 && !strcmp(argv[0], "reclaim"))
		return cmd_reclaim(&o, argv[1], argv[2]);
	if (argc >= 2 && !strcmp(argv[0], "stat"))
		return cmd_stat(&o, argc - 1, argv + 1);
	if (argc == 2 && !strcmp(argv[0], "zswap"))
		return cmd_zswap(&o, argv[1]);
	if (argc >= 1 && !strcmp(argv[0], "run")) {
		o.run.ncgroups = (size_t)argc - 1;
		o.run.cgroups = argv + 1;
		return mr_daemon_run(&o.run);
	}
	print_usage(stderr);
	return MR_EXIT_USAGE;
}
