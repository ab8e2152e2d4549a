/* SPDX-License-Identifier: MIT */
/* The opcode table shared by the decoder and the index generator. */
#ifndef LA64_TABLE_H
#define LA64_TABLE_H

#include <stdint.h>

#include "la64/la64.h"

struct la64__entry {
	const char *mnemonic;
	uint32_t match;
	enum la64_format format;
	enum la64_group group;
};

/*
 * Bits of the word that each format takes as operands; every other bit is
 * opcode and must equal the table's match.  The register fields sit at
 * rd/fd/cd [4:0], rj/fj/cj [9:5], rk/fk [14:10], ra/fa [19:15].  Where a
 * field is wider than its operand (cd is 3 bits of a 5-bit slot, fcsr is 2
 * bits of 5, cj 3 of 5) the unused bits are opcode: they must be zero, and
 * LLVM refuses the word otherwise.
 */
static const uint32_t la64__field_bits[LA64_FMT_COUNT] = {
	[LA64_FMT_NONE] = 0,
	[LA64_FMT_DJ] = 0x3ff,
	[LA64_FMT_DJK] = 0x7fff,
	[LA64_FMT_DKJ] = 0x7fff,
	[LA64_FMT_DJKSA2P1] = 0x1ffff,
	[LA64_FMT_DJKSA2] = 0x1ffff,
	[LA64_FMT_DJKSA3] = 0x3ffff,
	[LA64_FMT_DJUI5] = 0x7fff,
	[LA64_FMT_DJUI6] = 0xffff,
	[LA64_FMT_DJUI8] = 0x3ffff,
	[LA64_FMT_DJSI12] = 0x3fffff,
	[LA64_FMT_DJUI12] = 0x3fffff,
	[LA64_FMT_DJSI14S2] = 0xffffff,
	[LA64_FMT_DJSI16] = 0x3ffffff,
	[LA64_FMT_DJOFFS16] = 0x3ffffff,
	[LA64_FMT_JDOFFS16] = 0x3ffffff,
	[LA64_FMT_DSI20] = 0x1ffffff,
	[LA64_FMT_JOFFS21] = 0x3ffffff,
	[LA64_FMT_OFFS26] = 0x3ffffff,
	[LA64_FMT_DJMSLSW] = 0x1f7fff,	/* bit 15 tells bstrins from bstrpick */
	[LA64_FMT_DJMSLSD] = 0x3fffff,
	[LA64_FMT_UI15] = 0x7fff,
	[LA64_FMT_JK] = 0x7fe0,		/* rd is zero */
	[LA64_FMT_HINTJSI12] = 0x3fffff,
	[LA64_FMT_HINTJK] = 0x7fff,
	[LA64_FMT_DCSR] = 0xfffc1f,	/* rj 0 is csrrd, 1 csrwr */
	[LA64_FMT_DJCSR] = 0xffffff,	/* any other rj: csrxchg */
	[LA64_FMT_JUI8] = 0x3ffe0,	/* rd is zero */
	[LA64_FMT_FF] = 0x3ff,
	[LA64_FMT_FFF] = 0x7fff,
	[LA64_FMT_FFFF] = 0xfffff,
	[LA64_FMT_CFF] = 0x7fe7,
	[LA64_FMT_FFFC] = 0x3ffff,
	[LA64_FMT_FJSI12] = 0x3fffff,
	[LA64_FMT_FJK] = 0x7fff,
	[LA64_FMT_FR] = 0x3ff,
	[LA64_FMT_RF] = 0x3ff,
	[LA64_FMT_FCSRJ] = 0x3e3,
	[LA64_FMT_DFCSR] = 0x7f,
	[LA64_FMT_CF] = 0x3e7,
	[LA64_FMT_FC] = 0xff,
	[LA64_FMT_CR] = 0x3e7,
	[LA64_FMT_RC] = 0xff,
	[LA64_FMT_COFFS21] = 0x3fffcff,
};

/* Indexed by enum la64_id; entry 0 is LA64_INSN_INVALID. */
static const struct la64__entry la64__table[LA64_INSN_COUNT] = {
	[LA64_INSN_INVALID] = { NULL, 0, LA64_FMT_NONE, LA64_GROUP_NONE },
#define LA64_INSN(id, mnemonic, match, format, group) \
	[LA64_INSN_##id] = { mnemonic, match, LA64_FMT_##format, LA64_GROUP_##group },
#include "la64/opcodes.def"
#undef LA64_INSN
};

static inline uint32_t la64__mask(enum la64_id id)
{
	return ~la64__field_bits[la64__table[id].format];
}

#endif /* LA64_TABLE_H */
