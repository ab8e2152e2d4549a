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
#include <sys/time.h>
#include <unistd.h>

#include "memreclaim/policy/config.h"
#include "memreclaim/daemon/stop.h"

struct mr_http {
	int fd;
	pthread_t thread;
	pthread_mutex_t lock;	/* guards text and closing */
	char *text;
	size_t len;
	bool closing;
};

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

/* Write all of buf; false if the client went or stalled past its limit. */
static bool send_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		buf += n;
		len -= (size_t)n;
	}
	return true;
}

/* Read the request head (up to the blank line) into req; false if none. */
static bool read_request(int fd, char *req, size_t len)
{
	size_t have = 0;

	while (have + 1 < len) {
		ssize_t n = recv(fd, req + have, len - 1 - have, 0);

		if (n < 0 && errno == EINTR)
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

static void reply(int fd, const char *status, const char *type, const char *body,
		  size_t len)
{
	char head[256];
	int n = snprintf(head, sizeof(head),
			 "HTTP/1.0 %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
			 "Connection: close\r\n\r\n", status, type, len);

	if (send_all(fd, head, (size_t)n))
		send_all(fd, body, len);
}

/* Answer one connection. */
static void serve(struct mr_http *h, int fd)
{
	static const char text_type[] = "text/plain; version=0.0.4; charset=utf-8";
	struct timeval limit = { .tv_sec = 2 };
	char req[2048];
	char *copy = NULL;
	size_t len = 0;

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof(limit));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof(limit));
	if (!read_request(fd, req, sizeof(req)))
		return;
	if (strncmp(req, "GET ", 4) != 0) {
		reply(fd, "405 Method Not Allowed", "text/plain", "GET only\n", 9);
		return;
	}
	if (strncmp(req + 4, "/metrics ", 9) != 0 && strncmp(req + 4, "/metrics?", 9) != 0) {
		reply(fd, "404 Not Found", "text/plain", "see /metrics\n", 13);
		return;
	}
	/* A copy: the send may take its 2 s, the main thread publishes meanwhile. */
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
		reply(fd, "200 OK", text_type, copy ? copy : "", len);
	else
		reply(fd, "503 Service Unavailable", "text/plain", "out of memory\n", 14);
	free(copy);
}

static bool closing(struct mr_http *h)
{
	bool c;

	pthread_mutex_lock(&h->lock);
	c = h->closing;
	pthread_mutex_unlock(&h->lock);
	return c;
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
		serve(h, c);
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
	pthread_mutex_lock(&h->lock);
	h->closing = true;
	pthread_mutex_unlock(&h->lock);
	pthread_join(h->thread, NULL);
	close(h->fd);
	pthread_mutex_destroy(&h->lock);
	free(h->text);
	free(h);
}
