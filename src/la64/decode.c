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

#define RD(w) field(w, 0, 5)
#define RJ(w) field(w, 5, 5)
#define RK(w) field(w, 10, 5)
#define RA(w) field(w, 15, 5)

/* The two split offsets: 1RI21 keeps offs[20:16] in [4:0], I26 offs[25:16] in [9:0]. */
static inline int64_t offs21(uint32_t w)
{
	return sext(field(w, 10, 16) | field(w, 0, 5) << 16, 21) * 4;
}

static inline int64_t offs26(uint32_t w)
{
	return sext(field(w, 10, 16) | field(w, 0, 10) << 16, 26) * 4;
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

static void put(struct la64_insn *insn, enum la64_operand_kind kind,
		int64_t value)
{
	insn->operand[insn->noperands].kind = kind;
	insn->operand[insn->noperands].value = value;
	insn->noperands++;
}

#define GPR(v) put(insn, LA64_OPND_GPR, (v))
#define FPR(v) put(insn, LA64_OPND_FPR, (v))
#define FCC(v) put(insn, LA64_OPND_FCC, (v))
#define UIMM(v) put(insn, LA64_OPND_UIMM, (v))
#define SIMM(v) put(insn, LA64_OPND_SIMM, (v))
#define BRANCH(v) put(insn, LA64_OPND_BRANCH, (v))

static void read_operands(uint32_t w, struct la64_insn *insn)
{
	switch (insn->format) {
	case LA64_FMT_NONE:
	case LA64_FMT_COUNT:
		break;
	case LA64_FMT_DJ:
		GPR(RD(w)); GPR(RJ(w));
		break;
	case LA64_FMT_DJK:
		GPR(RD(w)); GPR(RJ(w)); GPR(RK(w));
		break;
	case LA64_FMT_DKJ:
		GPR(RD(w)); GPR(RK(w)); GPR(RJ(w));
		break;
	case LA64_FMT_DJKSA2P1:
		/* alsl shifts by sa2 + 1: the assembler text holds 1..4. */
		GPR(RD(w)); GPR(RJ(w)); GPR(RK(w)); UIMM(field(w, 15, 2) + 1);
		break;
	case LA64_FMT_DJKSA2:
		GPR(RD(w)); GPR(RJ(w)); GPR(RK(w)); UIMM(field(w, 15, 2));
		break;
	case LA64_FMT_DJKSA3:
		GPR(RD(w)); GPR(RJ(w)); GPR(RK(w)); UIMM(field(w, 15, 3));
		break;
	case LA64_FMT_DJUI5:
		GPR(RD(w)); GPR(RJ(w)); UIMM(field(w, 10, 5));
		break;
	case LA64_FMT_DJUI6:
		GPR(RD(w)); GPR(RJ(w)); UIMM(field(w, 10, 6));
		break;
	case LA64_FMT_DJUI8:
		GPR(RD(w)); GPR(RJ(w)); UIMM(field(w, 10, 8));
		break;
	case LA64_FMT_DJSI12:
		GPR(RD(w)); GPR(RJ(w)); SIMM(sext(field(w, 10, 12), 12));
		break;
	case LA64_FMT_DJUI12:
		GPR(RD(w)); GPR(RJ(w)); UIMM(field(w, 10, 12));
		break;
	case LA64_FMT_DJSI14S2:
		GPR(RD(w)); GPR(RJ(w)); SIMM(sext(field(w, 10, 14), 14) * 4);
		break;
	case LA64_FMT_DJSI16:
		GPR(RD(w)); GPR(RJ(w)); SIMM(sext(field(w, 10, 16), 16));
		break;
	case LA64_FMT_DJOFFS16:
		/* jirl: the offset is from rj, not from the pc. */
		GPR(RD(w)); GPR(RJ(w)); SIMM(sext(field(w, 10, 16), 16) * 4);
		break;
	case LA64_FMT_JDOFFS16:
		GPR(RJ(w)); GPR(RD(w)); BRANCH(sext(field(w, 10, 16), 16) * 4);
		break;
	case LA64_FMT_DSI20:
		GPR(RD(w)); SIMM(sext(field(w, 5, 20), 20));
		break;
	case LA64_FMT_JOFFS21:
		GPR(RJ(w)); BRANCH(offs21(w));
		break;
	case LA64_FMT_OFFS26:
		BRANCH(offs26(w));
		break;
	case LA64_FMT_DJMSLSW:
		GPR(RD(w)); GPR(RJ(w)); UIMM(field(w, 16, 5)); UIMM(field(w, 10, 5));
		break;
	case LA64_FMT_DJMSLSD:
		GPR(RD(w)); GPR(RJ(w)); UIMM(field(w, 16, 6)); UIMM(field(w, 10, 6));
		break;
	case LA64_FMT_UI15:
		UIMM(field(w, 0, 15));
		break;
	case LA64_FMT_JK:
		GPR(RJ(w)); GPR(RK(w));
		break;
	case LA64_FMT_HINTJSI12:
		UIMM(RD(w)); GPR(RJ(w)); SIMM(sext(field(w, 10, 12), 12));
		break;
	case LA64_FMT_HINTJK:
		UIMM(RD(w)); GPR(RJ(w)); GPR(RK(w));
		break;
	case LA64_FMT_DCSR:
		GPR(RD(w)); put(insn, LA64_OPND_CSR, field(w, 10, 14));
		break;
	case LA64_FMT_DJCSR:
		GPR(RD(w)); GPR(RJ(w)); put(insn, LA64_OPND_CSR, field(w, 10, 14));
		break;
	case LA64_FMT_JUI8:
		GPR(RJ(w)); UIMM(field(w, 10, 8));
		break;
	case LA64_FMT_FF:
		FPR(RD(w)); FPR(RJ(w));
		break;
	case LA64_FMT_FFF:
		FPR(RD(w)); FPR(RJ(w)); FPR(RK(w));
		break;
	case LA64_FMT_FFFF:
		FPR(RD(w)); FPR(RJ(w)); FPR(RK(w)); FPR(RA(w));
		break;
	case LA64_FMT_CFF:
		FCC(field(w, 0, 3)); FPR(RJ(w)); FPR(RK(w));
		break;
	case LA64_FMT_FFFC:
		FPR(RD(w)); FPR(RJ(w)); FPR(RK(w)); FCC(field(w, 15, 3));
		break;
	case LA64_FMT_FJSI12:
		FPR(RD(w)); GPR(RJ(w)); SIMM(sext(field(w, 10, 12), 12));
		break;
	case LA64_FMT_FJK:
		FPR(RD(w)); GPR(RJ(w)); GPR(RK(w));
		break;
	case LA64_FMT_FR:
		FPR(RD(w)); GPR(RJ(w));
		break;
	case LA64_FMT_RF:
		GPR(RD(w)); FPR(RJ(w));
		break;
	case LA64_FMT_FCSRJ:
		put(insn, LA64_OPND_FCSR, field(w, 0, 2)); GPR(RJ(w));
		break;
	case LA64_FMT_DFCSR:
		GPR(RD(w)); put(insn, LA64_OPND_FCSR, field(w, 5, 2));
		break;
	case LA64_FMT_CF:
		FCC(field(w, 0, 3)); FPR(RJ(w));
		break;
	case LA64_FMT_FC:
		FPR(RD(w)); FCC(field(w, 5, 3));
		break;
	case LA64_FMT_CR:
		FCC(field(w, 0, 3)); GPR(RJ(w));
		break;
	case LA64_FMT_RC:
		GPR(RD(w)); FCC(field(w, 5, 3));
		break;
	case LA64_FMT_COFFS21:
		FCC(field(w, 5, 3)); BRANCH(offs21(w));
		break;
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
