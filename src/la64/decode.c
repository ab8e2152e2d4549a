/* SPDX-License-Identifier: MIT */
/* Decoding: find the table entry of a word, then read its operand fields. */
#include "la64/la64.h"

#include "la64_index.h"
#include "table.h"

/* Sign-extend the low `bits` bits of v. */
static inline int64_t sext(uint32_t v, unsigned bits)
{
	uint64_t sign = 1ull << (bits - 1);
	uint64_t x = v & ((1ull << bits) - 1);

	return (int64_t)((x ^ sign) - sign);
}

static inline unsigned field(uint32_t w, unsigned lsb, unsigned width)
{
	return (w >> lsb) & ((1u << width) - 1);
}

static enum la64_id lookup(uint32_t w)
{
	struct la64__bucket b = la64__l1[w >> LA64__L1_SHIFT];

	if (b.count == LA64__L2_REF)
		b = la64__l2[b.start * LA64__L2_SIZE +
			     field(w, LA64__L2_SHIFT, 7)];
	for (unsigned i = 0; i < b.count; i++) {
		enum la64_id id = (enum la64_id)la64__list[b.start + i];

		if ((w & la64__mask(id)) == la64__table[id].match)
			return id;
	}
	return LA64_INSN_INVALID;
}

/* The operands of the word's format (formats.def), in assembler order. */
static void read_operands(uint32_t w, struct la64_insn *insn)
{
	const struct la64__format_desc *f = &la64__formats[insn->format];

	insn->noperands = f->count;
	for (unsigned i = 0; i < f->count; i++) {
		const struct la64__operand_desc *d = &f->op[i];
		uint32_t raw = field(w, d->lsb, d->width) |
			       field(w, d->hi_lsb, d->hi_width) << d->width;
		int64_t v = d->sign ? sext(raw, d->width + d->hi_width) : (int64_t)raw;

		insn->operand[i].kind = (enum la64_operand_kind)d->kind;
		insn->operand[i].value = v * d->scale + d->add;
	}
}

bool la64_decode(uint32_t word, struct la64_insn *insn)
{
	enum la64_id id = lookup(word);

	insn->word = word;
	insn->id = id;
	insn->format = la64__table[id].format;
	insn->group = la64__table[id].group;
	insn->noperands = 0;
	if (id == LA64_INSN_INVALID)
		return false;
	read_operands(word, insn);
	return true;
}

bool la64_branch_target(const struct la64_insn *insn, uint64_t pc,
			uint64_t *target)
{
	for (unsigned i = 0; i < insn->noperands; i++) {
		if (insn->operand[i].kind == LA64_OPND_BRANCH) {
			/* Wraps modulo 2^64, as the hardware's pc arithmetic does. */
			*target = pc + (uint64_t)insn->operand[i].value;
			return true;
		}
	}
	return false;
}

static bool valid_id(enum la64_id id)
{
	return id > LA64_INSN_INVALID && id < LA64_INSN_COUNT;
}

const char *la64_mnemonic(enum la64_id id)
{
	return valid_id(id) ? la64__table[id].mnemonic : NULL;
}

enum la64_group la64_insn_group(enum la64_id id)
{
	return valid_id(id) ? la64__table[id].group : LA64_GROUP_NONE;
}

enum la64_format la64_insn_format(enum la64_id id)
{
	return valid_id(id) ? la64__table[id].format : LA64_FMT_NONE;
}

bool la64_insn_encoding(enum la64_id id, uint32_t *match, uint32_t *mask)
{
	if (!valid_id(id))
		return false;
	*match = la64__table[id].match;
	*mask = la64__mask(id);
	return true;
}
