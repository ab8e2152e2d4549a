/* SPDX-License-Identifier: MIT */
/*
 * A workload for the memreclaim scenarios: allocates MB megabytes of
 * anonymous memory, fills it (compressible: a repeating pattern; random:
 * incompressible bytes), writes READY to stdout, then sleeps.
 * usage: workload MB compressible|random
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	size_t mb = argc > 1 ? strtoul(argv[1], NULL, 10) : 0;
	int random_fill = argc > 2 && !strcmp(argv[2], "random");
	size_t len = mb << 20;
	unsigned char *p;
	unsigned long x = 88172645463325252ul;

	if (mb == 0) {
		fprintf(stderr, "usage: workload MB compressible|random\n");
		return 2;
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (p == MAP_FAILED) {
		perror("workload: mmap");
		return 1;
	}
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
	for (;;)
		pause();
}
