/* SPDX-License-Identifier: MIT */
/*
 * The interposer's entry points (flp_*, what libfairlock-preload.so exports
 * as pthread_*), called directly so that the sanitizer builds run them too.
 * The lock is FAIRLOCK_LOCK's, as in a preloaded program; ctest runs this
 * once per lock.
 *
 * usage: test_preload [GROUP...]   (mutex cond rwlock fork cancel; default all)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "lock_names.h"
#include "preload.h"

#define LIMIT_S 60.0	/* a wait for another thread's step: generous */

static struct timespec deadline_in(clockid_t clock, long ms)
{
	struct timespec t;

	clock_gettime(clock, &t);
	t.tv_sec += ms / 1000;
	t.tv_nsec += (ms % 1000) * 1000000L;
	if (t.tv_nsec >= 1000000000L) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000L;
	}
	return t;
}

static bool passed(clockid_t clock, const struct timespec *t)
{
	struct timespec now;

	clock_gettime(clock, &now);
	return now.tv_sec > t->tv_sec ||
	       (now.tv_sec == t->tv_sec && now.tv_nsec >= t->tv_nsec);
}

/* Wait until *word satisfies (*word & mask) == want; fail with what it saw. */
static void await_bits(const uint32_t *word, uint32_t mask, uint32_t want,
		       const char *what)
{
	double end = now_seconds() + LIMIT_S;

	while ((peek(*word) & mask) != want) {
		if (now_seconds() > end) {
			fprintf(stderr, "waited %.0f s for %s: word 0x%x\n",
				LIMIT_S, what, peek(*word));
			exit(1);
		}
		usleep(100);
	}
}

static struct flp_mutex *ours(pthread_mutex_t *m)
{
	return (struct flp_mutex *)(void *)m;
}

static struct flp_rwlock *rw_of(pthread_rwlock_t *l)
{
	return (struct flp_rwlock *)(void *)l;
}

/* --- mutexes ------------------------------------------------------------ */

static void hold_and_signal(pthread_mutex_t *m, uint32_t *held, uint32_t *release)
{
	CHECK_EQ(flp_mutex_lock(m), 0);
	__atomic_store_n(held, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(release, __ATOMIC_ACQUIRE))
		usleep(100);
	CHECK_EQ(flp_mutex_unlock(m), 0);
}

struct holder {
	pthread_mutex_t *m;
	uint32_t held, release;
};

static void holder_main(void *arg)
{
	struct holder *h = arg;

	hold_and_signal(h->m, &h->held, &h->release);
}

/* Another thread holds m until holder_release(). */
static void *holder_start(struct holder *h, pthread_mutex_t *m)
{
	void *t;

	h->m = m;
	h->held = h->release = 0;
	t = start_thread(holder_main, h);
	await_bits(&h->held, 1, 1, "the holder to lock");
	return t;
}

static void holder_release(struct holder *h, void *t)
{
	__atomic_store_n(&h->release, 1, __ATOMIC_RELEASE);
	join_thread(t);
}

static void test_static_normal(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	struct holder h;
	void *t;

	CHECK_EQ(flp_mutex_lock(&m), 0);
	CHECK(flp_tag_is_ours(ours(&m)->tag));
	CHECK_EQ(FLP_TAG_IMPL(ours(&m)->tag), flp_impl());
	CHECK_EQ(flp_mutex_trylock(&m), EBUSY);
	CHECK_EQ(flp_mutex_destroy(&m), EBUSY);
	CHECK_EQ(flp_mutex_unlock(&m), 0);
	CHECK_EQ(flp_mutex_trylock(&m), 0);
	CHECK_EQ(flp_mutex_unlock(&m), 0);

	t = holder_start(&h, &m);
	CHECK_EQ(flp_mutex_trylock(&m), EBUSY);
	holder_release(&h, t);
	CHECK_EQ(flp_mutex_destroy(&m), 0);
}

static void test_recursive(pthread_mutex_t *m)
{
	struct holder h;
	void *t;

	for (int i = 0; i < 3; i++)
		CHECK_EQ(flp_mutex_lock(m), 0);
	CHECK_EQ(flp_mutex_trylock(m), 0);
	{
		struct timespec past = { 0, 0 };

		CHECK_EQ(flp_mutex_timedlock(m, &past), 0); /* one more level */
	}
	for (int i = 0; i < 5; i++)
		CHECK_EQ(flp_mutex_unlock(m), 0);
	CHECK_EQ(flp_mutex_unlock(m), EPERM);

	t = holder_start(&h, m);
	CHECK_EQ(flp_mutex_trylock(m), EBUSY);
	CHECK_EQ(flp_mutex_unlock(m), EPERM);	/* not the owner */
	holder_release(&h, t);
	CHECK_EQ(flp_mutex_lock(m), 0);
	CHECK_EQ(flp_mutex_unlock(m), 0);
}

static void test_errorcheck(pthread_mutex_t *m)
{
	struct timespec soon = deadline_in(CLOCK_REALTIME, 10);
	struct holder h;
	void *t;

	CHECK_EQ(flp_mutex_unlock(m), EPERM);
	CHECK_EQ(flp_mutex_lock(m), 0);
	CHECK_EQ(flp_mutex_lock(m), EDEADLK);
	CHECK_EQ(flp_mutex_timedlock(m, &soon), EDEADLK);
	CHECK_EQ(flp_mutex_trylock(m), EBUSY);
	CHECK_EQ(flp_mutex_unlock(m), 0);
	CHECK_EQ(flp_mutex_unlock(m), EPERM);

	t = holder_start(&h, m);
	CHECK_EQ(flp_mutex_unlock(m), EPERM);
	holder_release(&h, t);
}

static void test_types(void)
{
	pthread_mutex_t rs = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
	pthread_mutex_t es = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
	pthread_mutex_t ri, ei, zero;
	pthread_mutexattr_t a;

	test_recursive(&rs);
	CHECK_EQ(FLP_TAG_TYPE(ours(&rs)->tag), PTHREAD_MUTEX_RECURSIVE);
	test_errorcheck(&es);
	CHECK_EQ(FLP_TAG_TYPE(ours(&es)->tag), PTHREAD_MUTEX_ERRORCHECK);

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	memset(&ri, 0xa5, sizeof(ri));	/* init must not trust the memory */
	CHECK_EQ(flp_mutex_init(&ri, &a), 0);
	test_recursive(&ri);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	memset(&ei, 0x5a, sizeof(ei));
	CHECK_EQ(flp_mutex_init(&ei, &a), 0);
	test_errorcheck(&ei);
	pthread_mutexattr_destroy(&a);

	/* Zero-filled memory is an unlocked normal mutex. */
	memset(&zero, 0, sizeof(zero));
	CHECK_EQ(flp_mutex_lock(&zero), 0);
	CHECK_EQ(FLP_TAG_TYPE(ours(&zero)->tag), PTHREAD_MUTEX_NORMAL);
	CHECK_EQ(flp_mutex_unlock(&zero), 0);
}

static void test_timed(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	struct timespec bad = { 0, 1000000000L }, t, past = { 1, 0 };
	struct holder h;
	void *th;

	/* Free: taken whatever the deadline, as glibc does. */
	CHECK_EQ(flp_mutex_timedlock(&m, &bad), 0);
	CHECK_EQ(flp_mutex_unlock(&m), 0);
	CHECK_EQ(flp_mutex_clocklock(&m, CLOCK_MONOTONIC, &past), 0);
	CHECK_EQ(flp_mutex_unlock(&m), 0);
	/* A clock it cannot wait on: refused even when free, as glibc does. */
	CHECK_EQ(flp_mutex_clocklock(&m, CLOCK_PROCESS_CPUTIME_ID, &past), EINVAL);
	CHECK_EQ(flp_mutex_clocklock(&m, CLOCK_MONOTONIC_RAW, &past), EINVAL);
	CHECK_EQ(flp_mutex_clocklock(&m, (clockid_t)123456, &past), EINVAL);
	CHECK_EQ(flp_mutex_trylock(&m), 0);
	CHECK_EQ(flp_mutex_unlock(&m), 0);

	th = holder_start(&h, &m);
	CHECK_EQ(flp_mutex_timedlock(&m, &bad), EINVAL);
	bad.tv_nsec = -1;
	CHECK_EQ(flp_mutex_timedlock(&m, &bad), EINVAL);
	CHECK_EQ(flp_mutex_clocklock(&m, CLOCK_PROCESS_CPUTIME_ID, &past), EINVAL);
	CHECK_EQ(flp_mutex_timedlock(&m, &past), ETIMEDOUT);
	t = deadline_in(CLOCK_REALTIME, 20);
	CHECK_EQ(flp_mutex_timedlock(&m, &t), ETIMEDOUT);
	CHECK(passed(CLOCK_REALTIME, &t));
	t = deadline_in(CLOCK_MONOTONIC, 20);
	CHECK_EQ(flp_mutex_clocklock(&m, CLOCK_MONOTONIC, &t), ETIMEDOUT);
	CHECK(passed(CLOCK_MONOTONIC, &t));
	holder_release(&h, th);

	/* Released while we wait: the timed lock gets it. */
	th = holder_start(&h, &m);
	__atomic_store_n(&h.release, 1, __ATOMIC_RELEASE);
	t = deadline_in(CLOCK_MONOTONIC, (long)(LIMIT_S * 1000));
	CHECK_EQ(flp_mutex_clocklock(&m, CLOCK_MONOTONIC, &t), 0);
	join_thread(th);
	CHECK_EQ(flp_mutex_unlock(&m), 0);
}

/* Robust, PI and process-shared mutexes are glibc's, and behave as such. */
static void die_holding(void *arg)
{
	CHECK_EQ(pthread_mutex_lock(arg), 0);	/* glibc's: the test keeps its own */
}

/*
 * Whether the kernel keeps this thread's robust futex list.  qemu-user
 * does not (get_robust_list and set_robust_list answer ENOSYS): there no
 * one learns that a robust mutex's owner died, and waiting for it would
 * last for ever.
 */
static bool robust_list_kept(void)
{
	void *head;
	size_t len;

	return syscall(SYS_get_robust_list, 0, &head, &len) == 0;
}

static void test_glibc_kinds(void)
{
	pthread_mutexattr_t a;
	pthread_mutex_t robust, pi, shared;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	CHECK_EQ(flp_mutex_init(&robust, &a), 0);
	CHECK(!flp_tag_is_ours(ours(&robust)->tag));
	if (robust_list_kept()) {
		join_thread(start_thread(die_holding, &robust));
		/* The owner died: glibc's robust protocol, through our entry point. */
		CHECK_EQ(flp_mutex_lock(&robust), EOWNERDEAD);
		CHECK_EQ(pthread_mutex_consistent(&robust), 0);
		CHECK_EQ(flp_mutex_unlock(&robust), 0);
	} else {
		printf("  (a robust mutex's dead owner: not checked, this kernel or "
		       "emulator keeps no robust futex list)\n");
	}
	CHECK_EQ(flp_mutex_trylock(&robust), 0);
	CHECK(!flp_tag_is_ours(ours(&robust)->tag));
	CHECK_EQ(flp_mutex_unlock(&robust), 0);
	CHECK_EQ(flp_mutex_destroy(&robust), 0);

	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_STALLED);
	pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	CHECK_EQ(flp_mutex_init(&pi, &a), 0);
	CHECK_EQ(flp_mutex_lock(&pi), 0);
	CHECK(!flp_tag_is_ours(ours(&pi)->tag));
	CHECK_EQ(flp_mutex_unlock(&pi), 0);

	pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_NONE);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	CHECK_EQ(flp_mutex_init(&shared, &a), 0);
	CHECK_EQ(flp_mutex_lock(&shared), 0);
	CHECK(!flp_tag_is_ours(ours(&shared)->tag));
	CHECK_EQ(flp_mutex_trylock(&shared), EBUSY);
	CHECK_EQ(flp_mutex_unlock(&shared), 0);
	pthread_mutexattr_destroy(&a);
}

/*
 * Threads race to adopt one static mutex, then count under it.  The
 * spinning locks crawl when a holder is preempted (4 threads on 2 CPUs,
 * one of them busy), so each thread stops after its planned iterations
 * or after STRESS_S seconds, and the count is checked against what the
 * threads did.
 */
#define STRESS_S 10.0
static pthread_mutex_t race_mutex = PTHREAD_MUTEX_INITIALIZER;
static unsigned long race_count;

struct race {
	unsigned long planned;
	double stop_at;
	unsigned long done[4];
};

static void race_main(void *arg, unsigned int i)
{
	struct race *r = arg;
	unsigned long k;

	for (k = 0; k < r->planned; k++) {
		if (k % 1024 == 0 && now_seconds() > r->stop_at)
			break;
		CHECK_EQ(flp_mutex_lock(&race_mutex), 0);
		race_count++;
		CHECK_EQ(flp_mutex_unlock(&race_mutex), 0);
	}
	r->done[i] = k;
}

static void test_exclusion(void)
{
	struct race r = { test_iterations(200000), now_seconds() + STRESS_S, { 0 } };

	run_threads(4, race_main, &r);
	CHECK_EQ(race_count, r.done[0] + r.done[1] + r.done[2] + r.done[3]);
	CHECK(race_count > 0);
}

/*
 * FAIRLOCK_MAX_WAIT_US (0 if unset) is the bound of every fairlock mutex
 * made here: by init and by adoption, serving a pthread mutex (under the
 * mutex lock) or as an rwlock's writer gate (under any lock).
 */
static void test_bound(void)
{
	const char *env = getenv("FAIRLOCK_MAX_WAIT_US");
	pthread_mutex_t made, adopted = PTHREAD_MUTEX_INITIALIZER;
	pthread_rwlock_t rw_made, rw_adopted = PTHREAD_RWLOCK_INITIALIZER;
	uint32_t want = 0;

	if (env && *env)
		CHECK(flp_max_wait_parse(env, &want));
	CHECK_EQ(flp_max_wait_us(), want);
	CHECK_EQ(flp_rwlock_init(&rw_made, NULL), 0);
	CHECK_EQ(peek(rw_of(&rw_made)->gate.max_wait_us), want);
	CHECK_EQ(flp_rwlock_wrlock(&rw_adopted), 0);
	CHECK_EQ(flp_rwlock_unlock(&rw_adopted), 0);
	CHECK_EQ(peek(rw_of(&rw_adopted)->gate.max_wait_us), want);
	CHECK_EQ(flp_rwlock_destroy(&rw_made), 0);
	if (flp_impl() != FLP_MUTEX)
		return;
	CHECK_EQ(flp_mutex_init(&made, NULL), 0);
	CHECK_EQ(peek(ours(&made)->lock.l.mutex.max_wait_us), want);
	CHECK_EQ(flp_mutex_lock(&adopted), 0);
	CHECK_EQ(flp_mutex_unlock(&adopted), 0);
	CHECK_EQ(peek(ours(&adopted)->lock.l.mutex.max_wait_us), want);
	CHECK_EQ(flp_mutex_destroy(&made), 0);
}

static void test_mutex(void)
{
	test_bound();
	test_static_normal();
	test_types();
	test_timed();
	test_glibc_kinds();
	test_exclusion();
}

/* --- condition variables ----------------------------------------------- */

/*
 * A wait that a lost wake-up would leave asleep for ever: with a limit, so
 * that the test fails and says so instead of hanging.
 */
static void wait_or_fail(pthread_cond_t *c, pthread_mutex_t *m, const char *what)
{
	struct timespec limit = deadline_in(CLOCK_REALTIME, (long)(LIMIT_S * 1000));
	int err = flp_cond_timedwait(c, m, &limit);

	if (err) {
		fprintf(stderr, "waiting for %s: %s after %.0f s\n", what,
			strerror(err), LIMIT_S);
		exit(1);
	}
}

struct channel {
	pthread_mutex_t m;
	pthread_cond_t c;
	unsigned long sent, taken;	/* under m */
	unsigned int waiting;		/* under m: threads inside a wait */
};

static void channel_init(struct channel *ch)
{
	memset(ch, 0, sizeof(*ch));	/* static-initialiser state for both */
}

/* Consumer: take `n` items, one signal each; a lost wake-up hangs here. */
struct ping {
	struct channel *ch;
	unsigned long n;
};

static void take_items(void *arg)
{
	struct ping *p = arg;
	struct channel *ch = p->ch;

	CHECK_EQ(flp_mutex_lock(&ch->m), 0);
	for (unsigned long i = 0; i < p->n; i++) {
		while (ch->taken == ch->sent)
			wait_or_fail(&ch->c, &ch->m, "an item");
		ch->taken++;
		CHECK_EQ(flp_cond_signal(&ch->c), 0);
	}
	CHECK_EQ(flp_mutex_unlock(&ch->m), 0);
}

/* n one-item hand-overs each way between this thread and a consumer. */
static void ping_pong(struct channel *ch, unsigned long n)
{
	struct ping p = { ch, n };
	void *t = start_thread(take_items, &p);

	CHECK_EQ(flp_mutex_lock(&ch->m), 0);
	for (unsigned long i = 0; i < n; i++) {
		while (ch->sent != ch->taken)	/* one item in flight */
			wait_or_fail(&ch->c, &ch->m, "the item to be taken");
		ch->sent++;
		CHECK_EQ(flp_cond_signal(&ch->c), 0);
	}
	CHECK_EQ(flp_mutex_unlock(&ch->m), 0);
	join_thread(t);
	CHECK_EQ(ch->taken, n);
}

static void test_ping_pong(void)
{
	struct channel ch;

	channel_init(&ch);
	ping_pong(&ch, test_iterations(20000));
}

struct gate_wait {
	struct channel *ch;
	unsigned int woken;
};

static void wait_for_open(void *arg)
{
	struct gate_wait *g = arg;
	struct channel *ch = g->ch;

	CHECK_EQ(flp_mutex_lock(&ch->m), 0);
	ch->waiting++;
	while (!ch->sent)
		wait_or_fail(&ch->c, &ch->m, "the broadcast");
	g->woken++;
	CHECK_EQ(flp_mutex_unlock(&ch->m), 0);
}

/* Wait until `n` threads are asleep in ch's wait (counted by the cond). */
static void await_sleepers(struct channel *ch, unsigned int n)
{
	struct flp_cond *c = (struct flp_cond *)(void *)&ch->c;

	await_bits(&c->waiters, ~0u, n, "the waiters to sleep");
}

static void test_broadcast_and_destroy(void)
{
	struct channel *ch = malloc(sizeof(*ch));
	struct gate_wait g = { ch, 0 };
	void *t[4];

	CHECK(ch);
	channel_init(ch);
	for (int i = 0; i < 4; i++)
		t[i] = start_thread(wait_for_open, &g);
	await_sleepers(ch, 4);
	CHECK_EQ(flp_mutex_lock(&ch->m), 0);
	ch->sent = 1;
	CHECK_EQ(flp_mutex_unlock(&ch->m), 0);
	CHECK_EQ(flp_cond_broadcast(&ch->c), 0);
	/*
	 * Destroying right after a broadcast is allowed: destroy waits until
	 * the woken waiters are done with the memory (ASan sees any touch
	 * after the free).
	 */
	CHECK_EQ(flp_cond_destroy(&ch->c), 0);
	for (int i = 0; i < 4; i++)
		join_thread(t[i]);
	CHECK_EQ(g.woken, 4);
	free(ch);
}

/* Wait until at least n of g's waiters got through; fail after LIMIT_S. */
static void await_woken(struct gate_wait *g, unsigned int n)
{
	double end = now_seconds() + LIMIT_S;
	unsigned int woken;

	for (;;) {
		CHECK_EQ(flp_mutex_lock(&g->ch->m), 0);
		woken = g->woken;
		CHECK_EQ(flp_mutex_unlock(&g->ch->m), 0);
		if (woken >= n)
			return;
		if (now_seconds() > end) {
			fprintf(stderr, "waited %.0f s for %u waiters to wake: %u did\n",
				LIMIT_S, n, woken);
			exit(1);
		}
		usleep(100);
	}
}

static void test_signal_wakes_one(void)
{
	struct channel ch;
	struct gate_wait g = { &ch, 0 };
	void *t[2];

	channel_init(&ch);
	for (int i = 0; i < 2; i++)
		t[i] = start_thread(wait_for_open, &g);
	await_sleepers(&ch, 2);
	CHECK_EQ(flp_mutex_lock(&ch.m), 0);
	ch.sent = 1;
	CHECK_EQ(flp_cond_signal(&ch.c), 0);
	CHECK_EQ(flp_mutex_unlock(&ch.m), 0);
	/*
	 * A signal wakes at least one waiter; a waiter counted in but not
	 * yet asleep in the kernel sees the count move and returns too, so
	 * both may go.  A broadcast then frees whoever is left.
	 */
	await_woken(&g, 1);
	CHECK_EQ(flp_cond_broadcast(&ch.c), 0);
	for (int i = 0; i < 2; i++)
		join_thread(t[i]);
	CHECK_EQ(g.woken, 2);
}

static void test_timedwait(void)
{
	pthread_mutex_t m = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER, mono;
	pthread_condattr_t a;
	struct timespec t, bad = { 0, 2000000000L };

	CHECK_EQ(flp_mutex_lock(&m), 0);
	t = deadline_in(CLOCK_REALTIME, 20);
	CHECK_EQ(flp_cond_timedwait(&c, &m, &t), ETIMEDOUT);
	CHECK(passed(CLOCK_REALTIME, &t));
	CHECK_EQ(flp_mutex_lock(&m), EDEADLK);	/* held again after the wait */

	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	CHECK_EQ(flp_cond_init(&mono, &a), 0);
	pthread_condattr_destroy(&a);
	t = deadline_in(CLOCK_MONOTONIC, 20);
	CHECK_EQ(flp_cond_timedwait(&mono, &m, &t), ETIMEDOUT);
	CHECK(passed(CLOCK_MONOTONIC, &t));
	t = deadline_in(CLOCK_MONOTONIC, 20);
	CHECK_EQ(flp_cond_clockwait(&c, &m, CLOCK_MONOTONIC, &t), ETIMEDOUT);
	CHECK(passed(CLOCK_MONOTONIC, &t));
	t = (struct timespec){ -1, 0 };
	CHECK_EQ(flp_cond_timedwait(&c, &m, &t), ETIMEDOUT);

	CHECK_EQ(flp_cond_timedwait(&c, &m, &bad), EINVAL);
	CHECK_EQ(flp_cond_timedwait(&c, &m, NULL), EINVAL);
	CHECK_EQ(flp_cond_clockwait(&c, &m, CLOCK_THREAD_CPUTIME_ID, &t), EINVAL);
	CHECK_EQ(flp_mutex_lock(&m), EDEADLK);	/* errors leave it held */
	CHECK_EQ(flp_mutex_unlock(&m), 0);
	/* Waiting on a mutex not held: the mutex's error, nothing waits. */
	t = deadline_in(CLOCK_REALTIME, 20);
	CHECK_EQ(flp_cond_timedwait(&c, &m, &t), EPERM);
	CHECK_EQ(((struct flp_cond *)(void *)&c)->waiters, 0);
	CHECK_EQ(flp_cond_destroy(&c), 0);
	CHECK_EQ(flp_cond_destroy(&mono), 0);
}

/* A robust mutex (glibc's) under our condition variable. */
static void test_cond_with_glibc_mutex(void)
{
	pthread_mutexattr_t a;
	struct channel ch;

	channel_init(&ch);
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	CHECK_EQ(flp_mutex_init(&ch.m, &a), 0);
	pthread_mutexattr_destroy(&a);
	ping_pong(&ch, test_iterations(2000));
}

static void test_cond(void)
{
	test_ping_pong();
	test_broadcast_and_destroy();
	test_signal_wakes_one();
	test_timedwait();
	test_cond_with_glibc_mutex();
}

/* --- rwlocks ------------------------------------------------------------ */

struct rw_job {
	pthread_rwlock_t *l;
	uint32_t done;
};

static void write_once(void *arg)
{
	struct rw_job *j = arg;

	CHECK_EQ(flp_rwlock_wrlock(j->l), 0);
	CHECK_EQ(flp_rwlock_unlock(j->l), 0);
	__atomic_store_n(&j->done, 1, __ATOMIC_RELEASE);
}

static void read_twice_under(void *arg)
{
	pthread_rwlock_t *l = arg;

	CHECK_EQ(flp_rwlock_tryrdlock(l), 0);	/* a second reader alongside */
	CHECK_EQ(flp_rwlock_unlock(l), 0);
}

static void test_rw_basics(void)
{
	pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
	struct timespec t;

	CHECK_EQ(flp_rwlock_rdlock(&l), 0);
	CHECK(flp_tag_is_ours(rw_of(&l)->tag));
	join_thread(start_thread(read_twice_under, &l));
	CHECK_EQ(flp_rwlock_trywrlock(&l), EBUSY);
	t = deadline_in(CLOCK_MONOTONIC, 20);
	CHECK_EQ(flp_rwlock_clockwrlock(&l, CLOCK_MONOTONIC, &t), ETIMEDOUT);
	CHECK(passed(CLOCK_MONOTONIC, &t));
	/* The timed-out writer left nothing behind: a reader still enters. */
	CHECK_EQ(flp_rwlock_tryrdlock(&l), 0);
	CHECK_EQ(flp_rwlock_unlock(&l), 0);
	/* Held for reading: destroyed all the same, as glibc's (it checks nothing). */
	CHECK_EQ(flp_rwlock_destroy(&l), 0);
	CHECK_EQ(flp_rwlock_unlock(&l), 0);
	CHECK_EQ(flp_rwlock_unlock(&l), EPERM);

	CHECK_EQ(flp_rwlock_wrlock(&l), 0);
	CHECK_EQ(flp_rwlock_wrlock(&l), EDEADLK);
	CHECK_EQ(flp_rwlock_rdlock(&l), EDEADLK);
	CHECK_EQ(flp_rwlock_tryrdlock(&l), EBUSY);
	CHECK_EQ(flp_rwlock_trywrlock(&l), EBUSY);
	t = deadline_in(CLOCK_REALTIME, 20);
	CHECK_EQ(flp_rwlock_timedwrlock(&l, &t), EDEADLK);
	CHECK_EQ(flp_rwlock_unlock(&l), 0);
	CHECK_EQ(flp_rwlock_trywrlock(&l), 0);
	CHECK_EQ(flp_rwlock_unlock(&l), 0);
	CHECK_EQ(flp_rwlock_destroy(&l), 0);

	CHECK_EQ(flp_rwlock_rdlock(&l), 0);
	t.tv_nsec = 1000000000L;
	CHECK_EQ(flp_rwlock_timedwrlock(&l, &t), EINVAL);
	CHECK_EQ(flp_rwlock_clockwrlock(&l, CLOCK_BOOTTIME, &t), EINVAL);
	CHECK_EQ(flp_rwlock_unlock(&l), 0);
}

struct rw_holder {
	pthread_rwlock_t *l;
	uint32_t held, release;
};

static void hold_write(void *arg)
{
	struct rw_holder *h = arg;

	CHECK_EQ(flp_rwlock_wrlock(h->l), 0);
	__atomic_store_n(&h->held, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&h->release, __ATOMIC_ACQUIRE))
		usleep(100);
	CHECK_EQ(flp_rwlock_unlock(h->l), 0);
}

static void test_rw_timed_reader(void)
{
	pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
	struct rw_holder h = { &l, 0, 0 };
	struct timespec t, bad = { 0, -5 };
	void *th = start_thread(hold_write, &h);

	await_bits(&h.held, 1, 1, "the writer to lock");
	CHECK_EQ(flp_rwlock_timedrdlock(&l, &bad), EINVAL);
	t = deadline_in(CLOCK_REALTIME, 20);
	CHECK_EQ(flp_rwlock_timedrdlock(&l, &t), ETIMEDOUT);
	CHECK(passed(CLOCK_REALTIME, &t));
	__atomic_store_n(&h.release, 1, __ATOMIC_RELEASE);
	t = deadline_in(CLOCK_MONOTONIC, (long)(LIMIT_S * 1000));
	CHECK_EQ(flp_rwlock_clockrdlock(&l, CLOCK_MONOTONIC, &t), 0);
	CHECK_EQ(flp_rwlock_unlock(&l), 0);
	join_thread(th);
}

/*
 * Default kind: a reader takes a read lock it already holds while a
 * writer waits for it (glibc's default; writer-preferring would deadlock).
 * Writer-nonrecursive kind: a waiting writer turns new readers away.
 */
static void test_rw_preference(void)
{
	pthread_rwlock_t dflt = PTHREAD_RWLOCK_INITIALIZER;
	pthread_rwlock_t wpref = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;
	struct rw_job j = { &dflt, 0 };
	void *t;

	CHECK_EQ(flp_rwlock_rdlock(&dflt), 0);
	t = start_thread(write_once, &j);
	await_bits(&rw_of(&dflt)->word, FLP_RW_WAITING, FLP_RW_WAITING,
		   "the writer to wait for readers");
	CHECK_EQ(flp_rwlock_rdlock(&dflt), 0);
	CHECK_EQ(flp_rwlock_unlock(&dflt), 0);
	CHECK(!__atomic_load_n(&j.done, __ATOMIC_ACQUIRE));
	CHECK_EQ(flp_rwlock_unlock(&dflt), 0);
	await_bits(&j.done, 1, 1, "the writer to get the lock");
	join_thread(t);

	j = (struct rw_job){ &wpref, 0 };
	CHECK_EQ(flp_rwlock_rdlock(&wpref), 0);
	t = start_thread(write_once, &j);
	await_bits(&rw_of(&wpref)->word, FLP_RW_WAITING, FLP_RW_WAITING,
		   "the writer to wait for readers");
	CHECK_EQ(flp_rwlock_tryrdlock(&wpref), EBUSY);
	CHECK_EQ(flp_rwlock_unlock(&wpref), 0);
	await_bits(&j.done, 1, 1, "the writer to get the lock");
	join_thread(t);
}

/* Readers see a value only writers change, in pairs that must match. */
struct rw_stress {
	pthread_rwlock_t l;
	unsigned long a, b, n;
	double stop_at;
	unsigned long done[4];
};

static void rw_stress_main(void *arg, unsigned int i)
{
	struct rw_stress *s = arg;
	unsigned long k;

	for (k = 0; k < s->n; k++) {
		if (k % 1024 == 0 && now_seconds() > s->stop_at)
			break;
		if ((k + i) % 4 == 0) {
			CHECK_EQ(flp_rwlock_wrlock(&s->l), 0);
			s->a++;
			s->b++;
			CHECK_EQ(flp_rwlock_unlock(&s->l), 0);
		} else {
			CHECK_EQ(flp_rwlock_rdlock(&s->l), 0);
			CHECK_EQ(s->a, s->b);
			CHECK_EQ(flp_rwlock_unlock(&s->l), 0);
		}
	}
	s->done[i] = k;
}

static void test_rw_stress(void)
{
	struct rw_stress s = { PTHREAD_RWLOCK_INITIALIZER, 0, 0,
			       test_iterations(100000), now_seconds() + STRESS_S,
			       { 0 } };
	unsigned long writes = 0;

	run_threads(4, rw_stress_main, &s);
	for (unsigned int i = 0; i < 4; i++)
		for (unsigned long k = 0; k < s.done[i]; k++)
			writes += (k + i) % 4 == 0;
	CHECK_EQ(s.a, writes);
	CHECK_EQ(s.a, s.b);
}

static void test_rw_pshared(void)
{
	pthread_rwlockattr_t a;
	pthread_rwlock_t l;

	pthread_rwlockattr_init(&a);
	pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	CHECK_EQ(flp_rwlock_init(&l, &a), 0);
	pthread_rwlockattr_destroy(&a);
	CHECK_EQ(flp_rwlock_rdlock(&l), 0);
	CHECK(!flp_tag_is_ours(rw_of(&l)->tag));
	CHECK_EQ(flp_rwlock_trywrlock(&l), EBUSY);
	CHECK_EQ(flp_rwlock_unlock(&l), 0);
	CHECK_EQ(flp_rwlock_wrlock(&l), 0);
	CHECK_EQ(flp_rwlock_unlock(&l), 0);
	CHECK_EQ(flp_rwlock_destroy(&l), 0);
}

static void test_rwlock(void)
{
	test_rw_basics();
	test_rw_timed_reader();
	test_rw_preference();
	test_rw_stress();
	test_rw_pshared();
}

/* --- fork in a threaded program, cancellation ---------------------------- */

static void child_work(void *arg, unsigned int i)
{
	struct channel *ch = arg;

	(void)i;
	for (int k = 0; k < 1000; k++) {
		CHECK_EQ(flp_mutex_lock(&ch->m), 0);
		ch->sent++;
		CHECK_EQ(flp_cond_broadcast(&ch->c), 0);
		CHECK_EQ(flp_mutex_unlock(&ch->m), 0);
	}
}

static void test_fork(void)
{
	static struct channel ch;	/* zero: static initialisers */
	struct holder h;
	int status;
	void *t;
	pid_t pid;

	/* A mutex another thread holds at fork stays held in the child, as
	 * with glibc; the ones nobody holds work there. */
	pthread_mutex_t busy = PTHREAD_MUTEX_INITIALIZER;

	t = holder_start(&h, &busy);
	CHECK_EQ(flp_mutex_lock(&ch.m), 0);
	ch.sent++;
	CHECK_EQ(flp_mutex_unlock(&ch.m), 0);
	pid = fork();
	CHECK(pid >= 0);
	if (pid == 0) {
		struct timespec tm = deadline_in(CLOCK_REALTIME, 10);

		run_threads(2, child_work, &ch);
		CHECK_EQ(ch.sent, 2001);
		CHECK_EQ(flp_mutex_trylock(&busy), EBUSY);
		CHECK_EQ(flp_mutex_lock(&ch.m), 0);
		CHECK_EQ(flp_cond_timedwait(&ch.c, &ch.m, &tm), ETIMEDOUT);
		CHECK_EQ(flp_mutex_unlock(&ch.m), 0);
		_exit(0);
	}
	CHECK_EQ(waitpid(pid, &status, 0), pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	holder_release(&h, t);
}

struct cancel_job {
	pthread_mutex_t m;
	pthread_cond_t c;
	uint32_t handler_held;	/* 1: the handler found the mutex held */
};

static void cancel_handler(void *arg)
{
	struct cancel_job *j = arg;

	/* Error-checking: unlock succeeds only if we hold it. */
	__atomic_store_n(&j->handler_held, flp_mutex_unlock(&j->m) == 0 ? 1 : 2,
			 __ATOMIC_RELEASE);
}

static void *cancel_main(void *arg)
{
	struct cancel_job *j = arg;

	CHECK_EQ(flp_mutex_lock(&j->m), 0);
	pthread_cleanup_push(cancel_handler, j);
	for (;;)
		flp_cond_wait(&j->c, &j->m);
	pthread_cleanup_pop(0);
	return NULL;
}

static void test_cancel(void)
{
	struct cancel_job j = { PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP,
				PTHREAD_COND_INITIALIZER, 0 };
	pthread_t t;
	void *ret;

	CHECK_EQ(pthread_create(&t, NULL, cancel_main, &j), 0);
	await_bits(&((struct flp_cond *)(void *)&j.c)->waiters, ~0u, 1,
		   "the thread to wait");
	CHECK_EQ(pthread_cancel(t), 0);
	CHECK_EQ(pthread_join(t, &ret), 0);
	CHECK(ret == PTHREAD_CANCELED);
	CHECK_EQ(j.handler_held, 1);
	CHECK_EQ(((struct flp_cond *)(void *)&j.c)->waiters, 0);
	CHECK_EQ(flp_mutex_trylock(&j.m), 0);	/* the handler let it go */
	CHECK_EQ(flp_mutex_unlock(&j.m), 0);
}

/* --- adoption racing with use ------------------------------------------ */

/*
 * A thread that read a static initialiser's tag as 0 is held (the test
 * hook in adopt()) while others adopt the object, lock it, queue on it
 * and leave it held; then it goes on and reads glibc's kind word.  That
 * read must still send it to fairlock's lock, whatever the others left
 * in the object: it waits for the holder like everyone else, and never
 * lands in glibc's functions (EINVAL, or a robust or PI path).
 */
extern void (*flp_test_adopt_pause)(void);
static __thread bool pause_in_adopt;
static uint32_t adopt_paused, adopt_resume;

static void adopt_pause(void)
{
	if (!pause_in_adopt)
		return;
	__atomic_store_n(&adopt_paused, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&adopt_resume, __ATOMIC_ACQUIRE))
		usleep(100);
}

struct adopt_race {
	pthread_mutex_t m;
	pthread_rwlock_t rw;
	unsigned long inside;	/* under m or rw */
	uint32_t late_done;
};

static void late_mutex(void *arg)
{
	struct adopt_race *r = arg;

	pause_in_adopt = true;
	CHECK_EQ(flp_mutex_lock(&r->m), 0);
	r->inside++;
	CHECK_EQ(flp_mutex_unlock(&r->m), 0);
	__atomic_store_n(&r->late_done, 1, __ATOMIC_RELEASE);
}

static void late_rwlock(void *arg)
{
	struct adopt_race *r = arg;

	pause_in_adopt = true;
	CHECK_EQ(flp_rwlock_wrlock(&r->rw), 0);
	r->inside++;
	CHECK_EQ(flp_rwlock_unlock(&r->rw), 0);
	__atomic_store_n(&r->late_done, 1, __ATOMIC_RELEASE);
}

static void use_mutex(void *arg, unsigned int i)
{
	struct adopt_race *r = arg;

	(void)i;
	for (int k = 0; k < 500; k++) {
		CHECK_EQ(flp_mutex_lock(&r->m), 0);
		r->inside++;
		CHECK_EQ(flp_mutex_unlock(&r->m), 0);
	}
}

static void use_rwlock(void *arg, unsigned int i)
{
	struct adopt_race *r = arg;

	(void)i;
	for (int k = 0; k < 500; k++) {
		CHECK_EQ(flp_rwlock_wrlock(&r->rw), 0);
		r->inside++;
		CHECK_EQ(flp_rwlock_unlock(&r->rw), 0);
	}
}

static void race_one(struct adopt_race *r, bool rwlock)
{
	void *late;

	adopt_paused = adopt_resume = 0;
	r->inside = 0;
	r->late_done = 0;
	flp_test_adopt_pause = adopt_pause;
	late = start_thread(rwlock ? late_rwlock : late_mutex, r);
	await_bits(&adopt_paused, 1, 1, "the late adopter to pause");
	/* Others adopt it, use it hard, and leave it held with a waiter. */
	run_threads(3, rwlock ? use_rwlock : use_mutex, r);
	if (rwlock)
		CHECK_EQ(flp_rwlock_wrlock(&r->rw), 0);
	else
		CHECK_EQ(flp_mutex_lock(&r->m), 0);
	__atomic_store_n(&adopt_resume, 1, __ATOMIC_RELEASE);
	usleep(20000);	/* the late adopter reads the kind, then waits */
	CHECK_EQ(__atomic_load_n(&r->late_done, __ATOMIC_ACQUIRE), 0);
	if (rwlock)
		CHECK_EQ(flp_rwlock_unlock(&r->rw), 0);
	else
		CHECK_EQ(flp_mutex_unlock(&r->m), 0);
	join_thread(late);
	flp_test_adopt_pause = NULL;
	CHECK_EQ(r->inside, 3 * 500 + 1);
}

static void test_adopt(void)
{
	static const pthread_mutex_t kinds[] = {
		PTHREAD_MUTEX_INITIALIZER,
		PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP,
	};
	static const pthread_rwlock_t rw_kinds[] = {
		PTHREAD_RWLOCK_INITIALIZER,
		PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP,
	};
	static struct adopt_race r;

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		r.m = kinds[k];
		race_one(&r, false);
	}
	for (size_t k = 0; k < sizeof(rw_kinds) / sizeof(rw_kinds[0]); k++) {
		r.rw = rw_kinds[k];
		race_one(&r, true);
	}
}

static const struct {
	const char *name;
	void (*run)(void);
} groups[] = {
	{ "mutex", test_mutex }, { "cond", test_cond }, { "rwlock", test_rwlock },
	{ "fork", test_fork }, { "cancel", test_cancel }, { "adopt", test_adopt },
};

int main(int argc, char **argv)
{
	for (int a = 1; a < argc; a++) {
		bool known = false;

		for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++)
			known |= strcmp(argv[a], groups[g].name) == 0;
		if (!known) {
			fprintf(stderr, "test_preload: unknown group '%s'\n", argv[a]);
			return 2;
		}
	}
	/* Each group's line reaches ctest's log even if a later one hangs. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	CHECK(flp_on());
	for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
		bool wanted = argc == 1;

		for (int a = 1; a < argc; a++)
			wanted |= strcmp(argv[a], groups[g].name) == 0;
		if (!wanted)
			continue;
		groups[g].run();
		printf("test_preload %s: ok (lock %s)\n", groups[g].name,
		       flp_impl_name(flp_impl()));
	}
	return 0;
}
