/* SPDX-License-Identifier: MIT */
/*
 * Parsing: one line of the text la64_format() prints back to the record
 * and its word.  The mnemonic is found by binary search in a table the
 * index generator sorts (la64__by_name); each operand is read as its
 * format says, then la64_encode() checks the values and makes the word.
 */
#include <stdlib.h>
#include <string.h>

#include "la64/la64.h"

#include "la64_index.h"
#include "table.h"

#define TOKEN_MAX 32

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Copy the token at s (up to a separator) to tok; returns the end. */
static const char *read_token(const char *s, char *tok, bool *too_long)
{
	size_t n = 0;

	*too_long = false;
	while (*s && *s != ',' && *s != ' ' && *s != '\t' && *s != '#' &&
	       *s != '\n' && *s != '\r') {
		if (n + 1 < TOKEN_MAX)
			tok[n++] = *s;
		else
			*too_long = true;
		s++;
	}
	tok[n] = '\0';
	return s;
}

/*
 * The end of a line: nothing, a comment, or a final "\n", "\r\n" or "\r".
 * A carriage return or newline with more after it is not: LLVM would
 * read what follows as another statement.
 */
static bool at_end(const char *s)
{
	if (*s == '#')
		return true;
	if (*s == '\r')
		s++;
	if (*s == '\n')
		s++;
	return *s == '\0';
}

static enum la64_id find_mnemonic(const char *name)
{
	size_t lo = 0, hi = sizeof(la64__by_name) / sizeof(la64__by_name[0]);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		enum la64_id id = (enum la64_id)la64__by_name[mid];
		int c = strcmp(name, la64__table[id].mnemonic);

		if (c == 0)
			return id;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return LA64_INSN_INVALID;
}

/* "$<prefix><n>" with n a decimal 0..max; the value, or -1. */
static int numbered(const char *tok, const char *prefix, int max)
{
	size_t n = strlen(prefix);
	char *end;
	long v;

	if (strncmp(tok, prefix, n) != 0 || tok[n] < '0' || tok[n] > '9')
		return -1;
	if (tok[n] == '0' && tok[n + 1] != '\0')
		return -1; /* $r04: LLVM takes no leading zeros */
	v = strtol(tok + n, &end, 10);
	return *end == '\0' && v <= max ? (int)v : -1;
}

/* A register of 32 by its number (PREFIX<n>) or its ABI name; or -1. */
static int reg_number(const char *tok, const char *prefix,
		      const char *(*abi_name)(unsigned reg, unsigned flags))
{
	int r = numbered(tok, prefix, 31);

	if (r >= 0)
		return r;
	for (unsigned i = 0; i < 32; i++)
		if (strcmp(tok, abi_name(i, 0)) == 0)
			return (int)i;
	return -1;
}

static int gpr_number(const char *tok)
{
	int r = reg_number(tok, "$r", la64_gpr_name);

	if (r >= 0)
		return r;
	if (strcmp(tok, "$u0") == 0)
		return 21;
	if (strcmp(tok, "$s9") == 0) /* the psABI's other name of $fp */
		return 22;
	return -1;
}


/* A decimal or 0x hexadecimal integer, optionally negative. */
static bool integer(const char *tok, int64_t *v)
{
	const char *s = tok;
	bool neg = *s == '-';
	char *end;
	unsigned long long u;

	if (neg)
		s++;
	if (*s < '0' || *s > '9')
		return false;
	u = strtoull(s, &end, 0);
	if (*end != '\0' || u > (unsigned long long)INT64_MAX)
		return false;
	*v = neg ? -(int64_t)u : (int64_t)u;
	return true;
}

/* One operand of the kind its format wants. */
static enum la64_status operand(const char *tok, enum la64_operand_kind kind,
				int64_t *v)
{
	int r;

	switch (kind) {
	case LA64_OPND_GPR: r = gpr_number(tok); break;
	case LA64_OPND_FPR: r = reg_number(tok, "$f", la64_fpr_name); break;
	case LA64_OPND_FCC: r = numbered(tok, "$fcc", 7); break;
	case LA64_OPND_FCSR: r = numbered(tok, "$fcsr", 3); break;
	case LA64_OPND_VR: r = numbered(tok, "$vr", 31); break;
	case LA64_OPND_XR: r = numbered(tok, "$xr", 31); break;
	case LA64_OPND_SCR: r = numbered(tok, "$scr", 3); break;
	case LA64_OPND_CSR:
	case LA64_OPND_UIMM:
	case LA64_OPND_SIMM:
	case LA64_OPND_BRANCH:
		return integer(tok, v) ? LA64_OK :
		       tok[0] == '$' ? LA64_ERR_OPERANDS : LA64_ERR_SYNTAX;
	default:
		return LA64_ERR_OPERANDS;
	}
	if (r < 0)
		return tok[0] == '$' || tok[0] == '-' || (tok[0] >= '0' && tok[0] <= '9') ?
		       LA64_ERR_OPERANDS : LA64_ERR_SYNTAX;
	*v = r;
	return LA64_OK;
}

/*
 * The aliases la64_format() prints, as the instruction they stand for:
 * how many operands the text gives, and where they go.
 */
struct alias {
	const char *name;
	enum la64_id id;
	unsigned given;		/* operands in the text */
	unsigned first;		/* index of the first of them in the record */
	int64_t rj;		/* operand 1 when the text leaves it out */
};

/* The operands an alias leaves out are $zero and 0, and ret's $ra. */
static const struct alias aliases[] = {
	{ "nop", LA64_INSN_ANDI, 0, 0, 0 },	/* andi $zero, $zero, 0 */
	{ "move", LA64_INSN_OR, 2, 0, 0 },	/* or rd, rj, $zero */
	{ "ret", LA64_INSN_JIRL, 0, 0, 1 },	/* jirl $zero, $ra, 0 */
	{ "jr", LA64_INSN_JIRL, 1, 1, 0 },	/* jirl $zero, rj, 0 */
};

enum la64_status la64_parse(const char *text, struct la64_insn *insn)
{
	const struct la64__format_desc *f;
	struct la64_insn back;
	enum la64_status st;
	unsigned given, first = 0;
	char tok[TOKEN_MAX];
	const char *s;
	enum la64_id id;
	bool too_long;

	s = read_token(skip_space(text), tok, &too_long);
	if (too_long || tok[0] == '\0')
		return too_long ? LA64_ERR_ID : LA64_ERR_SYNTAX;
	id = find_mnemonic(tok);
	memset(insn, 0, sizeof(*insn));
	given = id == LA64_INSN_INVALID ? 0 : la64__formats[la64__table[id].format].count;
	for (size_t a = 0; id == LA64_INSN_INVALID &&
			   a < sizeof(aliases) / sizeof(aliases[0]); a++) {
		if (strcmp(tok, aliases[a].name) != 0)
			continue;
		id = aliases[a].id;
		given = aliases[a].given;
		first = aliases[a].first;
		insn->operand[1].value = aliases[a].rj;
	}
	if (id == LA64_INSN_INVALID)
		return LA64_ERR_ID;
	f = &la64__formats[la64__table[id].format];
	for (unsigned i = 0; i < f->count; i++)
		insn->operand[i].kind = (enum la64_operand_kind)f->op[i].kind;
	insn->id = id;
	insn->noperands = f->count;
	for (unsigned i = 0; i < given; i++) {
		s = skip_space(s);
		if (i > 0) {
			if (*s != ',')
				return *s == '\0' || *s == '#' ? LA64_ERR_OPERANDS : LA64_ERR_SYNTAX;
			s = skip_space(s + 1);
		}
		s = read_token(s, tok, &too_long);
		if (too_long || tok[0] == '\0')
			return too_long ? LA64_ERR_SYNTAX : LA64_ERR_OPERANDS;
		st = operand(tok, insn->operand[first + i].kind,
			     &insn->operand[first + i].value);
		if (st != LA64_OK)
			return st;
	}
	s = skip_space(s);
	if (*s == ',')
		return LA64_ERR_OPERANDS;
	if (!at_end(s))
		return LA64_ERR_SYNTAX;
	st = la64__encode(insn, &back);
	if (st == LA64_OK && la64_assembler_refuses(&back))
		st = LA64_ERR_CONSTRAINT;
	if (st == LA64_OK)
		*insn = back; /* as la64_decode() gives it, word included */
	return st;
}

bool la64_assembler_refuses(const struct la64_insn *insn)
{
	const char *m = la64_mnemonic(insn->id);

	if (!m)
		return false;
	if (!strncmp(m, "bstrins.", 8) || !strncmp(m, "bstrpick.", 9))
		return insn->operand[2].value < insn->operand[3].value;
	/* amswap.w rd, rk, rj and kin: rd may be $zero (the result dropped). */
	if (!strncmp(m, "am", 2) && insn->noperands == 3) {
		int64_t rd = insn->operand[0].value;

		return rd != 0 && (rd == insn->operand[1].value ||
				   rd == insn->operand[2].value);
	}
	return false;
}
