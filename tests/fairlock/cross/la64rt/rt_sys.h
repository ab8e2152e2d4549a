/* SPDX-License-Identifier: MIT */
/* la64rt: the raw LoongArch system call (number in $a7, `syscall 0`). */
#ifndef LA64RT_SYS_H
#define LA64RT_SYS_H

static inline long rt_sys(long n, long a, long b, long c, long d, long e,
			  long f)
{
	register long a7 __asm__("$a7") = n;
	register long a0 __asm__("$a0") = a;
	register long a1 __asm__("$a1") = b;
	register long a2 __asm__("$a2") = c;
	register long a3 __asm__("$a3") = d;
	register long a4 __asm__("$a4") = e;
	register long a5 __asm__("$a5") = f;

	/* The kernel may clobber the temporaries, as glibc's wrappers say. */
	__asm__ __volatile__("syscall 0"
			     : "+r"(a0)
			     : "r"(a7), "r"(a1), "r"(a2), "r"(a3), "r"(a4),
			       "r"(a5)
			     : "memory", "$t0", "$t1", "$t2", "$t3", "$t4", "$t5",
			       "$t6", "$t7", "$t8");
	return a0;
}

#endif
