/* SPDX-License-Identifier: MIT */
/* Encoding: an instruction record back to its word, field by field. */
#include "la64/la64.h"

#include "table.h"

static const char *const status_text[] = {
	[LA64_OK] = "ok",
	[LA64_ERR_ID] = "unknown instruction",
	[LA64_ERR_OPERANDS] = "wrong number or kind of operands",
	[LA64_ERR_RANGE] = "operand out of range",
	[LA64_ERR_ALIGN] = "offset not a multiple of its scale",
	[LA64_ERR_RESERVED] = "operand value reserved for another instruction",
	[LA64_ERR_SYNTAX] = "syntax error",
	[LA64_ERR_CONSTRAINT] = "operands refused together (msb below lsb, or an AM* rd equal to rj or rk)",
};

const char *la64_status_text(enum la64_status status)
{
	if ((unsigned)status >= sizeof(status_text) / sizeof(status_text[0]))
		return "unknown status";
	return status_text[status];
}

/* The field value of one operand, or an error. */
static enum la64_status field_value(const struct la64__operand_desc *d,
				    int64_t value, uint32_t *raw)
{
	unsigned bits = d->width + d->hi_width;
	int64_t v = value - d->add;

	if (v % d->scale != 0)
		return LA64_ERR_ALIGN;
	v /= d->scale;
	if (d->sign ? v < -(INT64_C(1) << (bits - 1)) || v >= INT64_C(1) << (bits - 1)
		    : v < 0 || v >= INT64_C(1) << bits)
		return LA64_ERR_RANGE;
	*raw = (uint32_t)v & (uint32_t)((UINT64_C(1) << bits) - 1);
	return LA64_OK;
}

enum la64_status la64__encode(const struct la64_insn *insn, struct la64_insn *back)
{
	const struct la64__format_desc *f;
	uint32_t w;

	if (insn->id <= LA64_INSN_INVALID || insn->id >= LA64_INSN_COUNT)
		return LA64_ERR_ID;
	f = &la64__formats[la64__table[insn->id].format];
	if (insn->noperands != f->count)
		return LA64_ERR_OPERANDS;
	w = la64__table[insn->id].match;
	for (unsigned i = 0; i < f->count; i++) {
		const struct la64__operand_desc *d = &f->op[i];
		enum la64_status st;
		uint32_t raw;

		if (insn->operand[i].kind != (enum la64_operand_kind)d->kind)
			return LA64_ERR_OPERANDS;
		st = field_value(d, insn->operand[i].value, &raw);
		if (st != LA64_OK)
			return st;
		w |= (raw & (uint32_t)LA64__BITS(0, d->width)) << d->lsb;
		if (d->hi_width)
			w |= (raw >> d->width) << d->hi_lsb;
	}
	/* An encoding whose field values name another instruction. */
	if (!la64_decode(w, back) || back->id != insn->id)
		return LA64_ERR_RESERVED;
	return LA64_OK;
}

enum la64_status la64_encode(const struct la64_insn *insn, uint32_t *word)
{
	struct la64_insn back;
	enum la64_status st = la64__encode(insn, &back);

	if (st == LA64_OK)
		*word = back.word;
	return st;
}
