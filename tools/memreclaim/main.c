/* SPDX-License-Identifier: MIT */
/*
 * memreclaim: proactive reclaim for cgroup v2 through memory.reclaim
 * (Linux 5.19), and per-cgroup zswap accounting and limits.  See
 * docs/man/memreclaim.8.  Here: the command line; the one-shot commands
 * are in cmd_*.c, the PSI-driven daemon (`memreclaim run`) in daemon.c.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/version.h"
#include "commands.h"
#include "memreclaim/cgroup/exit_codes.h"
#include "memreclaim/daemon/daemon.h"
#include "memreclaim/policy/settings.h"

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
	"  -n, --dry-run          decide and log, write nothing (dry_run = yes)\n"
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

		if (mr_settings[i].flag_option)
			continue;
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

static bool options_fit_command(const struct mr_cli *o, const char *cmd)
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
		if (mr_settings[i].flag_option)
			continue;	/* a fixed flag sets it (--dry-run) */
		option_name(names[i], sizeof(names[i]), mr_settings[i].key);
		opts[n++] = (struct option){ names[i], required_argument, NULL,
					     OPT_SETTING + (int)i };
	}
	opts[n] = (struct option){ NULL, 0, NULL, 0 };
	return opts;
}

/* The command line: the one-shot commands' part and the daemon's. */
struct cmdline {
	struct mr_cli cli;
	struct mr_daemon_opts *run;
};

/* A setting from the command line: -1 to go on, or the exit code. */
static int add_override(struct cmdline *o, const char *key, const char *value)
{
	size_t k = o->run->noverrides;

	if (k == MR_MAX_OVERRIDES) {
		fprintf(stderr, "memreclaim: too many settings\n");
		return MR_EXIT_USAGE;
	}
	o->run->override_key[k] = key;
	o->run->override_value[k] = value;
	o->run->noverrides++;
	/* reclaim takes swappiness too: which command it is for is checked later. */
	if (strcmp(key, "swappiness") == 0)
		o->cli.swappiness = value;
	else
		o->cli.run_options = true;
	return -1;
}

/*
 * Take one option, as getopt_long returned it.  Returns -1 to go on, or
 * the exit code to end with.
 */
static int take_option(struct cmdline *c, int opt)
{
	struct mr_cli *o = &c->cli;
	char *end;

	if (opt >= OPT_SETTING)
		return add_override(c, mr_settings[opt - OPT_SETTING].key, optarg);
	switch (opt) {
	case 'c': c->run->config_path = optarg; o->run_options = true; break;
	case 'C': c->run->check_config = true; o->run_options = true; break;
	case 'n': return add_override(c, "dry_run", "yes");
	case 'I':
		errno = 0;
		c->run->iterations = strtol(optarg, &end, 10);
		if (errno || *end || end == optarg || c->run->iterations < 1) {
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
	struct mr_daemon_opts run = { 0 };
	struct cmdline c = { .run = &run };
	struct mr_cli *o = &c.cli;
	int opt, rc;

	o->root = getenv("MEMRECLAIM_CGROUP_ROOT");
	if (!o->root || !*o->root)
		o->root = "/sys/fs/cgroup";
	while ((opt = getopt_long(argc, argv, "jphc:n", opts, NULL)) != -1) {
		rc = take_option(&c, opt);
		if (rc >= 0)
			return rc;
	}
	argc -= optind;
	argv += optind;
	run.root = o->root;
	if (!options_fit_command(o, argc ? argv[0] : ""))
		return MR_EXIT_USAGE;
	if (argc == 3 && !strcmp(argv[0], "reclaim"))
		return mr_cmd_reclaim(o, argv[1], argv[2]);
	if (argc >= 2 && !strcmp(argv[0], "stat"))
		return mr_cmd_stat(o, argc - 1, argv + 1);
	if (argc == 2 && !strcmp(argv[0], "zswap"))
		return mr_cmd_zswap(o, argv[1]);
	if (argc >= 1 && !strcmp(argv[0], "run")) {
		run.ncgroups = (size_t)argc - 1;
		run.cgroups = argv + 1;
		return mr_daemon_run(&run);
	}
	print_usage(stderr);
	return MR_EXIT_USAGE;
}
