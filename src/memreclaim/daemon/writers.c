/* SPDX-License-Identifier: MIT */
/* The pool that writes memory.reclaim (writers.h). */
#include "memreclaim/daemon/writers.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "memreclaim/cgroup/cgroup.h"
#include "common/clock.h"
#include "common/size.h"
#include "memreclaim/daemon/log.h"
#include "memreclaim/daemon/stop.h"

/* One worker thread's place in the pool. */
struct slot {
	struct mr_writers *w;
	unsigned index;
	bool started;		/* a thread was created here and not yet joined */
	bool exited;		/* it returned (it can be joined without waiting) */
	double since;		/* when its write began (tool_now_s()); 0: idle */
	pthread_t thread;
};

struct mr_writers {
	pthread_mutex_t lock;
	pthread_cond_t work;	/* a job queued, the pool closing or shrinking */
	pthread_cond_t done;	/* a job done, or a worker gone */
	struct mr_write_job *head, *tail;
	bool closing;
	unsigned want;		/* workers wanted (the workers setting) */
	/*
	 * Workers started in place of hung writes (mr_writers_kick()):
	 * those at index >= want + extra leave when idle.
	 */
	unsigned extra;
	struct slot slot[MR_WRITERS_MAX];
};

static void write_one(struct mr_write_job *job)
{
	double start = tool_now_s();
	char asked[24], got[24];

	job->rc = mr_write_reclaim(job->dir, &job->req, &mr_hold_writes,
				   &job->reclaimed);
	job->seconds = tool_now_s() - start;
	job->has_result = true;
	/* Failures are the main thread's to log, once per cgroup (tick.c). */
	if (job->rc < 0 && job->rc != -EAGAIN)
		return;
	tool_format_size(asked, sizeof(asked), (double)job->req.bytes);
	tool_format_size(got, sizeof(got), (double)job->reclaimed);
	mr_log(LOG_DEBUG, "%s: reclaim %s, got %s%s in %.3f s (%s)", job->dir, asked,
	       got, job->rc == -EAGAIN ? " (EAGAIN)" : "", job->seconds, job->why);
}

/*
 * Mark job done.  The release store pairs with the acquire load of
 * mr_write_job_busy(): the main thread that sees busy 0 sees the result
 * written before it.
 */
static void finish(struct slot *s, struct mr_write_job *job)
{
	struct mr_writers *w = s->w;

	pthread_mutex_lock(&w->lock);
	s->since = 0;
	__atomic_store_n(&job->busy, 0, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&w->done);
	pthread_mutex_unlock(&w->lock);
}

/* The next job for worker s, or NULL when it is to leave (lock held). */
static struct mr_write_job *next_job(struct slot *s)
{
	struct mr_writers *w = s->w;
	struct mr_write_job *job;

	while (!w->head && !w->closing && s->index < w->want + w->extra)
		pthread_cond_wait(&w->work, &w->lock);
	if (s->index >= w->want + w->extra && !w->closing)
		return NULL;	/* the pool shrank: this worker goes */
	job = w->head;
	if (job) {
		w->head = job->next;
		if (!w->head)
			w->tail = NULL;
		s->since = tool_now_s();
	}
	return job;
}

static void *worker(void *arg)
{
	struct slot *s = arg;
	struct mr_writers *w = s->w;

	for (;;) {
		struct mr_write_job *job;

		pthread_mutex_lock(&w->lock);
		job = next_job(s);
		if (!job) {
			s->exited = true;
			pthread_cond_broadcast(&w->done);
			pthread_mutex_unlock(&w->lock);
			return NULL;
		}
		pthread_mutex_unlock(&w->lock);
		/*
		 * Writes are held (stopping, or the kill switch): a queued
		 * job is dropped, done with no result.
		 */
		if (!mr_flag(&mr_hold_writes))
			write_one(job);
		finish(s, job);
	}
}

/* Start the workers at indexes below want + extra that are not running (locked). */
static void start_missing(struct mr_writers *w)
{
	sigset_t old;

	/* The workers leave the daemon's signals to the main thread. */
	mr_block_signals(&old);
	for (unsigned i = 0; i < w->want + w->extra && i < MR_WRITERS_MAX; i++) {
		struct slot *s = &w->slot[i];

		if (s->started && s->exited) {
			pthread_join(s->thread, NULL);
			s->started = false;
		}
		if (s->started)
			continue;
		s->w = w;
		s->index = i;
		s->exited = false;
		s->since = 0;
		if (pthread_create(&s->thread, NULL, worker, s) != 0)
			break;
		s->started = true;
	}
	mr_restore_signals(&old);
}

struct mr_writers *mr_writers_start(unsigned n)
{
	struct mr_writers *w = calloc(1, sizeof(*w));

	if (!w || n == 0 || n > MR_WRITERS_MAX) {
		free(w);
		return NULL;
	}
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->work, NULL);
	pthread_cond_init(&w->done, NULL);
	/*
	 * Workers block the signals the main thread acts on; the daemon ends
	 * their writes with MR_SIGNAL_INTERRUPT (EINTR), sent to each.
	 */
	pthread_mutex_lock(&w->lock);
	w->want = n;
	start_missing(w);
	pthread_mutex_unlock(&w->lock);
	if (!w->slot[0].started) {
		mr_writers_stop(w, false);
		return NULL;
	}
	return w;
}

unsigned mr_writers_resize(struct mr_writers *w, unsigned n)
{
	unsigned running = 0;

	if (n == 0 || n > MR_WRITERS_MAX)
		return 0;
	pthread_mutex_lock(&w->lock);
	w->want = n;
	if (w->want + w->extra > MR_WRITERS_MAX)
		w->extra = MR_WRITERS_MAX - w->want;
	/* Those past n leave when idle; one busy with a write finishes it. */
	pthread_cond_broadcast(&w->work);
	start_missing(w);
	for (unsigned i = 0; i < n; i++)
		running += w->slot[i].started;
	pthread_mutex_unlock(&w->lock);
	return running;
}

void mr_writers_submit(struct mr_writers *w, struct mr_write_job *job)
{
	job->next = NULL;
	job->has_result = false;
	__atomic_store_n(&job->busy, 1, __ATOMIC_RELAXED);
	pthread_mutex_lock(&w->lock);
	if (w->tail)
		w->tail->next = job;
	else
		w->head = job;
	w->tail = job;
	pthread_mutex_unlock(&w->lock);
}

/* Writes running for longer than hung_s (locked). */
static unsigned count_hung(const struct mr_writers *w, double hung_s)
{
	double now = tool_now_s();
	unsigned hung = 0;

	for (unsigned i = 0; i < MR_WRITERS_MAX; i++) {
		const struct slot *s = &w->slot[i];

		if (s->started && !s->exited && s->since > 0 && now - s->since > hung_s)
			hung++;
	}
	return hung;
}

void mr_writers_kick(struct mr_writers *w, double hung_s)
{
	unsigned hung, extra;

	pthread_mutex_lock(&w->lock);
	hung = count_hung(w, hung_s);
	extra = hung < MR_WRITERS_MAX - w->want ? hung : MR_WRITERS_MAX - w->want;
	if (extra > w->extra) {
		mr_log(LOG_DEBUG, "%u writes hung past %.1f s: %u more writer threads", hung,
		       hung_s, extra - w->extra);
		w->extra = extra;
		start_missing(w);
	} else if (extra < w->extra) {
		w->extra = extra;	/* the idle ones past want + extra leave */
		pthread_cond_broadcast(&w->work);
	}
	if (w->head)
		pthread_cond_broadcast(&w->work);
	pthread_mutex_unlock(&w->lock);
}

/* Mark the queued jobs done with no result, and empty the queue (locked). */
static void drop_queue(struct mr_writers *w)
{
	struct mr_write_job *j = w->head, *next;

	for (; j; j = next) {
		next = j->next;
		j->has_result = false;
		__atomic_store_n(&j->busy, 0, __ATOMIC_RELEASE);
	}
	w->head = w->tail = NULL;
}

void mr_writers_drop_queued(struct mr_writers *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	drop_queue(w);
	pthread_mutex_unlock(&w->lock);
}

bool mr_write_job_busy(const struct mr_write_job *job)
{
	/* Pairs with the release in finish(): see the result once not busy. */
	return __atomic_load_n(&job->busy, __ATOMIC_ACQUIRE) != 0;
}

/* Send each running worker the interrupt signal (locked). */
static void interrupt_workers(struct mr_writers *w)
{
	for (unsigned i = 0; i < MR_WRITERS_MAX; i++)
		if (w->slot[i].started && !w->slot[i].exited)
			pthread_kill(w->slot[i].thread, MR_SIGNAL_INTERRUPT);
}

void mr_writers_interrupt(struct mr_writers *w)
{
	pthread_mutex_lock(&w->lock);
	interrupt_workers(w);
	pthread_mutex_unlock(&w->lock);
}

/* Wait on w->done (locked) for at most ms milliseconds. */
static void wait_done(struct mr_writers *w, long ms)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += ms * 1000000L;
	ts.tv_sec += ts.tv_nsec / 1000000000L;
	ts.tv_nsec %= 1000000000L;
	pthread_cond_timedwait(&w->done, &w->lock, &ts);
}

/* Whether every worker has returned (locked). */
static bool all_exited(const struct mr_writers *w)
{
	for (unsigned i = 0; i < MR_WRITERS_MAX; i++)
		if (w->slot[i].started && !w->slot[i].exited)
			return false;
	return true;
}

void mr_writers_stop(struct mr_writers *w, bool interrupt)
{
	pthread_mutex_lock(&w->lock);
	w->closing = true;
	if (interrupt)
		drop_queue(w);	/* done, with no result */
	pthread_cond_broadcast(&w->work);
	/*
	 * The kernel ends a memory.reclaim write when a signal is pending for
	 * the writing thread: send one to each worker until all have gone (a
	 * signal that came just before a worker entered the kernel is lost,
	 * hence again).  Its handler does nothing; mr_hold_writes is set.
	 */
	while (interrupt && !all_exited(w)) {
		interrupt_workers(w);
		wait_done(w, 10);
	}
	pthread_mutex_unlock(&w->lock);
	for (unsigned i = 0; i < MR_WRITERS_MAX; i++)
		if (w->slot[i].started)
			pthread_join(w->slot[i].thread, NULL);
	pthread_cond_destroy(&w->done);
	pthread_cond_destroy(&w->work);
	pthread_mutex_destroy(&w->lock);
	free(w);
}
