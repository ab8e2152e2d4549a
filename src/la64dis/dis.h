/* SPDX-License-Identifier: MIT */
#ifndef LA64DIS_DIS_H
#define LA64DIS_DIS_H

#include <stdint.h>
#include <stdio.h>

#include "elf.h"

/*
 * Print the instructions of [data, data + size) at address addr in
 * llvm-objdump -d's layout: labels from sec's symbols (sec may be NULL),
 * address, bytes, text, and "<sym+0xoff>" after branch targets.
 * A trailing partial word (1 to 3 bytes) is printed as its address and
 * bytes in hex, then "<trailing bytes, not a whole instruction>".
 */
void dis_print_range(FILE *out, const struct elf_file *elf,
		     const struct elf_section *sec, const uint8_t *data,
		     uint64_t size, uint64_t addr, unsigned flags);

/* Disassemble every executable section of elf. */
void dis_print_elf(FILE *out, const struct elf_file *elf, const char *path,
		   unsigned flags);

#endif /* LA64DIS_DIS_H */
