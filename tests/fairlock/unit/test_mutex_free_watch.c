/* SPDX-License-Identifier: MIT */
/*
 * The holder whose turn has just ended, back for the lock, finds it
 * asked for by the watcher and waits for the watcher to take it; when it
 * then finds the lock free while the new holder's turn lasts, it watches
 * that turn first instead of taking the lock (become_watcher()), and a
 * turn the time ends during that watch passes the floor on as the count
 * that ends its own turn (equal_work()).  If the new holder takes the
 * lock again before that watch begins, it watches the held lock instead
 * of sleeping.  It takes the free lock at once after the new holder's
 * turn, through a timed lock, or when its last watch ended in a sleep.
 * A forked child does none of this for its parent's ask.
 *
 * The mutex's source is compiled in, with the turns' clock moved by hand
 * (mutex_hand_clock.h: only the waiting thread reads it, and each read
 * adds STEP), a turn of 10 us (FL_MUTEX_TURN_US, tests/CMakeLists.txt),
 * and a wait for the watcher's take that never gives up
 * (FL_MUTEX_WATCH_STALLS), so that the waiting thread is still waiting
 * when this test frees the lock, whenever it gets there.  The word is set
 * by hand: the lock free but asked for (WOKEN and ASKED) by a watcher
 * that is not there, as the old holder's unlock leaves it, then free and
 * owed to nobody, as that watcher's take and the new holder's unlock
 * leave it.  Every such wait reads the clock once before it decides
 * (turn_lasts()); a thread that came after the lock was freed takes it
 * without reading the clock, and the test tries again, giving the thread
 * longer to get into its wait.
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

enum mode {
	WATCHES,	/* freed in the new holder's turn: watched first */
	TURN_OVER,	/* freed after that turn: taken at once */
	TIMED,		/* through fl_mutex_timedlock(): taken at once */
	UNPAID,		/* its last watch ended in a sleep: taken at once */
	RETAKEN,	/* taken again before the watch begins: watched held */
};
static const char *const mode_names[] = {
	"watches", "turn over", "timed", "unpaid", "retaken",
};

static fl_mutex_t m;
static enum mode mode;
static int about_to_lock, done;

static void back_for_the_lock(void *arg)
{
	struct timespec far;

	(void)arg;
	if (mode == UNPAID)
		spin_history.misses = 1;	/* a watch that ended in a sleep */
	__atomic_store_n(&about_to_lock, 1, __ATOMIC_RELEASE);
	if (mode == TIMED) {
		clock_gettime(CLOCK_MONOTONIC, &far);
		far.tv_sec += 3600;
		CHECK_EQ(fl_mutex_timedlock(&m, CLOCK_MONOTONIC, &far), 0);
	} else {
		fl_mutex_lock(&m);
	}
	fl_mutex_unlock(&m);
	__atomic_store_n(&done, 1, __ATOMIC_RELEASE);
}

static uint32_t turn_us(void)
{
	return __atomic_load_n(TURN_US(&m), __ATOMIC_RELAXED);
}

static uint32_t clock_reads(void)
{
	return (__atomic_load_n(&test_clock_us, __ATOMIC_RELAXED) - START) / STEP;
}

/*
 * The mutex free but asked for by a watcher that is not there (WOKEN and
 * ASKED, stamped with this process's generation), its holder's turn
 * begun at `turn_start`, and the hand clock at START.
 */
static void set_up_asked(uint32_t turn_start)
{
	fl_mutex_init(&m);
	__atomic_store_n(TURN_US(&m), turn_start, __ATOMIC_RELAXED);
	test_clock_us = START;
	test_clock_step_us = STEP;
	__atomic_store_n(&m.state, WOKEN | ASKED |
			 (fl_fork_generation() & GEN_MASK) << GEN_SHIFT, __ATOMIC_RELAXED);
}

/*
 * RETAKEN: the first clock read stores LOCKED, the new holder's lock
 * taken again between the wait's read of the free word and its
 * become_watcher().  Wait until the thread watches the held lock (its
 * looks read the clock) or sleeps in the queue (PARKED, with no look
 * after the first read: it cannot look again until this unlock wakes
 * it: a failure), or took the lock without a read (it came late, which
 * the caller sees); then unlock as the new holder.
 */
static void retaken_watched(void)
{
	uint32_t v;

	for (;;) {
		uint32_t reads = clock_reads();

		v = __atomic_load_n(&m.state, __ATOMIC_RELAXED);
		if (reads >= 3u || (v & PARKED) || __atomic_load_n(&done, __ATOMIC_ACQUIRE))
			break;
		sched_yield();
	}
	if (__atomic_load_n(&done, __ATOMIC_ACQUIRE))
		return;		/* came late: judged by the caller */
	if (clock_reads() < 3u) {
		fprintf(stderr, "retaken: the wait slept (word %#x) instead of watching the held lock\n",
			v);
		exit(1);
	}
	fl_mutex_unlock(&m);	/* the new holder's */
}

/* One try: false if the thread came after the lock was freed. */
static bool try_once(unsigned int delay_ms)
{
	const uint32_t start = mode == TURN_OVER ? START - FL_MUTEX_TURN_US : START;
	struct timespec d = { 0, (long)delay_ms * 1000000L };
	void *t;

	set_up_asked(start);
	test_clock_store_value = LOCKED;
	test_clock_store_to = mode == RETAKEN ? &m.state : NULL;
	__atomic_store_n(&about_to_lock, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&done, 0, __ATOMIC_RELAXED);
	t = start_thread(back_for_the_lock, NULL);
	while (!__atomic_load_n(&about_to_lock, __ATOMIC_ACQUIRE))
		sched_yield();
	nanosleep(&d, NULL);
	__atomic_store_n(&m.state, 0, __ATOMIC_RELAXED);
	if (mode == RETAKEN)
		retaken_watched();
	join_thread(t);
	test_clock_store_to = NULL;
	CHECK_EQ(__atomic_load_n(&m.state, __ATOMIC_RELAXED), 0u);
	if (test_clock_us == START) {
		CHECK_EQ(turn_us(), start);
		return false;	/* no clock read: it came late */
	}
	switch (mode) {
	case WATCHES:
		/*
		 * Its reads: the turn lasts (START + 4 < START + 10), the
		 * first look (8 us after the start: within two gaps), the
		 * turn over (12 us), so it takes the lock, and its own turn
		 * starts at the fourth read with the floor passed on (it
		 * counted no locks).
		 */
		CHECK_EQ(turn_us(), START + 4u * STEP);
		CHECK_EQ(__atomic_load_n(TURN_LOCKS_AT(&m), __ATOMIC_RELAXED),
			 FL_MUTEX_TURN_LOCKS_MIN);
		break;
	case TURN_OVER:
	case TIMED:
	case UNPAID:
		/* One read (turn_lasts()), then the lock taken at once. */
		if (test_clock_us != START + STEP || turn_us() != start) {
			fprintf(stderr, "%s: the wait watched the free lock (clock read %u times, "
				"turn start %u)\n", mode_names[mode], clock_reads(), turn_us());
			exit(1);
		}
		break;
	case RETAKEN:
		/* It watched, and took the lock with a turn of its own. */
		CHECK(clock_reads() >= 3u);
		CHECK(turn_us() != start);
		break;
	}
	return true;
}

static void run(enum mode which)
{
	unsigned int delay_ms = 1;

	mode = which;
	for (int tries = 0; tries < 12; tries++, delay_ms *= 2)
		if (try_once(delay_ms))
			return;
	fprintf(stderr, "%s: after 12 tries, waiting up to %u ms, the thread took the free lock "
		"without reading the clock every time\n", mode_names[mode], delay_ms / 2);
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
	int status;
	pid_t pid;

	set_up_asked(START);
	pid = fork();
	CHECK(pid >= 0);
	if (pid == 0) {
		fl_mutex_lock(&m);
		if ((__atomic_load_n(&m.state, __ATOMIC_RELAXED) & (LOCKED | FLAGS)) != LOCKED ||
		    clock_reads() > 1u) {
			fprintf(stderr, "child: word %#x, clock read %u times after the parent's ask\n",
				__atomic_load_n(&m.state, __ATOMIC_RELAXED), clock_reads());
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
	run(WATCHES);
	run(TURN_OVER);
	run(TIMED);
	run(UNPAID);
	run(RETAKEN);
	printf("test_mutex_free_watch: ok\n");
	return 0;
}
