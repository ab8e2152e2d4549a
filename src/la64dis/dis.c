/* SPDX-License-Identifier: MIT */
#include "dis.h"

#include <inttypes.h>
#include <string.h>

#include "la64/la64.h"

/* The symbols of one section: a slice of elf->symbols. */
struct labels {
	const struct elf_symbol *sym;
	size_t n;
};

static struct labels section_labels(const struct elf_file *elf,
				    const struct elf_section *sec)
{
	struct labels l = { NULL, 0 };

	if (!elf || !sec)
		return l;
	for (size_t i = 0; i < elf->nsymbols; i++) {
		if (elf->symbols[i].section != sec->index)
			continue;
		if (!l.sym)
			l.sym = &elf->symbols[i];
		l.n++;
	}
	return l;
}

/* The last label at or before addr, or NULL. */
static const struct elf_symbol *label_at_or_before(const struct labels *l,
						   uint64_t addr)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->sym[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &l->sym[lo - 1] : NULL;
}

static void print_target(FILE *out, const struct labels *l,
			 const struct elf_section *sec, uint64_t section_addr,
			 uint64_t target)
{
	const struct elf_symbol *s = label_at_or_before(l, target);
	const char *name = s ? s->name : sec ? sec->name : NULL;
	uint64_t base = s ? s->addr : section_addr;

	if (!name)
		return;
	if (target == base)
		fprintf(out, " <%s>", name);
	else
		fprintf(out, " <%s+0x%" PRIx64 ">", name, target - base);
}

static const char hexdigits[] = "0123456789abcdef";

/* "%8" PRIx64 ": xx xx xx xx  \t" into line; returns the length. */
static size_t line_prefix(char *line, uint64_t pc, const uint8_t *p)
{
	char digits[16];
	size_t n = 0, len = 0;

	do {
		digits[n++] = hexdigits[pc & 15];
		pc >>= 4;
	} while (pc);
	while (n + len < 8)
		line[len++] = ' ';
	while (n)
		line[len++] = digits[--n];
	line[len++] = ':';
	for (int i = 0; i < 4; i++) {
		line[len++] = ' ';
		line[len++] = hexdigits[p[i] >> 4];
		line[len++] = hexdigits[p[i] & 15];
	}
	line[len++] = ' ';
	line[len++] = ' ';
	line[len++] = '\t';
	return len;
}

void dis_print_range(FILE *out, const struct elf_file *elf,
		     const struct elf_section *sec, const uint8_t *data,
		     uint64_t size, uint64_t addr, unsigned flags)
{
	struct labels l = section_labels(elf, sec);
	size_t next_label = 0;
	/* Prefix (at most 16 address digits + 17), the text, a newline. */
	char line[41 + LA64_TEXT_MAX];
	uint64_t off;

	if (sec && (l.n == 0 || l.sym[0].addr > addr))
		fprintf(out, "\n%016" PRIx64 " <%s>:\n", addr, sec->name);
	while (next_label < l.n && l.sym[next_label].addr < addr)
		next_label++;
	for (off = 0; off + 4 <= size; off += 4) {
		const uint8_t *p = data + off;
		uint32_t word = (uint32_t)p[0] | (uint32_t)p[1] << 8 |
				(uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		uint64_t pc = addr + off, target;
		struct la64_insn insn;

		for (; next_label < l.n && l.sym[next_label].addr <= pc; next_label++)
			fprintf(out, "\n%016" PRIx64 " <%s>:\n",
				l.sym[next_label].addr, l.sym[next_label].name);
		size_t len = line_prefix(line, pc, p);
		size_t room, text;

		la64_decode(word, &insn);
		room = sizeof(line) - 1 - len; /* the newline's byte kept */
		text = la64_format(&insn, pc, flags, line + len, room);

		/* Never past the buffer, should a text ever outgrow LA64_TEXT_MAX. */
		len += text < room ? text : room - 1;
		/*
		 * One unlocked write per line: the stream is this thread's,
		 * and stdio's locking was a tenth of the run.
		 */
		if (la64_branch_target(&insn, pc, &target)) {
			fwrite_unlocked(line, 1, len, out);
			print_target(out, &l, sec, addr, target);
			fputc_unlocked('\n', out);
		} else {
			line[len++] = '\n';
			fwrite_unlocked(line, 1, len, out);
		}
	}
	if (off < size) {
		fprintf(out, "%8" PRIx64 ":", addr + off);
		for (; off < size; off++)
			fprintf(out, " %02x", data[off]);
		fputs("  \t<trailing bytes, not a whole instruction>\n", out);
	}
}

void dis_print_elf(FILE *out, const struct elf_file *elf, const char *path,
		   unsigned flags)
{
	fprintf(out, "\n%s:\tfile format elf64-loongarch\n", path);
	for (unsigned i = 1; i < elf->nsections; i++) {
		const struct elf_section *s = &elf->sections[i];

		if (!s->executable || !s->data)
			continue;
		fprintf(out, "\nDisassembly of section %s:\n", s->name);
		dis_print_range(out, elf, s, s->data, s->size, s->addr, flags);
	}
}
