/* SPDX-License-Identifier: MIT */
/*
 * A workload for the memreclaim scenarios and the Senpai comparison.
 *
 * Anonymous memory: allocates MB megabytes, fills them, writes READY, then
 * either sleeps or, given HOT_MB, keeps touching the first HOT_MB megabytes
 * (each page read whole and written once) and never the rest.  The fill:
 * compressible, each page one repeated word (zswap keeps the word alone);
 * mixed, a quarter of each page random and the rest zero (about 3:1 to
 * zswap's compressor, like typical program data); random, incompressible.
 *
 * File cache (-f DIR): writes HOT_MB and COLD_MB of files under DIR, drops
 * them from the page cache, reads the cold files once, writes READY, then
 * keeps re-reading the hot files a page at a time.
 *
 * Each second it prints "RATE n": the pages it touched in that second, its
 * work rate.  With -r it is paced to PAGES_PER_S, as a service is paced by
 * its requests: a second it cannot keep up with is lost, not made up, so a
 * stall shows as a dip.  With -g, SIGUSR1 grows the hot set by GROW_MB of
 * memory never touched before: the workload expands at once, as after a
 * deploy or a traffic spike.
 *
 * With -z S the hot set is touched with graded popularity instead of in
 * turn: page k (from 0) is picked with probability about proportional to
 * (k+1)^-S (a Zipf-like law, drawn from the continuous power law by
 * inverting its distribution function), so there is no line between hot
 * and cold for a reclaimer to find: how much it takes is decided by the
 * pressure it accepts.
 *
 * With -q REQ_PAGES (and -r) the work is a service answering requests of
 * REQ_PAGES page touches, arriving at PAGES_PER_S / REQ_PAGES a second
 * on a fixed schedule (open loop: a stall delays the requests behind it,
 * which then queue, as a server's clients do).  Each second it also prints
 * "LAT n b:c ...": n requests finished, c of them with a latency (from
 * arrival to completion) in bucket b, where bucket b holds latencies from
 * 2^(b/4) us up (b 0: under 1.19 us).  Summing the lines of a window gives
 * its percentiles to 19%.
 *
 * usage: workload [-r PAGES_PER_S] [-g GROW_MB] [-z S] [-q REQ_PAGES]
 *                 MB compressible|mixed|random [HOT_MB]
 *        workload [-r PAGES_PER_S] -f DIR HOT_MB COLD_MB
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096
#define FILE_MB 4 /* the size of each file in file mode */
#define SLOTS_PER_S 100 /* pacing granularity */
#define LAT_BUCKETS 96 /* 2^(95/4) us: about 14 minutes */

static volatile sig_atomic_t grow_requested;

static void on_usr1(int sig)
{
	(void)sig;
	grow_requested = 1;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_until(double t)
{
	struct timespec ts = { .tv_sec = (time_t)t,
			       .tv_nsec = (long)((t - (double)(time_t)t) * 1e9) };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static void die(const char *what)
{
	fprintf(stderr, "workload: %s: %s\n", what, strerror(errno));
	exit(1);
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

static unsigned char *side;

static void flush_own_tlb(void)
{
	mprotect(side, SIDE_PAGES * PAGE, PROT_READ);
	mprotect(side, SIDE_PAGES * PAGE, PROT_READ | PROT_WRITE);
	for (size_t i = 0; i < SIDE_PAGES; i++)
		side[i * PAGE] = 1;
}

enum fill { FILL_COMPRESSIBLE, FILL_MIXED, FILL_RANDOM };

static void fill_pattern(unsigned char *p, size_t len, size_t base, enum fill kind,
			 unsigned long *x)
{
	for (size_t i = 0; i < len; i += sizeof(*x)) {
		if (kind == FILL_RANDOM || (kind == FILL_MIXED && i % PAGE < PAGE / 4)) {
			*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
			memcpy(p + i, x, sizeof(*x));
		} else if (kind == FILL_MIXED) {
			memset(p + i, 0, sizeof(*x));
		} else {
			unsigned long v = ((base + i) / PAGE) & 0xff; /* one byte per page */

			memcpy(p + i, &v, sizeof(v));
		}
	}
}

/* The hot set: one or two runs of pages (the second once grown). */
struct hot_set {
	volatile unsigned long *run[2];
	size_t pages[2];
	int nruns;
	int *fds; /* file mode: the hot files */
	size_t at_run, at_page; /* where the next touch goes */
	double zipf; /* -z S: the next page drawn by popularity (exponent S > 0) */
	unsigned long rng;
	/* -G: run[1] holds `grown` filled pages of its `pages[1]`, the newest last */
	size_t grown, grow_per_s;
	enum fill kind;
	unsigned long fill_x; /* the fill's generator, carried on from the first fill */
};

/* -G: a second's growth, filled before the first touch can pick it. */
static void grow_step(struct hot_set *h)
{
	size_t n = h->grow_per_s;

	if (h->grown + n > h->pages[1])
		n = h->pages[1] - h->grown;
	fill_pattern((unsigned char *)(uintptr_t)h->run[1] + h->grown * PAGE, n * PAGE, 0, h->kind,
		     &h->fill_x);
	h->grown += n;
}

/* Each page read whole and written once: the work is in the page. */
static void touch_anon(struct hot_set *h)
{
	volatile unsigned long *page = h->run[h->at_run] + h->at_page * (PAGE / sizeof(long));
	unsigned long sum = 0;

	for (size_t w = 0; w < PAGE / sizeof(long); w++)
		sum += page[w];
	page[0] = sum;
}

/* A page of a hot file read through the page cache. */
static void touch_file(struct hot_set *h)
{
	static char buf[PAGE];
	size_t per_file = (size_t)FILE_MB << 20 >> 12;
	int fd = h->fds[h->at_page / per_file];
	off_t off = (off_t)(h->at_page % per_file) * PAGE;

	if (pread(fd, buf, PAGE, off) != PAGE)
		die("pread");
}

/* A uniform double in [0, 1) from the set's xorshift generator. */
static double uniform(struct hot_set *h)
{
	h->rng ^= h->rng << 13, h->rng ^= h->rng >> 7, h->rng ^= h->rng << 17;
	return (double)(h->rng >> 11) / 9007199254740992.0;
}

static void advance(struct hot_set *h)
{
	if (h->zipf > 0) {
		/*
		 * x on [1, N+1) with density ~ x^-S: for S = 1, x = (N+1)^u;
		 * else x = (1 - u (1 - (N+1)^(1-S)))^(1/(1-S)).  Page floor(x) - 1.
		 */
		double n1 = (double)(h->pages[0] + h->grown) + 1, u = uniform(h), x;
		size_t k;

		if (fabs(h->zipf - 1) < 1e-9)
			x = exp(u * log(n1));
		else
			x = pow(1 - u * (1 - pow(n1, 1 - h->zipf)), 1 / (1 - h->zipf));
		k = x >= 1 ? (size_t)x - 1 : 0;
		if (k >= h->pages[0] + h->grown)
			k = h->pages[0] + h->grown - 1;
		/* By age when growing: rank 0 is the newest grown page. */
		if (k < h->grown) {
			h->at_run = 1;
			h->at_page = h->grown - 1 - k;
		} else {
			h->at_run = 0;
			h->at_page = k - h->grown;
		}
		return;
	}
	if (++h->at_page < h->pages[h->at_run])
		return;
	h->at_page = 0;
	h->at_run = (h->at_run + 1) % (size_t)h->nruns;
}

/*
 * Touch the hot set forever.  Unpaced (pages_per_s 0) as fast as it can;
 * paced, SLOTS_PER_S times a second a slot's share, then sleep to the next
 * slot, and a slot already past is skipped rather than made up.
 */
static void run_hot(struct hot_set *h, unsigned long pages_per_s, void (*touch)(struct hot_set *),
		    volatile unsigned long *grow_run, size_t grow_pages)
{
	unsigned long pages = 0;
	double next_report = now_s() + 1, slot = now_s();
	unsigned long per_slot = pages_per_s / SLOTS_PER_S;

	if (pages_per_s && per_slot == 0)
		per_slot = 1;
	flush_own_tlb();
	for (;;) {
		unsigned long n = pages_per_s ? per_slot : 1024;

		for (unsigned long i = 0; i < n; i++) {
			touch(h);
			advance(h);
		}
		pages += n;
		if (grow_requested && grow_pages && h->nruns == 1) {
			h->run[1] = grow_run;
			h->pages[1] = grow_pages;
			h->nruns = 2;
			printf("GROWN\n");
			fflush(stdout);
		}
		if (pages_per_s) {
			double now = now_s();

			slot += 1.0 / SLOTS_PER_S;
			if (now > slot + 1.0 / SLOTS_PER_S)
				slot = now; /* behind: the lost slots stay lost */
			else
				sleep_until(slot);
		}
		double t = now_s();

		if (t >= next_report) {
			printf("RATE %lu\n", pages);
			fflush(stdout);
			pages = 0;
			next_report += 1;
			if (next_report < t)
				next_report = t + 1;
			flush_own_tlb();
		}
	}
}

/* The latency bucket of us microseconds: floor(4 log2(us)), 0 below 1. */
static int lat_bucket(double us)
{
	int b = us < 1 ? 0 : (int)(4 * log2(us));

	return b < LAT_BUCKETS ? b : LAT_BUCKETS - 1;
}

/*
 * The service (-q): requests of req_pages touches arrive every
 * req_pages / pages_per_s seconds; each is served when the one before it
 * is done, or at its arrival if that is later, and its latency runs from
 * its arrival.  Each second: RATE (pages) and LAT (the histogram).
 */
static void run_requests(struct hot_set *h, unsigned long pages_per_s, unsigned long req_pages)
{
	unsigned long lat[LAT_BUCKETS] = { 0 }, pages = 0, done = 0;
	double gap = (double)req_pages / (double)pages_per_s;
	double arrival = now_s(), next_report = arrival + 1;

	flush_own_tlb();
	for (;;) {
		double t = now_s();

		if (t < arrival)
			sleep_until(arrival);
		for (unsigned long i = 0; i < req_pages; i++) {
			touch_anon(h);
			advance(h);
		}
		pages += req_pages;
		done++;
		t = now_s();
		lat[lat_bucket((t - arrival) * 1e6)]++;
		arrival += gap;
		if (t >= next_report) {
			printf("RATE %lu\nLAT %lu", pages, done);
			for (int b = 0; b < LAT_BUCKETS; b++)
				if (lat[b])
					printf(" %d:%lu", b, lat[b]);
			printf("\n");
			fflush(stdout);
			memset(lat, 0, sizeof(lat));
			pages = done = 0;
			if (h->grow_per_s)
				grow_step(h);
			next_report += 1;
			if (next_report < t)
				next_report = t + 1;
			flush_own_tlb();
		}
	}
}

static int anon_mode(size_t mb, enum fill kind, size_t hot_mb, size_t grow_mb, size_t grow_kib,
		     unsigned long pages_per_s, double zipf, unsigned long req_pages)
{
	size_t len = mb << 20, grow_len = grow_mb << 20;
	unsigned long x = 88172645463325252ul;
	struct hot_set h = { .nruns = 1, .zipf = zipf, .rng = 2463534242ul };
	unsigned char *p;

	/* The growth is reserved now and touched only when asked for. */
	p = mmap(NULL, len + grow_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		die("mmap");
	/*
	 * 4 KiB pages throughout: reclaim splits huge pages, and under QEMU's
	 * TCG a huge page is far slower to touch than small ones, so a work
	 * rate measured across the split would compare unlike with unlike.
	 */
	madvise(p, len + grow_len, MADV_NOHUGEPAGE);
	fill_pattern(p, len, 0, kind, &x);
	printf("READY\n");
	fflush(stdout);
	if (!hot_mb)
		for (;;)
			pause();
	h.run[0] = (volatile unsigned long *)(void *)p;
	h.pages[0] = (hot_mb << 20) / PAGE;
	if (req_pages) {
		if (grow_kib) {
			h.run[1] = (volatile unsigned long *)(void *)(p + len);
			h.pages[1] = grow_len / PAGE;
			h.grow_per_s = grow_kib * 1024 / PAGE;
			h.kind = kind;
			h.fill_x = x;
		}
		run_requests(&h, pages_per_s, req_pages);
		return 0;
	}
	run_hot(&h, pages_per_s, touch_anon, (volatile unsigned long *)(void *)(p + len),
		grow_len / PAGE);
	return 0;
}

/* Write COUNT files of FILE_MB named PREFIX-NNN under DIR; return their fds. */
static int *make_files(const char *dir, const char *prefix, size_t count)
{
	static unsigned char buf[1 << 20];
	unsigned long x = 88172645463325252ul;
	int *fds = calloc(count, sizeof(*fds));

	if (!fds)
		die("calloc");

	for (size_t f = 0; f < count; f++) {
		char path[4096];
		int fd;

		snprintf(path, sizeof(path), "%s/%s-%03zu", dir, prefix, f);
		fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			die(path);
		for (size_t m = 0; m < FILE_MB; m++) {
			fill_pattern(buf, sizeof(buf), 0, FILL_RANDOM, &x);
			if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
				die("write");
		}
		/* Written back and dropped: the reads below come from the disk. */
		if (fsync(fd) || posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED))
			die("fsync");
		fds[f] = fd;
	}
	return fds;
}

static int file_mode(const char *dir, size_t hot_mb, size_t cold_mb, unsigned long pages_per_s)
{
	struct hot_set h = { .nruns = 1 };
	size_t nhot = (hot_mb + FILE_MB - 1) / FILE_MB, ncold = (cold_mb + FILE_MB - 1) / FILE_MB;
	static char buf[1 << 20];
	int *cold;

	h.fds = make_files(dir, "hot", nhot);
	h.pages[0] = nhot * ((size_t)FILE_MB << 20) / PAGE;
	cold = make_files(dir, "cold", ncold);
	/* The cold files read once, the way a backup or a log scan does. */
	for (size_t f = 0; f < ncold; f++)
		for (off_t off = 0; pread(cold[f], buf, sizeof(buf), off) > 0; off += sizeof(buf))
			;
	printf("READY\n");
	fflush(stdout);
	run_hot(&h, pages_per_s, touch_file, NULL, 0);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: workload [-r PAGES_PER_S] [-g GROW_MB [-G KIB_PER_S]] [-z S] [-q REQ_PAGES]\n"
			"                MB compressible|mixed|random [HOT_MB]\n"
			"       workload [-r PAGES_PER_S] -f DIR HOT_MB COLD_MB\n");
	exit(2);
}

static size_t number(const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-')
		usage();
	return v;
}

static double exponent(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v > 0 && v <= 4))
		usage();
	return v;
}

int main(int argc, char **argv)
{
	unsigned long pages_per_s = 0, req_pages = 0;
	size_t grow_mb = 0, grow_kib = 0;
	const char *dir = NULL;
	double zipf = 0;
	int opt;

	while ((opt = getopt(argc, argv, "r:g:G:f:z:q:")) != -1) {
		switch (opt) {
		case 'r': pages_per_s = number(optarg); break;
		case 'g': grow_mb = number(optarg); break;
		case 'G': grow_kib = number(optarg); break;
		case 'z': zipf = exponent(optarg); break;
		case 'q': req_pages = number(optarg); break;
		case 'f': dir = optarg; break;
		default: usage();
		}
	}
	argc -= optind;
	argv += optind;
	side = mmap(NULL, SIDE_PAGES * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		    -1, 0);
	if (side == MAP_FAILED)
		die("mmap");
	signal(SIGUSR1, on_usr1);
	if (dir) {
		size_t hot, cold;

		if (argc != 2 || grow_mb || grow_kib || zipf > 0 || req_pages)
			usage();
		hot = number(argv[0]);
		cold = number(argv[1]);
		if (hot == 0)
			usage();
		return file_mode(dir, hot, cold, pages_per_s);
	} else {
		size_t mb, hot = 0;
		enum fill kind;

		if (argc < 2 || argc > 3)
			usage();
		mb = number(argv[0]);
		if (!strcmp(argv[1], "compressible"))
			kind = FILL_COMPRESSIBLE;
		else if (!strcmp(argv[1], "mixed"))
			kind = FILL_MIXED;
		else if (!strcmp(argv[1], "random"))
			kind = FILL_RANDOM;
		else
			usage();
		if (argc == 3)
			hot = number(argv[2]);
		if (mb == 0 || hot > mb || (grow_mb && !hot) ||
		    ((zipf > 0 || req_pages) && !hot) || (req_pages && !pages_per_s) ||
		    (req_pages && grow_mb && !grow_kib) ||
		    (grow_kib && (!grow_mb || !req_pages || !(zipf > 0) || grow_kib < PAGE / 1024)))
			usage();
		return anon_mode(mb, kind, hot, grow_mb, grow_kib, pages_per_s, zipf, req_pages);
	}
}
