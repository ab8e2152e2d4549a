/* SPDX-License-Identifier: MIT */
/* The /metrics endpoint (http.h). */
#define _GNU_SOURCE 1 /* accept4 */
#include "memreclaim/daemon/http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/clock.h"
#include "memreclaim/policy/config.h"
#include "memreclaim/daemon/stop.h"

/* How long one request may take in all, from accept to the last byte. */
#define REQUEST_LIMIT_S 2.0

struct mr_http {
	int fd;
	pthread_t thread;
	pthread_mutex_t lock;	/* guards text, closing and conn */
	char *text;
	size_t len;
	bool closing;
	int conn;		/* the connection being served; -1: none */
};

static bool closing(struct mr_http *h)
{
	bool c;

	pthread_mutex_lock(&h->lock);
	c = h->closing;
	pthread_mutex_unlock(&h->lock);
	return c;
}

/*
 * Wait until fd is ready for events, the request's deadline passes or
 * the endpoint closes: true only when ready.  In slices of 100 ms, so
 * that a stop is seen soon even by a poll that mr_http_stop()'s
 * shutdown() did not wake.
 */
static bool wait_ready(struct mr_http *h, int fd, short events, double deadline)
{
	for (;;) {
		struct pollfd p = { .fd = fd, .events = events };
		double left = deadline - tool_now_s();
		int ms, n;

		if (left <= 0 || closing(h))
			return false;
		ms = left > 0.1 ? 100 : (int)(left * 1000) + 1;
		n = poll(&p, 1, ms);
		if (n > 0)
			return true;
		if (n < 0 && errno != EINTR)
			return false;
	}
}

/* A socket bound to listen and listening; -1 with the reason. */
static int open_listener(const char *listen_at, char *err, size_t errlen)
{
	struct sockaddr_storage sa;
	struct sockaddr_in *v4 = (struct sockaddr_in *)&sa;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&sa;
	char host[MR_LISTEN_MAX];
	unsigned port;
	socklen_t salen;
	int fd, one = 1;

	memset(&sa, 0, sizeof(sa));
	if (mr_parse_listen(listen_at, host, sizeof(host), &port) < 0) {
		snprintf(err, errlen, "listen = '%s': not ADDR:PORT", listen_at);
		return -1;
	}
	if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
		v4->sin_family = AF_INET;
		v4->sin_port = htons((uint16_t)port);
		salen = sizeof(*v4);
	} else {
		inet_pton(AF_INET6, host, &v6->sin6_addr);
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons((uint16_t)port);
		salen = sizeof(*v6);
	}
	fd = socket(sa.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0 ||
	    bind(fd, (struct sockaddr *)&sa, salen) < 0 || listen(fd, 16) < 0) {
		snprintf(err, errlen, "listen = '%s': %s", listen_at, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* Write all of buf; false if the client went or the deadline passed. */
static bool send_all(struct mr_http *h, int fd, const char *buf, size_t len,
		     double deadline)
{
	while (len) {
		ssize_t n;

		if (!wait_ready(h, fd, POLLOUT, deadline))
			return false;
		n = send(fd, buf, len, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
			continue;
		if (n <= 0)
			return false;
		buf += n;
		len -= (size_t)n;
	}
	return true;
}

/*
 * Read the request head (up to the blank line) into req by deadline;
 * false if none.  A client that sends a byte now and then is held to the
 * deadline as one that sends nothing.
 */
static bool read_request(struct mr_http *h, int fd, char *req, size_t len,
			 double deadline)
{
	size_t have = 0;

	while (have + 1 < len) {
		ssize_t n;

		if (!wait_ready(h, fd, POLLIN, deadline))
			return false;
		n = recv(fd, req + have, len - 1 - have, MSG_DONTWAIT);
		if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
			continue;
		if (n <= 0)
			return false;
		have += (size_t)n;
		req[have] = '\0';
		if (strstr(req, "\r\n\r\n") || strstr(req, "\n\n"))
			return true;
	}
	return have > 0;	/* a head longer than req: answered by its first line */
}

struct conn {
	struct mr_http *h;
	int fd;
	double deadline;
};

static void reply(const struct conn *c, const char *status, const char *type,
		  const char *body, size_t len)
{
	char head[256];
	int n = snprintf(head, sizeof(head),
			 "HTTP/1.0 %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
			 "Connection: close\r\n\r\n", status, type, len);

	if (send_all(c->h, c->fd, head, (size_t)n, c->deadline))
		send_all(c->h, c->fd, body, len, c->deadline);
}

/* Answer one connection. */
static void serve(struct mr_http *h, int fd)
{
	static const char text_type[] = "text/plain; version=0.0.4; charset=utf-8";
	const struct conn c = { h, fd, tool_now_s() + REQUEST_LIMIT_S };
	char req[2048];
	char *copy = NULL;
	size_t len = 0;

	if (!read_request(h, fd, req, sizeof(req), c.deadline))
		return;
	if (strncmp(req, "GET ", 4) != 0) {
		reply(&c, "405 Method Not Allowed", "text/plain", "GET only\n", 9);
		return;
	}
	if (strncmp(req + 4, "/metrics ", 9) != 0 && strncmp(req + 4, "/metrics?", 9) != 0) {
		reply(&c, "404 Not Found", "text/plain", "see /metrics\n", 13);
		return;
	}
	/* A copy: the send may take its time, the main thread publishes meanwhile. */
	pthread_mutex_lock(&h->lock);
	if (h->text) {
		copy = malloc(h->len);
		if (copy) {
			memcpy(copy, h->text, h->len);
			len = h->len;
		}
	}
	pthread_mutex_unlock(&h->lock);
	if (copy || len == 0)
		reply(&c, "200 OK", text_type, copy ? copy : "", len);
	else
		reply(&c, "503 Service Unavailable", "text/plain", "out of memory\n", 14);
	free(copy);
}

static void *http_thread(void *arg)
{
	struct mr_http *h = arg;

	while (!closing(h)) {
		struct pollfd p = { .fd = h->fd, .events = POLLIN };
		int c;

		/* A short wait, so that a stop is seen soon. */
		if (poll(&p, 1, 100) <= 0)
			continue;
		c = accept4(h->fd, NULL, NULL, SOCK_CLOEXEC);
		if (c < 0)
			continue;
		/* Named, so that mr_http_stop() can cut a slow client short. */
		pthread_mutex_lock(&h->lock);
		h->conn = c;
		pthread_mutex_unlock(&h->lock);
		serve(h, c);
		pthread_mutex_lock(&h->lock);
		h->conn = -1;
		pthread_mutex_unlock(&h->lock);
		close(c);
	}
	return NULL;
}

struct mr_http *mr_http_start(const char *listen_at, char *err, size_t errlen)
{
	struct mr_http *h = calloc(1, sizeof(*h));
	sigset_t old;
	bool started;

	if (!h) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	h->conn = -1;
	h->fd = open_listener(listen_at, err, errlen);
	if (h->fd < 0) {
		free(h);
		return NULL;
	}
	pthread_mutex_init(&h->lock, NULL);
	mr_block_signals(&old);	/* they are the main thread's */
	started = pthread_create(&h->thread, NULL, http_thread, h) == 0;
	mr_restore_signals(&old);
	if (!started) {
		snprintf(err, errlen, "cannot start its thread");
		close(h->fd);
		pthread_mutex_destroy(&h->lock);
		free(h);
		return NULL;
	}
	return h;
}

void mr_http_publish(struct mr_http *h, const char *text, size_t len)
{
	char *copy = malloc(len ? len : 1);

	if (!copy)
		return;	/* the last text stays */
	memcpy(copy, text, len);
	pthread_mutex_lock(&h->lock);
	free(h->text);
	h->text = copy;
	h->len = len;
	pthread_mutex_unlock(&h->lock);
}

void mr_http_stop(struct mr_http *h)
{
	if (!h)
		return;
	/*
	 * The thread sees closing within 100 ms wherever it waits; the
	 * shutdown() wakes a wait on the client at once.  It never waits for
	 * a client to finish (a request's own limit is REQUEST_LIMIT_S).
	 */
	pthread_mutex_lock(&h->lock);
	h->closing = true;
	if (h->conn >= 0)
		shutdown(h->conn, SHUT_RDWR);
	pthread_mutex_unlock(&h->lock);
	pthread_join(h->thread, NULL);
	close(h->fd);
	pthread_mutex_destroy(&h->lock);
	free(h->text);
	free(h);
}
