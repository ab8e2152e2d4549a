/* SPDX-License-Identifier: MIT */
/*
 * la64rt: the least of a C library that fairlock's tests need, for running
 * them on LoongArch LA64 under qemu-loongarch64 where Debian 12 has no libc.
 * Raw Linux system calls (`syscall 0`), threads by clone() with TLS,
 * futex-based join, barrier and once, fork/wait4 for the death tests, and a
 * small printf.  Not a general libc: only what the tests call.
 */
#ifndef LA64RT_H
#define LA64RT_H

#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef long ssize_t;
typedef int pid_t;
typedef long time_t;

/* stdio */
typedef struct rt_file { int fd; } FILE;
extern FILE *stdout, *stderr;
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int snprintf(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t len, const char *fmt, va_list ap);
int fflush(FILE *f);
void perror(const char *s);

/* stdlib */
_Noreturn void exit(int status);
_Noreturn void _exit(int status);
_Noreturn void abort(void);
int atoi(const char *s);
long atol(const char *s);
char *getenv(const char *name);
void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void free(void *p);

/* string */
void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strstr(const char *h, const char *n);

/* unistd, errno, signals, wait */
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
extern int errno;
#define EINTR 4
#define EAGAIN 11
#define EINVAL 22
#define ETIMEDOUT 110
ssize_t write(int fd, const void *buf, size_t n);
ssize_t read(int fd, void *buf, size_t n);
int close(int fd);
int pipe(int fds[2]);
int dup2(int from, int to);
pid_t fork(void);
pid_t waitpid(pid_t pid, int *status, int options);
#define WNOHANG 1
int kill(pid_t pid, int sig);
long syscall(long nr, ...);
#define SIGABRT 6
#define SIGKILL 9
#define SIG_DFL ((void (*)(int))0)
void (*signal(int sig, void (*handler)(int)))(int);
#define WIFSIGNALED(s) (((s) & 0x7f) != 0 && ((s) & 0x7f) != 0x7f)
#define WTERMSIG(s) ((s) & 0x7f)
#define WEXITSTATUS(s) (((s) >> 8) & 0xff)

/* time, sched */
struct timespec { time_t tv_sec; long tv_nsec; };
typedef int clockid_t;
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_MONOTONIC_COARSE 6
/* No configuration values here: sysconf() fails with EINVAL. */
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PAGESIZE 30
long sysconf(int name);
int clock_gettime(clockid_t clock, struct timespec *ts);
int nanosleep(const struct timespec *req, struct timespec *rem);
int sched_yield(void);

/* pthread */
typedef struct rt_thread *pthread_t;
typedef struct { int unused; } pthread_attr_t;
typedef struct { unsigned int count, arrived, generation; } pthread_barrier_t;
typedef struct { int unused; } pthread_barrierattr_t;
typedef int pthread_once_t;
#define PTHREAD_ONCE_INIT 0
typedef unsigned int pthread_key_t;
int pthread_create(pthread_t *t, const pthread_attr_t *attr,
		   void *(*fn)(void *), void *arg);
int pthread_join(pthread_t t, void **ret);
int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a,
			 unsigned int count);
int pthread_barrier_wait(pthread_barrier_t *b);
int pthread_barrier_destroy(pthread_barrier_t *b);
int pthread_once(pthread_once_t *once, void (*fn)(void));
int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int pthread_setspecific(pthread_key_t key, const void *value);
int pthread_atfork(void (*prepare)(void), void (*parent)(void),
		   void (*child)(void));

/* mman */
#define PROT_READ 1
#define PROT_WRITE 2
#define MAP_PRIVATE 0x02
#define MAP_ANONYMOUS 0x20
#define MAP_FAILED ((void *)-1)
#define MADV_WIPEONFORK 18
void *mmap(void *addr, size_t len, int prot, int flags, int fd, long off);
int munmap(void *addr, size_t len);
int madvise(void *addr, size_t len, int advice);

/* futex, syscall numbers (asm-generic, as LoongArch uses) */
#define SYS_futex 98
#define SYS_sched_getaffinity 123
#define FUTEX_WAIT_PRIVATE 128
#define FUTEX_WAKE_PRIVATE 129
#define FUTEX_CLOCK_REALTIME 256
#define FUTEX_WAIT_BITSET_PRIVATE 137
#define FUTEX_BITSET_MATCH_ANY 0xffffffff

#endif
