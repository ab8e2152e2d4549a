// SPDX-License-Identifier: MIT
// The public headers compile as C++ and every lock of the table works from
// C++ threads.
#include "fairlock/locks.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

static void fail(const test_lock &lk, const char *what)
{
	std::fprintf(stderr, "test_cxx: %s: %s\n", lk.name, what);
	std::exit(1);
}

static void check_lock(const test_lock &lk)
{
	// Few rounds, all threads let go at once: enough to contend on 2
	// CPUs, and short where spinning waiters lose their CPU to others
	// (20,000 rounds each took a minute on a busy 2-core host).
	const unsigned threads = 4, iterations = 2000;
	unsigned long count = 0; // protected by the lock
	std::atomic<unsigned> ready{0};
	std::vector<std::thread> pool;

	lk.reset();
	for (unsigned t = 0; t < threads; t++)
		pool.emplace_back([&lk, &count, &ready] {
			ready++;
			while (ready.load() < threads)
				std::this_thread::yield();
			for (unsigned n = 0; n < iterations; n++) {
				lk.lock();
				// A read and a write apart, so that a broken lock
				// loses updates within few rounds.
				unsigned long seen = count;
				for (int gap = 0; gap < 20; gap++) {
					fl_cpu_relax();
					std::atomic_signal_fence(std::memory_order_seq_cst);
				}
				count = seen + 1;
				lk.unlock();
			}
		});
	for (auto &t : pool)
		t.join();
	const unsigned long want = (unsigned long)threads * iterations;
	if (count != want)
		fail(lk, "lost updates");
	if (lk.is_locked())
		fail(lk, "is_locked of a free lock is true");
	if (!lk.trylock())
		fail(lk, "trylock of a free lock failed");
	if (!lk.is_locked())
		fail(lk, "is_locked of a held lock is false");
	if (lk.trylock())
		fail(lk, "trylock of a held lock succeeded");
	lk.unlock();
	if (!lk.is_idle(want + 1))
		fail(lk, "the lock word is not idle after the run");
}

int main()
{
	for (const test_lock &lk : test_locks)
		check_lock(lk);
	// The qrwlock's read side, which the table does not cover.
	if (!fl_qrw_read_trylock(&tl_qrw) || !fl_qrw_read_trylock(&tl_qrw) ||
	    fl_qrw_write_trylock(&tl_qrw))
		fail(test_locks[TEST_LOCK_COUNT - 1], "read side");
	fl_qrw_read_unlock(&tl_qrw);
	fl_qrw_read_unlock(&tl_qrw);
	std::printf("test_cxx: %zu locks ok\n", sizeof(test_locks) / sizeof(test_locks[0]));
	return 0;
}
