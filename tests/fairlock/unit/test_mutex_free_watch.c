/* SPDX-License-Identifier: MIT */
/*
 * The holder whose turn has just ended, back for the lock, finds it
 * asked for by the watcher and waits for the watcher to take it; when it
 * then finds the lock free while the new holder's turn lasts, it watches
 * that turn first instead of taking the lock (become_watcher()), and a
 * turn the time ends during that watch passes the floor on as the count
 * that ends its own turn (equal_work()).  A timed lock takes the free
 * lock at once.
 *
 * After the new holder's turn, the lock is taken at once.
 * (A timed lock that came after the lock was freed looks the same as one
 * that took it at once: each try waits until the thread is about to lock
 * and then gives it 1, 2 and 4 ms to get into its wait.)
 *
 * The mutex's source is compiled in, with the turns' clock moved by hand
 * (only the waiting thread reads it, so its reads are its own: each adds
 * STEP), a turn of 10 us (FL_MUTEX_TURN_US, tests/CMakeLists.txt), and a
 * wait for the watcher's take that never gives up (FL_MUTEX_WATCH_STALLS),
 * so that the waiting thread is still waiting when this test frees the
 * lock, whenever it gets there.  The word is set by hand: the lock free
 * but asked for (WOKEN and ASKED) by a watcher that is not there, as the
 * old holder's unlock leaves it, then free and owed to nobody, as that
 * watcher's take and the new holder's unlock leave it.
 */
#include "mutex_hand_clock.h"

#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

#define STEP 4u
#define START 1000000u

static fl_mutex_t m;
static int timed;
static int turn_over_at_free;	/* the new holder's turn is already over */
static int about_to_lock;

static void back_for_the_lock(void *arg)
{
	struct timespec far;

	(void)arg;
	__atomic_store_n(&about_to_lock, 1, __ATOMIC_RELEASE);
	if (timed) {
		clock_gettime(CLOCK_MONOTONIC, &far);
		far.tv_sec += 3600;
		CHECK_EQ(fl_mutex_timedlock(&m, CLOCK_MONOTONIC, &far), 0);
	} else {
		fl_mutex_lock(&m);
	}
	fl_mutex_unlock(&m);
}

static uint32_t turn_us(void)
{
	return __atomic_load_n(TURN_US(&m), __ATOMIC_RELAXED);
}

/*
 * One try: whether the thread waited for the ask (false: it came after
 * the lock was freed and took it at once, which this test cannot tell
 * from a wait that skipped the watch, so the caller tries again).
 */
static bool try_once(unsigned int delay_ms)
{
	const uint32_t asked = WOKEN | ASKED |
			       (fl_fork_generation() & GEN_MASK) << GEN_SHIFT;
	struct timespec d = { 0, (long)delay_ms * 1000000L };
	void *t;

	const uint32_t start = turn_over_at_free ? START - FL_MUTEX_TURN_US : START;

	fl_mutex_init(&m);
	__atomic_store_n(TURN_US(&m), start, __ATOMIC_RELAXED);
	test_clock_us = START;
	test_clock_step_us = STEP;
	__atomic_store_n(&m.state, asked, __ATOMIC_RELAXED);
	__atomic_store_n(&about_to_lock, 0, __ATOMIC_RELAXED);
	t = start_thread(back_for_the_lock, NULL);
	while (!__atomic_load_n(&about_to_lock, __ATOMIC_ACQUIRE))
		sched_yield();
	nanosleep(&d, NULL);
	__atomic_store_n(&m.state, 0, __ATOMIC_RELAXED);
	join_thread(t);
	CHECK_EQ(__atomic_load_n(&m.state, __ATOMIC_RELAXED), 0u);
	if (turn_us() == start && test_clock_us == START)
		return false;	/* no turn started, no clock read */
	if (turn_over_at_free) {
		/* One read (the turn is over), then the lock taken at once. */
		CHECK_EQ(test_clock_us, START + STEP);
		CHECK_EQ(turn_us(), start);
		return true;
	}
	if (timed) {
		fprintf(stderr, "timed lock: the clock was read (turn start %u, clock %u)\n",
			turn_us(), test_clock_us);
		exit(1);
	}
	/*
	 * Its reads: the turn lasts (START + 4 < START + 10), the first look
	 * (8 us after the start: within two gaps), the turn over (12 us),
	 * so it takes the lock, and its own turn starts at the fourth read
	 * with the floor passed on (it counted no locks).
	 */
	CHECK_EQ(turn_us(), START + 4u * STEP);
	CHECK_EQ(__atomic_load_n(TURN_LOCKS_AT(&m), __ATOMIC_RELAXED),
		 FL_MUTEX_TURN_LOCKS_MIN);
	return true;
}

static void run(int timed_lock, int over)
{
	unsigned int delay_ms = 1;

	timed = timed_lock;
	turn_over_at_free = over;
	for (int tries = 0; tries < 12; tries++, delay_ms *= 2) {
		if (try_once(delay_ms)) {
			if (timed) {
				fprintf(stderr, "timed lock watched a free lock\n");
				exit(1);
			}
			return;
		}
		if (timed && tries == 2)
			return;	/* taken at once three times, the clock never read */
	}
	fprintf(stderr, "after 12 tries, waiting up to %u ms, the thread took the free lock "
		"without a watch every time (turn start %u, clock %u)\n",
		delay_ms / 2, turn_us(), test_clock_us);
	exit(1);
}

/*
 * A forked child finds its parent's watcher's ask on a free lock (the
 * word as the parent's old holder's unlock left it): nobody in the child
 * will take the lock, so the child neither waits for that take (which
 * this test's FL_MUTEX_WATCH_STALLS would make endless) nor takes itself
 * for the holder back, which would watch the free lock through a turn
 * first (at least one more clock read before its own turn starts).
 */
static void parents_ask_in_child(void)
{
	const uint32_t asked = WOKEN | ASKED |
			       (fl_fork_generation() & GEN_MASK) << GEN_SHIFT;
	int status;
	pid_t pid;

	fl_mutex_init(&m);
	__atomic_store_n(TURN_US(&m), START, __ATOMIC_RELAXED);
	test_clock_us = START;
	test_clock_step_us = STEP;
	__atomic_store_n(&m.state, asked, __ATOMIC_RELAXED);
	pid = fork();
	CHECK(pid >= 0);
	if (pid == 0) {
		fl_mutex_lock(&m);
		if ((__atomic_load_n(&m.state, __ATOMIC_RELAXED) & (LOCKED | FLAGS)) != LOCKED ||
		    test_clock_us > START + STEP) {
			fprintf(stderr, "child: word %#x, clock read %u times after the parent's ask\n",
				__atomic_load_n(&m.state, __ATOMIC_RELAXED),
				(test_clock_us - START) / STEP);
			_exit(1);
		}
		fl_mutex_unlock(&m);
		_exit(0);
	}
	/* A child that waits for the parent's watcher fails, not hangs. */
	for (int polls = 0; waitpid(pid, &status, WNOHANG) != pid; polls++) {
		struct timespec tenth = { 0, 100000000L };

		if (polls == 600) {
			fprintf(stderr, "parents_ask_in_child: the child's lock still waits "
				"after 60 s (for the parent's watcher?)\n");
			kill(pid, SIGKILL);
			exit(1);
		}
		nanosleep(&tenth, NULL);
	}
	if (WIFSIGNALED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "parents_ask_in_child: child status %#x\n", status);
		exit(1);
	}
	__atomic_store_n(&m.state, 0, __ATOMIC_RELAXED);
}

int main(void)
{
	parents_ask_in_child();
	run(0, 0);
	run(0, 1);	/* after the turn: taken at once */
	run(1, 0);
	printf("test_mutex_free_watch: ok\n");
	return 0;
}
