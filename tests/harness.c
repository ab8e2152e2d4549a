/* SPDX-License-Identifier: MIT */
#include "harness.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct group {
	pthread_barrier_t start;
	void (*fn)(void *, unsigned int);
	void *arg;
};

struct member {
	struct group *group;
	unsigned int index;
};

static void *member_main(void *p)
{
	struct member *m = p;

	pthread_barrier_wait(&m->group->start);
	m->group->fn(m->group->arg, m->index);
	return NULL;
}

void run_threads(unsigned int n, void (*fn)(void *, unsigned int), void *arg)
{
	struct group g = { .fn = fn, .arg = arg };
	pthread_t *tids = calloc(n, sizeof(*tids));
	struct member *members = calloc(n, sizeof(*members));

	CHECK(tids && members);
	CHECK(pthread_barrier_init(&g.start, NULL, n) == 0);
	for (unsigned int i = 0; i < n; i++) {
		members[i] = (struct member){ &g, i };
		CHECK(pthread_create(&tids[i], NULL, member_main, &members[i]) ==
		      0);
	}
	for (unsigned int i = 0; i < n; i++)
		CHECK(pthread_join(tids[i], NULL) == 0);
	pthread_barrier_destroy(&g.start);
	free(tids);
	free(members);
}

struct single {
	pthread_t tid;
	void (*fn)(void *);
	void *arg;
};

static void *single_main(void *p)
{
	struct single *s = p;

	s->fn(s->arg);
	return NULL;
}

void *start_thread(void (*fn)(void *), void *arg)
{
	struct single *s = calloc(1, sizeof(*s));

	CHECK(s);
	s->fn = fn;
	s->arg = arg;
	CHECK(pthread_create(&s->tid, NULL, single_main, s) == 0);
	return s;
}

void join_thread(void *handle)
{
	struct single *s = handle;

	CHECK(pthread_join(s->tid, NULL) == 0);
	free(s);
}

void expect_abort(void (*fn)(void *), void *arg, const char *expect)
{
	int fds[2];
	char buf[4096];
	size_t got = 0;
	int status;
	pid_t pid;

	CHECK(pipe(fds) == 0);
	fflush(NULL);
	pid = fork();
	CHECK(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		signal(SIGABRT, SIG_DFL);
		fn(arg);
		_exit(0); /* fn returned: the misuse went unnoticed */
	}
	close(fds[1]);
	for (;;) {
		ssize_t n = read(fds[0], buf + got, sizeof(buf) - 1 - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	close(fds[0]);
	CHECK(waitpid(pid, &status, 0) == pid);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT ||
	    !strstr(buf, expect)) {
		fprintf(stderr, "expected abort with \"%s\"; child %s %d, said:\n%s\n",
			expect, WIFSIGNALED(status) ? "killed by" : "exited",
			WIFSIGNALED(status) ? WTERMSIG(status) :
					      WEXITSTATUS(status),
			buf);
		exit(1);
	}
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

uint32_t wait_word_change(const uint32_t *word, uint32_t old, double seconds)
{
	double deadline = now_seconds() + seconds;
	uint32_t v;

	while ((v = __atomic_load_n(word, __ATOMIC_ACQUIRE)) == old) {
		if (now_seconds() > deadline) {
			fprintf(stderr, "lock word stayed 0x%08x for %.0f s\n",
				old, seconds);
			exit(1);
		}
		sched_yield();
	}
	return v;
}

static unsigned long env_divisor(const char *name)
{
	const char *s = getenv(name);

	return s && atol(s) > 0 ? (unsigned long)atol(s) : 1;
}

unsigned long test_scale(void)
{
	return env_divisor("FL_TEST_SCALE") * env_divisor("FL_TEST_EXTRA_SCALE");
}

unsigned long test_iterations(unsigned long dflt)
{
	unsigned long div = test_scale();

	return dflt / div ? dflt / div : 1;
}
