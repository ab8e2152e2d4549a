/* SPDX-License-Identifier: MIT */
/* What every lock shares: yielding while waiting, and reporting misuse. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <fairlock/arch.h>

void fl__yield(void)
{
	sched_yield();
}

void fl__bug(const char *func, const void *lock, const char *why)
{
	char msg[256];
	int len = snprintf(msg, sizeof(msg), "fairlock: %s(%p): %s\n", func,
			   lock, why);

	/* write(2), not stdio: the process may be in any state here. */
	if (len > 0) {
		ssize_t ignored = write(STDERR_FILENO, msg,
					(size_t)len < sizeof(msg) ?
						(size_t)len : sizeof(msg) - 1);
		(void)ignored;
	}
	abort();
}
