/* SPDX-License-Identifier: MIT */
/*
 * The daemon's /metrics endpoint: one thread serving the Prometheus text
 * of the last interval over HTTP/1.0 on a configured address (the listen
 * setting; off by default).  The main thread publishes the text after
 * each interval; a scrape never waits for an interval, nor an interval
 * for a scrape.  One request per connection, each with a 2 s limit in
 * all from accept to the last byte sent (however slowly the client
 * trickles), so a client that stalls holds the endpoint up that long at
 * most, and a stop (SIGTERM, a reload that moves listen) never waits for
 * a client: the thread leaves within 100 ms.  GET /metrics gets the text, anything else 404 (or 405).
 */
#ifndef MEMRECLAIM_HTTP_H
#define MEMRECLAIM_HTTP_H

#include <stddef.h>

struct mr_http;

/*
 * Listen on listen ("ADDR:PORT", config.h mr_parse_listen) and start the
 * thread.  NULL with the reason in err (the address taken, or malformed).
 */
struct mr_http *mr_http_start(const char *listen, char *err, size_t errlen);

/* Serve text (len bytes) from now on; it is copied. */
void mr_http_publish(struct mr_http *h, const char *text, size_t len);

/* Stop the thread, close the socket and free h (NULL: nothing). */
void mr_http_stop(struct mr_http *h);

#endif
