/* SPDX-License-Identifier: MIT */
/*
 * la64: decode and print LoongArch LA64 machine code.
 *
 * The decoder covers the base instruction set and the LSX, LASX, LBT and
 * LVZ extensions as LLVM 19 decodes them, and prints the text
 * llvm-objdump-19 prints.  It allocates
 * nothing and keeps no state: every function is reentrant and safe to call
 * from any number of threads.
 *
 *	struct la64_insn insn;
 *	char text[LA64_TEXT_MAX];
 *
 *	if (la64_decode(word, &insn))
 *		la64_format(&insn, pc, 0, text, sizeof(text));
 */
#ifndef LA64_LA64_H
#define LA64_LA64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library is built with hidden visibility; LA64_API marks its ABI. */
#define LA64_API __attribute__((visibility("default")))

/* Instruction identifiers: LA64_INSN_ADD_W for add.w, ..., in table order. */
enum la64_id {
	LA64_INSN_INVALID = 0,
#define LA64_INSN(id, mnemonic, match, format, group) LA64_INSN_##id,
#include "la64/opcodes.def"
#include "la64/opcodes_ext.def"
#undef LA64_INSN
	LA64_INSN_COUNT
};

/*
 * The groups of the "List of Instructions" of the kernel's LoongArch
 * documentation, plus the basic floating-point instructions it leaves out.
 */
enum la64_group {
	LA64_GROUP_NONE = 0,
	LA64_GROUP_ARITH,	/* 1. arithmetic */
	LA64_GROUP_SHIFT,	/* 2. bit-shift */
	LA64_GROUP_BITMANIP,	/* 3. bit-manipulation */
	LA64_GROUP_BRANCH,	/* 4. branch */
	LA64_GROUP_LOADSTORE,	/* 5. load/store */
	LA64_GROUP_ATOMIC,	/* 6. atomic operation */
	LA64_GROUP_BARRIER,	/* 7. barrier */
	LA64_GROUP_SPECIAL,	/* 8. special */
	LA64_GROUP_PRIV,	/* 9. privileged */
	LA64_GROUP_FLOAT,	/* basic floating point */
	LA64_GROUP_LSX,		/* 128-bit vectors, $vr0-$vr31 */
	LA64_GROUP_LASX,	/* 256-bit vectors, $xr0-$xr31 */
	LA64_GROUP_LBT,		/* binary translation: $scr0-$scr3, x86/ARM helpers */
	LA64_GROUP_LVZ,		/* virtualization: gcsr*, gtlbflush, hvcl */
	LA64_GROUP_COUNT
};

/*
 * Encoding formats: the documentation's nine (2R, 3R, 4R, 2RI8, 2RI12,
 * 2RI14, 2RI16, 1RI21, I26) split by how the operands are read and
 * printed, plus the special ones the full set needs.  The letters name the
 * printed operands in order: D = rd, J = rj, K = rk, F = FPR, C = $fcc.
 */
enum la64_format {
	LA64_FMT_NONE = 0,	/* no operands: tlbsrch, ertn, ... */
	LA64_FMT_DJ,		/* 2R */
	LA64_FMT_DJK,		/* 3R */
	LA64_FMT_DKJ,		/* 3R, AM* order: rd, rk, rj */
	LA64_FMT_DJKSA2P1,	/* alsl: 2-bit shift printed as sa + 1 */
	LA64_FMT_DJKSA2,	/* bytepick.w */
	LA64_FMT_DJKSA3,	/* bytepick.d */
	LA64_FMT_DJUI5,		/* 2RI5 shifts */
	LA64_FMT_DJUI6,		/* 2RI6 shifts */
	LA64_FMT_DJUI8,		/* 2RI8: lddir */
	LA64_FMT_DJSI12,	/* 2RI12, signed */
	LA64_FMT_DJUI12,	/* 2RI12, unsigned: andi, ori, xori */
	LA64_FMT_DJSI14S2,	/* 2RI14, scaled by 4: ll, sc, ldptr, stptr */
	LA64_FMT_DJSI16,	/* 2RI16: addu16i.d */
	LA64_FMT_DJOFFS16,	/* 2RI16 jump: jirl */
	LA64_FMT_JDOFFS16,	/* 2RI16 branch: beq rj, rd, offs */
	LA64_FMT_DSI20,		/* 1RI20 */
	LA64_FMT_JOFFS21,	/* 1RI21: beqz, bnez */
	LA64_FMT_OFFS26,	/* I26: b, bl */
	LA64_FMT_DJMSLSW,	/* bit-string .w: msbw, lsbw */
	LA64_FMT_DJMSLSD,	/* bit-string .d: msbd, lsbd */
	LA64_FMT_UI15,		/* I15: syscall, break, dbar, ibar, idle, dbcl */
	LA64_FMT_JK,		/* asrtle.d, asrtgt.d */
	LA64_FMT_HINTJSI12,	/* preld, cacop */
	LA64_FMT_HINTJK,	/* preldx, invtlb */
	LA64_FMT_DCSR,		/* csrrd, csrwr */
	LA64_FMT_DJCSR,		/* csrxchg */
	LA64_FMT_JUI8,		/* ldpte */
	LA64_FMT_FF,		/* fd, fj */
	LA64_FMT_FFF,		/* fd, fj, fk */
	LA64_FMT_FFFF,		/* fd, fj, fk, fa */
	LA64_FMT_CFF,		/* fcmp: cd, fj, fk */
	LA64_FMT_FFFC,		/* fsel: fd, fj, fk, ca */
	LA64_FMT_FJSI12,	/* fld, fst */
	LA64_FMT_FJK,		/* fldx, fstx, fldgt, ... */
	LA64_FMT_FR,		/* movgr2fr: fd, rj */
	LA64_FMT_RF,		/* movfr2gr: rd, fj */
	LA64_FMT_FCSRJ,		/* movgr2fcsr: fcsr, rj */
	LA64_FMT_DFCSR,		/* movfcsr2gr: rd, fcsr */
	LA64_FMT_CF,		/* movfr2cf: cd, fj */
	LA64_FMT_FC,		/* movcf2fr: fd, cj */
	LA64_FMT_CR,		/* movgr2cf: cd, rj */
	LA64_FMT_RC,		/* movcf2gr: rd, cj */
	LA64_FMT_COFFS21,	/* bceqz, bcnez: cj, offs */
	/*
	 * The extensions' formats that no base format above has
	 * (formats_ext.def, generated; the others use the base ones): V_ and
	 * the printed operands, R = GPR, F = FPR, C = $fcc, V = $vr, X = $xr,
	 * T = $scr, then immediates UIn/SIn (xS: scaled), OFFS21 a branch.
	 */
#define LA64_FORMAT(name, operands) LA64_FMT_##name,
#include "la64/formats_ext.def"
#undef LA64_FORMAT
	LA64_FMT_COUNT
};

enum la64_operand_kind {
	LA64_OPND_NONE = 0,
	LA64_OPND_GPR,		/* value: 0..31 */
	LA64_OPND_FPR,		/* value: 0..31 */
	LA64_OPND_FCC,		/* value: 0..7 */
	LA64_OPND_FCSR,		/* value: 0..3 */
	LA64_OPND_CSR,		/* value: CSR number, 0..16383 */
	LA64_OPND_UIMM,		/* value: unsigned immediate as printed */
	LA64_OPND_SIMM,		/* value: signed immediate, sign-extended, scaled */
	LA64_OPND_BRANCH,	/* value: byte offset from the instruction */
	LA64_OPND_VR,		/* value: 0..31, $vr */
	LA64_OPND_XR,		/* value: 0..31, $xr */
	LA64_OPND_SCR,		/* value: 0..3, $scr */
};

struct la64_operand {
	enum la64_operand_kind kind;
	int64_t value;
};

#define LA64_MAX_OPERANDS 4

struct la64_insn {
	uint32_t word;
	enum la64_id id;
	enum la64_format format;
	enum la64_group group;
	unsigned noperands;
	struct la64_operand operand[LA64_MAX_OPERANDS];
};

/* Enough for any instruction la64_format() prints, annotation included. */
#define LA64_TEXT_MAX 96

/* la64_format() flags. */
#define LA64_PRINT_RAW_REGS	0x1u	/* $r4, $f0 instead of $a0, $fa0 */
#define LA64_PRINT_NO_ALIASES	0x2u	/* andi $zero, $zero, 0, not nop */
#define LA64_PRINT_CSR_NAMES	0x4u	/* csrrd $a0, 384 # DMW0 */
#define LA64_PRINT_U0		0x8u	/* $u0 for $r21, as the kernel does */

/*
 * Decode one instruction word.  Returns true and fills *insn if the word is
 * an LA64 instruction (base, LSX, LASX, LBT or LVZ); returns false and
 * sets insn->id to LA64_INSN_INVALID (noperands 0) if it is not.
 */
LA64_API bool la64_decode(uint32_t word, struct la64_insn *insn);

/*
 * Print insn as assembler text, mnemonic and operands separated by a tab,
 * as llvm-objdump-19 prints it ("add.w\t$a0, $a1, $a2").  Branch offsets
 * print as the byte offset, so the text does not depend on pc (accepted
 * for an annotating format to come; la64_branch_target() turns an offset
 * into an address, and la64dis prints that after the text).  Returns the
 * length the full text needs (like snprintf); the output is always
 * terminated when size > 0.  An invalid insn prints as ".word 0x%08x".
 */
LA64_API size_t la64_format(const struct la64_insn *insn, uint64_t pc, unsigned flags,
		   char *buf, size_t size);

/* What la64_encode() and la64_parse() report. */
enum la64_status {
	LA64_OK = 0,
	LA64_ERR_ID,		/* no such instruction (id or mnemonic) */
	LA64_ERR_OPERANDS,	/* wrong number or kind of operands */
	LA64_ERR_RANGE,		/* a value does not fit its field */
	LA64_ERR_ALIGN,		/* an offset is not a multiple of its scale */
	LA64_ERR_RESERVED,	/* a value the encoding gives to another
				 * instruction: csrxchg with rj 0 or 1 */
	LA64_ERR_SYNTAX,	/* text that is not an instruction */
	LA64_ERR_CONSTRAINT,	/* operands that LLVM's assembler refuses
				 * together: la64_assembler_refuses() */
};

/* A short English text for a status ("operand out of range"). */
LA64_API const char *la64_status_text(enum la64_status status);

/*
 * The word of an instruction record: insn->id and its operands, in the
 * order and with the kinds and values la64_decode() gives (branch
 * offsets in bytes, immediates as printed).  insn->word, format and
 * group are not read.  For every word w that decodes,
 * la64_encode(decode(w)) == w.
 */
LA64_API enum la64_status la64_encode(const struct la64_insn *insn, uint32_t *word);

/*
 * Parse one line of assembler text as la64_format() prints it, with any
 * of its flags: LLVM syntax, the aliases nop, move, ret and jr, ABI or
 * numeric register names ($a0 or $r4, $fa0 or $f0, $u0), decimal or 0x
 * immediates, a "# comment" after the operands, and a final "\n" or
 * "\r\n".  Refused as LLVM's assembler refuses them: a carriage return or
 * newline before the end, register numbers with leading zeros ($r04),
 * and the operand combinations of la64_assembler_refuses()
 * (LA64_ERR_CONSTRAINT).  On success fills *insn as la64_decode() would
 * (word included).  For every word w that decodes and that
 * la64_assembler_refuses() does not name, parse(format(decode(w))) gives
 * w back.
 */
LA64_API enum la64_status la64_parse(const char *text, struct la64_insn *insn);

/*
 * True for a record that decodes but that LLVM's assembler refuses, as
 * la64_parse() does: bstrins.w/d and bstrpick.w/d with msb < lsb, and an
 * AM* instruction whose rd is neither $zero nor different from both rj
 * and rk.  la64_encode() still encodes such a record (the word exists
 * and disassemblers print it).
 */
LA64_API bool la64_assembler_refuses(const struct la64_insn *insn);

/* If insn is a PC-relative branch or jump, store its target and return true. */
LA64_API bool la64_branch_target(const struct la64_insn *insn, uint64_t pc,
			uint64_t *target);

/* The mnemonic of id ("add.w"), or NULL for an unknown id. */
LA64_API const char *la64_mnemonic(enum la64_id id);

/* The documentation group of id. */
LA64_API enum la64_group la64_insn_group(enum la64_id id);

/* The format of id. */
LA64_API enum la64_format la64_insn_format(enum la64_id id);

/* Opcode bits and mask of id: word is id iff (word & mask) == match. */
LA64_API bool la64_insn_encoding(enum la64_id id, uint32_t *match, uint32_t *mask);

/* "$a0", or "$r4" with LA64_PRINT_RAW_REGS; NULL when reg > 31. */
LA64_API const char *la64_gpr_name(unsigned reg, unsigned flags);

/* "$fa0", or "$f0" with LA64_PRINT_RAW_REGS; NULL when reg > 31. */
LA64_API const char *la64_fpr_name(unsigned reg, unsigned flags);

/*
 * The documented name of a CSR ("DMW0", "SAVE3", "MWP2CFG1") into buf;
 * returns the length, or 0 when the number has no documented name.
 */
LA64_API size_t la64_csr_name(unsigned csr, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* LA64_LA64_H */
