/* SPDX-License-Identifier: MIT */
/*
 * The daemon's decisions and configuration: the control law's step, its
 * back-off, floor and refault brake; the zswap tuning rules; the config
 * file with good and malformed input.
 */
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "memreclaim/policy/config.h"
#include "memreclaim/daemon/daemon.h"
#include "memreclaim/policy/settings.h"
#include "memreclaim/policy/control.h"
#include "harness.h"

#define MIB (1ull << 20)

static bool near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

static struct mr_decision decide(const struct mr_params *p, struct mr_ctl *ctl,
				 double interval, uint64_t stall_us, uint64_t current,
				 uint64_t refaults, uint64_t reclaimed_last)
{
	struct mr_sample s = { .interval_s = interval, .stall_us = stall_us,
			       .current = current, .refault_pages = refaults,
			       .reclaimed_last = reclaimed_last };
	struct mr_decision d;

	mr_control(p, ctl, &s, &d);
	return d;
}

static void control_law(void)
{
	struct mr_params p;
	struct mr_ctl ctl = { 0 };
	struct mr_decision d;

	mr_params_default(&p);
	p.ratio = 0.01;
	p.target = 0.001;	/* 6 ms per 6 s */
	p.max_step = 1024 * MIB;

	/* No pressure: current x ratio, rounded down to pages. */
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0);
	CHECK(d.action == MR_RECLAIM);
	CHECK_EQ(d.bytes, (uint64_t)(1000 * MIB * 0.01) / 4096 * 4096);
	CHECK(near(d.pressure, 0, 1e-12));

	/* Half the target: half the step. */
	d = decide(&p, &ctl, 6, 3000, 1000 * MIB, 0, 0);
	CHECK(d.action == MR_RECLAIM);
	CHECK(near(d.pressure, 0.0005, 1e-9));
	CHECK(near((double)d.bytes, 1000.0 * MIB * 0.01 * 0.5, 4096));

	/* The step is bounded by max_step ... */
	p.max_step = 2 * MIB;
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0);
	CHECK_EQ(d.bytes, 2 * MIB);
	/* ... and never takes memory.current under the floor. */
	p.max_step = 1024 * MIB;
	p.floor = 995 * MIB;
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0);
	CHECK_EQ(d.bytes, 5 * MIB);
	d = decide(&p, &ctl, 6, 0, 995 * MIB, 0, 0);
	CHECK(d.action == MR_AT_FLOOR && d.bytes == 0);
	d = decide(&p, &ctl, 6, 0, 900 * MIB, 0, 0);
	CHECK(d.action == MR_AT_FLOOR);
	p.floor = 0;

	/* The cgroup's own memory.min/low is a floor too, the larger one wins. */
	{
		struct mr_sample s = { .interval_s = 6, .current = 1000 * MIB,
				       .protected_bytes = 996 * MIB };

		p.floor = 990 * MIB;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_RECLAIM && d.bytes == 4 * MIB);
		s.current = 996 * MIB;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_AT_FLOOR);
		CHECK(strstr(d.why, "(its memory.min/low)"));
		/* memory.low = max: all of it is protected. */
		s.current = 1000 * MIB;
		s.protected_bytes = UINT64_MAX;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_AT_FLOOR);
		/* The configured floor above it: its own words. */
		s.protected_bytes = 10 * MIB;
		s.current = 990 * MIB;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_AT_FLOOR && !strstr(d.why, "memory.min"));
		p.floor = 0;
		memset(&ctl, 0, sizeof(ctl));
	}

	/* At the target: a back-off of backoff_s, counted down by intervals. */
	p.backoff_s = 12;
	d = decide(&p, &ctl, 6, 6000, 1000 * MIB, 0, 0);
	CHECK(d.action == MR_BACKOFF_START && d.bytes == 0);
	CHECK(d.reason == MR_WHY_PRESSURE);
	CHECK(strstr(d.why, "reached the target"));
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0);
	CHECK(d.action == MR_BACKING_OFF && d.reason == MR_WHY_NONE);
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0);
	CHECK(d.action == MR_BACKING_OFF);
	/* After it the step ramps up: a quarter, a half, ... */
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0);
	CHECK(d.action == MR_RECLAIM);
	CHECK(near((double)d.bytes, 1000.0 * MIB * 0.01 / 4, 4096));
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0);
	CHECK(near((double)d.bytes, 1000.0 * MIB * 0.01 / 2, 4096));
	/* Pressure again inside the ramp: the back-off doubles ... */
	d = decide(&p, &ctl, 6, 6000, 1000 * MIB, 0, 0);
	CHECK(d.action == MR_BACKOFF_START && near(ctl.backoff_left_s, 24, 1e-9));
	for (int i = 0; i < 4; i++)
		CHECK(decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0).action == MR_BACKING_OFF);
	/* ... up to 8x ... */
	for (int level = 2; level <= 4; level++) {
		CHECK(decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0).action == MR_RECLAIM);
		d = decide(&p, &ctl, 6, 6000, 1000 * MIB, 0, 0);
		CHECK(d.action == MR_BACKOFF_START);
		CHECK(near(ctl.backoff_left_s, 12.0 * (1 << (level > 3 ? 3 : level)), 1e-9));
		ctl.backoff_left_s = 0;
	}
	/* ... and after a full ramp without pressure, back to the base. */
	for (int i = 0; i < 4; i++)
		CHECK(decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0).action == MR_RECLAIM);
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, 0, 0);
	CHECK_EQ(d.bytes, (uint64_t)(1000 * MIB * 0.01) / 4096 * 4096);
	d = decide(&p, &ctl, 6, 6000, 1000 * MIB, 0, 0);
	CHECK(d.action == MR_BACKOFF_START && near(ctl.backoff_left_s, 12, 1e-9));
	memset(&ctl, 0, sizeof(ctl));

	/* Refaults: a quarter of last interval's 8 MiB came back -> half speed. */
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, (2 * MIB) / 4096, 8 * MIB);
	CHECK(d.action == MR_RECLAIM);
	CHECK(near(d.refault_share, 0.25, 1e-9));
	CHECK(near((double)d.bytes, 1000.0 * MIB * 0.01 * 0.5, 4096));
	/*
	 * The kernel gave up on the last write (EAGAIN) with under half of
	 * it reclaimed: nothing much can go, back off with its own reason.
	 */
	memset(&ctl, 0, sizeof(ctl));
	{
		struct mr_sample s = { .interval_s = 6, .current = 1000 * MIB,
				       .reclaimed_last = 1 * MIB, .asked_last = 8 * MIB,
				       .short_last = true };

		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_BACKOFF_START);
		CHECK(d.reason == MR_WHY_UNRECLAIMABLE);
		CHECK(strstr(d.why, "gave up (EAGAIN)"));
		CHECK(near(ctl.backoff_left_s, p.backoff_s, 1e-9));
		/* Short again in the first write after it: the back-off doubles. */
		ctl.backoff_left_s = 0;
		s.short_last = false;
		s.reclaimed_last = 0;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_RECLAIM);
		s.short_last = true;
		s.reclaimed_last = 0;
		s.asked_last = d.bytes;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.reason == MR_WHY_UNRECLAIMABLE);
		CHECK(near(ctl.backoff_left_s, 2 * p.backoff_s, 1e-9));
		/* EAGAIN with half or more reclaimed is progress: go on. */
		memset(&ctl, 0, sizeof(ctl));
		s.reclaimed_last = 4 * MIB;
		s.asked_last = 8 * MIB;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_RECLAIM);
		/* Nothing reclaimed but no EAGAIN (the workload grew): go on. */
		s.short_last = false;
		s.reclaimed_last = 0;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_RECLAIM);
	}
	memset(&ctl, 0, sizeof(ctl));
	/* Half or more came back: back off. */
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, (4 * MIB) / 4096, 8 * MIB);
	CHECK(d.action == MR_BACKOFF_START);
	CHECK(d.reason == MR_WHY_REFAULTS);
	CHECK(strstr(d.why, "refaulted"));
	memset(&ctl, 0, sizeof(ctl));

	/*
	 * 16 KiB pages (LoongArch's default, some arm64 kernels): refaults
	 * count pages of that size, and steps are whole pages of it.
	 */
	p.page_size = 16384;
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, (2 * MIB) / 16384, 8 * MIB);
	CHECK(d.action == MR_RECLAIM);
	CHECK(near(d.refault_share, 0.25, 1e-9));
	CHECK(d.bytes % 16384 == 0);
	d = decide(&p, &ctl, 6, 0, 1000 * MIB, (4 * MIB) / 16384, 8 * MIB);
	CHECK(d.action == MR_BACKOFF_START);
	memset(&ctl, 0, sizeof(ctl));
	d = decide(&p, &ctl, 6, 0, 1200ull * 1024, 0, 0); /* 12 KiB step */
	CHECK(d.action == MR_TOO_SMALL);
	p.page_size = 4096;
	memset(&ctl, 0, sizeof(ctl));

	/*
	 * A write that failed outright (EACCES, ENOSPC, ...): back off with
	 * its own reason, longer when it fails again after the back-off.
	 */
	memset(&ctl, 0, sizeof(ctl));
	{
		struct mr_sample s = { .interval_s = 6, .current = 1000 * MIB,
				       .write_failed = true };

		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_BACKOFF_START && d.reason == MR_WHY_WRITE_FAILED);
		CHECK(strstr(d.why, "the last write failed"));
		CHECK(near(ctl.backoff_left_s, p.backoff_s, 1e-9));
		ctl.backoff_left_s = 0;
		s.write_failed = false;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.action == MR_RECLAIM);
		s.write_failed = true;
		mr_control(&p, &ctl, &s, &d);
		CHECK(d.reason == MR_WHY_WRITE_FAILED);
		CHECK(near(ctl.backoff_left_s, 2 * p.backoff_s, 1e-9));
	}
	memset(&ctl, 0, sizeof(ctl));

	/* A tiny cgroup: under a page is not worth a write. */
	d = decide(&p, &ctl, 6, 0, 100ull * 1024, 0, 0);
	CHECK(d.action == MR_TOO_SMALL);

	/* Pressure is a share of the measured interval, not the nominal one. */
	d = decide(&p, &ctl, 2, 1000, 1000 * MIB, 0, 0);
	CHECK(near(d.pressure, 0.0005, 1e-9));
}

static bool tune(const struct mr_params *p, uint64_t zswap, uint64_t zswapped,
		 uint64_t swap, uint64_t max, uint64_t current, double pressure,
		 uint64_t *new_max)
{
	struct mr_zswap_sample z = { zswap, zswapped, swap, max, current, pressure };
	char why[256];
	bool change = mr_zswap_tune(p, &z, new_max, why, sizeof(why));

	if (change)
		printf("zswap: %s\n", why);
	return change;
}

static void zswap_rules(void)
{
	struct mr_params p;
	uint64_t m = 0;

	mr_params_default(&p);
	/* Off unless asked for. */
	CHECK(!tune(&p, 0, 0, 100 * MIB, MR_NO_LIMIT, 300 * MIB, 0, &m));
	p.zswap_tuning = true;

	/* Random pages: zswap rejects them, swap fills, zswap holds nothing. */
	CHECK(tune(&p, 0, 0, 100 * MIB, MR_NO_LIMIT, 300 * MIB, 0, &m));
	CHECK_EQ(m, 0);
	/* Some held, most rejected: halve what it holds. */
	CHECK(tune(&p, 10 * MIB, 20 * MIB, 100 * MIB, MR_NO_LIMIT, 300 * MIB, 0, &m));
	CHECK_EQ(m, 5 * MIB);
	/* Already 0: nothing to do. */
	CHECK(!tune(&p, 0, 0, 100 * MIB, 0, 300 * MIB, 0, &m));
	/* Held, but compressing 1.25:1 < 2:1. */
	CHECK(tune(&p, 80 * MIB, 100 * MIB, 100 * MIB, 64 * MIB, 300 * MIB, 0, &m));
	CHECK_EQ(m, 32 * MIB);

	/* Compressible and taken: unlimited stays unlimited. */
	CHECK(!tune(&p, 10 * MIB, 100 * MIB, 100 * MIB, MR_NO_LIMIT, 300 * MIB, 0, &m));
	/* Limited, half full, low pressure: doubled ... */
	CHECK(tune(&p, 10 * MIB, 100 * MIB, 100 * MIB, 16 * MIB, 300 * MIB, 0, &m));
	CHECK_EQ(m, 32 * MIB);
	/* ... to max once that passes memory.current ... */
	CHECK(tune(&p, 100 * MIB, 400 * MIB, 400 * MIB, 200 * MIB, 300 * MIB, 0, &m));
	CHECK(m == MR_NO_LIMIT);
	/* ... but not under pressure, nor with little evidence. */
	CHECK(!tune(&p, 10 * MIB, 100 * MIB, 100 * MIB, 16 * MIB, 300 * MIB, 0.001, &m));
	CHECK(!tune(&p, 1 * MIB, 2 * MIB, 2 * MIB, 0, 300 * MIB, 0, &m));
}

static void config_ok(void)
{
	struct mr_config c;
	char err[512] = "";
	const char *text =
		"# comment\n"
		"interval = 2s\n"
		"  target = 0.2%   \n"
		"ratio = 0.02\n"
		"prometheus_file = /run/m.prom\n"
		"\n"
		"[cgroup app.slice]\n"
		"floor = 512M\n"
		"zswap_tuning = yes\n"
		"[cgroup /sys/fs/cgroup/db]\n"
		"max_step = 0x100000\n"
		"backoff = 2m\n"
		"refault_limit = 25%\n"
		"io_pressure = off\n";

	mr_config_init(&c);
	if (mr_config_parse(&c, "t.conf", text, err, sizeof(err)) != 0) {
		fprintf(stderr, "refused: %s\n", err);
		exit(1);
	}
	CHECK(near(c.interval_s, 2, 1e-12));
	CHECK(strcmp(c.prometheus_file, "/run/m.prom") == 0);
	CHECK_EQ(c.ncgroups, 2);
	CHECK(strcmp(c.cgroup[0].path, "app.slice") == 0);
	CHECK(near(c.cgroup[0].params.target, 0.002, 1e-12));
	CHECK(near(c.cgroup[0].params.ratio, 0.02, 1e-12));
	CHECK_EQ(c.cgroup[0].params.floor, 512 * MIB);
	CHECK(c.cgroup[0].params.zswap_tuning);
	CHECK(!c.cgroup[1].params.zswap_tuning);
	CHECK_EQ(c.cgroup[1].params.max_step, MIB);
	CHECK(near(c.cgroup[1].params.backoff_s, 120, 1e-12));
	CHECK(near(c.cgroup[1].params.refault_limit, 0.25, 1e-12));
	CHECK(!c.cgroup[1].params.io_pressure);
	CHECK(near(c.cgroup[1].params.target, 0.002, 1e-12)); /* the global */
	/* A command-line cgroup gets the defaults. */
	CHECK(mr_config_add_cgroup(&c, "web", err, sizeof(err)) == 0);
	CHECK(near(c.cgroup[2].params.ratio, 0.02, 1e-12));
	mr_config_free(&c);
}

/* No limit on the number of cgroups: a config with 1,000 sections, then
 * 1,000 more from the command line, each with its own settings. */
static void config_many(void)
{
	size_t len = 0, size = (size_t)1000 * 64;
	char *text = malloc(size), err[256] = "", name[32];
	struct mr_config c, copy;

	CHECK(text);
	for (int i = 0; i < 1000; i++)
		len += (size_t)snprintf(text + len, size - len,
					"[cgroup pod%d.slice]\nfloor = %dM\n", i, i + 1);
	mr_config_init(&c);
	CHECK(mr_config_parse(&c, "many.conf", text, err, sizeof(err)) == 0);
	for (int i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "cli%d", i);
		CHECK(mr_config_add_cgroup(&c, name, err, sizeof(err)) == 0);
	}
	CHECK_EQ(c.ncgroups, 2000);
	CHECK(strcmp(c.cgroup[999].path, "pod999.slice") == 0);
	CHECK_EQ(c.cgroup[999].params.floor, 1000ull << 20);
	CHECK(strcmp(c.cgroup[1999].path, "cli999") == 0);
	CHECK(mr_config_add_cgroup(&c, "pod5.slice", err, sizeof(err)) == -1);
	CHECK(strstr(err, "named twice"));
	/* A copy owns its own array; a move empties the source. */
	mr_config_init(&copy);
	CHECK(mr_config_copy(&copy, &c) == 0);
	mr_config_free(&c);
	CHECK_EQ(copy.ncgroups, 2000);
	CHECK(strcmp(copy.cgroup[1500].path, "cli500") == 0);
	mr_config_move(&c, &copy);
	CHECK_EQ(c.ncgroups, 2000);
	CHECK_EQ(copy.ncgroups, 0);
	CHECK(copy.cgroup == NULL);
	/* The sorted index finds each of 2000 and nothing else. */
	{
		struct mr_path_index ix;

		CHECK(mr_path_index_build(&ix, &c) == 0);
		CHECK_EQ(mr_path_index_find(&ix, "pod999.slice"), 999);
		CHECK_EQ(mr_path_index_find(&ix, "cli0"), 1000);
		CHECK_EQ(mr_path_index_find(&ix, "pod1000.slice"), SIZE_MAX);
		CHECK_EQ(mr_path_index_find(&ix, ""), SIZE_MAX);
		mr_path_index_free(&ix);
	}
	/*
	 * Duplicates (as two patterns matching one cgroup make): the first
	 * section of each path stays, with its settings, in order.
	 */
	c.ncgroups = 6;
	snprintf(c.cgroup[2].path, MR_PATH_MAX, "pod0.slice");
	c.cgroup[2].params.floor = 7;
	snprintf(c.cgroup[4].path, MR_PATH_MAX, "pod1.slice");
	snprintf(c.cgroup[5].path, MR_PATH_MAX, "pod0.slice");
	mr_config_drop_duplicates(&c);
	CHECK_EQ(c.ncgroups, 3);
	CHECK(strcmp(c.cgroup[0].path, "pod0.slice") == 0);
	CHECK_EQ(c.cgroup[0].params.floor, 1ull << 20);
	CHECK(strcmp(c.cgroup[1].path, "pod1.slice") == 0);
	CHECK(strcmp(c.cgroup[2].path, "pod3.slice") == 0);
	mr_config_free(&c);
	free(text);
}

static void config_bad(const char *text, const char *why)
{
	struct mr_config c;
	char err[512] = "";

	mr_config_init(&c);
	CHECK(mr_config_parse(&c, "bad.conf", text, err, sizeof(err)) == -1);
	if (!strstr(err, why)) {
		fprintf(stderr, "'%s': message '%s' lacks '%s'\n", text, err, why);
		exit(1);
	}
	mr_config_free(&c);
}

/* Every setting in the table is documented, and reads its own printout. */
static void settings_table(void)
{
	static char man[1 << 16];
	FILE *f = fopen(MAN_PAGE, "r");
	size_t n;

	CHECK(f != NULL);
	n = fread(man, 1, sizeof(man) - 1, f);
	fclose(f);
	man[n] = '\0';
	for (size_t i = 0; i < mr_nsettings; i++) {
		const struct mr_setting *k = &mr_settings[i];
		char bold[64];

		/* ".BR key" or ", " key in a .BR list, as memreclaim.8 writes them. */
		snprintf(bold, sizeof(bold), "BR %s ", k->key);
		if (!strstr(man, bold)) {
			snprintf(bold, sizeof(bold), "\" %s \"", k->key);
			if (!strstr(man, bold)) {
				fprintf(stderr, "memreclaim.8 does not document '%s'\n", k->key);
				exit(1);
			}
		}
		CHECK(mr_setting_find(k->key) == k);
		CHECK(k->arg != NULL);
		CHECK(k->kind == MR_SET_SIZE || k->kind == MR_SET_BOOL ||
		      k->kind == MR_SET_PATH || k->want != NULL);
	}
	CHECK(mr_setting_find("bogus") == NULL);
}

static void config_errors(void)
{
	config_bad("interval = 6s\nbogus = 1\n", "bad.conf:2: unknown key 'bogus'");
	/* -0 is no duration or share an operator means (was: -0s). */
	config_bad("backoff = -0\n", "backoff = '-0'");
	config_bad("target = -0%\n", "target = '-0%'");
	/* A stray bracket is a typo, not a path (was: the cgroup "a]"). */
	config_bad("[cgroup a]]\n", "bad.conf:1: [cgroup a]]: a '[' or ']'");
	config_bad("[cgroup x/[ab.service]\n", "a '[' or ']' that makes no [class]");
	config_bad("interval = fast\n", "bad.conf:1: interval = 'fast'");
	config_bad("interval = 0\n", "100ms to 1h");
	config_bad("interval = 6 s\n", "interval");
	config_bad("interval = 6x\n", "interval");
	config_bad("target = 150%\n", "target");
	config_bad("target = 0\n", "target");
	config_bad("target = -1%\n", "target");
	config_bad("target = nan\n", "target");
	config_bad("ratio = 0x10\n", "ratio");
	config_bad("floor = 10MB\n", "floor = '10MB'");
	config_bad("floor = -1\n", "floor");
	config_bad("max_step = 100\n", "at least one page");
	{
		/* One page is this machine's page, not 4 KiB. */
		struct mr_config c;
		char err[256] = "";

		mr_config_init(&c);
		c.defaults.page_size = 65536;
		CHECK(mr_config_parse(&c, "p.conf", "max_step = 16K\n", err,
				      sizeof(err)) == -1);
		CHECK(strstr(err, "at least one page (64.0 KiB)") != NULL);
		CHECK(mr_config_parse(&c, "p.conf", "max_step = 64K\n", err,
				      sizeof(err)) == 0);
		mr_params_default(&c.defaults);
		CHECK(c.defaults.page_size == (uint64_t)sysconf(_SC_PAGESIZE));
		mr_config_free(&c);
	}
	config_bad("zswap_tuning = maybe\n", "yes or no");
	config_bad("zswap_min_ratio = 0.5\n", "1 to 100");
	config_bad("prometheus_file = relative.prom\n", "absolute path");
	config_bad("just words\n", "bad.conf:1: expected KEY = VALUE");
	config_bad("target =\n", "expected KEY = VALUE");
	config_bad("= 1\n", "expected KEY = VALUE");
	config_bad("[cgroup app\n", "[cgroup PATH]");
	config_bad("[group app]\n", "[cgroup PATH]");
	config_bad("[cgroup app] x\n", "[cgroup PATH]");
	config_bad("[cgroup ]\n", "empty");
	config_bad("[cgroup a]\n[cgroup a]\n", "bad.conf:2: cgroup 'a' named twice");
	config_bad("[cgroup a]\ninterval = 1s\n", "interval is global");
	/* The safety rails: bad values, and global only. */
	config_bad("budget = lots\n", "budget = 'lots'");
	config_bad("budget = -1\n", "budget");
	config_bad("swap_budget = 1MB\n", "swap_budget");
	config_bad("budget = 100\n", "budget = '100': at least one page, or none");
	config_bad("swap_budget = 1K\n", "at least one page, or none");
	config_bad("enabled = maybe\n", "yes or no");
	config_bad("dry_run = 2\n", "yes or no");
	config_bad("kill_switch = off\n", "absolute path");
	config_bad("listen = 9465\n", "ADDR:PORT");
	config_bad("listen = localhost:9465\n", "ADDR:PORT");
	config_bad("log_level = verbose\n", "error, warning, info or debug");
	config_bad("log_level = INFO\n", "error, warning, info or debug");
	config_bad("[cgroup a]\ndry_run = yes\n", "dry_run is global");
	config_bad("[cgroup a]\nbudget = 1G\n", "budget is global");
}

/* The rails' settings, read as the file writes them. */
static void config_rails(void)
{
	struct mr_config c;
	char err[512] = "";
	const char *text =
		"dry_run = yes\nenabled = no\nbudget = 1G\nswap_budget = none\n"
		"kill_switch = /run/memreclaim/off\nlisten = [::1]:9465\n"
		"log_level = debug\n"
		"[cgroup x.slice/[ab].service]\n";

	mr_config_init(&c);
	CHECK(c.enabled && !c.dry_run && c.budget == 0 && c.log_level == 2);
	CHECK(mr_config_parse(&c, "r.conf", text, err, sizeof(err)) == 0);
	CHECK(c.dry_run && !c.enabled);
	CHECK_EQ(c.budget, 1ull << 30);
	CHECK_EQ(c.swap_budget, 0);
	CHECK(strcmp(c.kill_switch, "/run/memreclaim/off") == 0);
	CHECK(strcmp(c.listen, "[::1]:9465") == 0);
	CHECK(c.log_level == 3);
	/* A pattern's [ab] is part of the path: the section ends at the last ']'. */
	CHECK_EQ(c.ncgroups, 1);
	CHECK(strcmp(c.cgroup[0].path, "x.slice/[ab].service") == 0);
	CHECK(mr_config_set(&c, NULL, "listen", "none", err, sizeof(err)) == 0);
	/* 0 is none, as the word is. */
	CHECK(mr_config_set(&c, NULL, "budget", "0", err, sizeof(err)) == 0);
	CHECK_EQ(c.budget, 0);
	CHECK(c.listen[0] == '\0');
	mr_config_free(&c);
}

/* One spelling per cgroup, and what a listen address must be. */
static void paths_and_addresses(void)
{
	static const char *const same[] = { "a", "a/", "x/../a", "/cg/a", "/cg//a/",
					    "b/../a", "b/./../a", "/cg/b/../a", "x/y/../../a" };
	char out[MR_PATH_MAX], host[MR_LISTEN_MAX];
	unsigned port;

	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		CHECK(mr_cgroup_path_normalize("/cg", same[i], out, sizeof(out)) == 0);
		if (strcmp(out, "a") != 0) {
			fprintf(stderr, "'%s' normalised to '%s', not 'a'\n", same[i], out);
			exit(1);
		}
	}
	CHECK(mr_cgroup_path_normalize("/cg/", "s.slice/x.service", out, sizeof(out)) == 0);
	CHECK(strcmp(out, "s.slice/x.service") == 0);
	/* ".hidden" is a name under the root. */
	CHECK(mr_cgroup_path_normalize("/cg", ".hidden", out, sizeof(out)) == 0);
	CHECK(strcmp(out, ".hidden") == 0);
	/* Outside the root: absolute; the root itself too. */
	CHECK(mr_cgroup_path_normalize("/cg", "x/../../other", out, sizeof(out)) == 0);
	CHECK(strcmp(out, "/other") == 0);
	CHECK(mr_cgroup_path_normalize("/cg", "/cg", out, sizeof(out)) == 0);
	CHECK(strcmp(out, "/cg") == 0);
	/* Bad input: empty, or too long for out. */
	CHECK(mr_cgroup_path_normalize("/cg", "", out, sizeof(out)) == -1);
	CHECK(mr_cgroup_path_normalize("/cg", "abcdef", out, 4) == -1);

	CHECK(mr_parse_listen("127.0.0.1:9465", host, sizeof(host), &port) == 0);
	CHECK(strcmp(host, "127.0.0.1") == 0 && port == 9465);
	CHECK(mr_parse_listen("[::1]:1", host, sizeof(host), &port) == 0);
	CHECK(strcmp(host, "::1") == 0 && port == 1);
	CHECK(mr_parse_listen("0.0.0.0:65535", host, sizeof(host), &port) == 0);
	static const char *const bad_listen[] = {
		"", ":", "9465", "127.0.0.1", "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:65536",
		"127.0.0.1:09465", "127.0.0.1:94x", "localhost:9465", "::1:9465", "[::1]",
		"[::1]9465", "[127.0.0.1]:9465", "256.0.0.1:80", "127.0.0.1:-1", "127.0.0.1: 80",
	};
	for (size_t i = 0; i < sizeof(bad_listen) / sizeof(bad_listen[0]); i++)
		if (mr_parse_listen(bad_listen[i], host, sizeof(host), &port) == 0) {
			fprintf(stderr, "listen '%s' accepted\n", bad_listen[i]);
			exit(1);
		}
}

static void values(void)
{
	double d;
	bool b;

	CHECK(mr_parse_duration("6", &d) == 0 && near(d, 6, 0));
	CHECK(mr_parse_duration("500ms", &d) == 0 && near(d, 0.5, 1e-12));
	CHECK(mr_parse_duration("1.5m", &d) == 0 && near(d, 90, 1e-12));
	CHECK(mr_parse_duration("", &d) == -1);
	CHECK(mr_parse_duration("s", &d) == -1);
	CHECK(mr_parse_duration("-1s", &d) == -1);
	CHECK(mr_parse_duration("-0", &d) == -1);
	CHECK(mr_parse_duration("-0s", &d) == -1);
	CHECK(mr_parse_fraction("-0", &d) == -1);
	CHECK(mr_parse_duration("1e999", &d) == -1);
	CHECK(mr_parse_duration("0x10", &d) == -1);
	CHECK(mr_parse_fraction("0.1%", &d) == 0 && near(d, 0.001, 1e-15));
	CHECK(mr_parse_fraction("0.25", &d) == 0 && near(d, 0.25, 1e-15));
	CHECK(mr_parse_fraction("101%", &d) == -1);
	CHECK(mr_parse_fraction("5 %", &d) == -1);
	CHECK(mr_parse_fraction("inf", &d) == -1);
	CHECK(mr_parse_bool("yes", &b) == 0 && b);
	CHECK(mr_parse_bool("off", &b) == 0 && !b);
	CHECK(mr_parse_bool("Yes", &b) == -1);
	CHECK(mr_parse_bool("", &b) == -1);
}

static void config_files(void)
{
	struct mr_config c;
	char err[512] = "";
	char path[] = "/tmp/mr-conf-XXXXXX";
	int fd;

	mr_config_init(&c);
	CHECK(mr_config_load(&c, "/nonexistent/memreclaim.conf", err, sizeof(err)) == -1);
	CHECK(strstr(err, "/nonexistent/memreclaim.conf: No such file"));
	CHECK(mr_config_load(&c, "/tmp", err, sizeof(err)) == -1);
	CHECK(strstr(err, "not a regular file"));
	fd = mkstemp(path);
	CHECK(fd >= 0);
	CHECK(write(fd, "target = 1%\n\0ratio = 1%\n", 24) == 24);
	close(fd);
	CHECK(mr_config_load(&c, path, err, sizeof(err)) == -1);
	CHECK(strstr(err, "NUL byte"));
	unlink(path);
	mr_config_free(&c);
}

int main(void)
{
	control_law();
	zswap_rules();
	config_ok();
	config_many();
	config_errors();
	config_rails();
	paths_and_addresses();
	settings_table();
	values();
	config_files();
	puts("memreclaim daemon: control law, zswap rules and config checked");
	return 0;
}
