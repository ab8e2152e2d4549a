// SPDX-License-Identifier: MIT
// The public headers compile as C++ and the locks work from C++ threads.
#include <fairlock/qrwlock.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

static fl_ticket_t ticket = FL_TICKET_INIT;
static fl_qspinlock_t qspin = FL_QSPINLOCK_INIT;
static fl_qrwlock_t qrw = FL_QRWLOCK_INIT;
static fl_ticket_park_t park = FL_TICKET_PARK_INIT;
static unsigned long ticket_count, qspin_count, qrw_count, park_count; // one per lock

static void fail(const char *what)
{
	std::fprintf(stderr, "test_cxx: %s\n", what);
	std::exit(1);
}

int main()
{
	const unsigned threads = 4, iterations = 20000;
	std::vector<std::thread> pool;

	for (unsigned t = 0; t < threads; t++)
		pool.emplace_back([] {
			for (unsigned n = 0; n < iterations; n++) {
				fl_ticket_lock(&ticket);
				ticket_count++;
				fl_ticket_unlock(&ticket);
				fl_qspin_lock(&qspin);
				qspin_count++;
				fl_qspin_unlock(&qspin);
				fl_qrw_write_lock(&qrw);
				qrw_count++;
				fl_qrw_write_unlock(&qrw);
				fl_ticket_park_lock(&park);
				park_count++;
				fl_ticket_park_unlock(&park);
			}
		});
	for (auto &t : pool)
		t.join();
	const unsigned long want = (unsigned long)threads * iterations;
	if (ticket_count != want || qspin_count != want || qrw_count != want ||
	    park_count != want)
		fail("lost updates");
	if (!fl_ticket_trylock(&ticket) || !fl_qspin_trylock(&qspin) ||
	    !fl_qrw_read_trylock(&qrw) || !fl_ticket_park_trylock(&park))
		fail("trylock of a free lock failed");
	if (!fl_ticket_is_locked(&ticket) || !fl_qspin_is_locked(&qspin) ||
	    !fl_qrw_is_locked(&qrw) || !fl_ticket_park_is_locked(&park))
		fail("is_locked of a held lock is false");
	fl_ticket_unlock(&ticket);
	fl_qspin_unlock(&qspin);
	fl_qrw_read_unlock(&qrw);
	fl_ticket_park_unlock(&park);
	std::printf("test_cxx: ok\n");
	return 0;
}
