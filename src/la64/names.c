/* SPDX-License-Identifier: MIT */
/*
 * Register and CSR names, from the tables of the kernel's
 * Documentation/loongarch/introduction.rst (seed 008).
 */
#include <stdio.h>
#include <string.h>

#include "la64/la64.h"

/* $r21 has no psABI name; LLVM prints $r21, the kernel calls it $u0. */
static const char *const gpr_abi[32] = {
	"$zero", "$ra", "$tp", "$sp", "$a0", "$a1", "$a2", "$a3",
	"$a4", "$a5", "$a6", "$a7", "$t0", "$t1", "$t2", "$t3",
	"$t4", "$t5", "$t6", "$t7", "$t8", "$r21", "$fp", "$s0",
	"$s1", "$s2", "$s3", "$s4", "$s5", "$s6", "$s7", "$s8",
};

static const char *const gpr_raw[32] = {
	"$r0", "$r1", "$r2", "$r3", "$r4", "$r5", "$r6", "$r7",
	"$r8", "$r9", "$r10", "$r11", "$r12", "$r13", "$r14", "$r15",
	"$r16", "$r17", "$r18", "$r19", "$r20", "$r21", "$r22", "$r23",
	"$r24", "$r25", "$r26", "$r27", "$r28", "$r29", "$r30", "$r31",
};

static const char *const fpr_abi[32] = {
	"$fa0", "$fa1", "$fa2", "$fa3", "$fa4", "$fa5", "$fa6", "$fa7",
	"$ft0", "$ft1", "$ft2", "$ft3", "$ft4", "$ft5", "$ft6", "$ft7",
	"$ft8", "$ft9", "$ft10", "$ft11", "$ft12", "$ft13", "$ft14", "$ft15",
	"$fs0", "$fs1", "$fs2", "$fs3", "$fs4", "$fs5", "$fs6", "$fs7",
};

static const char *const fpr_raw[32] = {
	"$f0", "$f1", "$f2", "$f3", "$f4", "$f5", "$f6", "$f7",
	"$f8", "$f9", "$f10", "$f11", "$f12", "$f13", "$f14", "$f15",
	"$f16", "$f17", "$f18", "$f19", "$f20", "$f21", "$f22", "$f23",
	"$f24", "$f25", "$f26", "$f27", "$f28", "$f29", "$f30", "$f31",
};

const char *la64_gpr_name(unsigned reg, unsigned flags)
{
	if (reg > 31)
		return NULL;
	if (flags & LA64_PRINT_RAW_REGS)
		return gpr_raw[reg];
	if (reg == 21 && (flags & LA64_PRINT_U0))
		return "$u0";
	return gpr_abi[reg];
}

const char *la64_fpr_name(unsigned reg, unsigned flags)
{
	if (reg > 31)
		return NULL;
	return (flags & LA64_PRINT_RAW_REGS) ? fpr_raw[reg] : fpr_abi[reg];
}

/* The CSRs with a single address. */
static const struct {
	unsigned short num;
	const char *name;
} csr_fixed[] = {
	{ 0x0, "CRMD" }, { 0x1, "PRMD" }, { 0x2, "EUEN" }, { 0x3, "MISC" },
	{ 0x4, "ECFG" }, { 0x5, "ESTAT" }, { 0x6, "ERA" }, { 0x7, "BADV" },
	{ 0x8, "BADI" }, { 0xc, "EENTRY" }, { 0x10, "TLBIDX" },
	{ 0x11, "TLBEHI" }, { 0x12, "TLBELO0" }, { 0x13, "TLBELO1" },
	{ 0x18, "ASID" }, { 0x19, "PGDL" }, { 0x1a, "PGDH" }, { 0x1b, "PGD" },
	{ 0x1c, "PWCL" }, { 0x1d, "PWCH" }, { 0x1e, "STLBPS" },
	{ 0x1f, "RVACFG" }, { 0x20, "CPUID" }, { 0x21, "PRCFG1" },
	{ 0x22, "PRCFG2" }, { 0x23, "PRCFG3" }, { 0x40, "TID" },
	{ 0x41, "TCFG" }, { 0x42, "TVAL" }, { 0x43, "CNTC" },
	{ 0x44, "TICLR" }, { 0x60, "LLBCTL" }, { 0x80, "IMPCTL1" },
	{ 0x81, "IMPCTL2" }, { 0x88, "TLBRENTRY" }, { 0x89, "TLBRBADV" },
	{ 0x8a, "TLBRERA" }, { 0x8b, "TLBRSAVE" }, { 0x8c, "TLBRELO0" },
	{ 0x8d, "TLBRELO1" },
	/*
	 * The documentation's table names 0x8E "TLBEHI" again, a typo: it is
	 * the TLB refill entry's high part, TLBREHI in the reference manual
	 * and the kernel's loongarch.h (LOONGARCH_CSR_TLBREHI).
	 */
	{ 0x8e, "TLBREHI" },
	{ 0x8f, "TLBRPRMD" }, { 0x90, "MERRCTL" }, { 0x91, "MERRINFO1" },
	{ 0x92, "MERRINFO2" }, { 0x93, "MERRENTRY" }, { 0x94, "MERRERA" },
	{ 0x95, "MERRSAVE" }, { 0x98, "CTAG" }, { 0x300, "MWPC" },
	{ 0x301, "MWPS" }, { 0x380, "FWPC" }, { 0x381, "FWPS" },
	{ 0x500, "DBG" }, { 0x501, "DERA" }, { 0x502, "DSAVE" },
};

/* "PREFIXn", or "PREFIXnCFGm" when m is not 0 (the watchpoint registers). */
static size_t put_name(char *buf, size_t size, const char *prefix, unsigned n,
		       unsigned m)
{
	int len = m ? snprintf(buf, size, "%s%uCFG%u", prefix, n, m)
		    : snprintf(buf, size, "%s%u", prefix, n);

	return len < 0 ? 0 : (size_t)len;
}

size_t la64_csr_name(unsigned csr, char *buf, size_t size)
{
	for (size_t i = 0; i < sizeof(csr_fixed) / sizeof(csr_fixed[0]); i++)
		if (csr_fixed[i].num == csr) {
			int len = snprintf(buf, size, "%s", csr_fixed[i].name);

			return len < 0 ? 0 : (size_t)len;
		}
	/* The n-indexed ranges of the table. */
	if (csr >= 0x30 && csr <= 0x3f)
		return put_name(buf, size, "SAVE", csr - 0x30, 0);
	if (csr >= 0x180 && csr <= 0x183)
		return put_name(buf, size, "DMW", csr - 0x180, 0);
	if (csr >= 0x200 && csr <= 0x23f)
		return put_name(buf, size, (csr & 1) ? "PMCNT" : "PMCFG",
				(csr - 0x200) / 2, 0);
	if (csr >= 0x310 && csr <= 0x34f && (csr & 7) < 4)
		return put_name(buf, size, "MWP", (csr - 0x310) / 8,
				(csr & 7) + 1);
	if (csr >= 0x390 && csr <= 0x3cf && (csr & 7) < 4)
		return put_name(buf, size, "FWP", (csr - 0x390) / 8,
				(csr & 7) + 1);
	if (size > 0)
		buf[0] = '\0';
	return 0;
}
