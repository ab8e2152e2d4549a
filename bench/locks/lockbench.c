/* SPDX-License-Identifier: MIT */
/*
 * lockbench: fairlock beside Concurrency Kit, DPDK and pthreads, measured
 * interleaved in one run.  See docs/benchmarking.md for what each figure is.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "measure.h"
#include "report.h"

static const char usage[] =
	"usage: lockbench [options]\n"
	"  --mode LIST       uncontended,throughput,handoff,rw (default: all)\n"
	"  --locks LIST      lock names or families (default: all; --list)\n"
	"  --threads LIST    thread counts for throughput and rw (default 1,2,4,8)\n"
	"  --read-pct LIST   rw read shares in percent (default 50,90,99)\n"
	"  --duration MS     length of one contended run (default 200)\n"
	"  --reps N          repetitions; medians are reported (default 5)\n"
	"  --cs N            work units inside the lock (default 20)\n"
	"  --ncs N           work units between acquisitions (default 50)\n"
	"  --pairs N         lock+unlock pairs per uncontended run (default 2000000)\n"
	"  --no-pin          never pin threads to CPUs (default: pin when they fit)\n"
	"  --no-waits        throughput mode: do not time each acquisition's wait\n"
	"                    (two clock reads per acquisition, for every lock alike)\n"
	"  --quick           short run: 1,2,4 threads, 3 reps of 50 ms\n"
	"  --csv FILE        write every result as CSV\n"
	"  --json FILE       write every result as JSON\n"
	"  --windows FILE    throughput mode: each thread's acquisitions in every\n"
	"                    10 ms of every run, as CSV (fairness over time)\n"
	"  --list            list the locks and exit\n";

static int parse_uint(const char *opt, const char *s, unsigned long max,
		      unsigned long *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || s[0] == '-' || v > max) {
		fprintf(stderr, "lockbench: %s: '%s' is not a number in 0..%lu\n",
			opt, s, max);
		return -1;
	}
	*out = v;
	return 0;
}

/*
 * Copy the next item of the comma-separated list at *p into item[size] and
 * advance *p.  Returns 1 for an item, 0 at the end, -1 if an item is too
 * long to be a valid one.
 */
static int next_item(const char **p, char *item, size_t size)
{
	const char *comma;
	size_t len;

	if (!*p || !**p)
		return 0;
	comma = strchr(*p, ',');
	len = comma ? (size_t)(comma - *p) : strlen(*p);
	if (len >= size)
		return -1;
	memcpy(item, *p, len);
	item[len] = '\0';
	*p = comma ? comma + 1 : NULL;
	return 1;
}

/* A comma-separated list of numbers into out[]; returns the count or -1. */
static int parse_list(const char *opt, const char *s, unsigned long min,
		      unsigned long max, unsigned int *out, int cap)
{
	char item[32];
	int n = 0, got;

	while ((got = next_item(&s, item, sizeof(item))) != 0) {
		unsigned long v;

		if (got < 0 || parse_uint(opt, item, max, &v) < 0) {
			if (got < 0)
				fprintf(stderr, "lockbench: %s: bad list item\n",
					opt);
			return -1;
		}
		if (n == cap) {
			fprintf(stderr, "lockbench: %s: more than %d values\n",
				opt, cap);
			return -1;
		}
		if (v < min) {
			fprintf(stderr, "lockbench: %s: %lu is below %lu\n", opt,
				v, min);
			return -1;
		}
		out[n++] = (unsigned int)v;
	}
	if (n == 0) {
		fprintf(stderr, "lockbench: %s: empty list\n", opt);
		return -1;
	}
	return n;
}

static bool in_list(const char *list, const char *word)
{
	char item[64];
	int got;

	while ((got = next_item(&list, item, sizeof(item))) != 0)
		if (got > 0 && !strcmp(item, word))
			return true;
	return false;
}

static bool is_lock_or_family(const char *name)
{
	for (size_t i = 0; i < lb_nlocks; i++)
		if (!strcmp(name, lb_locks[i]->name) ||
		    !strcmp(name, lb_locks[i]->family))
			return true;
	return false;
}

static bool is_mode(const char *name)
{
	return !strcmp(name, "uncontended") || !strcmp(name, "throughput") ||
	       !strcmp(name, "handoff") || !strcmp(name, "rw");
}

/* Every item of `list` must satisfy `known`; else say which is not. */
static int check_names(const char *opt, const char *list,
		       bool (*known)(const char *))
{
	char item[64];
	int got, n = 0;

	while ((got = next_item(&list, item, sizeof(item))) != 0) {
		if (got < 0 || !known(item)) {
			fprintf(stderr, "lockbench: %s: unknown name '%s' "
					"(see --list and --help)\n",
				opt, got < 0 ? "(too long)" : item);
			return -1;
		}
		n++;
	}
	if (n == 0) {
		fprintf(stderr, "lockbench: %s: empty list\n", opt);
		return -1;
	}
	return 0;
}

/* Take one option into cfg; returns -1 to go on, or the exit status. */
static int take_option(struct lb_config *cfg, int opt)
{
	unsigned long v;
	int n;

	switch (opt) {
	case 'm':
		if (check_names("--mode", optarg, is_mode) < 0)
			return 2;
		cfg->modes = optarg;
		break;
	case 'l':
		if (check_names("--locks", optarg, is_lock_or_family) <
		    0)
			return 2;
		cfg->locks = optarg;
		break;
	case 't':
		n = parse_list("--threads", optarg, 1, LB_MAX_THREADS,
			       cfg->threads, LB_MAX_CONFIGS);
		if (n < 0)
			return 2;
		cfg->nthreads = (unsigned int)n;
		break;
	case 'r':
		n = parse_list("--read-pct", optarg, 0, 100,
			       cfg->read_pct, LB_MAX_CONFIGS);
		if (n < 0)
			return 2;
		cfg->nread_pct = (unsigned int)n;
		break;
	case 'd':
		if (parse_uint("--duration", optarg, 600000, &v) < 0 ||
		    v == 0)
			return 2;
		cfg->duration_ms = (unsigned int)v;
		break;
	case 'n':
		if (parse_uint("--reps", optarg, LB_MAX_REPS, &v) < 0 ||
		    v == 0)
			return 2;
		cfg->reps = (unsigned int)v;
		break;
	case 'c':
		if (parse_uint("--cs", optarg, 1000000, &v) < 0)
			return 2;
		cfg->cs_work = (unsigned int)v;
		break;
	case 'C':
		if (parse_uint("--ncs", optarg, 1000000, &v) < 0)
			return 2;
		cfg->ncs_work = (unsigned int)v;
		break;
	case 'p':
		if (parse_uint("--pairs", optarg, 1000000000000ul, &v) <
			    0 ||
		    v == 0)
			return 2;
		cfg->pairs = v;
		break;
	case 'q':
		cfg->threads[0] = 1, cfg->threads[1] = 2, cfg->threads[2] = 4;
		cfg->nthreads = 3;
		cfg->reps = 3;
		cfg->duration_ms = 50;
		cfg->pairs = 500000;
		break;
	case 'P':
		cfg->pin = false;
		break;
	case 'W':
		cfg->waits = false;
		break;
	case 'v':
		cfg->csv = optarg;
		break;
	case 'j':
		cfg->json = optarg;
		break;
	case 'w':
		cfg->windows = optarg;
		break;
	case 'L':
		for (size_t i = 0; i < lb_nlocks; i++)
			printf("%-29s %-9s %s%s\n", lb_locks[i]->name,
			       lb_locks[i]->family,
			       lb_locks[i]->fifo ? "fifo" : "unfair",
			       lb_locks[i]->rw ? " rw" : "");
		return 0;
	case 'h':
		fputs(usage, stdout);
		return 0;
	default:
		fputs(usage, stderr);
		return 2;
	}
	return -1;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "locks", required_argument, NULL, 'l' },
		{ "threads", required_argument, NULL, 't' },
		{ "read-pct", required_argument, NULL, 'r' },
		{ "duration", required_argument, NULL, 'd' },
		{ "reps", required_argument, NULL, 'n' },
		{ "cs", required_argument, NULL, 'c' },
		{ "ncs", required_argument, NULL, 'C' },
		{ "pairs", required_argument, NULL, 'p' },
		{ "quick", no_argument, NULL, 'q' },
		{ "no-pin", no_argument, NULL, 'P' },
		{ "no-waits", no_argument, NULL, 'W' },
		{ "csv", required_argument, NULL, 'v' },
		{ "json", required_argument, NULL, 'j' },
		{ "windows", required_argument, NULL, 'w' },
		{ "list", no_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct lb_config cfg = {
		.modes = "uncontended,throughput,handoff,rw",
		.threads = { 1, 2, 4, 8 }, .nthreads = 4,
		.read_pct = { 50, 90, 99 }, .nread_pct = 3,
		.duration_ms = 200, .reps = 5, .cs_work = 20, .ncs_work = 50,
		.pairs = 2000000, .pin = true, .waits = true,
	};
	int c, rc;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		rc = take_option(&cfg, c);
		if (rc >= 0)
			return rc;
	}
	if (optind < argc) {
		fprintf(stderr, "lockbench: unexpected argument '%s'\n%s",
			argv[optind], usage);
		return 2;
	}
	for (size_t i = 0; i < lb_nlocks; i++)
		cfg.selected[i] = !cfg.locks ||
				  in_list(cfg.locks, lb_locks[i]->name) ||
				  in_list(cfg.locks, lb_locks[i]->family);
	cfg.mode_uncontended = in_list(cfg.modes, "uncontended");
	cfg.mode_throughput = in_list(cfg.modes, "throughput");
	cfg.mode_handoff = in_list(cfg.modes, "handoff");
	cfg.mode_rw = in_list(cfg.modes, "rw");
	if (cfg.mode_throughput && cfg.waits)
		lb_wait_calibrate();
	return lb_run_all(&cfg);
}
