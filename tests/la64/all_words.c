/* SPDX-License-Identifier: MIT */
/*
 * Decode and print every one of the 2^32 words, on all CPUs, and report
 * how many are LA64 instructions (and of which extension) and how long it
 * took; with --round-trip, also check that each valid one encodes and
 * parses back to itself.  Not a ctest (minutes of CPU); run by hand, see
 * docs/la64.md:
 *	build/tests/la64_all_words [THREADS] [--round-trip]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "la64/la64.h"

/*
 * One thread's counts, on cache lines of their own: they change per word.
 * The threads take chunks of 2^20 words from a shared counter: the
 * vector encodings crowd a few regions, and fixed halves would leave one
 * thread with most of the work.
 */
#define CHUNK_BITS 20
static uint64_t next_chunk; /* atomic */
static bool round_trip;

struct slice {
	uint64_t valid;
	uint64_t per_group[LA64_GROUP_COUNT];
} __attribute__((aligned(64)));

static void *decode_slice(void *arg)
{
	struct slice *s = arg;
	char text[LA64_TEXT_MAX];
	uint64_t c;

	/* RELAXED: the counter only hands out chunks; join publishes counts. */
	while ((c = __atomic_fetch_add(&next_chunk, 1, __ATOMIC_RELAXED)) <
	       (1ull << (32 - CHUNK_BITS))) {
		for (uint64_t w = c << CHUNK_BITS; w < (c + 1) << CHUNK_BITS; w++) {
			struct la64_insn insn;

			bool valid = la64_decode((uint32_t)w, &insn);
			struct la64_insn back;
			uint32_t again;

			if (valid) {
				s->valid++;
				s->per_group[insn.group]++;
			}
			/* Print every word too, so the formatter sees all of them. */
			if (la64_format(&insn, w * 4, LA64_PRINT_CSR_NAMES, text,
					sizeof(text)) >= sizeof(text))
				abort();
			/* Both round trips: the record and the text give w back. */
			/* ... except what LLVM's assembler refuses, which
			 * la64_parse() must refuse as well. */
			if (valid && round_trip && la64_assembler_refuses(&insn)) {
				if (la64_parse(text, &back) != LA64_ERR_CONSTRAINT) {
					fprintf(stderr, "0x%08x '%s' parses; LLVM refuses it\n",
						(unsigned)w, text);
					abort();
				}
			} else if (valid && round_trip &&
			    (la64_encode(&insn, &again) != LA64_OK ||
			     again != (uint32_t)w ||
			     la64_parse(text, &back) != LA64_OK ||
			     back.word != (uint32_t)w)) {
				fprintf(stderr, "0x%08x '%s' does not round-trip\n",
					(unsigned)w, text);
				abort();
			}
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : sysconf(_SC_NPROCESSORS_ONLN);

	round_trip = argc > 2 && strcmp(argv[2], "--round-trip") == 0;
	if (argc > 3 || (argc > 2 && !round_trip))
		n = 0; /* usage */
	struct slice *slices;
	pthread_t *threads;
	struct timespec t0, t1;
	uint64_t valid = 0, groups[LA64_GROUP_COUNT] = { 0 };

	if (n < 1 || n > 1024) {
		fprintf(stderr, "usage: %s [THREADS 1..1024] [--round-trip]\n", argv[0]);
		return 2;
	}
	slices = aligned_alloc(64, (size_t)n * sizeof(*slices));
	if (slices)
		memset(slices, 0, (size_t)n * sizeof(*slices));
	threads = calloc((size_t)n, sizeof(*threads));
	if (!slices || !threads) {
		free(slices);
		free(threads);
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < n; i++) {
		if (pthread_create(&threads[i], NULL, decode_slice, &slices[i]) != 0) {
			perror("pthread_create");
			exit(1);
		}
	}
	for (long i = 0; i < n; i++) {
		pthread_join(threads[i], NULL);
		valid += slices[i].valid;
		for (int g = 0; g < LA64_GROUP_COUNT; g++)
			groups[g] += slices[i].per_group[g];
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("all 2^32 words decoded and printed%s in %.1f s on %ld threads: "
	       "%llu valid (%.2f%%): float %llu, LSX %llu, LASX %llu, LBT %llu, LVZ %llu\n",
	       round_trip ? ", each valid one encoded and parsed back," : "",
	       (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	       n, (unsigned long long)valid, 100.0 * (double)valid / 4294967296.0,
	       (unsigned long long)groups[LA64_GROUP_FLOAT],
	       (unsigned long long)groups[LA64_GROUP_LSX],
	       (unsigned long long)groups[LA64_GROUP_LASX],
	       (unsigned long long)groups[LA64_GROUP_LBT],
	       (unsigned long long)groups[LA64_GROUP_LVZ]);
	free(slices);
	free(threads);
	return 0;
}
