/* SPDX-License-Identifier: MIT */
#include "elf.h"

#include <elf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258
#endif

/* Fields are read byte by byte: the file is little-endian whatever the host. */
static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = n; i-- > 0;)
		v = v << 8 | p[i];
	return v;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	/* The analyzer loses track of va_start here (a known false positive). */
	vsnprintf(err, errlen, fmt, ap); // NOLINT(clang-analyzer-valist.Uninitialized)
	va_end(ap);
	return -1;
}

/* [off, off + len) lies inside the file. */
static int in_file(const struct elf_file *elf, uint64_t off, uint64_t len)
{
	return off <= elf->size && len <= elf->size - off;
}

/* A NUL-terminated string at off inside the string table [base, base+size). */
static const char *str_at(const struct elf_file *elf, uint64_t base,
			  uint64_t size, uint64_t off)
{
	const char *s;

	if (off >= size)
		return NULL;
	s = (const char *)elf->data + base + off;
	if (!memchr(s, '\0', size - off))
		return NULL;
	return s;
}

static int by_section_then_addr(const void *a, const void *b)
{
	const struct elf_symbol *x = a, *y = b;

	if (x->section != y->section)
		return x->section < y->section ? -1 : 1;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int read_symbols(struct elf_file *elf, uint64_t shoff, unsigned shnum,
			unsigned symtab, char *err, size_t errlen)
{
	const uint8_t *sh = elf->data + shoff + (uint64_t)symtab * 64;
	uint64_t off = le(sh + 24, 8), size = le(sh + 32, 8);
	unsigned link = (unsigned)le(sh + 40, 4);
	uint64_t entsize = le(sh + 56, 8), count;
	uint64_t str_off, str_size;
	const uint8_t *strsh;

	if (entsize != 24)
		return fail(err, errlen, "symbol table entry size %llu, not 24",
			    (unsigned long long)entsize);
	if (!in_file(elf, off, size))
		return fail(err, errlen, "symbol table lies outside the file");
	if (link == 0 || link >= shnum)
		return fail(err, errlen, "symbol table has no string table");
	strsh = elf->data + shoff + (uint64_t)link * 64;
	str_off = le(strsh + 24, 8);
	str_size = le(strsh + 32, 8);
	if (!in_file(elf, str_off, str_size))
		return fail(err, errlen, "symbol string table lies outside the file");
	count = size / 24;
	elf->symbols = calloc(count ? count : 1, sizeof(*elf->symbols));
	if (!elf->symbols)
		return fail(err, errlen, "out of memory");
	for (uint64_t i = 1; i < count; i++) {
		const uint8_t *s = elf->data + off + i * 24;
		unsigned char type = s[4] & 0xf;
		unsigned shndx = (unsigned)le(s + 6, 2);
		const char *name;

		/* Labels are functions, objects and plain symbols of a section. */
		if (type != STT_FUNC && type != STT_NOTYPE && type != STT_OBJECT)
			continue;
		if (shndx == SHN_UNDEF || shndx >= shnum)
			continue;
		name = str_at(elf, str_off, str_size, le(s, 4));
		if (!name)
			return fail(err, errlen, "symbol %llu has a bad name offset",
				    (unsigned long long)i);
		if (name[0] == '\0')
			continue;
		elf->symbols[elf->nsymbols++] = (struct elf_symbol){
			.name = name, .addr = le(s + 8, 8),
			.section = shndx, .type = type,
		};
	}
	qsort(elf->symbols, elf->nsymbols, sizeof(*elf->symbols),
	      by_section_then_addr);
	return 0;
}

int elf_open(struct elf_file *elf, const uint8_t *data, size_t size,
	     char *err, size_t errlen)
{
	uint64_t shoff, shstr_off, shstr_size;
	unsigned shnum, shstrndx, symtab = 0;

	memset(elf, 0, sizeof(*elf));
	elf->data = data;
	elf->size = size;
	if (size == 0)
		return fail(err, errlen, "empty file");
	if (size < 4 || memcmp(data, ELFMAG, SELFMAG) != 0)
		return fail(err, errlen, "not an ELF file (no \\177ELF magic)");
	if (size < 64)
		return fail(err, errlen, "truncated ELF header (%zu of 64 bytes)", size);
	if (data[EI_CLASS] != ELFCLASS64)
		return fail(err, errlen, "not a 64-bit ELF file (class %u): la64dis reads LA64 only",
			    data[EI_CLASS]);
	if (data[EI_DATA] != ELFDATA2LSB)
		return fail(err, errlen, "not a little-endian ELF file (data %u)",
			    data[EI_DATA]);
	elf->machine = (unsigned)le(data + 18, 2);
	if (elf->machine != EM_LOONGARCH)
		return fail(err, errlen, "machine %u is not LoongArch (%u)",
			    elf->machine, EM_LOONGARCH);
	shoff = le(data + 40, 8);
	shnum = (unsigned)le(data + 60, 2);
	shstrndx = (unsigned)le(data + 62, 2);
	if (shnum == 0)
		return fail(err, errlen, "no section headers");
	if (le(data + 58, 2) != 64)
		return fail(err, errlen, "section header size %llu, not 64",
			    (unsigned long long)le(data + 58, 2));
	if (!in_file(elf, shoff, (uint64_t)shnum * 64))
		return fail(err, errlen, "section headers lie outside the file (truncated?)");
	if (shstrndx == 0 || shstrndx >= shnum)
		return fail(err, errlen, "bad section name table index %u", shstrndx);
	shstr_off = le(data + shoff + (uint64_t)shstrndx * 64 + 24, 8);
	shstr_size = le(data + shoff + (uint64_t)shstrndx * 64 + 32, 8);
	if (!in_file(elf, shstr_off, shstr_size))
		return fail(err, errlen, "section name table lies outside the file");

	elf->sections = calloc(shnum, sizeof(*elf->sections));
	if (!elf->sections)
		return fail(err, errlen, "out of memory");
	elf->nsections = shnum;
	for (unsigned i = 1; i < shnum; i++) {
		const uint8_t *sh = data + shoff + (uint64_t)i * 64;
		struct elf_section *s = &elf->sections[i];
		uint32_t type = (uint32_t)le(sh + 4, 4);
		uint64_t flags = le(sh + 8, 8), off = le(sh + 24, 8);

		s->index = i;
		s->name = str_at(elf, shstr_off, shstr_size, le(sh, 4));
		if (!s->name) {
			elf_close(elf);
			return fail(err, errlen, "section %u has a bad name offset", i);
		}
		s->addr = le(sh + 16, 8);
		s->size = le(sh + 32, 8);
		s->executable = (flags & SHF_EXECINSTR) && type == SHT_PROGBITS;
		if (type == SHT_SYMTAB && !symtab)
			symtab = i;
		if (type == SHT_NOBITS)
			continue;
		if (s->executable && !in_file(elf, off, s->size)) {
			/* The message first: s->name's section array is freed next. */
			fail(err, errlen, "section %s lies outside the file (truncated?)",
			     s->name);
			elf_close(elf);
			return -1;
		}
		if (in_file(elf, off, s->size))
			s->data = data + off;
	}
	if (symtab && read_symbols(elf, shoff, shnum, symtab, err, errlen) != 0) {
		elf_close(elf);
		return -1;
	}
	return 0;
}

void elf_close(struct elf_file *elf)
{
	free(elf->sections);
	free(elf->symbols);
	elf->sections = NULL;
	elf->symbols = NULL;
	elf->nsections = 0;
	elf->nsymbols = 0;
}
