/* SPDX-License-Identifier: MIT */
/*
 * Printing: the text llvm-objdump-19 prints, by default with the aliases
 * LLVM 19 prints (nop, move, ret, jr) and decimal immediates.
 *
 * This is the disassembler's inner loop, so it appends with its own small
 * writer instead of snprintf.
 */
#include <string.h>

#include "la64/la64.h"

struct out {
	char *buf;
	size_t size;
	size_t len;	/* what the full text needs, even past size */
};

static void put_char(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_str(struct out *o, const char *s)
{
	while (*s)
		put_char(o, *s++);
}

static void put_udec(struct out *o, uint64_t v)
{
	char digits[20];
	int n = 0;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		put_char(o, digits[--n]);
}

/* A numbered register: its class's prefix, then the number. */
static void put_numbered(struct out *o, const char *prefix, int64_t n)
{
	put_str(o, prefix);
	put_udec(o, (uint64_t)n);
}

static void put_sdec(struct out *o, int64_t v)
{
	if (v < 0) {
		put_char(o, '-');
		put_udec(o, 0 - (uint64_t)v);
	} else {
		put_udec(o, (uint64_t)v);
	}
}

static void put_hex(struct out *o, uint64_t v, int min_digits)
{
	static const char hex[] = "0123456789abcdef";
	char digits[16];
	int n = 0;

	do {
		digits[n++] = hex[v & 15];
		v >>= 4;
	} while (v);
	while (n < min_digits)
		digits[n++] = '0';
	while (n)
		put_char(o, digits[--n]);
}

static void finish(struct out *o)
{
	if (o->size == 0)
		return;
	o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

static void put_operand(struct out *o, const struct la64_operand *op,
			unsigned flags)
{
	switch (op->kind) {
	case LA64_OPND_GPR:
		put_str(o, la64_gpr_name((unsigned)op->value, flags));
		break;
	case LA64_OPND_FPR:
		put_str(o, la64_fpr_name((unsigned)op->value, flags));
		break;
	case LA64_OPND_FCC:
		put_numbered(o, "$fcc", op->value);
		break;
	case LA64_OPND_FCSR:
		put_numbered(o, "$fcsr", op->value);
		break;
	case LA64_OPND_VR:
		put_numbered(o, "$vr", op->value);
		break;
	case LA64_OPND_XR:
		put_numbered(o, "$xr", op->value);
		break;
	case LA64_OPND_SCR:
		put_numbered(o, "$scr", op->value);
		break;
	case LA64_OPND_CSR:
	case LA64_OPND_UIMM:
	case LA64_OPND_SIMM:
	case LA64_OPND_BRANCH:
		put_sdec(o, op->value);
		break;
	case LA64_OPND_NONE:
		break;
	}
}

/*
 * The aliases LLVM 19 prints (its InstAlias entries with a non-zero
 * priority): nop, move, ret and jr.  When one applies, set the mnemonic
 * and the range [*first, *last) of operands it prints, and return true.
 */
static bool alias(const struct la64_insn *insn, const char **mnemonic,
		  unsigned *first, unsigned *last)
{
	const struct la64_operand *op = insn->operand;

	*first = 0;
	switch (insn->id) {
	case LA64_INSN_ANDI:
		if (op[0].value != 0 || op[1].value != 0 || op[2].value != 0)
			return false;
		*mnemonic = "nop";
		*last = 0;
		return true;
	case LA64_INSN_OR:
		if (op[2].value != 0)
			return false;
		*mnemonic = "move";	/* rd, rj */
		*last = 2;
		return true;
	case LA64_INSN_JIRL:
		if (op[0].value != 0 || op[2].value != 0)
			return false;
		if (op[1].value == 1) {
			*mnemonic = "ret";
			*last = 0;
		} else {
			*mnemonic = "jr";	/* rj alone */
			*first = 1;
			*last = 2;
		}
		return true;
	default:
		return false;
	}
}

size_t la64_format(const struct la64_insn *insn, uint64_t pc, unsigned flags,
		   char *buf, size_t size)
{
	struct out o = { buf, size, 0 };
	const char *mnemonic = la64_mnemonic(insn->id);
	unsigned first = 0, last = insn->noperands;

	(void)pc;
	if (!mnemonic) {
		put_str(&o, ".word\t0x");
		put_hex(&o, insn->word, 8);
		finish(&o);
		return o.len;
	}
	if (!(flags & LA64_PRINT_NO_ALIASES))
		alias(insn, &mnemonic, &first, &last);
	put_str(&o, mnemonic);
	/* LLVM ends an instruction without operands with the separator too. */
	if (insn->format == LA64_FMT_NONE)
		put_char(&o, '\t');
	for (unsigned i = first; i < last; i++) {
		put_str(&o, i == first ? "\t" : ", ");
		put_operand(&o, &insn->operand[i], flags);
	}
	if ((flags & LA64_PRINT_CSR_NAMES) &&
	    (insn->format == LA64_FMT_DCSR || insn->format == LA64_FMT_DJCSR)) {
		char name[16];

		if (la64_csr_name((unsigned)insn->operand[last - 1].value, name,
				  sizeof(name))) {
			put_str(&o, "\t# ");
			put_str(&o, name);
		}
	}
	finish(&o);
	return o.len;
}
