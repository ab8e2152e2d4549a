/* SPDX-License-Identifier: MIT */
/*
 * src/common on its own: the strict number and size parsers with bad
 * input, the size printer, the JSON and Prometheus escapes, the printer
 * of the three output formats (one record, three texts), and the sysfs
 * helpers on a scratch directory (a value that does not fit, a missing
 * file, a write the file refuses).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/json.h"
#include "common/number.h"
#include "common/print.h"
#include "common/size.h"
#include "common/sysfs.h"
#include "harness.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void numbers(void)
{
	static const char *const bad[] = { "", " 1", "1 ", "-1", "+1", "1k",
					   "0x10", "1.5", "1\n2" };
	uint64_t v = 7;

	CHECK(tool_parse_u64("0", &v) == 0 && v == 0);
	CHECK(tool_parse_u64("18446744073709551615", &v) == 0 && v == UINT64_MAX);
	CHECK(tool_parse_u64("18446744073709551616", &v) == -ERANGE);
	for (size_t i = 0; i < COUNT(bad); i++) {
		v = 7;
		if (tool_parse_u64(bad[i], &v) != -EINVAL || v != 7) {
			fprintf(stderr, "tool_parse_u64(\"%s\") accepted or changed the value\n",
				bad[i]);
			exit(1);
		}
	}
}

static void sizes(void)
{
	static const struct { const char *s; uint64_t v; } good[] = {
		{ "0", 0 }, { "4096", 4096 }, { "1k", 1024 }, { "1K", 1024 },
		{ "2M", 2u << 20 }, { "3g", 3ull << 30 }, { "1T", 1ull << 40 },
		{ "1P", 1ull << 50 }, { "15E", 15ull << 60 }, { "0x10", 16 },
		{ "010", 8 },
	};
	static const char *const bad[] = { "", "-1", "+1", " 1", "1 ", "1KB",
					   "1kk", "k", "1.5M", "16E", "99999999999999999999",
					   "1Z", "0x", "1\n" };
	char err[128];
	uint64_t v;

	for (size_t i = 0; i < COUNT(good); i++) {
		if (tool_parse_size(good[i].s, &v, err, sizeof(err)) != 0 || v != good[i].v) {
			fprintf(stderr, "tool_parse_size(\"%s\"): %s\n", good[i].s, err);
			exit(1);
		}
	}
	for (size_t i = 0; i < COUNT(bad); i++) {
		v = 7;
		err[0] = '\0';
		if (tool_parse_size(bad[i], &v, err, sizeof(err)) != -1 || v != 7 ||
		    err[0] == '\0') {
			fprintf(stderr, "tool_parse_size(\"%s\") accepted, changed the "
				"value or gave no reason\n", bad[i]);
			exit(1);
		}
	}
}

static void printed_sizes(void)
{
	char buf[24];

	tool_format_size(buf, sizeof(buf), 0);
	CHECK(strstr(buf, "0") != NULL);
	tool_format_size(buf, sizeof(buf), 1536.0 * 1024);
	CHECK(strstr(buf, "1.5") != NULL && strstr(buf, "MiB") != NULL);
	tool_format_size(buf, sizeof(buf), 3.0 * 1024 * 1024 * 1024);
	CHECK(strstr(buf, "GiB") != NULL);
}

static void escapes(void)
{
	char out[64], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	CHECK(f != NULL);
	tool_json_string(f, "a\"b\\c\nd\te\x01");
	CHECK(fclose(f) == 0);
	CHECK(strcmp(text, "\"a\\\"b\\\\c\\nd\\te\\u0001\"") == 0);
	free(text);
	CHECK(tool_prom_label(out, sizeof(out), "cgroup", "q\"x\\y\nz") == 0);
	CHECK(strcmp(out, "{cgroup=\"q\\\"x\\\\y\\nz\"}") == 0);
	CHECK(tool_prom_label(out, 15, "cgroup", "abcd") == -1 && out[0] == '\0');
}

/*
 * A name that is not UTF-8 (a cgroup's directory can be any bytes): both
 * formats must stay UTF-8, each bad byte as the text \xHH; well-formed
 * multi-byte characters pass as they are.
 */
static void escapes_not_utf8(void)
{
	char out[64], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	CHECK(f != NULL);
	tool_json_string(f, "bad\xffutf8 \xc3\xa9 \xe2\x82 \xc0\xaf \xed\xa0\x80");
	CHECK(fclose(f) == 0);
	CHECK(strcmp(text, "\"bad\\\\xffutf8 \xc3\xa9 \\\\xe2\\\\x82 \\\\xc0\\\\xaf "
			   "\\\\xed\\\\xa0\\\\x80\"") == 0);
	free(text);
	CHECK(tool_prom_label(out, sizeof(out), "cgroup", "a\xff\xc3\xa9\xf4\x90\x80\x80") == 0);
	CHECK(strcmp(out, "{cgroup=\"a\\\\xff\xc3\xa9\\\\xf4\\\\x90\\\\x80\\\\x80\"}") == 0);
	/* A 4-byte character whole or not at all, and a bad byte's 5. */
	CHECK(tool_prom_label(out, 16, "cgroup", "\xf0\x9f\x98\x80") == 0);
	CHECK(tool_prom_label(out, 15, "cgroup", "\xf0\x9f\x98\x80") == -1);
	CHECK(tool_prom_label(out, 17, "cgroup", "\xff") == 0 && strcmp(out, "{cgroup=\"\\\\xff\"}") == 0);
	CHECK(tool_prom_label(out, 16, "cgroup", "\xff") == -1);
}

/* One record through the printer in format, as text in *out (malloc'd). */
static char *print_record(enum tool_format format)
{
	struct tool_printer p;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	CHECK(f != NULL);
	tool_print_start(&p, f, format, "x_");
	tool_print_open(&p, NULL, '[');
	for (int i = 0; i < 2; i++) {
		CHECK(tool_print_labels(&p, "cg", i ? "b\"" : "a") == 0);
		tool_print_open(&p, NULL, '{');
		tool_print_string(&p, "name", "%s:", i ? "b\"" : "a");
		tool_print_u64(&p, "bytes", "bytes", " %" PRIu64, UINT64_MAX - (uint64_t)i);
		tool_print_i64(&p, "delta", NULL, " %" PRId64, -5);
		tool_print_double(&p, "share", "share", " %.1f", 0.1);
		tool_print_double(&p, "bad", "bad", NULL, NAN);
		tool_print_bool(&p, "on", "on", " %s", i == 0);
		tool_print_null(&p, "none", " -");
		tool_print_open(&p, "inner", '{');
		tool_print_text(&p, " text only %d", 7);
		tool_print_close(&p);
		tool_print_close(&p);
		tool_print_text(&p, "\n");
	}
	tool_print_end(&p);
	CHECK(fclose(f) == 0);
	return text;
}

static void printer(void)
{
	static const char *const want_json =
		"[{\"name\": \"a\", \"bytes\": 18446744073709551615, \"delta\": -5, "
		"\"share\": 0.1, \"bad\": null, \"on\": true, \"none\": null, "
		"\"inner\": {}}, {\"name\": \"b\\\"\", \"bytes\": 18446744073709551614, "
		"\"delta\": -5, \"share\": 0.1, \"bad\": null, \"on\": false, "
		"\"none\": null, \"inner\": {}}]\n";
	static const char *const want_prom =
		"x_bytes{cg=\"a\"} 18446744073709551615\nx_bytes{cg=\"b\\\"\"} 18446744073709551614\n"
		"x_share{cg=\"a\"} 0.1\nx_share{cg=\"b\\\"\"} 0.1\n"
		"x_bad{cg=\"a\"} NaN\nx_bad{cg=\"b\\\"\"} NaN\n"
		"x_on{cg=\"a\"} 1\nx_on{cg=\"b\\\"\"} 0\n";
	static const char *const want_text =
		"a: 18446744073709551615 -5 0.1 yes - text only 7\n"
		"b\": 18446744073709551614 -5 0.1 no - text only 7\n";
	const char *want[] = { want_text, want_json, want_prom };
	struct tool_printer p;
	char *text;
	size_t len = 0;
	FILE *f;

	for (int format = TOOL_TEXT; format <= TOOL_PROMETHEUS; format++) {
		text = print_record((enum tool_format)format);
		if (strcmp(text, want[format]) != 0) {
			fprintf(stderr, "printer, format %d: got\n%s\nwanted\n%s\n", format,
				text, want[format]);
			exit(1);
		}
		free(text);
	}
	/* Doubles: the shortest text that reads back; families only in Prometheus. */
	text = NULL;
	f = open_memstream(&text, &len);
	CHECK(f != NULL);
	tool_print_start(&p, f, TOOL_PROMETHEUS, "");
	tool_print_family(&p, "m", "gauge", "help text");
	tool_print_double(&p, NULL, "m", NULL, 1.0 / 3.0);
	tool_print_double(&p, NULL, "m", NULL, -INFINITY);
	tool_print_double(&p, NULL, "m", NULL, 1e300);
	/*
	 * Families interleaved as records print them (m, mm, m again) come
	 * out whole, # HELP and # TYPE first: "mm" is not "m"'s family.
	 */
	tool_print_family(&p, "mm", "counter", "another");
	tool_print_labels(&p, "cg", "x");
	tool_print_u64(&p, NULL, "mm", NULL, 7);
	tool_print_u64(&p, NULL, "m", NULL, 8);
	tool_print_end(&p);
	CHECK(fclose(f) == 0);
	CHECK(strcmp(text, "# HELP m help text\n# TYPE m gauge\nm 0.3333333333333333\n"
			   "m -Inf\nm 1e+300\nm{cg=\"x\"} 8\n"
			   "# HELP mm another\n# TYPE mm counter\nmm{cg=\"x\"} 7\n") == 0);
	free(text);
	/* A label set that does not fit is refused and leaves no labels. */
	{
		static char long_value[9000];

		memset(long_value, 'v', sizeof(long_value) - 1);
		CHECK(tool_print_labels(&p, "cg", long_value) == -1 && p.labels[0] == '\0');
	}
}

static void sysfs(void)
{
	char dir[] = "/tmp/test_common.XXXXXX", path[128], buf[16];
	FILE *f;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/attr", dir);
	f = fopen(path, "w");
	CHECK(f != NULL);
	fputs("12345  \n", f);
	CHECK(fclose(f) == 0);
	CHECK(tool_sysfs_exists(dir, "attr"));
	CHECK(!tool_sysfs_exists(dir, "missing"));
	CHECK(tool_sysfs_read(dir, "attr", buf, sizeof(buf)) == 5 && !strcmp(buf, "12345"));
	/* A file that does not fit (8 bytes, trailing spaces included) is
	 * refused, never cut short. */
	CHECK(tool_sysfs_read(dir, "attr", buf, 8) == -EFBIG);
	CHECK(tool_sysfs_read(dir, "missing", buf, sizeof(buf)) == -ENOENT);
	/* One write at offset 0, no O_TRUNC (sysfs files need none): on a
	 * regular file it overwrites the first bytes. */
	CHECK(tool_sysfs_write(dir, "attr", "678") == 0);
	CHECK(tool_sysfs_read(dir, "attr", buf, sizeof(buf)) == 5 && !strcmp(buf, "67845"));
	CHECK(tool_sysfs_write(dir, "missing/x", "1") == -ENOENT);
	/* A directory in the file's place: the write fails with its errno. */
	snprintf(path, sizeof(path), "%s/sub", dir);
	CHECK(mkdir(path, 0700) == 0);
	CHECK(tool_sysfs_write(dir, "sub", "1") == -EISDIR);
	CHECK(rmdir(path) == 0);
	snprintf(path, sizeof(path), "%s/attr", dir);
	CHECK(unlink(path) == 0);
	CHECK(rmdir(dir) == 0);
}

int main(void)
{
	numbers();
	sizes();
	printed_sizes();
	escapes();
	escapes_not_utf8();
	printer();
	sysfs();
	printf("test_common: ok\n");
	return 0;
}
