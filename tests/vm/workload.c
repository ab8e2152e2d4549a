/* SPDX-License-Identifier: MIT */
/*
 * A workload for the memreclaim scenarios: allocates MB megabytes of
 * anonymous memory, fills it (compressible: a repeating pattern; random:
 * incompressible bytes), writes READY to stdout, then either sleeps or,
 * given HOT_MB, keeps touching the first HOT_MB megabytes (each page read
 * whole and written once) and never the rest.  Each second it prints
 * "RATE n": the pages it touched in that second, its work rate.
 * usage: workload MB compressible|random [HOT_MB]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Once a second the workload changes the protection of a 64-page side
 * mapping, which makes the kernel flush this CPU's whole TLB.  Under QEMU's
 * TCG the emulated TLB grows only when it is flushed: without flushes it
 * stays at its small initial size and every touch of the hot set misses,
 * until something else (such as reclaim's TLB shootdowns) flushes it.  The
 * flushes make the rate with and without the daemon comparable; on real
 * hardware they cost next to nothing.
 */
#define SIDE_PAGES 64

static void flush_own_tlb(unsigned char *side)
{
	mprotect(side, SIDE_PAGES * 4096, PROT_READ);
	mprotect(side, SIDE_PAGES * 4096, PROT_READ | PROT_WRITE);
	for (size_t i = 0; i < SIDE_PAGES; i++)
		side[i * 4096] = 1;
}

static void touch_hot_set(volatile unsigned long *p, size_t hot_len)
{
	unsigned long pages = 0;
	double next = now_s() + 1;
	unsigned char *side = mmap(NULL, SIDE_PAGES * 4096, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (side == MAP_FAILED) {
		perror("workload: mmap");
		exit(1);
	}
	flush_own_tlb(side);

	for (;;) {
		/*
		 * Each page read whole and written once: the work is in the
		 * page, not in reaching it, so the rate measures what reclaim
		 * costs the workload rather than the emulated TLB's mood.
		 */
		for (size_t i = 0; i < hot_len; i += 4096) {
			volatile unsigned long *page = p + i / sizeof(*p);
			unsigned long sum = 0;

			for (size_t w = 0; w < 4096 / sizeof(*p); w++)
				sum += page[w];
			page[0] = sum;
			pages++;
		}
		if (now_s() >= next) {
			printf("RATE %lu\n", pages);
			fflush(stdout);
			pages = 0;
			next += 1;
			flush_own_tlb(side);
		}
	}
}

int main(int argc, char **argv)
{
	size_t mb = argc > 1 ? strtoul(argv[1], NULL, 10) : 0;
	int random_fill = argc > 2 && !strcmp(argv[2], "random");
	size_t hot_mb = argc > 3 ? strtoul(argv[3], NULL, 10) : 0;
	size_t len = mb << 20;
	unsigned char *p;
	unsigned long x = 88172645463325252ul;

	if (mb == 0 || hot_mb > mb) {
		fprintf(stderr, "usage: workload MB compressible|random [HOT_MB]\n");
		return 2;
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (p == MAP_FAILED) {
		perror("workload: mmap");
		return 1;
	}
	/*
	 * 4 KiB pages throughout: reclaim splits huge pages, and under QEMU's
	 * TCG a huge page is far slower to touch than small ones, so a work
	 * rate measured across the split would compare unlike with unlike.
	 */
	madvise(p, len, MADV_NOHUGEPAGE);
	for (size_t i = 0; i < len; i += sizeof(x)) {
		if (random_fill) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			memcpy(p + i, &x, sizeof(x));
		} else {
			unsigned long v = (i / 4096) & 0xff; /* one byte per page */

			memcpy(p + i, &v, sizeof(v));
		}
	}
	printf("READY\n");
	fflush(stdout);
	if (hot_mb)
		touch_hot_set((volatile unsigned long *)(void *)p, hot_mb << 20);
	for (;;)
		pause();
}
