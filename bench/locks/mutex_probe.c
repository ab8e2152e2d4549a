/* SPDX-License-Identifier: MIT */
/*
 * The reference lockbench's uncontended pthread_mutex figure is checked
 * against: N lock+unlock pairs of a pthread_mutex_t in a plain loop, first
 * while the process is single-threaded (glibc 2.34+ then skips the bus
 * lock), then with an idle second thread alive, as in any program with
 * threads.  usage: mutex_probe [PAIRS]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/single_threaded.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t idle = PTHREAD_MUTEX_INITIALIZER;

static double ns_per_pair(unsigned long pairs)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (unsigned long i = 0; i < pairs; i++) {
		pthread_mutex_lock(&m);
		__asm__ __volatile__("" ::: "memory");
		pthread_mutex_unlock(&m);
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	return ((double)(b.tv_sec - a.tv_sec) * 1e9 +
		(double)(b.tv_nsec - a.tv_nsec)) / (double)pairs;
}

static void *sleeper(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&idle); /* blocks until main lets it go */
	pthread_mutex_unlock(&idle);
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long pairs = argc > 1 ? strtoul(argv[1], NULL, 0) : 20000000ul;
	pthread_t t;
	double single;

	ns_per_pair(pairs / 10); /* warm up */
	single = ns_per_pair(pairs);
	printf("single-threaded (__libc_single_threaded %d): %.2f ns/pair\n",
	       (int)__libc_single_threaded, single);
	pthread_mutex_lock(&idle);
	if (pthread_create(&t, NULL, sleeper, NULL)) {
		perror("pthread_create");
		return 1;
	}
	printf("idle second thread (__libc_single_threaded %d): %.2f ns/pair\n",
	       (int)__libc_single_threaded, ns_per_pair(pairs));
	pthread_mutex_unlock(&idle);
	pthread_join(t, NULL);
	return 0;
}
