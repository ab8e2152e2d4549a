/* SPDX-License-Identifier: MIT */
/*
 * Words for the differential test against llvm-objdump-19, written as an
 * assembler file of .word directives.
 *
 * For every encoding of the table: each operand field at its edges (0,
 * all ones, the sign bit alone, all but the sign bit) and many random
 * operand values, every register in every register field.  Then words one
 * opcode bit away from each encoding (LLVM must refuse them too, or
 * decode them as the same other instruction we do), and uniformly random
 * words.
 *
 * The operand fields here are written from the ISA manual independently of
 * the decoder's own table, so that a wrong field in one shows as a
 * difference.
 *
 * usage: gen_words [RANDOM_PER_ENCODING [UNIFORM_RANDOM]] > words.s
 *        gen_words --mnemonics    (the table's mnemonics, one per line)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "la64/la64.h"

struct field {
	unsigned lsb, width;
};

/* Up to five fields per format; width 0 ends the list. */
static const struct field fields[LA64_FMT_COUNT][5] = {
	[LA64_FMT_DJ] = { { 0, 5 }, { 5, 5 } },
	[LA64_FMT_DJK] = { { 0, 5 }, { 5, 5 }, { 10, 5 } },
	[LA64_FMT_DKJ] = { { 0, 5 }, { 5, 5 }, { 10, 5 } },
	[LA64_FMT_DJKSA2P1] = { { 0, 5 }, { 5, 5 }, { 10, 5 }, { 15, 2 } },
	[LA64_FMT_DJKSA2] = { { 0, 5 }, { 5, 5 }, { 10, 5 }, { 15, 2 } },
	[LA64_FMT_DJKSA3] = { { 0, 5 }, { 5, 5 }, { 10, 5 }, { 15, 3 } },
	[LA64_FMT_DJUI5] = { { 0, 5 }, { 5, 5 }, { 10, 5 } },
	[LA64_FMT_DJUI6] = { { 0, 5 }, { 5, 5 }, { 10, 6 } },
	[LA64_FMT_DJUI8] = { { 0, 5 }, { 5, 5 }, { 10, 8 } },
	[LA64_FMT_DJSI12] = { { 0, 5 }, { 5, 5 }, { 10, 12 } },
	[LA64_FMT_DJUI12] = { { 0, 5 }, { 5, 5 }, { 10, 12 } },
	[LA64_FMT_DJSI14S2] = { { 0, 5 }, { 5, 5 }, { 10, 14 } },
	[LA64_FMT_DJSI16] = { { 0, 5 }, { 5, 5 }, { 10, 16 } },
	[LA64_FMT_DJOFFS16] = { { 0, 5 }, { 5, 5 }, { 10, 16 } },
	[LA64_FMT_JDOFFS16] = { { 0, 5 }, { 5, 5 }, { 10, 16 } },
	[LA64_FMT_DSI20] = { { 0, 5 }, { 5, 20 } },
	[LA64_FMT_JOFFS21] = { { 0, 5 }, { 5, 5 }, { 10, 16 } },
	[LA64_FMT_OFFS26] = { { 0, 10 }, { 10, 16 } },
	[LA64_FMT_DJMSLSW] = { { 0, 5 }, { 5, 5 }, { 10, 5 }, { 16, 5 } },
	[LA64_FMT_DJMSLSD] = { { 0, 5 }, { 5, 5 }, { 10, 6 }, { 16, 6 } },
	[LA64_FMT_UI15] = { { 0, 15 } },
	[LA64_FMT_JK] = { { 5, 5 }, { 10, 5 } },
	[LA64_FMT_HINTJSI12] = { { 0, 5 }, { 5, 5 }, { 10, 12 } },
	[LA64_FMT_HINTJK] = { { 0, 5 }, { 5, 5 }, { 10, 5 } },
	[LA64_FMT_DCSR] = { { 0, 5 }, { 10, 14 } },
	[LA64_FMT_DJCSR] = { { 0, 5 }, { 5, 5 }, { 10, 14 } },
	[LA64_FMT_JUI8] = { { 5, 5 }, { 10, 8 } },
	[LA64_FMT_FF] = { { 0, 5 }, { 5, 5 } },
	[LA64_FMT_FFF] = { { 0, 5 }, { 5, 5 }, { 10, 5 } },
	[LA64_FMT_FFFF] = { { 0, 5 }, { 5, 5 }, { 10, 5 }, { 15, 5 } },
	[LA64_FMT_CFF] = { { 0, 3 }, { 5, 5 }, { 10, 5 } },
	[LA64_FMT_FFFC] = { { 0, 5 }, { 5, 5 }, { 10, 5 }, { 15, 3 } },
	[LA64_FMT_FJSI12] = { { 0, 5 }, { 5, 5 }, { 10, 12 } },
	[LA64_FMT_FJK] = { { 0, 5 }, { 5, 5 }, { 10, 5 } },
	[LA64_FMT_FR] = { { 0, 5 }, { 5, 5 } },
	[LA64_FMT_RF] = { { 0, 5 }, { 5, 5 } },
	[LA64_FMT_FCSRJ] = { { 0, 2 }, { 5, 5 } },
	[LA64_FMT_DFCSR] = { { 0, 5 }, { 5, 2 } },
	[LA64_FMT_CF] = { { 0, 3 }, { 5, 5 } },
	[LA64_FMT_FC] = { { 0, 5 }, { 5, 3 } },
	[LA64_FMT_CR] = { { 0, 3 }, { 5, 5 } },
	[LA64_FMT_RC] = { { 0, 5 }, { 5, 3 } },
	[LA64_FMT_COFFS21] = { { 0, 5 }, { 5, 3 }, { 10, 16 } },
	/*
	 * The extensions' fields come from their generated formats: that
	 * table was itself read off LLVM (src/la64/gen/probe_llvm.py), so here
	 * the independent check is LLVM's decoding of random field values.
	 */
#define NOOP
#define U(kind, lsb, width) { lsb, width },
#define S(kind, lsb, width, scale) { lsb, width },
#define SPLIT(kind, lsb, width, hlsb, hwidth) { lsb, width }, { hlsb, hwidth },
#define LA64_FORMAT(name, operands) [LA64_FMT_##name] = { operands },
#include "la64/formats_ext.def"
#undef LA64_FORMAT
#undef SPLIT
#undef S
#undef U
#undef NOOP
};

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next32(void)
{
	/* xorshift64*: reproducible, so a failure can be replayed. */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (uint32_t)((rng * 2685821657736338717ull) >> 32);
}

static uint32_t place(struct field f, uint32_t v)
{
	return (v & ((1u << f.width) - 1)) << f.lsb;
}

static uint32_t random_fields(const struct field *fs)
{
	uint32_t w = 0;

	for (int i = 0; i < 5 && fs[i].width; i++)
		w |= place(fs[i], next32());
	return w;
}

static void emit(uint32_t w)
{
	printf(".word 0x%08x\n", w);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--mnemonics") == 0) {
		for (unsigned id = 1; id < LA64_INSN_COUNT; id++)
			puts(la64_mnemonic(id));
		return 0;
	}
	unsigned per_encoding = argc > 1 ? (unsigned)atoi(argv[1]) : 64;
	unsigned uniform = argc > 2 ? (unsigned)atoi(argv[2]) : 100000;

	for (unsigned id = 1; id < LA64_INSN_COUNT; id++) {
		const struct field *fs = fields[la64_insn_format(id)];
		uint32_t match, mask;

		la64_insn_encoding(id, &match, &mask);
		emit(match);
		/* Each field at its edges, the others random. */
		for (int i = 0; i < 5 && fs[i].width; i++) {
			uint32_t ones = (1u << fs[i].width) - 1;
			uint32_t sign = 1u << (fs[i].width - 1);
			uint32_t edges[] = { 0, ones, sign, ones & ~sign, 1 };

			for (unsigned e = 0; e < sizeof(edges) / sizeof(edges[0]); e++) {
				uint32_t others = random_fields(fs) & ~place(fs[i], ones);

				emit(match | others | place(fs[i], edges[e]));
			}
		}
		/* Every register number in every 5-bit field. */
		for (int i = 0; i < 5 && fs[i].width; i++)
			if (fs[i].width == 5)
				for (uint32_t r = 0; r < 32; r++)
					emit(match | (random_fields(fs) & ~place(fs[i], 31)) |
					     place(fs[i], r));
		for (unsigned n = 0; n < per_encoding; n++)
			emit(match | random_fields(fs));
		/* One opcode bit away. */
		for (unsigned b = 0; b < 32; b++)
			if (mask & (1u << b))
				emit((match | random_fields(fs)) ^ (1u << b));
	}
	for (unsigned n = 0; n < uniform; n++)
		emit(next32());
	return 0;
}
