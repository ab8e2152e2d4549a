/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: la64dis's ELF reader and disassembly loop on arbitrary
 * bytes.  Anything may be refused; nothing may read out of bounds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "la64dis/dis.h"
#include "la64dis/elf.h"
#include "la64/la64.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct elf_file elf;
	char err[160];

	if (!sink)
		sink = fopen("/dev/null", "w");
	if (elf_open(&elf, data, size, err, sizeof(err)) == 0) {
		dis_print_elf(sink, &elf, "fuzz", LA64_PRINT_CSR_NAMES);
		elf_close(&elf);
	}
	return 0;
}
