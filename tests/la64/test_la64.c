/* SPDX-License-Identifier: MIT */
/*
 * la64 unit tests: the documented instruction list is covered mnemonic by
 * mnemonic, the table has no ambiguous encodings, operands and names are
 * read as the manual says, printing honours its flags and its buffer size,
 * and a large random sample of words decodes without a fault (this test
 * also runs under ASan+UBSan).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "la64/la64.h"

static int failures;

#define CHECK(cond, ...)                                                   \
	do {                                                               \
		if (!(cond)) {                                             \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                      \
			fputc('\n', stderr);                               \
			failures++;                                        \
		}                                                          \
	} while (0)

/*
 * The "List of Instructions" of Documentation/loongarch/introduction.rst
 * (seed 008), group by group, as written there.
 */
static const char *const documented[9] = {
	"ADD.W SUB.W ADDI.W ADD.D SUB.D ADDI.D SLT SLTU SLTI SLTUI "
	"AND OR NOR XOR ANDN ORN ANDI ORI XORI "
	"MUL.W MULH.W MULH.WU DIV.W DIV.WU MOD.W MOD.WU "
	"MUL.D MULH.D MULH.DU DIV.D DIV.DU MOD.D MOD.DU "
	"PCADDI PCADDU12I PCADDU18I LU12I.W LU32I.D LU52I.D ADDU16I.D",
	"SLL.W SRL.W SRA.W ROTR.W SLLI.W SRLI.W SRAI.W ROTRI.W "
	"SLL.D SRL.D SRA.D ROTR.D SLLI.D SRLI.D SRAI.D ROTRI.D",
	"EXT.W.B EXT.W.H CLO.W CLO.D SLZ.W CLZ.D CTO.W CTO.D CTZ.W CTZ.D "
	"BYTEPICK.W BYTEPICK.D BSTRINS.W BSTRINS.D BSTRPICK.W BSTRPICK.D "
	"REVB.2H REVB.4H REVB.2W REVB.D REVH.2W REVH.D BITREV.4B BITREV.8B "
	"BITREV.W BITREV.D MASKEQZ MASKNEZ",
	"BEQ BNE BLT BGE BLTU BGEU BEQZ BNEZ B BL JIRL",
	"LD.B LD.BU LD.H LD.HU LD.W LD.WU LD.D ST.B ST.H ST.W ST.D "
	"LDX.B LDX.BU LDX.H LDX.HU LDX.W LDX.WU LDX.D STX.B STX.H STX.W STX.D "
	"LDPTR.W LDPTR.D STPTR.W STPTR.D PRELD PRELDX",
	"LL.W SC.W LL.D SC.D AMSWAP.W AMSWAP.D AMADD.W AMADD.D AMAND.W AMAND.D "
	"AMOR.W AMOR.D AMXOR.W AMXOR.D AMMAX.W AMMAX.D AMMIN.W AMMIN.D",
	"IBAR DBAR",
	"SYSCALL BREAK CPUCFG NOP IDLE ERTN(ERET) DBCL(DBGCALL) RDTIMEL.W "
	"RDTIMEH.W RDTIME.D ASRTLE.D ASRTGT.D",
	"CSRRD CSRWR CSRXCHG IOCSRRD.B IOCSRRD.H IOCSRRD.W IOCSRRD.D "
	"IOCSRWR.B IOCSRWR.H IOCSRWR.W IOCSRWR.D CACOP TLBP(TLBSRCH) TLBRD "
	"TLBWR TLBFILL TLBCLR TLBFLUSH INVTLB LDDIR LDPTE",
};

/* The list's old names and typo, and what LLVM (and la64) call them. */
static const char *rename_documented(const char *name)
{
	static const char *const renames[][2] = {
		{ "slz.w", "clz.w" },	/* typo in the list */
		{ "tlbp", "tlbsrch" },	/* listed as TLBP(TLBSRCH) */
		{ "eret", "ertn" },	/* listed as ERTN(ERET) */
		{ "dbgcall", "dbcl" },	/* listed as DBCL(DBGCALL) */
	};

	for (size_t i = 0; i < sizeof(renames) / sizeof(renames[0]); i++)
		if (strcmp(name, renames[i][0]) == 0)
			return renames[i][1];
	return name;
}

static enum la64_id find_mnemonic(const char *name)
{
	for (unsigned id = 1; id < LA64_INSN_COUNT; id++)
		if (strcmp(la64_mnemonic(id), name) == 0)
			return id;
	return LA64_INSN_INVALID;
}

static void text_of(uint32_t word, unsigned flags, char *buf, size_t size)
{
	struct la64_insn insn;

	la64_decode(word, &insn);
	la64_format(&insn, 0x1000, flags, buf, size);
}

static void test_documented_list(void)
{
	unsigned total = 0;

	for (int g = 0; g < 9; g++) {
		char list[1024], *save = NULL;

		snprintf(list, sizeof(list), "%s", documented[g]);
		for (char *tok = strtok_r(list, " ", &save); tok;
		     tok = strtok_r(NULL, " ", &save)) {
			char name[32];
			char *paren = strchr(tok, '(');
			enum la64_id id;
			uint32_t match, mask;
			struct la64_insn insn;
			size_t i;

			/* "ERTN(ERET)": the first name is the current one. */
			if (paren)
				*paren = '\0';
			for (i = 0; tok[i] && i + 1 < sizeof(name); i++)
				name[i] = (char)tolower((unsigned char)tok[i]);
			name[i] = '\0';
			total++;
			if (strcmp(name, "nop") == 0) {
				char text[LA64_TEXT_MAX];

				text_of(0x03400000, 0, text, sizeof(text));
				CHECK(strcmp(text, "nop") == 0, "NOP prints as '%s'", text);
				continue;
			}
			id = find_mnemonic(rename_documented(name));
			CHECK(id != LA64_INSN_INVALID, "documented %s (group %d) missing",
			      tok, g + 1);
			if (id == LA64_INSN_INVALID)
				continue;
			CHECK(la64_insn_group(id) == (enum la64_group)(g + 1),
			      "%s is in group %d, the documentation says %d", name,
			      la64_insn_group(id), g + 1);
			/* Its own encoding decodes back to it. */
			CHECK(la64_insn_encoding(id, &match, &mask), "%s: no encoding", name);
			/* csrxchg is the rj that is neither 0 (csrrd) nor 1 (csrwr). */
			if (id == LA64_INSN_CSRXCHG)
				match |= 2u << 5;
			CHECK(la64_decode(match, &insn) && insn.id == id,
			      "%s: 0x%08x decodes as %s", name, match,
			      la64_mnemonic(insn.id) ? la64_mnemonic(insn.id) : "nothing");
		}
	}
	CHECK(total == 176, "the documented list has %u mnemonics, expected 176", total);
}

/*
 * Two encodings overlap when some word matches both.  Only csrrd/csrwr
 * against csrxchg may, and LVZ's gcsrrd/gcsrwr against gcsrxchg: rj 0 and
 * 1 select the first two, as the manual says, and the decoder tries the
 * more specific mask first.
 */
static void test_no_ambiguous_encodings(void)
{
	unsigned overlaps = 0;

	for (unsigned a = 1; a < LA64_INSN_COUNT; a++) {
		uint32_t ma, ka;

		la64_insn_encoding(a, &ma, &ka);
		CHECK((ma & ~ka) == 0, "%s: opcode bits outside its mask",
		      la64_mnemonic(a));
		for (unsigned b = a + 1; b < LA64_INSN_COUNT; b++) {
			uint32_t mb, kb;

			la64_insn_encoding(b, &mb, &kb);
			if (((ma ^ mb) & ka & kb) != 0)
				continue;
			overlaps++;
			CHECK((b == LA64_INSN_CSRXCHG &&
			       (a == LA64_INSN_CSRRD || a == LA64_INSN_CSRWR)) ||
				      (a == LA64_INSN_GCSRXCHG &&
				       (b == LA64_INSN_GCSRRD || b == LA64_INSN_GCSRWR)) ||
				      (b == LA64_INSN_GCSRXCHG &&
				       (a == LA64_INSN_GCSRRD || a == LA64_INSN_GCSRWR)),
			      "%s and %s overlap", la64_mnemonic(a), la64_mnemonic(b));
		}
	}
	CHECK(overlaps == 4, "%u overlapping pairs, expected 4", overlaps);
}

struct known {
	uint32_t word;
	unsigned flags;
	const char *text;
};

static void test_known_words(void)
{
	static const struct known known[] = {
		{ 0x00100ca4, 0, "add.w\t$a0, $a1, $sp" },
		{ 0x00100ca4, LA64_PRINT_RAW_REGS, "add.w\t$r4, $r5, $r3" },
		{ 0x03400000, 0, "nop" },
		{ 0x03400000, LA64_PRINT_NO_ALIASES, "andi\t$zero, $zero, 0" },
		{ 0x001500a4, 0, "move\t$a0, $a1" },
		{ 0x001500a4, LA64_PRINT_NO_ALIASES, "or\t$a0, $a1, $zero" },
		{ 0x4c000020, 0, "ret" },
		{ 0x4c000020, LA64_PRINT_NO_ALIASES | LA64_PRINT_RAW_REGS,
		  "jirl\t$r0, $r1, 0" },
		{ 0x4c000180, 0, "jr\t$t0" },
		{ 0x4c000181, 0, "jirl\t$ra, $t0, 0" },
		{ 0x02bffc84, 0, "addi.w\t$a0, $a0, -1" },
		{ 0x02a00084, 0, "addi.w\t$a0, $a0, -2048" },
		{ 0x029ffc84, 0, "addi.w\t$a0, $a0, 2047" },
		{ 0x037ffc84, 0, "andi\t$a0, $a0, 4095" },
		{ 0x00058ca4, 0, "alsl.w\t$a0, $a1, $sp, 4" },	/* sa2 3 prints 4 */
		{ 0x58000800, 0, "beq\t$zero, $zero, 8" },
		{ 0x53ffffff, 0, "b\t-4" },
		{ 0x54000200, 0, "bl\t-134217728" },	/* offs26 minimum */
		{ 0x43fffc9f, 0, "beqz\t$a0, -4" },	/* offs21 all ones */
		{ 0x04060004, 0, "csrrd\t$a0, 384" },
		{ 0x04060004, LA64_PRINT_CSR_NAMES, "csrrd\t$a0, 384\t# DMW0" },
		{ 0x04060024, LA64_PRINT_CSR_NAMES, "csrwr\t$a0, 384\t# DMW0" },
		{ 0x04060044, LA64_PRINT_CSR_NAMES, "csrxchg\t$a0, $tp, 384\t# DMW0" },
		{ 0x0400e004, LA64_PRINT_CSR_NAMES, "csrrd\t$a0, 56\t# SAVE8" },
		{ 0x04ffffc4, LA64_PRINT_CSR_NAMES, "csrxchg\t$a0, $s7, 16383" },
		{ 0x001502a4, 0, "move\t$a0, $r21" },
		{ 0x001502a4, LA64_PRINT_U0, "move\t$a0, $u0" },
		{ 0x38720000, 0, "dbar\t0" },
		{ 0x386a0c85, 0, "amadd_db.w\t$a1, $sp, $a0" },
		{ 0x06482c00, 0, "tlbrd\t" },
		{ 0x06483800, 0, "ertn\t" },
		{ 0x01010820, 0, "fadd.d\t$fa0, $fa1, $fa2" },
		{ 0x01010820, LA64_PRINT_RAW_REGS, "fadd.d\t$f0, $f1, $f2" },
		{ 0x0c1a0c01, 0, "fcmp.cor.s\t$fcc1, $fa0, $fa3" },
		{ 0x0114c800, 0, "movfcsr2gr\t$zero, $fcsr0" },
		{ 0x0114c824, 0, "movfcsr2gr\t$a0, $fcsr1" },
		{ 0x0114c884, 0, ".word\t0x0114c884" },	/* fcsr 4 */
		{ 0x48000060, 0, "bceqz\t$fcc3, 0" },
		{ 0x48000160, 0, "bcnez\t$fcc3, 0" },
		{ 0xffffffff, 0, ".word\t0xffffffff" },
		{ 0x00000000, 0, ".word\t0x00000000" },
		{ 0x0114c0e4, 0, ".word\t0x0114c0e4" },	/* fcsr 4 does not exist */
	};

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		char text[LA64_TEXT_MAX];

		text_of(known[i].word, known[i].flags, text, sizeof(text));
		CHECK(strcmp(text, known[i].text) == 0, "0x%08x flags %u: '%s', expected '%s'",
		      known[i].word, known[i].flags, text, known[i].text);
	}
}

static void test_operands_and_targets(void)
{
	struct la64_insn insn;
	uint64_t target = 0;

	CHECK(la64_decode(0x53ffffff, &insn), "b -4 decodes");
	CHECK(insn.noperands == 1 && insn.operand[0].kind == LA64_OPND_BRANCH &&
		      insn.operand[0].value == -4, "b: offset -4 scaled by 4");
	CHECK(la64_branch_target(&insn, 0x1000, &target) && target == 0xffc,
	      "b -4 at 0x1000 goes to 0xffc, got 0x%llx", (unsigned long long)target);
	CHECK(la64_branch_target(&insn, 0, &target) && target == UINT64_MAX - 3,
	      "a branch back from 0 wraps");
	CHECK(la64_decode(0x00100ca4, &insn) && !la64_branch_target(&insn, 0, &target),
	      "add.w is not a branch");
	CHECK(la64_decode(0x14ffffe4, &insn) && insn.operand[1].kind == LA64_OPND_SIMM &&
		      insn.operand[1].value == 0x7ffff, "lu12i.w si20 max");
	CHECK(la64_decode(0x04060004, &insn) && insn.operand[1].kind == LA64_OPND_CSR &&
		      insn.operand[1].value == 0x180, "csrrd CSR operand");
	CHECK(!la64_decode(0xffffffff, &insn) && insn.id == LA64_INSN_INVALID &&
		      insn.noperands == 0, "invalid word reports no operands");
	CHECK(la64_mnemonic(LA64_INSN_INVALID) == NULL &&
		      la64_mnemonic(LA64_INSN_COUNT) == NULL, "no mnemonic for bad ids");
}

static void test_names(void)
{
	static const struct {
		unsigned csr;
		const char *name;
	} csrs[] = {
		{ 0x0, "CRMD" }, { 0x6, "ERA" }, { 0xc, "EENTRY" }, { 0x30, "SAVE0" },
		{ 0x3f, "SAVE15" }, { 0x8e, "TLBREHI" }, { 0x180, "DMW0" },
		{ 0x183, "DMW3" }, { 0x200, "PMCFG0" }, { 0x201, "PMCNT0" },
		{ 0x23e, "PMCFG31" }, { 0x23f, "PMCNT31" }, { 0x310, "MWP0CFG1" },
		{ 0x313, "MWP0CFG4" }, { 0x34b, "MWP7CFG4" }, { 0x390, "FWP0CFG1" },
		{ 0x3cb, "FWP7CFG4" }, { 0x502, "DSAVE" },
	};
	static const unsigned unnamed[] = { 0x9, 0x24, 0x184, 0x240, 0x314, 0x350,
					    0x3d0, 0x503, 0x3fff };
	char buf[16];

	for (size_t i = 0; i < sizeof(csrs) / sizeof(csrs[0]); i++) {
		size_t n = la64_csr_name(csrs[i].csr, buf, sizeof(buf));

		CHECK(n == strlen(csrs[i].name) && strcmp(buf, csrs[i].name) == 0,
		      "CSR 0x%x is '%s', expected %s", csrs[i].csr, buf, csrs[i].name);
	}
	for (size_t i = 0; i < sizeof(unnamed) / sizeof(unnamed[0]); i++)
		CHECK(la64_csr_name(unnamed[i], buf, sizeof(buf)) == 0 && buf[0] == '\0',
		      "CSR 0x%x has no documented name, got '%s'", unnamed[i], buf);
	CHECK(strcmp(la64_gpr_name(22, 0), "$fp") == 0, "r22 is $fp");
	CHECK(strcmp(la64_gpr_name(31, 0), "$s8") == 0, "r31 is $s8");
	CHECK(strcmp(la64_gpr_name(20, 0), "$t8") == 0, "r20 is $t8");
	CHECK(strcmp(la64_fpr_name(8, 0), "$ft0") == 0, "f8 is $ft0");
	CHECK(strcmp(la64_fpr_name(24, 0), "$fs0") == 0, "f24 is $fs0");
	CHECK(la64_gpr_name(32, 0) == NULL && la64_fpr_name(32, 0) == NULL,
	      "no register 32");
}

static void test_small_buffers(void)
{
	struct la64_insn insn;
	char buf[8];
	size_t need;

	la64_decode(0x00100ca4, &insn);
	need = la64_format(&insn, 0, 0, buf, sizeof(buf));
	CHECK(need == strlen("add.w\t$a0, $a1, $sp"), "length of the full text: %zu", need);
	CHECK(strcmp(buf, "add.w\t$") == 0, "truncated and terminated: '%s'", buf);
	CHECK(la64_format(&insn, 0, 0, NULL, 0) == need, "size 0 measures only");
	la64_decode(0xffffffff, &insn);
	CHECK(la64_format(&insn, 0, 0, buf, 1) == strlen(".word\t0xffffffff") &&
		      buf[0] == '\0', "size 1 holds the terminator only");
}

/* The text does not depend on pc: offsets print as offsets (la64.h). */
static void test_format_ignores_pc(void)
{
	static const uint32_t words[] = { 0x58000485 /* beq */, 0x50000400 /* b */,
					  0x1c000004 /* pcaddu12i */, 0x00100ca4 };

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		struct la64_insn insn;
		char a[LA64_TEXT_MAX], b[LA64_TEXT_MAX];

		la64_decode(words[i], &insn);
		la64_format(&insn, 0, 0, a, sizeof(a));
		la64_format(&insn, 0x120000000ull, 0, b, sizeof(b));
		CHECK(strcmp(a, b) == 0, "0x%08x: '%s' at 0, '%s' elsewhere", words[i], a, b);
	}
}

/*
 * The two round trips of a decodable word: encode(decode(w)) == w, and
 * parse(format(decode(w))) == w with the default text (aliases, ABI names,
 * CSR comments) and the raw one (no aliases, numbers, $u0).
 */
static bool round_trips(uint32_t w, const struct la64_insn *insn)
{
	static const unsigned flag_sets[] = {
		LA64_PRINT_CSR_NAMES,
		LA64_PRINT_RAW_REGS | LA64_PRINT_NO_ALIASES,
		LA64_PRINT_U0,
	};
	struct la64_insn back;
	char text[LA64_TEXT_MAX];
	uint32_t again = 0;
	enum la64_status st = la64_encode(insn, &again);

	if (st != LA64_OK || again != w) {
		CHECK(0, "0x%08x (%s): encode gives 0x%08x, %s", w,
		      la64_mnemonic(insn->id), again, la64_status_text(st));
		return false;
	}
	for (size_t f = 0; f < sizeof(flag_sets) / sizeof(flag_sets[0]); f++) {
		la64_format(insn, 0, flag_sets[f], text, sizeof(text));
		st = la64_parse(text, &back);
		/* What LLVM's assembler refuses, la64_parse() refuses too. */
		if (la64_assembler_refuses(insn)) {
			if (st != LA64_ERR_CONSTRAINT) {
				CHECK(0, "0x%08x: '%s' parses (%s), LLVM refuses it",
				      w, text, la64_status_text(st));
				return false;
			}
			continue;
		}
		if (st != LA64_OK || back.word != w || back.id != insn->id) {
			CHECK(0, "0x%08x: '%s' parses to 0x%08x, %s", w, text,
			      back.word, la64_status_text(st));
			return false;
		}
	}
	return true;
}

/* Invariants over many words: what decodes matches its own table entry. */
static void test_random_words(unsigned long count)
{
	uint64_t x = 0x2545f4914f6cdd1dull;
	unsigned long valid = 0;

	for (unsigned long i = 0; i < count; i++) {
		struct la64_insn insn;
		char text[LA64_TEXT_MAX];
		uint32_t w, match, mask;
		size_t n;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		w = (uint32_t)(x >> 16);
		if (la64_decode(w, &insn)) {
			valid++;
			la64_insn_encoding(insn.id, &match, &mask);
			if ((w & mask) != match) {
				CHECK(0, "0x%08x decoded as %s but does not match it", w,
				      la64_mnemonic(insn.id));
				return;
			}
			if (!round_trips(w, &insn))
				return;
		}
		n = la64_format(&insn, i * 4, LA64_PRINT_CSR_NAMES, text, sizeof(text));
		if (n >= sizeof(text) || strlen(text) != n) {
			CHECK(0, "0x%08x: text of %zu bytes", w, n);
			return;
		}
	}
	printf("random: %lu words, %lu valid (%.1f%%)\n", count, valid,
	       100.0 * (double)valid / (double)count);
	CHECK(valid > count / 20, "implausibly few valid words");
}

static void expect_parse(const char *text, enum la64_status want, uint32_t word)
{
	struct la64_insn insn;
	enum la64_status st = la64_parse(text, &insn);

	CHECK(st == want, "'%s': %s, expected %s", text, la64_status_text(st),
	      la64_status_text(want));
	if (st == LA64_OK && want == LA64_OK)
		CHECK(insn.word == word, "'%s': 0x%08x, expected 0x%08x", text,
		      insn.word, word);
}

/* Bad records and bad text: each refused with its own status. */
static void test_encode_and_parse_errors(void)
{
	struct la64_insn insn;
	uint32_t w = 0xdeadbeef;

	expect_parse("nop", LA64_OK, 0x03400000);
	expect_parse("ret", LA64_OK, 0x4c000020);
	expect_parse("  addi.d\t$ra, $ra, 1  ", LA64_OK, 0x02c00421);
	expect_parse("addi.d $r1, $r1, 0x1", LA64_OK, 0x02c00421);
	expect_parse("csrrd $a0, 384 # DMW0", LA64_OK, 0x04060004);
	expect_parse("move $a0, $a1", LA64_OK, 0x001500a4);
	expect_parse("jr $t0", LA64_OK, 0x4c000180);
	expect_parse("or $u0, $fp, $s9", LA64_OK, 0x00155ad5);
	expect_parse("vadd.b $vr1, $vr2, $vr3", LA64_OK, 0x700a0c41);
	expect_parse("", LA64_ERR_SYNTAX, 0);
	expect_parse("bogus $a0", LA64_ERR_ID, 0);
	expect_parse("addi.w $a0, $a1", LA64_ERR_OPERANDS, 0);
	expect_parse("addi.w $a0, $a1, 1, 2", LA64_ERR_OPERANDS, 0);
	expect_parse("addi.w $a0 $a1, 1", LA64_ERR_SYNTAX, 0);
	expect_parse("addi.w $fa0, $a1, 1", LA64_ERR_OPERANDS, 0);
	expect_parse("addi.w $a0, $a1, 2048", LA64_ERR_RANGE, 0);
	expect_parse("addi.w $a0, $a1, -2049", LA64_ERR_RANGE, 0);
	expect_parse("addi.w $a0, $a1, -2048", LA64_OK, 0x02a000a4);
	expect_parse("addi.w $a0, $a1, one", LA64_ERR_SYNTAX, 0);
	expect_parse("ldptr.w $a0, $a1, 6", LA64_ERR_ALIGN, 0);
	expect_parse("beqz $a0, 2", LA64_ERR_ALIGN, 0);
	expect_parse("vadd.b $vr1, $vr2, $vr32", LA64_ERR_OPERANDS, 0);
	expect_parse("csrxchg $a0, $zero, 1", LA64_ERR_RESERVED, 0);
	expect_parse("csrxchg $a0, $a1, 16384", LA64_ERR_RANGE, 0);
	/* As LLVM's assembler (llvm-mc-19) refuses and accepts them. */
	expect_parse("bstrins.w $a0, $a1, 3, 5", LA64_ERR_CONSTRAINT, 0);
	expect_parse("bstrpick.d $a0, $a1, 3, 5", LA64_ERR_CONSTRAINT, 0);
	expect_parse("bstrins.w $a0, $a1, 5, 3", LA64_OK, 0x00650ca4);
	expect_parse("bstrpick.d $a0, $a1, 3, 3", LA64_OK, 0x00c30ca4);
	expect_parse("amswap.w $a0, $a0, $a1", LA64_ERR_CONSTRAINT, 0);
	expect_parse("amswap.w $a0, $a1, $a0", LA64_ERR_CONSTRAINT, 0);
	expect_parse("ammax_db.d $a0, $a1, $a0", LA64_ERR_CONSTRAINT, 0);
	expect_parse("amswap.w $a0, $a1, $a2", LA64_OK, 0x386014c4);
	expect_parse("amswap.w $zero, $zero, $a1", LA64_OK, 0x386000a0);
	expect_parse("add.w $r04, $r1, $r2", LA64_ERR_OPERANDS, 0);
	expect_parse("vadd.b $vr01, $vr2, $vr3", LA64_ERR_OPERANDS, 0);
	expect_parse("add.w $r0, $r1, $r2", LA64_OK, 0x00100820);
	expect_parse("nop\rjunk", LA64_ERR_SYNTAX, 0);
	expect_parse("nop\njunk", LA64_ERR_SYNTAX, 0);
	expect_parse("nop\r\n", LA64_OK, 0x03400000);
	expect_parse("nop\n", LA64_OK, 0x03400000);
	expect_parse("addi.d $ra, $ra, 1\r\n", LA64_OK, 0x02c00421);

	memset(&insn, 0, sizeof(insn));
	CHECK(la64_encode(&insn, &w) == LA64_ERR_ID && w == 0xdeadbeef,
	      "an invalid id is refused and the word left alone");
	insn.id = LA64_INSN_ADD_W;
	insn.noperands = 2;
	CHECK(la64_encode(&insn, &w) == LA64_ERR_OPERANDS, "two operands for add.w");
	insn.noperands = 3;
	insn.operand[0].kind = insn.operand[1].kind = LA64_OPND_GPR;
	insn.operand[2].kind = LA64_OPND_FPR;
	CHECK(la64_encode(&insn, &w) == LA64_ERR_OPERANDS, "an FPR for add.w's rk");
	insn.operand[2].kind = LA64_OPND_GPR;
	insn.operand[2].value = 32;
	CHECK(la64_encode(&insn, &w) == LA64_ERR_RANGE, "register 32");
	insn.operand[2].value = 3;
	CHECK(la64_encode(&insn, &w) == LA64_OK && w == 0x00100c00, "add.w $zero, $zero, $sp");
	for (int s = LA64_OK; s <= LA64_ERR_CONSTRAINT; s++)
		CHECK(strcmp(la64_status_text((enum la64_status)s), "unknown status") != 0,
		      "status %d has a text", s);
	CHECK(strcmp(la64_status_text((enum la64_status)99), "unknown status") == 0,
	      "an unknown status says so");
}

int main(int argc, char **argv)
{
	unsigned long random_words = argc > 1 ? strtoul(argv[1], NULL, 0) : 1ul << 24;

	test_documented_list();
	test_no_ambiguous_encodings();
	test_known_words();
	test_operands_and_targets();
	test_names();
	test_small_buffers();
	test_format_ignores_pc();
	test_encode_and_parse_errors();
	test_random_words(random_words);
	if (failures) {
		fprintf(stderr, "%d failures\n", failures);
		return 1;
	}
	puts("la64: all checks passed");
	return 0;
}
