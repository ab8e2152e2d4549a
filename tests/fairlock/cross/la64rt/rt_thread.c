/* SPDX-License-Identifier: MIT */
/*
 * la64rt threads: clone() with a TLS block per thread, join through
 * CLONE_CHILD_CLEARTID, futex-based barrier and once, one pthread key.
 * TLS follows LoongArch's variant I: $tp points at the start of the block,
 * where the linker's local-exec offsets begin.
 */
#include <la64rt.h>

#include "rt_sys.h"

enum { NR_exit = 93, NR_futex = 98, NR_clone = 220, NR_mmap = 222 };
#define CLONE_THREAD_FLAGS                                                  \
	(0x100 | 0x200 | 0x400 | 0x800 | 0x10000 | 0x40000 | 0x80000 |      \
	 0x100000 | 0x200000)
#define SIGCHLD 17
#define STACK_SIZE (256u << 10)

struct rt_thread {
	int tid; /* cleared by the kernel when the thread exits */
	void *(*fn)(void *);
	void *arg;
	void *value; /* the one pthread key's value */
} __attribute__((aligned(64)));

/* ELF headers: just what finding PT_TLS needs. */
struct ehdr {
	unsigned char ident[16];
	uint16_t type, machine;
	uint32_t version;
	uint64_t entry, phoff, shoff;
	uint32_t flags;
	uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};
struct phdr {
	uint32_t type, flags;
	uint64_t offset, vaddr, paddr, filesz, memsz, align;
};
#define PT_TLS 7
extern const struct ehdr __ehdr_start;

static const struct phdr *tls;
static void (*key_destructor)(void *);
/* Child handlers in registration order, as POSIX runs them (the library
 * registers two: the thread index and the parking table). */
static void (*atfork_child[4])(void);
static unsigned int atfork_children;

static void *map(size_t size)
{
	long p = rt_sys(NR_mmap, 0, (long)size, 3 /* RW */,
		      0x22 | 0x4000 /* PRIVATE|ANON|NORESERVE */, -1, 0);

	if (p < 0 && p > -4096) {
		static const char msg[] = "la64rt: mmap failed\n";
		write(2, msg, sizeof(msg) - 1);
		exit(126);
	}
	return (void *)p;
}

static size_t tls_size(void)
{
	return tls ? (tls->memsz + tls->align + 63) & ~(size_t)63 : 0;
}

/* A thread struct followed by its TLS block; returns the $tp value. */
static char *new_tls(struct rt_thread **self)
{
	char *area = map(sizeof(struct rt_thread) + tls_size() + 64);
	char *tp = area + sizeof(struct rt_thread);

	*self = (struct rt_thread *)area;
	if (tls) {
		size_t misalign = tls->vaddr & (tls->align - 1);

		memcpy(tp + misalign, (const void *)tls->vaddr, tls->filesz);
	}
	return tp;
}

static struct rt_thread *self(void)
{
	char *tp;

	__asm__("move %0, $tp" : "=r"(tp));
	return (struct rt_thread *)(tp - sizeof(struct rt_thread));
}

/* Entered by a new thread; its return value is the exit status. */
static long thread_main(struct rt_thread *t)
{
	t->fn(t->arg);
	if (t->value && key_destructor)
		key_destructor(t->value);
	return 0;
}

/*
 * rt_clone(flags, stack, ptid, ctid, tls, fn, arg): the child finds fn and
 * arg on its new stack, calls fn(arg) and exits with its return value.
 */
long rt_clone(long flags, void *stack, int *ptid, int *ctid, void *tp,
	      long (*fn)(struct rt_thread *), void *arg);
__asm__(".text\n"
	".globl rt_clone\n"
	"rt_clone:\n"
	"	addi.d	$a1, $a1, -16\n"
	"	st.d	$a5, $a1, 0\n"
	"	st.d	$a6, $a1, 8\n"
	"	ori	$a7, $zero, 220\n"
	"	syscall	0\n"
	"	beqz	$a0, 1f\n"
	"	jr	$ra\n"
	"1:	ld.d	$t0, $sp, 0\n"
	"	ld.d	$a0, $sp, 8\n"
	"	jirl	$ra, $t0, 0\n"
	"	ori	$a7, $zero, 93\n"
	"	syscall	0\n");

int pthread_create(pthread_t *out, const pthread_attr_t *attr,
		   void *(*fn)(void *), void *arg)
{
	struct rt_thread *t;
	char *tp = new_tls(&t);
	char *stack = map(STACK_SIZE);
	long r;

	(void)attr;
	t->fn = fn;
	t->arg = arg;
	r = rt_clone(CLONE_THREAD_FLAGS, stack + STACK_SIZE, &t->tid, &t->tid,
		     tp, thread_main, t);
	if (r < 0)
		return (int)-r;
	*out = t;
	return 0;
}

int pthread_join(pthread_t t, void **retval)
{
	int tid;

	while ((tid = __atomic_load_n(&t->tid, __ATOMIC_ACQUIRE)) != 0)
		rt_sys(NR_futex, (long)&t->tid, 0 /* FUTEX_WAIT, shared */, tid,
		     0, 0, 0);
	if (retval)
		*retval = NULL;
	return 0;
}

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a,
			 unsigned int count)
{
	(void)a;
	b->count = count;
	b->arrived = 0;
	b->generation = 0;
	return 0;
}

int pthread_barrier_wait(pthread_barrier_t *b)
{
	unsigned int gen = __atomic_load_n(&b->generation, __ATOMIC_ACQUIRE);

	if (__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL) == b->count) {
		__atomic_store_n(&b->arrived, 0, __ATOMIC_RELAXED);
		__atomic_fetch_add(&b->generation, 1, __ATOMIC_RELEASE);
		rt_sys(NR_futex, (long)&b->generation, FUTEX_WAKE_PRIVATE,
		     INT_MAX, 0, 0, 0);
		return 1;
	}
	while (__atomic_load_n(&b->generation, __ATOMIC_ACQUIRE) == gen)
		rt_sys(NR_futex, (long)&b->generation, FUTEX_WAIT_PRIVATE,
		     (long)gen, 0, 0, 0);
	return 0;
}

int pthread_barrier_destroy(pthread_barrier_t *b)
{
	(void)b;
	return 0;
}

int pthread_once(pthread_once_t *once, void (*fn)(void))
{
	int state = 0;

	/* 0: not run, 1: running, 2: done */
	if (__atomic_compare_exchange_n(once, &state, 1, false,
					__ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)) {
		fn();
		__atomic_store_n(once, 2, __ATOMIC_RELEASE);
		rt_sys(NR_futex, (long)once, FUTEX_WAKE_PRIVATE, INT_MAX, 0, 0, 0);
		return 0;
	}
	while ((state = __atomic_load_n(once, __ATOMIC_ACQUIRE)) != 2)
		rt_sys(NR_futex, (long)once, FUTEX_WAIT_PRIVATE, state, 0, 0, 0);
	return 0;
}

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
	if (key_destructor)
		return 11; /* EAGAIN: one key only */
	key_destructor = destructor;
	*key = 0;
	return 0;
}

int pthread_setspecific(pthread_key_t key, const void *value)
{
	(void)key;
	self()->value = (void *)value;
	return 0;
}

int pthread_atfork(void (*prepare)(void), void (*parent)(void),
		   void (*child)(void))
{
	(void)prepare, (void)parent;
	if (!child)
		return 0;
	if (atfork_children == sizeof(atfork_child) / sizeof(atfork_child[0]))
		return 12; /* ENOMEM */
	atfork_child[atfork_children++] = child;
	return 0;
}

pid_t fork(void)
{
	long pid = rt_sys(NR_clone, SIGCHLD, 0, 0, 0, 0, 0);

	if (pid < 0) {
		errno = (int)-pid;
		return -1;
	}
	for (unsigned int i = 0; pid == 0 && i < atfork_children; i++)
		atfork_child[i]();
	return (pid_t)pid;
}

/* ---- start-up -------------------------------------------------------- */

int main(int argc, char **argv);

__attribute__((used)) static _Noreturn void rt_start(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);
	const struct phdr *ph =
		(const void *)((const char *)&__ehdr_start + __ehdr_start.phoff);
	struct rt_thread *main_thread;
	char *tp;
	void rt_init(char **envp);

	for (int i = 0; i < __ehdr_start.phnum; i++)
		if (ph[i].type == PT_TLS)
			tls = &ph[i];
	tp = new_tls(&main_thread);
	__asm__ __volatile__("move $tp, %0" ::"r"(tp) : "memory");
	rt_init(argv + argc + 1);
	exit(main(argc, argv));
}

__asm__(".text\n"
	".globl _start\n"
	"_start:\n"
	"	move	$a0, $sp\n"
	"	bstrins.d $sp, $zero, 3, 0\n"
	"	bl	rt_start\n");
