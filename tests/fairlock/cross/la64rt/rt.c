/* SPDX-License-Identifier: MIT */
/* la64rt: see include/la64rt.h.  Compiled with -fno-builtin. */
#include <la64rt.h>

#include "rt_sys.h"

enum {
	NR_dup3 = 24, NR_close = 57, NR_pipe2 = 59, NR_read = 63, NR_write = 64,
	NR_exit_group = 94, NR_nanosleep = 101,
	NR_clock_gettime = 113, NR_sched_yield = 124, NR_kill = 129, NR_tgkill = 131,
	NR_getpid = 172, NR_gettid = 178, NR_clone = 220, NR_munmap = 215,
	NR_mmap = 222, NR_madvise = 233, NR_wait4 = 260,
};

int errno;

#define sys(n, a, b, c) rt_sys(n, (long)(a), (long)(b), (long)(c), 0, 0, 0)

static long ret(long r)
{
	if (r < 0 && r > -4096) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

long syscall(long nr, ...)
{
	va_list ap;
	long a[6];

	va_start(ap, nr);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	return ret(rt_sys(nr, a[0], a[1], a[2], a[3], a[4], a[5]));
}

/* ---- memory and strings ------------------------------------------- */

void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;

	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;

	while (n--)
		*p++ = *q++;
	return d;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b || !*a)
			return (unsigned char)*a - (unsigned char)*b;
	}
	return 0;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, (size_t)-1);
}

char *strstr(const char *h, const char *n)
{
	size_t len = strlen(n);

	for (; *h; h++)
		if (!strncmp(h, n, len))
			return (char *)h;
	return len ? NULL : (char *)h;
}

/* A bump allocator over one reservation: the tests allocate little. */
#define HEAP_SIZE (1ul << 30)
static char *heap;
static size_t heap_used;

void *malloc(size_t n)
{
	size_t size = (n + 63) & ~(size_t)63;
	size_t at = __atomic_fetch_add(&heap_used, size, __ATOMIC_RELAXED);

	return at + size <= HEAP_SIZE ? heap + at : NULL;
}

void *calloc(size_t n, size_t size)
{
	void *p = malloc(n * size);

	return p ? memset(p, 0, n * size) : NULL;
}

void free(void *p)
{
	(void)p;
}

/* ---- environment, exit ---------------------------------------------- */

static char **environ_;

/* Called once from _start, before main() and before any thread. */
void rt_init(char **envp);
void rt_init(char **envp)
{
	environ_ = envp;
	heap = (char *)rt_sys(NR_mmap, 0, HEAP_SIZE, 3 /* RW */,
			    0x22 | 0x4000 /* PRIVATE|ANON|NORESERVE */, -1, 0);
}

char *getenv(const char *name)
{
	size_t len = strlen(name);

	for (char **e = environ_; e && *e; e++)
		if (!strncmp(*e, name, len) && (*e)[len] == '=')
			return *e + len + 1;
	return NULL;
}

long atol(const char *s)
{
	long v = 0, sign = 1;

	if (*s == '-')
		sign = -1, s++;
	while (*s >= '0' && *s <= '9')
		v = v * 10 + (*s++ - '0');
	return sign * v;
}

int atoi(const char *s)
{
	return (int)atol(s);
}

_Noreturn void exit(int status)
{
	for (;;)
		sys(NR_exit_group, status, 0, 0);
}

_Noreturn void _exit(int status)
{
	exit(status); /* nothing is buffered: the same as exit() */
}

_Noreturn void abort(void)
{
	sys(NR_tgkill, sys(NR_getpid, 0, 0, 0), sys(NR_gettid, 0, 0, 0),
	    SIGABRT);
	exit(127);
}

void (*signal(int sig, void (*handler)(int)))(int)
{
	(void)sig, (void)handler;
	return SIG_DFL; /* only SIG_DFL is ever asked for: the default */
}

/* ---- files, processes, time ----------------------------------------- */

ssize_t write(int fd, const void *buf, size_t n)
{
	return ret(sys(NR_write, fd, buf, n));
}

ssize_t read(int fd, void *buf, size_t n)
{
	return ret(sys(NR_read, fd, buf, n));
}

int close(int fd)
{
	return (int)ret(sys(NR_close, fd, 0, 0));
}

int pipe(int fds[2])
{
	return (int)ret(sys(NR_pipe2, fds, 0, 0));
}

int dup2(int from, int to)
{
	return (int)ret(sys(NR_dup3, from, to, 0));
}

pid_t waitpid(pid_t pid, int *status, int options)
{
	return (pid_t)ret(rt_sys(NR_wait4, pid, (long)status, options, 0, 0, 0));
}

int kill(pid_t pid, int sig)
{
	return (int)ret(sys(NR_kill, pid, sig, 0));
}

int clock_gettime(clockid_t clock, struct timespec *ts)
{
	return (int)ret(sys(NR_clock_gettime, clock, ts, 0));
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	return (int)ret(sys(NR_nanosleep, req, rem, 0));
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, long off)
{
	long r = rt_sys(NR_mmap, (long)addr, (long)len, prot, flags, fd, off);

	return ret(r) == -1 ? MAP_FAILED : (void *)r;
}

int munmap(void *addr, size_t len)
{
	return (int)ret(sys(NR_munmap, addr, len, 0));
}

int madvise(void *addr, size_t len, int advice)
{
	return (int)ret(sys(NR_madvise, addr, len, advice));
}

long sysconf(int name)
{
	(void)name;
	errno = EINVAL;
	return -1;
}

int sched_yield(void)
{
	return (int)ret(sys(NR_sched_yield, 0, 0, 0));
}

/* ---- printf ---------------------------------------------------------- */

static FILE out = { STDOUT_FILENO }, err = { STDERR_FILENO };
FILE *stdout = &out, *stderr = &err;

struct sink {
	char *buf;
	size_t len, at;
};

static void put(struct sink *s, char c)
{
	if (s->at + 1 < s->len)
		s->buf[s->at] = c;
	s->at++;
}

static void put_uint(struct sink *s, unsigned long long v, unsigned int base,
		     int width, char pad)
{
	char digits[24];
	int n = 0;

	do {
		digits[n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	while (width-- > n)
		put(s, pad);
	while (n)
		put(s, digits[--n]);
}

int vsnprintf(char *buf, size_t len, const char *fmt, va_list ap)
{
	struct sink s = { buf, len, 0 };

	for (; *fmt; fmt++) {
		int width = 0, prec = -1, lng = 0;
		char pad = ' ';

		if (*fmt != '%') {
			put(&s, *fmt);
			continue;
		}
		fmt++;
		if (*fmt == '-')
			fmt++; /* left-justify: not needed, ignored */
		if (*fmt == '0')
			pad = '0', fmt++;
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		if (*fmt == '.') {
			prec = 0;
			for (fmt++; *fmt >= '0' && *fmt <= '9'; fmt++)
				prec = prec * 10 + (*fmt - '0');
		}
		while (*fmt == 'l' || *fmt == 'z')
			lng++, fmt++;
		switch (*fmt) {
		case 'd':
		case 'i': {
			long long v = lng ? va_arg(ap, long long) : va_arg(ap, int);

			if (v < 0)
				put(&s, '-'), v = -v;
			put_uint(&s, (unsigned long long)v, 10, width, pad);
			break;
		}
		case 'u':
		case 'x':
			put_uint(&s,
				 lng ? va_arg(ap, unsigned long long) :
				       va_arg(ap, unsigned int),
				 *fmt == 'u' ? 10 : 16, width, pad);
			break;
		case 'p':
			put(&s, '0'), put(&s, 'x');
			put_uint(&s, (uintptr_t)va_arg(ap, void *), 16, 0, ' ');
			break;
		case 'c':
			put(&s, (char)va_arg(ap, int));
			break;
		case 's':
			for (const char *p = va_arg(ap, const char *); *p; p++)
				put(&s, *p);
			break;
		case 'f': {
			double v = va_arg(ap, double);
			unsigned long long scale = 1, whole, frac;

			if (prec < 0)
				prec = 6;
			for (int i = 0; i < prec; i++)
				scale *= 10;
			if (v < 0)
				put(&s, '-'), v = -v;
			whole = (unsigned long long)v;
			frac = (unsigned long long)((v - (double)whole) * scale + 0.5);
			if (frac >= scale)
				whole++, frac -= scale;
			put_uint(&s, whole, 10, 0, ' ');
			if (prec) {
				put(&s, '.');
				put_uint(&s, frac, 10, prec, '0');
			}
			break;
		}
		case '%':
			put(&s, '%');
			break;
		default:
			put(&s, '?');
		}
	}
	if (len)
		buf[s.at < len ? s.at : len - 1] = '\0';
	return (int)s.at;
}

int snprintf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n;
}

static int vfprintf_(FILE *f, const char *fmt, va_list ap)
{
	char buf[1024];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);

	write(f->fd, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
	return n;
}

int fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfprintf_(f, fmt, ap);
	va_end(ap);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfprintf_(stdout, fmt, ap);
	va_end(ap);
	return n;
}

int fflush(FILE *f)
{
	(void)f; /* unbuffered */
	return 0;
}

void perror(const char *s)
{
	fprintf(stderr, "%s: error %d\n", s, errno);
}
