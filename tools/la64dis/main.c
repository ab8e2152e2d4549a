/* SPDX-License-Identifier: MIT */
/*
 * la64dis: disassemble LoongArch LA64 machine code from an ELF file, a raw
 * binary, or words on the command line.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "la64dis/dis.h"
#include "la64dis/elf.h"
#include "common/version.h"
#include "la64/la64.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

static void usage(FILE *f)
{
	fputs("usage: la64dis [OPTIONS] FILE...\n"
	      "       la64dis [OPTIONS] --binary [--address ADDR] FILE...\n"
	      "       la64dis [OPTIONS] --words WORD...\n"
	      "\n"
	      "Disassemble LoongArch LA64 code: the executable sections of an ELF\n"
	      "file (default), a raw little-endian binary, or 32-bit words given in hex.\n"
	      "\n"
	      "  -b, --binary        FILE is raw code, not ELF\n"
	      "  -a, --address ADDR  address of the first byte of a raw binary (default 0)\n"
	      "  -w, --words         the arguments are instruction words (hex, 0x optional)\n"
	      "  -A, --no-aliases    raw forms: andi $zero, $zero, 0 rather than nop,\n"
	      "                      or/jirl rather than move/ret/jr\n"
	      "  -N, --numeric       register numbers: $r4, $f0 rather than $a0, $fa0\n"
	      "  -r, --raw           both of the above\n"
	      "  -C, --no-csr-names  no '# NAME' comment after CSR numbers\n"
	      "      --u0            print $r21 as $u0, the kernel's name\n"
	      "  -h, --help          this text\n"
	      "      --version       print the version\n"
	      "\n"
	      "Exit status: 0 done, 1 an input could not be read or parsed, 2 bad usage.\n",
	      f);
}

/* A whole file, mapped read-only; size 0 is allowed (and refused later). */
struct mapped {
	uint8_t *data;
	size_t size;
};

static int map_file(const char *path, struct mapped *m)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	m->data = NULL;
	m->size = 0;
	if (fd < 0) {
		fprintf(stderr, "la64dis: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		fprintf(stderr, "la64dis: %s: %s\n", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		fprintf(stderr, "la64dis: %s: is a directory\n", path);
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "la64dis: %s: not a regular file\n", path);
		close(fd);
		return -1;
	}
	if (st.st_size > 0) {
		void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

		if (p == MAP_FAILED) {
			fprintf(stderr, "la64dis: %s: %s\n", path, strerror(errno));
			close(fd);
			return -1;
		}
		m->data = p;
		m->size = (size_t)st.st_size;
	}
	close(fd);
	return 0;
}

static void unmap_file(struct mapped *m)
{
	if (m->data)
		munmap(m->data, m->size);
}

static int disassemble_elf(const char *path, unsigned flags)
{
	struct mapped m;
	struct elf_file elf;
	char err[160];
	int rc = 0;

	if (map_file(path, &m) != 0)
		return -1;
	if (elf_open(&elf, m.data, m.size, err, sizeof(err)) != 0) {
		fprintf(stderr, "la64dis: %s: %s\n", path, err);
		rc = -1;
	} else {
		dis_print_elf(stdout, &elf, path, flags);
		elf_close(&elf);
	}
	unmap_file(&m);
	return rc;
}

static int disassemble_binary(const char *path, uint64_t addr, unsigned flags)
{
	struct mapped m;

	if (map_file(path, &m) != 0)
		return -1;
	if (m.size == 0) {
		fprintf(stderr, "la64dis: %s: empty file\n", path);
		return -1;
	}
	dis_print_range(stdout, NULL, NULL, m.data, m.size, addr, flags);
	unmap_file(&m);
	return 0;
}

/* Strict hex: optional 0x, 1-8 digits, nothing else. */
static int parse_word(const char *s, uint32_t *word)
{
	uint32_t v = 0;
	int digits = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	for (; *s; s++, digits++) {
		int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return -1;
		if (digits == 8)
			return -1;
		v = v << 4 | (uint32_t)d;
	}
	if (digits == 0)
		return -1;
	*word = v;
	return 0;
}

static int parse_address(const char *s, uint64_t *addr)
{
	char *end;

	errno = 0;
	if (s[0] == '-' || s[0] == '\0')
		return -1;
	*addr = strtoull(s, &end, 0);
	return (errno || *end) ? -1 : 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "binary", no_argument, NULL, 'b' },
		{ "address", required_argument, NULL, 'a' },
		{ "words", no_argument, NULL, 'w' },
		{ "no-aliases", no_argument, NULL, 'A' },
		{ "numeric", no_argument, NULL, 'N' },
		{ "raw", no_argument, NULL, 'r' },
		{ "no-csr-names", no_argument, NULL, 'C' },
		{ "u0", no_argument, NULL, 'U' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned flags = LA64_PRINT_CSR_NAMES;
	int binary = 0, words = 0, opt, failed = 0;
	uint64_t addr = 0;
	static char outbuf[1 << 16];

	while ((opt = getopt_long(argc, argv, "ba:wANrCh", longopts, NULL)) != -1) {
		switch (opt) {
		case 'b': binary = 1; break;
		case 'a':
			if (parse_address(optarg, &addr) != 0) {
				fprintf(stderr, "la64dis: bad address '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'w': words = 1; break;
		case 'A': flags |= LA64_PRINT_NO_ALIASES; break;
		case 'N': flags |= LA64_PRINT_RAW_REGS; break;
		case 'r': flags |= LA64_PRINT_NO_ALIASES | LA64_PRINT_RAW_REGS; break;
		case 'C': flags &= ~LA64_PRINT_CSR_NAMES; break;
		case 'U': flags |= LA64_PRINT_U0; break;
		case 'h': usage(stdout); return 0;
		case 'V': return tool_print_version("la64dis");
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind == argc || (binary && words)) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (words) {
		for (int i = optind; i < argc; i++) {
			uint32_t w;

			if (parse_word(argv[i], &w) != 0) {
				fprintf(stderr, "la64dis: '%s' is not a 32-bit hex word\n",
					argv[i]);
				return EXIT_USAGE;
			}
		}
	}
	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	for (int i = optind; i < argc; i++) {
		if (words) {
			struct la64_insn insn;
			char text[LA64_TEXT_MAX];
			uint32_t w = 0;

			parse_word(argv[i], &w);
			la64_decode(w, &insn);
			la64_format(&insn, 0, flags, text, sizeof(text));
			printf("%s\n", text);
		} else if (binary) {
			failed |= disassemble_binary(argv[i], addr, flags) != 0;
		} else {
			failed |= disassemble_elf(argv[i], flags) != 0;
		}
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "la64dis: write error: %s\n", strerror(errno));
		return EXIT_INPUT;
	}
	return failed ? EXIT_INPUT : 0;
}
