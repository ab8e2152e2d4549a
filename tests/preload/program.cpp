// SPDX-License-Identifier: MIT
// A program that knows nothing of fairlock: C++ standard locks (which call
// pthread_* through the PLT, as any program's do) on N threads (8 unless
// --threads N), R rounds each (20000 unless --rounds R), checked exactly.
// With --expect-preload it also checks that the pthread calls it makes
// resolve into libfairlock-preload.so, i.e. that the preload really took
// them.  Run by tests/preload/cli.sh under fairlock-run.
#include <dlfcn.h>
#include <pthread.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <vector>

static bool resolved_into_preload(const char *name)
{
	void *fn = dlsym(RTLD_DEFAULT, name);
	Dl_info info;

	if (!fn || !dladdr(fn, &info) || !info.dli_fname)
		return false;
	return std::strstr(info.dli_fname, "libfairlock-preload") != nullptr;
}

static int positive_arg(const char *text)
{
	char *end;
	long value = std::strtol(text, &end, 10);

	if (*end || value < 1 || value > 1000000) {
		std::fprintf(stderr, "bad count '%s'\n", text);
		std::exit(2);
	}
	return int(value);
}

int main(int argc, char **argv)
{
	int threads = 8, rounds = 20000;
	bool expect_preload = false;
	std::mutex m;
	std::recursive_mutex rm;
	std::timed_mutex tm;
	std::condition_variable cv;
	std::shared_mutex sm;
	long counter = 0, rcounter = 0, tcounter = 0, written = 0;
	int arrived = 0;
	std::vector<std::thread> pool;

	for (int i = 1; i < argc; i++) {
		if (std::strcmp(argv[i], "--expect-preload") == 0)
			expect_preload = true;
		else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
			threads = positive_arg(argv[++i]);
		else if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
			rounds = positive_arg(argv[++i]);
		else {
			std::fprintf(stderr, "usage: %s [--expect-preload] "
				     "[--threads N] [--rounds R]\n", argv[0]);
			return 2;
		}
	}
	if (expect_preload) {
		for (const char *name : { "pthread_mutex_lock", "pthread_cond_wait",
					  "pthread_cond_clockwait",
					  "pthread_rwlock_rdlock",
					  "pthread_mutex_clocklock" })
			if (!resolved_into_preload(name)) {
				std::fprintf(stderr, "%s is not the preload's\n", name);
				return 1;
			}
	}
	for (int t = 0; t < threads; t++)
		pool.emplace_back([&] {
			for (int i = 0; i < rounds; i++) {
				{
					std::lock_guard<std::mutex> g(m);
					counter++;
				}
				{
					std::lock_guard<std::recursive_mutex> a(rm);
					std::lock_guard<std::recursive_mutex> b(rm);
					rcounter++;
				}
				if (i % 8 == 0) {
					std::unique_lock<std::timed_mutex> g(
						tm, std::chrono::seconds(60));
					if (g.owns_lock())
						tcounter++;
				}
				if (i % 16 == 0) {
					std::unique_lock<std::shared_mutex> w(sm);
					written++;
				} else {
					std::shared_lock<std::shared_mutex> r(sm);
					(void)written;
				}
			}
			// Everyone meets here: a condition variable with a limit.
			std::unique_lock<std::mutex> l(m);
			arrived++;
			cv.notify_all();
			if (!cv.wait_for(l, std::chrono::seconds(60),
					 [&] { return arrived == threads; }))
				std::fprintf(stderr, "a thread waited 60 s at the meeting\n");
		});
	for (auto &t : pool)
		t.join();
	std::printf("counter %ld recursive %ld timed %ld written %ld arrived %d\n",
		    counter, rcounter, tcounter, written, arrived);
	return counter == long(threads) * rounds && rcounter == counter &&
			       tcounter == long(threads) * ((rounds + 7) / 8) &&
			       written == long(threads) * ((rounds + 15) / 16) &&
			       arrived == threads ? 0 : 1;
}
