/* SPDX-License-Identifier: MIT */
/* memreclaim's parsers: sizes as memparse() reads them, memory.stat and
 * pressure files, one-number files and whole-file reads, each with
 * malformed input. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/json.h"
#include "common/number.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "memreclaim/cgroup/cgroup.h"
#include "fake_file.h"
#include "harness.h"

static uint64_t size_ok(const char *s)
{
	char err[256];
	uint64_t v = 0;

	if (tool_parse_size(s, &v, err, sizeof(err)) != 0) {
		fprintf(stderr, "'%s' refused: %s\n", s, err);
		exit(1);
	}
	return v;
}

static void size_bad(const char *s, const char *why)
{
	char err[256] = "";
	uint64_t v = 12345;

	CHECK(tool_parse_size(s, &v, err, sizeof(err)) == -1);
	CHECK(v == 12345); /* untouched */
	if (!strstr(err, why)) {
		fprintf(stderr, "'%s': message '%s' lacks '%s'\n", s, err, why);
		exit(1);
	}
}

static void sizes(void)
{
	CHECK_EQ(size_ok("0"), 0);
	CHECK_EQ(size_ok("4096"), 4096);
	CHECK_EQ(size_ok("100M"), 100ull << 20);
	CHECK_EQ(size_ok("100m"), 100ull << 20);
	CHECK_EQ(size_ok("1G"), 1ull << 30);
	CHECK_EQ(size_ok("512k"), 512ull << 10);
	CHECK_EQ(size_ok("2T"), 2ull << 40);
	CHECK_EQ(size_ok("1P"), 1ull << 50);
	CHECK_EQ(size_ok("1E"), 1ull << 60);
	CHECK_EQ(size_ok("0x1000"), 4096);
	CHECK_EQ(size_ok("0X10k"), 16ull << 10);
	CHECK_EQ(size_ok("010"), 8); /* octal, as memparse */
	CHECK_EQ(size_ok("18446744073709551615"), UINT64_MAX);
	CHECK_EQ(size_ok("15E"), 15ull << 60);
	size_bad("", "empty");
	size_bad("10MB", "no B");
	size_bad("1KK", "unexpected");
	size_bad("-1", "not a size");
	size_bad("+1", "not a size");
	size_bad(" 1", "not a size");
	size_bad("1 ", "unexpected");
	size_bad("M", "not a size");
	size_bad("0x", "unexpected");
	size_bad("08", "unexpected");
	size_bad("12abc", "unexpected");
	size_bad("18446744073709551616", "too large");
	size_bad("16E", "too large");
	size_bad("99999999999999999999", "too large");
}

static void stats(void)
{
	struct mr_stat s;
	char err[256];
	uint64_t v;

	CHECK(mr_parse_stat("anon 100\nfile 200\nzswap 3\nzswapped 12\n", &s,
			    err, sizeof(err)) == 0);
	CHECK_EQ(s.n, 4);
	CHECK(mr_stat_get(&s, "file", &v) == 0 && v == 200);
	CHECK(mr_stat_get(&s, "zswpout", &v) == -1);
	CHECK(mr_parse_stat("", &s, err, sizeof(err)) == 0 && s.n == 0);
	CHECK(mr_parse_stat("anon\n", &s, err, sizeof(err)) == -1);
	CHECK(strstr(err, "line 1"));
	CHECK(mr_parse_stat("anon 1\nfile x\n", &s, err, sizeof(err)) == -1);
	CHECK(strstr(err, "line 2"));
	CHECK(mr_parse_stat("anon 1 2\n", &s, err, sizeof(err)) == -1);
	CHECK(mr_parse_stat("anon -5\n", &s, err, sizeof(err)) == -1);
}

static void pressure(void)
{
	struct mr_pressure p;
	char err[256];

	CHECK(mr_parse_pressure("some avg10=1.50 avg60=0.20 avg300=0.00 total=12345\n"
				"full avg10=0.00 avg60=0.00 avg300=0.00 total=99\n",
				&p, err, sizeof(err)) == 0);
	CHECK(p.some.avg10 == 1.5 && p.some.total == 12345 && p.has_full &&
	      p.full.total == 99);
	CHECK(mr_parse_pressure("some avg10=0.00 avg60=0.00 avg300=0.00 total=7\n",
				&p, err, sizeof(err)) == 0);
	CHECK(!p.has_full && p.some.total == 7);
	CHECK(mr_parse_pressure("", &p, err, sizeof(err)) == -1);
	CHECK(mr_parse_pressure("full avg10=0.00 avg60=0.00 avg300=0.00 total=7\n",
				&p, err, sizeof(err)) == -1);
	CHECK(mr_parse_pressure("some avg10=0.00 avg60=0.00 total=7\n", &p, err,
				sizeof(err)) == -1);
	CHECK(mr_parse_pressure("some avg10=101 avg60=0 avg300=0 total=7\n", &p,
				err, sizeof(err)) == -1);
	CHECK(mr_parse_pressure("some avg10=0.00 avg60=0.00 avg300=0.00 total=7 x\n",
				&p, err, sizeof(err)) == -1);
	CHECK(mr_parse_pressure("some avg10=0.00 avg60=0.00 avg300=0.00 total=7\n"
				"full avg10=0.00 avg60=0.00 avg300=0.00 total=7\n"
				"extra\n", &p, err, sizeof(err)) == -1);
}

/* One-number files: digits only, as the kernel prints them, or "max". */
static void numbers(void)
{
	char dir[] = "/tmp/mr-numbers-XXXXXX";
	static const char *const bad[] = {
		"12abc\n", "-1\n", "\n", "1 2\n", "+5\n", "0x10\n", "1e3\n",
		"18446744073709551616\n",
	};
	uint64_t v = 0;

	CHECK(tool_parse_u64("0", &v) == 0 && v == 0);
	CHECK(tool_parse_u64("18446744073709551615", &v) == 0 && v == UINT64_MAX);
	CHECK(tool_parse_u64("18446744073709551616", &v) == -ERANGE);
	CHECK(tool_parse_u64("", &v) == -EINVAL);
	CHECK(mkdtemp(dir) != NULL);
	write_test_file(dir, "memory.current", "104857600\n");
	CHECK(mr_read_u64(dir, "memory.current", &v) == 0 && v == 104857600);
	write_test_file(dir, "memory.zswap.max", "max\n");
	CHECK(mr_read_u64(dir, "memory.zswap.max", &v) == 0 && v == UINT64_MAX);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 7;
		write_test_file(dir, "memory.current", bad[i]);
		if (mr_read_u64(dir, "memory.current", &v) >= 0 || v != 7) {
			fprintf(stderr, "mr_read_u64 took '%s' as %llu\n", bad[i],
				(unsigned long long)v);
			exit(1);
		}
	}
	CHECK(mr_read_u64(dir, "no-such-file", &v) == -ENOENT);

	/* A file longer than the buffer is an error, never cut short. */
	{
		char big[40], buf[16];

		memset(big, '7', sizeof(big) - 1);
		big[sizeof(big) - 1] = '\0';
		write_test_file(dir, "memory.stat", big);
		CHECK(tool_sysfs_read(dir, "memory.stat", buf, sizeof(buf)) == -EFBIG);
		big[15] = '\0'; /* exactly fits: 15 bytes and the NUL */
		write_test_file(dir, "memory.stat", big);
		CHECK(tool_sysfs_read(dir, "memory.stat", buf, sizeof(buf)) == 15);
		CHECK(strcmp(buf, big) == 0);
		write_test_file(dir, "memory.stat", "");
		CHECK(tool_sysfs_read(dir, "memory.stat", buf, sizeof(buf)) == 0);
	}
	for (size_t i = 0; i < 3; i++) {
		static const char *const made[] = {
			"memory.current", "memory.zswap.max", "memory.stat",
		};
		char path[512];

		snprintf(path, sizeof(path), "%s/%s", dir, made[i]);
		CHECK(unlink(path) == 0);
	}
	CHECK(rmdir(dir) == 0);
}

/* Prometheus label values: backslash, quote and newline escaped. */
static void labels(void)
{
	char out[64];

	CHECK(tool_prom_label(out, sizeof(out), "cgroup", "/sys/fs/cgroup/a") == 0);
	CHECK(strcmp(out, "{cgroup=\"/sys/fs/cgroup/a\"}") == 0);
	CHECK(tool_prom_label(out, sizeof(out), "cgroup", "q\"x\\y\nz") == 0);
	CHECK(strcmp(out, "{cgroup=\"q\\\"x\\\\y\\nz\"}") == 0);
	/* 15 characters and the NUL: 15 bytes are one too few. */
	CHECK(tool_prom_label(out, 15, "cgroup", "abcd") == -1 && out[0] == '\0');
	CHECK(tool_prom_label(out, 16, "cgroup", "abcd") == 0);
	CHECK(strcmp(out, "{cgroup=\"abcd\"}") == 0);
}

int main(void)
{
	sizes();
	stats();
	pressure();
	numbers();
	labels();
	printf("test_parsers: ok\n");
	return 0;
}
