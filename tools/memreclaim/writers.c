/* SPDX-License-Identifier: MIT */
/* The pool that writes memory.reclaim (writers.h). */
#include "writers.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cgroup.h"
#include "common/clock.h"
#include "common/size.h"
#include "log.h"
#include "stop.h"

struct mr_writers {
	pthread_mutex_t lock;
	pthread_cond_t work;	/* a job queued, or the pool closing */
	pthread_cond_t done;	/* a job done, or a worker gone */
	struct mr_write_job *head, *tail;
	bool closing;
	unsigned n, exited;
	pthread_t thread[];
};

static void write_one(struct mr_write_job *job)
{
	double start = tool_now_s();
	char asked[24], got[24];

	job->rc = mr_write_reclaim(job->dir, &job->req, &mr_stop_requested,
				   &job->reclaimed);
	job->seconds = tool_now_s() - start;
	job->has_result = true;
	if (job->rc < 0 && job->rc != -EAGAIN) {
		if (!(job->rc == -EINTR && mr_flag(&mr_stop_requested)))
			mr_log(LOG_ERR, "%s/memory.reclaim: write failed: %s; skipped",
			       job->dir, strerror(-job->rc));
		return;
	}
	tool_format_size(asked, sizeof(asked), (double)job->req.bytes);
	tool_format_size(got, sizeof(got), (double)job->reclaimed);
	mr_log(LOG_INFO, "%s: reclaim %s, got %s%s in %.3f s (%s)", job->dir, asked,
	       got, job->rc == -EAGAIN ? " (EAGAIN)" : "", job->seconds, job->why);
}

/*
 * Mark job done.  The release store pairs with the acquire load of
 * mr_write_job_busy(): the main thread that sees busy 0 sees the result
 * written before it.
 */
static void finish(struct mr_writers *w, struct mr_write_job *job)
{
	pthread_mutex_lock(&w->lock);
	__atomic_store_n(&job->busy, 0, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&w->done);
	pthread_mutex_unlock(&w->lock);
}

static void *worker(void *arg)
{
	struct mr_writers *w = arg;

	for (;;) {
		struct mr_write_job *job;

		pthread_mutex_lock(&w->lock);
		while (!w->head && !w->closing)
			pthread_cond_wait(&w->work, &w->lock);
		job = w->head;
		if (!job) {
			w->exited++;
			pthread_cond_broadcast(&w->done);
			pthread_mutex_unlock(&w->lock);
			return NULL;
		}
		w->head = job->next;
		if (!w->head)
			w->tail = NULL;
		pthread_mutex_unlock(&w->lock);
		write_one(job);
		finish(w, job);
	}
}

struct mr_writers *mr_writers_start(unsigned n)
{
	struct mr_writers *w = calloc(1, sizeof(*w) + n * sizeof(pthread_t));

	if (!w)
		return NULL;
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->work, NULL);
	pthread_cond_init(&w->done, NULL);
	/*
	 * Workers take the daemon's signals as the main thread does: a signal
	 * that lands on one only sets a flag, and ends the write it was
	 * making (EINTR), which mr_write_reclaim() then resumes.
	 */
	for (w->n = 0; w->n < n; w->n++)
		if (pthread_create(&w->thread[w->n], NULL, worker, w) != 0)
			break;
	if (w->n == 0) {
		free(w);
		return NULL;
	}
	return w;
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

void mr_writers_kick(struct mr_writers *w)
{
	pthread_mutex_lock(&w->lock);
	if (w->head)
		pthread_cond_broadcast(&w->work);
	pthread_mutex_unlock(&w->lock);
}

bool mr_write_job_busy(const struct mr_write_job *job)
{
	/* Pairs with the release in finish(): see the result once not busy. */
	return __atomic_load_n(&job->busy, __ATOMIC_ACQUIRE) != 0;
}

void mr_writers_wait_job(struct mr_writers *w, const struct mr_write_job *job)
{
	pthread_mutex_lock(&w->lock);
	while (mr_write_job_busy(job))
		pthread_cond_wait(&w->done, &w->lock);
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

void mr_writers_stop(struct mr_writers *w, bool interrupt)
{
	pthread_mutex_lock(&w->lock);
	w->closing = true;
	if (interrupt) {
		/* Queued writes are dropped: done, with no result. */
		for (struct mr_write_job *j = w->head; j; j = j->next)
			__atomic_store_n(&j->busy, 0, __ATOMIC_RELEASE);
		w->head = w->tail = NULL;
	}
	pthread_cond_broadcast(&w->work);
	/*
	 * The kernel ends a memory.reclaim write when a signal is pending for
	 * the writing thread: send one to each worker until all have gone (a
	 * signal that came just before a worker entered the kernel is lost,
	 * hence again).  Its handler does nothing; mr_stop_requested is set.
	 */
	while (interrupt && w->exited < w->n) {
		for (unsigned i = 0; i < w->n; i++)
			pthread_kill(w->thread[i], MR_SIGNAL_INTERRUPT);
		wait_done(w, 10);
	}
	pthread_mutex_unlock(&w->lock);
	for (unsigned i = 0; i < w->n; i++)
		pthread_join(w->thread[i], NULL);
	pthread_cond_destroy(&w->done);
	pthread_cond_destroy(&w->work);
	pthread_mutex_destroy(&w->lock);
	free(w);
}
