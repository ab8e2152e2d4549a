/* SPDX-License-Identifier: MIT */
/*
 * mr_write_reclaim() on a fake cgroup, with the kernel's answers played by
 * a stand-in for tool_sysfs_write() (linked with --wrap): a signal that
 * interrupts a request after part of the work (EINTR) is followed by a
 * request for what is left, not for all of it again; what was reclaimed
 * is read from memory.stat's pgsteal, or from memory.current where the
 * kernel has no pgsteal; EAGAIN is passed on with what it reclaimed.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "memreclaim/cgroup/cgroup.h"
#include "fake_file.h"
#include "harness.h"

#define PAGE 4096ull
#define MIB (1ull << 20)

int __real_tool_sysfs_write(const char *dir, const char *attr, const char *value);
int __wrap_tool_sysfs_write(const char *dir, const char *attr, const char *value);

/* What the fake kernel does with each memory.reclaim request, in turn. */
struct answer {
	uint64_t pages;		/* reclaimed before it returns */
	int rc;			/* 0, -EINTR, -EAGAIN */
	uint64_t grown;		/* bytes the workload allocated meanwhile */
};

static struct {
	const struct answer *answers;
	int calls;
	char asked[4][64];	/* each request's text */
	bool pgsteal;		/* the fake memory.stat has pgsteal */
	const char *dir;
	uint64_t steal, current;
} fake;

static void publish(const char *dir)
{
	char text[256];

	if (fake.pgsteal)
		snprintf(text, sizeof(text), "anon 1000\npgscan 9\npgsteal %" PRIu64 "\n",
			 fake.steal);
	else
		snprintf(text, sizeof(text), "anon 1000\n");
	write_test_file(dir, "memory.stat", text);
	snprintf(text, sizeof(text), "%" PRIu64 "\n", fake.current);
	write_test_file(dir, "memory.current", text);
}

int __wrap_tool_sysfs_write(const char *dir, const char *attr, const char *value)
{
	const struct answer *a;

	if (strcmp(attr, "memory.reclaim") != 0)
		return __real_tool_sysfs_write(dir, attr, value);
	CHECK(fake.calls < 4);
	a = &fake.answers[fake.calls];
	snprintf(fake.asked[fake.calls++], sizeof(fake.asked[0]), "%s", value);
	fake.steal += a->pages;
	fake.current += a->grown;
	fake.current -= a->pages * PAGE;
	publish(dir);
	return a->rc;
}

static void start(const char *dir, bool pgsteal, const struct answer *answers)
{
	memset(&fake, 0, sizeof(fake));
	fake.pgsteal = pgsteal;
	fake.steal = 1000;
	fake.current = 100 * MIB;
	fake.answers = answers;
	fake.dir = dir;
	publish(dir);
}

static int ask(uint64_t bytes, int swappiness, volatile sig_atomic_t *stop,
	       uint64_t *got)
{
	struct mr_reclaim_req req = { .bytes = bytes, .swappiness = swappiness,
				      .page_size = PAGE };

	return mr_write_reclaim(fake.dir, &req, stop, got);
}

int main(void)
{
	char dir[] = "/tmp/mr-reclaim-write-XXXXXX";
	volatile sig_atomic_t stop = 0;
	uint64_t got;

	CHECK(mkdtemp(dir) != NULL);
	write_test_file(dir, "memory.reclaim", "");

	/* memory.stat's one key: not a longer key it begins, bad values refused. */
	{
		uint64_t v = 0;

		write_test_file(dir, "memory.stat", "pgsteal_kswapd 5\npgsteal 3\npgscan 9\n");
		CHECK(mr_read_stat_key(dir, "pgsteal", &v) == 0 && v == 3);
		write_test_file(dir, "memory.stat", "pgsteal_kswapd 5\npgsteal 3");
		CHECK(mr_read_stat_key(dir, "pgsteal", &v) == 0 && v == 3);
		write_test_file(dir, "memory.stat", "pgsteal_kswapd 5\n");
		CHECK(mr_read_stat_key(dir, "pgsteal", &v) == -ENOENT);
		write_test_file(dir, "memory.stat", "pgsteal lots\n");
		CHECK(mr_read_stat_key(dir, "pgsteal", &v) == -EINVAL);
		write_test_file(dir, "memory.stat", "pgsteal -1\n");
		CHECK(mr_read_stat_key(dir, "pgsteal", &v) == -EINVAL);
		write_test_file(dir, "memory.stat", "");
		CHECK(mr_read_stat_key(dir, "pgsteal", &v) == -ENOENT);
	}
	/* Interrupted after 1 MiB of 5: the second request is for the 4 left. */
	{
		static const struct answer a[] = { { 256, -EINTR, 0 }, { 1024, 0, 0 } };

		start(dir, true, a);
		CHECK(ask(5 * MIB, -1, &stop, &got) == 0);
		CHECK_EQ(fake.calls, 2);
		CHECK(strcmp(fake.asked[0], "5242880") == 0);
		CHECK(strcmp(fake.asked[1], "4194304") == 0);
		CHECK_EQ(got, 5 * MIB);
	}
	/* With swappiness= carried on the second request too. */
	{
		static const struct answer a[] = { { 512, -EINTR, 0 }, { 768, 0, 0 } };

		start(dir, true, a);
		CHECK(ask(5 * MIB, 60, &stop, &got) == 0);
		CHECK(strcmp(fake.asked[1], "3145728 swappiness=60") == 0);
	}
	/* Interrupted with all of it done: no second request. */
	{
		static const struct answer a[] = { { 1280, -EINTR, 0 } };

		start(dir, true, a);
		CHECK(ask(5 * MIB, -1, &stop, &got) == 0);
		CHECK_EQ(fake.calls, 1);
		CHECK_EQ(got, 5 * MIB);
	}
	/* Interrupted while the daemon stops: no second request, EINTR. */
	{
		static const struct answer a[] = { { 10, -EINTR, 0 } };

		start(dir, true, a);
		stop = 1;
		CHECK(ask(5 * MIB, -1, &stop, &got) == -EINTR);
		CHECK_EQ(fake.calls, 1);
		CHECK_EQ(got, 10 * PAGE);
		stop = 0;
	}
	/* EAGAIN: passed on, with what it did reclaim. */
	{
		static const struct answer a[] = { { 3, -EAGAIN, 0 } };

		start(dir, true, a);
		CHECK(ask(5 * MIB, -1, &stop, &got) == -EAGAIN);
		CHECK_EQ(got, 3 * PAGE);
	}
	/*
	 * The caller's pgsteal from just before (the daemon's interval read
	 * memory.stat): the count starts there, and memory.stat is read only
	 * after the write.
	 */
	{
		static const struct answer a[] = { { 100, 0, 0 } };
		struct mr_reclaim_req req = { .bytes = 5 * MIB, .swappiness = -1,
					      .page_size = PAGE, .pgsteal_known = true,
					      .pgsteal = 990 };

		start(dir, true, a);
		CHECK(mr_write_reclaim(dir, &req, &stop, &got) == 0);
		CHECK_EQ(got, 110 * PAGE);
	}
	/* No pgsteal in memory.stat: the drop of memory.current instead. */
	{
		static const struct answer a[] = { { 256, -EINTR, 0 }, { 256, 0, 0 } };

		start(dir, false, a);
		CHECK(ask(5 * MIB, -1, &stop, &got) == 0);
		CHECK(strcmp(fake.asked[1], "4194304") == 0);
		CHECK_EQ(got, 2 * MIB);
	}
	/* The cgroup's memory grew meanwhile: nothing is counted, not a wrap. */
	{
		static const struct answer a[] = { { 10, -EAGAIN, 1 * MIB } };

		start(dir, false, a);
		CHECK(ask(5 * MIB, -1, &stop, &got) == -EAGAIN);
		CHECK_EQ(got, 0);
	}
	for (const char *const *f = (const char *const[]){ "memory.reclaim",
			"memory.stat", "memory.current", NULL }; *f; f++) {
		char path[sizeof(dir) + 32];

		snprintf(path, sizeof(path), "%s/%s", dir, *f);
		CHECK(unlink(path) == 0);
	}
	CHECK(rmdir(dir) == 0);
	printf("mr_write_reclaim: all checks passed\n");
	return 0;
}
