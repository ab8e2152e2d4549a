/* SPDX-License-Identifier: MIT */
/*
 * A bounds-checked reader of 64-bit little-endian LoongArch ELF files: the
 * executable sections and the symbols that label them.  Every offset and
 * size in the file is checked before use; a file that fails a check is
 * refused with a message saying which.
 */
#ifndef LA64DIS_ELF_H
#define LA64DIS_ELF_H

#include <stddef.h>
#include <stdint.h>

struct elf_section {
	const char *name;	/* points into the file's string table */
	uint64_t addr;
	const uint8_t *data;	/* NULL for SHT_NOBITS */
	uint64_t size;
	unsigned index;
	int executable;
};

struct elf_symbol {
	const char *name;
	uint64_t addr;
	unsigned section;	/* section header index */
	unsigned char type;	/* STT_* */
};

struct elf_file {
	const uint8_t *data;
	size_t size;
	unsigned machine;
	struct elf_section *sections;
	unsigned nsections;
	struct elf_symbol *symbols;	/* sorted by (section, addr) */
	size_t nsymbols;
};

/*
 * Parse data (which must stay valid) as a LoongArch ELF64 file.  Returns 0,
 * or -1 with a reason in err.  On success free with elf_close().
 */
int elf_open(struct elf_file *elf, const uint8_t *data, size_t size,
	     char *err, size_t errlen);
void elf_close(struct elf_file *elf);

#endif /* LA64DIS_ELF_H */
