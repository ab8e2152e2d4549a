/* SPDX-License-Identifier: MIT */
/*
 * fork() with fairlock's locks (fairlock/fork.h): the mutex in a child
 * needs nothing from the program, whichever bits and queue its parent's
 * waiters left; the spinning locks' *_after_fork() drop the parent's
 * waiters and keep the holder; the generation moves on in each child.
 */
#include <pthread.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fairlock/fork.h>
#include <fairlock/mutex.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

#include "harness.h"

#define LIMIT_S 60

static fl_mutex_t m;
static unsigned long counted;	/* under m */

static void take_once(void *arg)
{
	(void)arg;
	fl_mutex_lock(&m);
	counted++;
	fl_mutex_unlock(&m);
}

static void wait_contended(void)
{
	double end = now_seconds() + LIMIT_S;

	while (!fl_mutex_is_contended(&m)) {
		if (now_seconds() > end) {
			fprintf(stderr, "no waiter queued after %d s (word 0x%x)\n",
				LIMIT_S, peek(m.state));
			exit(1);
		}
		sched_yield();
	}
}

static void contend(void *arg, unsigned int i)
{
	(void)arg;
	(void)i;
	for (int k = 0; k < 2000; k++) {
		fl_mutex_lock(&m);
		counted++;
		fl_mutex_unlock(&m);
	}
}

/* Fork, run `child` there under an alarm, and check it exited 0. */
static void in_child(void (*child)(void))
{
	int status;
	pid_t pid = fork();

	CHECK(pid >= 0);
	if (pid == 0) {
		alarm(LIMIT_S);
		child();
		_exit(0);
	}
	CHECK_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "the child %s %d\n", WIFSIGNALED(status) ?
			"was killed (hung?) by signal" : "exited",
			WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
		exit(1);
	}
}

static uint32_t parent_generation;

/*
 * A child's mutex word once its threads are done: free, with nothing of
 * this process's in it.  0, or, when no lock here was contended (the
 * threads may run one after another), the parent's WOKEN or PARKED still
 * there, never acted on: a newcomer's lock takes a free lock without
 * looking at them, and an unlock leaves a parent's flags alone (after its
 * release the mutex may be freed); the first contended lock drops them.
 * The tick moves with every lock while WOKEN is set.  A parent's HANDOFF
 * or ASKED keeps newcomers off the lock, so the child's first lock drops
 * them.
 */
static void check_child_word(uint32_t v, uint32_t parent_gen)
{
	CHECK_EQ(v & (FL__MUTEX_LOCKED | FL__MUTEX_HANDOFF | FL__MUTEX_ASKED), 0u);
	if (v & (FL__MUTEX_WOKEN | FL__MUTEX_PARKED))
		CHECK_EQ(v >> FL__MUTEX_GENERATION_SHIFT & FL__MUTEX_GENERATION_MASK,
			 parent_gen & FL__MUTEX_GENERATION_MASK);
	else
		CHECK_EQ(v, 0u);
}

/* The forking thread held the mutex, with a waiter asleep behind it. */
static void child_of_holder(void)
{
	CHECK_EQ(fl_fork_generation(), (parent_generation + 1) & 0x0fffffffu);
	/*
	 * And a waiter the parent had woken but which had not yet run: its
	 * WOKEN bit, under the parent's generation, would stop every unlock
	 * here from waking anyone.
	 */
	uint32_t held = __atomic_or_fetch(&m.state, FL__MUTEX_WOKEN, __ATOMIC_RELAXED);

	/*
	 * The unlock only releases: the parent's flags speak of nobody here,
	 * and after the release it may not write to the mutex.
	 */
	fl_mutex_unlock(&m);
	CHECK_EQ(peek(m.state), held - FL__MUTEX_LOCKED);
	CHECK(fl_mutex_trylock(&m));
	fl_mutex_unlock(&m);
	/* A parent's HANDOFF made that trylock drop every flag. */
	if (held & FL__MUTEX_HANDOFF)
		CHECK_EQ(peek(m.state), 0u);
	counted = 0;
	run_threads(4, contend, NULL);
	CHECK_EQ(counted, 4 * 2000);
	check_child_word(peek(m.state), parent_generation);
	if (held & FL__MUTEX_HANDOFF)
		CHECK_EQ(peek(m.state), 0u);
}

/* Another thread held it: it stays held, as with glibc. */
static void child_of_bystander(void)
{
	CHECK(!fl_mutex_trylock(&m));
	CHECK(fl_mutex_is_locked(&m));
}

static void mutex_across_fork(uint32_t bound_us)
{
	void *t;

	fl_mutex_init_max_wait(&m, bound_us);
	parent_generation = fl_fork_generation();
	fl_mutex_lock(&m);
	t = start_thread(take_once, NULL);
	wait_contended();
	/*
	 * Past its bound the waiter is owed the next release (HANDOFF, set
	 * here by hand: a barging thread's unlock would set it).
	 */
	if (bound_us == 1)
		__atomic_fetch_or(&m.state, FL__MUTEX_HANDOFF, __ATOMIC_RELAXED);
	in_child(child_of_holder);
	fl_mutex_unlock(&m);
	join_thread(t);
	CHECK_EQ(peek(m.state), 0);
}

static int release_holder;

static void hold_until_told(void *arg)
{
	(void)arg;
	fl_mutex_lock(&m);
	while (!__atomic_load_n(&release_holder, __ATOMIC_ACQUIRE))
		sched_yield();
	fl_mutex_unlock(&m);
}

static void mutex_held_elsewhere(void)
{
	void *t;

	fl_mutex_init(&m);
	release_holder = 0;
	t = start_thread(hold_until_told, NULL);
	while (!fl_mutex_is_locked(&m))
		sched_yield();
	in_child(child_of_bystander);
	__atomic_store_n(&release_holder, 1, __ATOMIC_RELEASE);
	join_thread(t);
}

/*
 * fork() between an unlock's release and its hand-over: the word says
 * "free, owed to a waiter" (HANDOFF, PARKED) under the parent's
 * generation, and that waiter is not in the child.  Made here by hand, as
 * that instant cannot be aimed at; the child's trylock must take the lock
 * (glibc's would), not report it busy for ever.
 */
static void child_of_half_handover(void)
{
	CHECK(fl_mutex_trylock(&m));
	CHECK_EQ(m.state & (FL__MUTEX_HANDOFF | FL__MUTEX_PARKED), 0u);
	fl_mutex_unlock(&m);
	CHECK_EQ(m.state, 0u);
}

static void mutex_half_handover(void)
{
	fl_mutex_init(&m);
	__atomic_store_n(&m.state, FL__MUTEX_HANDOFF | FL__MUTEX_PARKED |
			 fl_fork_generation() << FL__MUTEX_GENERATION_SHIFT,
			 __ATOMIC_RELAXED);
	CHECK(!fl_mutex_trylock(&m));	/* owed: in the parent it stays so */
	in_child(child_of_half_handover);
	fl_mutex_init(&m);
}

/* The spinning locks: a holder and two waiters' tickets or bits. */
static void spinning_after_fork(void)
{
	fl_ticket_t t = FL_TICKET_INIT;
	fl_ticket_park_t p = FL_TICKET_PARK_INIT;
	fl_qspinlock_t q = FL_QSPINLOCK_INIT;

	fl_ticket_after_fork(&t);		/* free: stays free */
	CHECK_EQ(t.val, 0);
	fl_ticket_lock(&t);
	__atomic_fetch_add(&t.val, 2 * FL_TICKET_NEXT_ONE, __ATOMIC_RELAXED);
	fl_ticket_after_fork(&t);
	CHECK_EQ(fl_ticket_outstanding(t.val), 1);	/* the holder's */
	fl_ticket_unlock(&t);
	CHECK(fl_ticket_trylock(&t));
	fl_ticket_unlock(&t);

	fl_ticket_park_lock(&p);
	__atomic_fetch_add(&p.ticket.val, 2 * FL_TICKET_NEXT_ONE, __ATOMIC_RELAXED);
	p.sleepers = 2;
	fl_ticket_park_after_fork(&p);
	CHECK_EQ(fl_ticket_outstanding(p.ticket.val), 1);
	CHECK_EQ(p.sleepers, 0);
	fl_ticket_park_unlock(&p);
	CHECK(fl_ticket_park_trylock(&p));
	fl_ticket_park_unlock(&p);

	q.val = FL_Q_LOCKED_VAL | FL_Q_PENDING_VAL | (5u << FL_Q_TAIL_THREAD_OFFSET);
	fl_qspin_after_fork(&q);
	CHECK_EQ(q.val, FL_Q_LOCKED_VAL);
	fl_qspin_unlock(&q);
	CHECK(fl_qspin_trylock(&q));
	fl_qspin_unlock(&q);
	q.val = FL_Q_PENDING_VAL;
	fl_qspin_after_fork(&q);
	CHECK_EQ(q.val, 0);
}

#ifdef EARLY_ATFORK
/*
 * A program's own handlers registered before fairlock's (a constructor
 * that runs first: this build links the static library), so that in the
 * child the program's handler, which releases a mutex that had a waiter,
 * runs before fairlock's handler: the child must notice the fork by
 * itself (MADV_WIPEONFORK), not through that handler.
 */
static fl_mutex_t early;

static void early_prepare(void) { fl_mutex_lock(&early); }
static void early_release(void) { fl_mutex_unlock(&early); }

__attribute__((constructor(101))) static void register_early(void)
{
	pthread_atfork(early_prepare, early_release, early_release);
}

static int stop_hammer;

static void hammer_early(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&stop_hammer, __ATOMIC_RELAXED)) {
		fl_mutex_lock(&early);
		fl_mutex_unlock(&early);
	}
}

static void contend_early(void *arg, unsigned int i)
{
	(void)arg;
	(void)i;
	for (int k = 0; k < 2000; k++) {
		fl_mutex_lock(&early);
		fl_mutex_unlock(&early);
	}
}

static uint32_t early_parent_gen;

/* The handler above released `early`; it works with contention. */
static void child_after_early(void)
{
	run_threads(3, contend_early, NULL);
	check_child_word(peek(early.state), early_parent_gen);
}

/* Forks while 3 threads hammer `early`: waiters queued, woken, owed. */
static void early_handlers(void)
{
	void *t[3];

	early_parent_gen = fl_fork_generation();
	for (int i = 0; i < 3; i++)
		t[i] = start_thread(hammer_early, NULL);
	for (int i = 0; i < 20; i++)
		in_child(child_after_early);
	__atomic_store_n(&stop_hammer, 1, __ATOMIC_RELAXED);
	for (int i = 0; i < 3; i++)
		join_thread(t[i]);
}
#endif

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
#ifdef EARLY_ATFORK
	early_handlers();
	printf("test_fork (a program's handlers before fairlock's): ok\n");
	return 0;
#endif
	CHECK(fl_fork_generation() != 0);
	mutex_across_fork(1000);
	mutex_across_fork(1);		/* the waiter past its bound */
	mutex_held_elsewhere();
	mutex_half_handover();
	spinning_after_fork();
	printf("test_fork: ok\n");
	return 0;
}
