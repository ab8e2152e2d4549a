/* SPDX-License-Identifier: MIT */
/* The opcode table shared by the decoder and the index generator. */
#ifndef LA64_TABLE_H
#define LA64_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "la64/la64.h"

struct la64__entry {
	const char *mnemonic;
	uint32_t match;
	enum la64_format format;
	enum la64_group group;
};

/* Bits lsb..lsb+width-1 of a word. */
#define LA64__BITS(lsb, width) (((UINT32_C(1) << (width)) - 1) << (lsb))

/*
 * Bits of the word that each format takes as operands (formats.def);
 * every other bit is opcode and must equal the table's match.
 */
static const uint32_t la64__field_bits[LA64_FMT_COUNT] = {
#define NOOP
#define U(kind, lsb, width) | LA64__BITS(lsb, width)
#define P1(kind, lsb, width) | LA64__BITS(lsb, width)
#define S(kind, lsb, width, scale) | LA64__BITS(lsb, width)
#define SPLIT(kind, lsb, width, hlsb, hwidth) \
	| LA64__BITS(lsb, width) | LA64__BITS(hlsb, hwidth)
#define LA64_FORMAT(name, operands) [LA64_FMT_##name] = 0 operands,
#include "formats.def"
#include "la64/formats_ext.def"
#undef LA64_FORMAT
#undef SPLIT
#undef S
#undef P1
#undef U
#undef NOOP
};

/*
 * One operand of a format: the value is the field at lsb (and, for a
 * split offset, the high bits at hi_lsb above it), sign-extended if
 * `sign`, times `scale`, plus `add`.
 */
struct la64__operand_desc {
	uint8_t kind;		/* enum la64_operand_kind */
	uint8_t lsb, width, hi_lsb, hi_width;
	uint8_t scale, add;
	bool sign;
};

struct la64__format_desc {
	uint8_t count;
	struct la64__operand_desc op[LA64_MAX_OPERANDS];
};

static const struct la64__format_desc la64__formats[LA64_FMT_COUNT] = {
#define NOOP
#define OPND(kind, lsb, width, hl, hw, scale, add, sign) \
	{ LA64_OPND_##kind, lsb, width, hl, hw, scale, add, sign },
#define U(kind, lsb, width) OPND(kind, lsb, width, 0, 0, 1, 0, false)
#define P1(kind, lsb, width) OPND(kind, lsb, width, 0, 0, 1, 1, false)
#define S(kind, lsb, width, scale) OPND(kind, lsb, width, 0, 0, scale, 0, true)
#define SPLIT(kind, lsb, width, hlsb, hwidth) \
	OPND(kind, lsb, width, hlsb, hwidth, 4, 0, true)
#define LA64_FORMAT(name, operands) [LA64_FMT_##name] = { \
	sizeof((struct la64__operand_desc[]){ operands { 0 } }) / \
	sizeof(struct la64__operand_desc) - 1, { operands } },
#include "formats.def"
#include "la64/formats_ext.def"
#undef LA64_FORMAT
#undef SPLIT
#undef S
#undef P1
#undef U
#undef OPND
#undef NOOP
};

/* Indexed by enum la64_id; entry 0 is LA64_INSN_INVALID. */
static const struct la64__entry la64__table[LA64_INSN_COUNT] = {
	[LA64_INSN_INVALID] = { NULL, 0, LA64_FMT_NONE, LA64_GROUP_NONE },
#define LA64_INSN(id, mnemonic, match, format, group) \
	[LA64_INSN_##id] = { mnemonic, match, LA64_FMT_##format, LA64_GROUP_##group },
#include "la64/opcodes.def"
#include "la64/opcodes_ext.def"
#undef LA64_INSN
};

/*
 * la64_encode(), keeping the record the word decodes back to (the check
 * that no other instruction owns it): la64_parse() returns that record.
 */
enum la64_status la64__encode(const struct la64_insn *insn, struct la64_insn *back);

static inline uint32_t la64__mask(enum la64_id id)
{
	return ~la64__field_bits[la64__table[id].format];
}

#endif /* LA64_TABLE_H */
