/* SPDX-License-Identifier: MIT */
/*
 * What a program may rely on from glibc's pthread locks around fork,
 * cancellation, timed locks and lenient misuse: one case per argument,
 * written against the pthread API only, so that the same binary runs
 * with glibc and under fairlock-run (tests/preload/parity.sh runs both
 * and compares).  Each case exits 0 when the program got what glibc
 * gives it, and says what it saw otherwise.  A wait that could hang is
 * bounded by LIMIT_S (alarm in children, deadlines elsewhere), generous
 * for a machine at a quarter of its speed.
 *
 *   fork-waiter       the forking thread holds a mutex that another thread
 *                     has waited for longer than the fair-lock bound; the
 *                     child unlocks it and locks it again
 *   atfork N HOLD_US  3 threads hammer a mutex; a pthread_atfork prepare
 *                     handler locks it (and holds it HOLD_US), the parent
 *                     and child handlers unlock it; N forks, each child
 *                     locks and unlocks it once more
 *   fork-sleeper      a thread sleeps on a mutex the forking thread holds;
 *                     in the child that thread unlocks and locks it again,
 *                     then a new thread waits for it and must get it once
 *                     the forking thread unlocks (run with a
 *                     fair-lock bound far above LIMIT_S: a waiter counted in
 *                     the parent must not make the child's wait last it)
 *   fork-cond         a thread waits on a condition variable at fork; in
 *                     the child it can be signalled, waited on and
 *                     destroyed
 *   shared-cond       a thread waits on a process-shared condition
 *                     variable in shared memory; a forked child waits on it
 *                     too (and times out), then broadcasts: the parent's
 *                     waiter must wake (the parent's waiters are real in
 *                     shared memory; LTP's stress/pthread_cond_wait/stress1)
 *   cancel ROUNDS     two threads wait on a condition variable, one signal,
 *                     the first waiter cancelled at once: the other must
 *                     still take the item (POSIX: a cancelled waiter does
 *                     not consume a signal another waiter needed)
 *   timed MS SECONDS  a thread re-locks a mutex in a loop with a 1 us
 *                     section; 4 threads take it with pthread_mutex_timedlock
 *                     and a deadline MS ms ahead, for SECONDS; prints the
 *                     tries and time-outs, and exits 1 on any time-out when
 *                     MS >= 10000 (a waiter must be served long before)
 *   misuse            prints the return value of each misuse that glibc
 *                     tolerates: unlocking an unlocked or a foreign mutex
 *                     of each type, using and destroying a destroyed one,
 *                     a timed lock on a clock it cannot wait on
 *                     (parity.sh compares the lines with glibc's)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define LIMIT_S 60
/* A child's wait for one wake-up: a quarter of the limit. */
#define WAKE_LIMIT_S 15.0

static void fail(const char *what)
{
	fprintf(stderr, "parity: FAIL: %s\n", what);
	exit(1);
}

static void check(int got, int want, const char *what)
{
	if (got != want) {
		fprintf(stderr, "parity: FAIL: %s: got %d (%s), want %d\n", what,
			got, strerror(got), want);
		exit(1);
	}
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, ms % 1000 * 1000000 };

	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
}

static struct timespec in_ms(clockid_t clock, long ms)
{
	struct timespec t;

	clock_gettime(clock, &t);
	t.tv_sec += ms / 1000;
	t.tv_nsec += ms % 1000 * 1000000;
	if (t.tv_nsec >= 1000000000) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000;
	}
	return t;
}

static pthread_t spawn(void *(*fn)(void *), void *arg)
{
	pthread_t t;

	check(pthread_create(&t, NULL, fn, arg), 0, "pthread_create");
	return t;
}

/* Wait for a child, which kills itself (SIGALRM) if it hangs. */
static void reap(pid_t pid, const char *what)
{
	int status;

	if (waitpid(pid, &status, 0) != pid)
		fail("waitpid");
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "parity: FAIL: %s: the child hung (killed by signal %d "
			"after %d s)\n", what, WTERMSIG(status), LIMIT_S);
		exit(1);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "parity: FAIL: %s: the child exited %d\n", what,
			WEXITSTATUS(status));
		exit(1);
	}
}

/* --- fork-waiter --- */

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;

static void *lock_unlock(void *arg)
{
	pthread_mutex_t *m = arg;

	check(pthread_mutex_lock(m), 0, "waiter lock");
	check(pthread_mutex_unlock(m), 0, "waiter unlock");
	return NULL;
}

static int case_fork_waiter(void)
{
	pthread_t t;
	pid_t pid;

	check(pthread_mutex_lock(&m1), 0, "lock");
	t = spawn(lock_unlock, &m1);
	sleep_ms(50);		/* the waiter is well past a 1 ms bound */
	pid = fork();
	if (pid == 0) {
		alarm(LIMIT_S);
		check(pthread_mutex_unlock(&m1), 0, "child: unlock");
		check(pthread_mutex_trylock(&m1), 0, "child: trylock after unlock");
		check(pthread_mutex_unlock(&m1), 0, "child: unlock");
		check(pthread_mutex_lock(&m1), 0, "child: lock");
		check(pthread_mutex_unlock(&m1), 0, "child: unlock");
		_exit(0);
	}
	check(pthread_mutex_unlock(&m1), 0, "unlock");
	pthread_join(t, NULL);
	reap(pid, "fork-waiter");
	return 0;
}

/* --- atfork --- */

static pthread_mutex_t am = PTHREAD_MUTEX_INITIALIZER;
static long hold_us;
static int stop_workers;
static unsigned long worked;	/* under am */

static void prepare(void)
{
	pthread_mutex_lock(&am);
	if (hold_us)
		sleep_ms(hold_us / 1000);
}

static void release(void)
{
	pthread_mutex_unlock(&am);
}

static void *hammer(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&stop_workers, __ATOMIC_RELAXED)) {
		pthread_mutex_lock(&am);
		worked++;
		pthread_mutex_unlock(&am);
	}
	return NULL;
}

static int case_atfork(int forks)
{
	pthread_t t[3];

	pthread_atfork(prepare, release, release);
	for (int i = 0; i < 3; i++)
		t[i] = spawn(hammer, NULL);
	for (int i = 0; i < forks; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			alarm(LIMIT_S);
			check(pthread_mutex_lock(&am), 0, "child: lock");
			worked++;
			check(pthread_mutex_unlock(&am), 0, "child: unlock");
			_exit(0);
		}
		if (pid < 0)
			fail("fork");
		reap(pid, "atfork");
	}
	__atomic_store_n(&stop_workers, 1, __ATOMIC_RELAXED);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	printf("atfork: %d children, hold %ld us: all locked and unlocked\n",
	       forks, hold_us);
	return 0;
}

/* --- fork-sleeper --- */

static pthread_mutex_t sm = PTHREAD_MUTEX_INITIALIZER;
static int child_got;

static void *child_waiter(void *arg)
{
	(void)arg;
	check(pthread_mutex_lock(&sm), 0, "child waiter: lock");
	__atomic_store_n(&child_got, 1, __ATOMIC_RELEASE);
	check(pthread_mutex_unlock(&sm), 0, "child waiter: unlock");
	return NULL;
}

static int case_fork_sleeper(void)
{
	pthread_t t;
	pid_t pid;

	check(pthread_mutex_lock(&sm), 0, "lock");
	t = spawn(lock_unlock, &sm);
	sleep_ms(50);		/* asleep on the mutex by now */
	pid = fork();
	if (pid == 0) {
		double start;
		pthread_t c;

		alarm(LIMIT_S);
		/* A release with nobody of the child waiting, and the lock again. */
		check(pthread_mutex_unlock(&sm), 0, "child: unlock");
		check(pthread_mutex_lock(&sm), 0, "child: lock");
		c = spawn(child_waiter, NULL);
		sleep_ms(20);	/* the child's waiter sleeps too */
		start = now_s();
		check(pthread_mutex_unlock(&sm), 0, "child: unlock");
		while (!__atomic_load_n(&child_got, __ATOMIC_ACQUIRE)) {
			if (now_s() - start > WAKE_LIMIT_S) {
				fprintf(stderr, "parity: FAIL: fork-sleeper: the child's "
					"waiter still waits %d s after the unlock\n",
					(int)WAKE_LIMIT_S);
				_exit(1);
			}
			sleep_ms(1);
		}
		pthread_join(c, NULL);
		_exit(0);
	}
	check(pthread_mutex_unlock(&sm), 0, "unlock");
	pthread_join(t, NULL);
	reap(pid, "fork-sleeper");
	return 0;
}

/* --- fork-cond --- */

static pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cc = PTHREAD_COND_INITIALIZER;
static int cond_flag;

static void *cond_waiter(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&cm);
	while (!cond_flag)
		pthread_cond_wait(&cc, &cm);
	pthread_mutex_unlock(&cm);
	return NULL;
}

static int case_fork_cond(void)
{
	pthread_t t = spawn(cond_waiter, NULL);
	pid_t pid;

	sleep_ms(50);		/* waiting by now */
	pid = fork();
	if (pid == 0) {
		struct timespec d;
		pthread_t c;

		alarm(LIMIT_S);
		check(pthread_mutex_lock(&cm), 0, "child: lock");
		d = in_ms(CLOCK_REALTIME, 20);
		check(pthread_cond_timedwait(&cc, &cm, &d), ETIMEDOUT,
		      "child: timedwait");
		check(pthread_mutex_unlock(&cm), 0, "child: unlock");
		c = spawn(cond_waiter, NULL);
		sleep_ms(20);
		pthread_mutex_lock(&cm);
		cond_flag = 1;
		check(pthread_cond_signal(&cc), 0, "child: signal");
		pthread_mutex_unlock(&cm);
		pthread_join(c, NULL);
		check(pthread_cond_destroy(&cc), 0, "child: destroy");
		_exit(0);
	}
	pthread_mutex_lock(&cm);
	cond_flag = 1;
	pthread_cond_broadcast(&cc);
	pthread_mutex_unlock(&cm);
	pthread_join(t, NULL);
	reap(pid, "fork-cond");
	return 0;
}

/* --- shared-cond --- */

struct shared_cv {
	pthread_mutex_t m;
	pthread_cond_t c;
	int waiting, done;
};

static void *shared_waiter(void *arg)
{
	struct shared_cv *s = arg;
	struct timespec d = in_ms(CLOCK_REALTIME, (long)(WAKE_LIMIT_S * 1000));
	int err = 0;

	pthread_mutex_lock(&s->m);
	s->waiting = 1;
	while (!s->done && err == 0)
		err = pthread_cond_timedwait(&s->c, &s->m, &d);
	pthread_mutex_unlock(&s->m);
	return (void *)(long)err;
}

static int case_shared_cond(void)
{
	struct shared_cv *s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	pthread_t t;
	pid_t pid;
	void *r;
	int w;

	if (s == MAP_FAILED)
		fail("mmap");
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_condattr_init(&ca);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	check(pthread_mutex_init(&s->m, &ma), 0, "mutex init");
	check(pthread_cond_init(&s->c, &ca), 0, "cond init");
	t = spawn(shared_waiter, s);
	/* The waiter holds the mutex from `waiting` until it sleeps. */
	do {
		sleep_ms(1);
		pthread_mutex_lock(&s->m);
		w = s->waiting;
		pthread_mutex_unlock(&s->m);
	} while (!w);
	pid = fork();
	if (pid == 0) {
		struct timespec d;

		alarm(LIMIT_S);
		check(pthread_mutex_lock(&s->m), 0, "child: lock");
		d = in_ms(CLOCK_REALTIME, 20);
		check(pthread_cond_timedwait(&s->c, &s->m, &d), ETIMEDOUT,
		      "child: timedwait");
		s->done = 1;
		check(pthread_cond_broadcast(&s->c), 0, "child: broadcast");
		check(pthread_mutex_unlock(&s->m), 0, "child: unlock");
		_exit(0);
	}
	reap(pid, "shared-cond");
	pthread_join(t, &r);
	check((int)(long)r, 0, "the parent's waiter, woken by the child's broadcast");
	return 0;
}

/* --- cancel --- */

static pthread_mutex_t qm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qc = PTHREAD_COND_INITIALIZER;
static int items, waiting;

static void unlock_qm(void *arg)
{
	(void)arg;
	pthread_mutex_unlock(&qm);
}

static void *consumer(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&qm);
	pthread_cleanup_push(unlock_qm, NULL);
	waiting++;
	while (items == 0)
		pthread_cond_wait(&qc, &qm);
	items--;
	waiting--;
	pthread_cleanup_pop(1);
	return NULL;
}

static void await_waiting(int n)
{
	double start = now_s();

	for (;;) {
		pthread_mutex_lock(&qm);
		if (waiting == n) {
			pthread_mutex_unlock(&qm);
			return;
		}
		pthread_mutex_unlock(&qm);
		if (now_s() - start > LIMIT_S)
			fail("cancel: the consumers never waited");
		sleep_ms(1);
	}
}

static int case_cancel(int rounds)
{
	for (int r = 0; r < rounds; r++) {
		pthread_t a, b;
		double start;

		items = 0;
		waiting = 0;
		a = spawn(consumer, NULL);
		await_waiting(1);	/* a waits first: the signal's likely taker */
		b = spawn(consumer, NULL);
		await_waiting(2);
		pthread_mutex_lock(&qm);
		items = 1;
		pthread_cond_signal(&qc);
		pthread_mutex_unlock(&qm);
		pthread_cancel(a);
		pthread_join(a, NULL);
		/* a was cancelled waiting, or took the item: b must not sleep on
		 * with an item left. */
		start = now_s();
		for (;;) {
			int left;

			pthread_mutex_lock(&qm);
			left = items;
			pthread_mutex_unlock(&qm);
			if (left == 0)
				break;
			if (now_s() - start > WAKE_LIMIT_S) {
				fprintf(stderr, "parity: FAIL: cancel: round %d: an item "
					"was left for %d s with a waiter asleep (a lost "
					"signal)\n", r, (int)WAKE_LIMIT_S);
				exit(1);
			}
			sleep_ms(1);
		}
		/* If a took it, b still waits: one more item for b. */
		pthread_mutex_lock(&qm);
		if (waiting) {
			items = 1;
			pthread_cond_signal(&qc);
		}
		pthread_mutex_unlock(&qm);
		pthread_join(b, NULL);
	}
	printf("cancel: %d rounds, no signal lost\n", rounds);
	return 0;
}

/* --- timed --- */

static pthread_mutex_t tm = PTHREAD_MUTEX_INITIALIZER;
static int timed_stop;
static long timed_ms;
static unsigned long tries, timeouts;

static void *timed_holder(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&timed_stop, __ATOMIC_RELAXED)) {
		double until;

		pthread_mutex_lock(&tm);
		until = now_s() + 1e-6;
		while (now_s() < until)
			;
		pthread_mutex_unlock(&tm);
	}
	return NULL;
}

static void *timed_locker(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&timed_stop, __ATOMIC_RELAXED)) {
		struct timespec d = in_ms(CLOCK_REALTIME, timed_ms);
		int err = pthread_mutex_timedlock(&tm, &d);

		__atomic_fetch_add(&tries, 1, __ATOMIC_RELAXED);
		if (err == ETIMEDOUT) {
			__atomic_fetch_add(&timeouts, 1, __ATOMIC_RELAXED);
			continue;
		}
		check(err, 0, "timedlock");
		pthread_mutex_unlock(&tm);
		sleep_ms(1);
	}
	return NULL;
}

static int case_timed(long ms, int seconds)
{
	pthread_t h, t[4];

	timed_ms = ms;
	h = spawn(timed_holder, NULL);
	for (int i = 0; i < 4; i++)
		t[i] = spawn(timed_locker, NULL);
	sleep_ms(seconds * 1000L);
	__atomic_store_n(&timed_stop, 1, __ATOMIC_RELAXED);
	pthread_join(h, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("timed: deadline %ld ms: %lu tries, %lu timed out\n", ms, tries,
	       timeouts);
	if (ms >= 10000 && timeouts)
		fail("timed: a timed locker timed out behind a running holder");
	return 0;
}

/* --- misuse --- */

static void *unlock_other(void *arg)
{
	return (void *)(long)pthread_mutex_unlock(arg);
}

static int case_misuse(void)
{
	static const struct { const char *name; int type; } types[] = {
		{ "normal", PTHREAD_MUTEX_NORMAL },
		{ "errorcheck", PTHREAD_MUTEX_ERRORCHECK },
		{ "recursive", PTHREAD_MUTEX_RECURSIVE },
		{ "adaptive", PTHREAD_MUTEX_ADAPTIVE_NP },
		{ "default", -1 },
		{ "static", -2 },
	};

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
		struct timespec zero = { 0, 0 };
		pthread_mutexattr_t a;
		void *r;

		pthread_mutexattr_init(&a);
		if (types[i].type >= 0)
			pthread_mutexattr_settype(&a, types[i].type);
		if (types[i].type != -2)
			pthread_mutex_init(&m, types[i].type >= 0 ? &a : NULL);
		printf("%s: unlock unlocked %d", types[i].name, pthread_mutex_unlock(&m));
		printf(", then trylock %d", pthread_mutex_trylock(&m));
		/* held by us: unlocked by another thread */
		pthread_join(spawn(unlock_other, &m), &r);
		printf(", unlock by another %ld", (long)r);
		printf(", then unlock %d", pthread_mutex_unlock(&m));
		printf(", then trylock %d", pthread_mutex_trylock(&m));
		printf(", unlock %d", pthread_mutex_unlock(&m));
		/*
		 * A fresh one for destroy: glibc counts lock and unlock calls
		 * (__nusers) and, after the unbalanced unlocks above, refuses
		 * to destroy a normal mutex (EBUSY); fairlock-run(1) lists
		 * that as a difference no program relies on.
		 */
		memset(&m, 0, sizeof(m));
		if (types[i].type != -2)
			pthread_mutex_init(&m, types[i].type >= 0 ? &a : NULL);
		printf(", lock %d", pthread_mutex_lock(&m));
		printf(", destroy locked %d", pthread_mutex_destroy(&m));
		printf(", unlock %d", pthread_mutex_unlock(&m));
		printf(", destroy %d", pthread_mutex_destroy(&m));
		printf(", lock %d", pthread_mutex_lock(&m));
		printf(", trylock %d", pthread_mutex_trylock(&m));
		printf(", timedlock %d", pthread_mutex_timedlock(&m, &zero));
		printf(", unlock %d", pthread_mutex_unlock(&m));
		printf(", destroy %d", pthread_mutex_destroy(&m));
		printf(", init %d", pthread_mutex_init(&m, NULL));
		printf(", lock %d", pthread_mutex_lock(&m));
		printf(", unlock %d", pthread_mutex_unlock(&m));
		/* Clocks a mutex cannot wait on, the mutex free. */
		printf(", clocklock cputime %d", pthread_mutex_clocklock(&m,
			CLOCK_PROCESS_CPUTIME_ID, &zero));
		printf(", clocklock bad clock %d", pthread_mutex_clocklock(&m,
			(clockid_t)123456, &zero));
		printf(", trylock %d", pthread_mutex_trylock(&m));
		printf(", unlock %d\n", pthread_mutex_unlock(&m));
		pthread_mutexattr_destroy(&a);
	}
	{
		pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
		pthread_cond_t c = PTHREAD_COND_INITIALIZER;

		printf("rwlock: rdlock %d", pthread_rwlock_rdlock(&rw));
		printf(", destroy read-locked %d", pthread_rwlock_destroy(&rw));
		printf(", unlock %d", pthread_rwlock_unlock(&rw));
		printf(", destroy %d", pthread_rwlock_destroy(&rw));
		printf(", wrlock %d", pthread_rwlock_wrlock(&rw));
		printf(", unlock %d", pthread_rwlock_unlock(&rw));
		printf(", destroy %d\n", pthread_rwlock_destroy(&rw));
		printf("cond: destroy %d", pthread_cond_destroy(&c));
		printf(", signal %d", pthread_cond_signal(&c));
		printf(", broadcast %d", pthread_cond_broadcast(&c));
		printf(", destroy %d\n", pthread_cond_destroy(&c));
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *c = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IONBF, 0);
	if (strcmp(c, "fork-waiter") == 0)
		return case_fork_waiter();
	if (strcmp(c, "atfork") == 0 && argc == 4) {
		hold_us = atol(argv[3]);
		return case_atfork(atoi(argv[2]));
	}
	if (strcmp(c, "fork-sleeper") == 0)
		return case_fork_sleeper();
	if (strcmp(c, "fork-cond") == 0)
		return case_fork_cond();
	if (strcmp(c, "shared-cond") == 0)
		return case_shared_cond();
	if (strcmp(c, "cancel") == 0 && argc == 3)
		return case_cancel(atoi(argv[2]));
	if (strcmp(c, "timed") == 0 && argc == 4)
		return case_timed(atol(argv[2]), atoi(argv[3]));
	if (strcmp(c, "misuse") == 0)
		return case_misuse();
	fprintf(stderr, "usage: parity fork-waiter | atfork N HOLD_US | fork-sleeper | "
		"fork-cond | shared-cond | cancel ROUNDS | timed MS SECONDS | misuse\n");
	return 2;
}
