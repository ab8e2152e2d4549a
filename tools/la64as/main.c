/* SPDX-License-Identifier: MIT */
/*
 * la64as: LoongArch LA64 instructions, one per line, as la64dis and
 * llvm-objdump print them, to machine words (la64_parse()).
 */
#include <errno.h>
#include <stdbool.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/version.h"
#include "la64/la64.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

static void usage(FILE *f)
{
	fputs("usage: la64as [OPTIONS] [FILE...]\n"
	      "\n"
	      "Assemble LoongArch LA64 instructions, one per line (as la64dis\n"
	      "prints them: LLVM syntax, aliases, ABI or numeric registers),\n"
	      "read from the files or standard input.  Blank lines and lines\n"
	      "starting with # are skipped; text after # ends a line.  Lines may\n"
	      "end in LF or CRLF; a NUL byte or a carriage return elsewhere in a\n"
	      "line, register numbers with leading zeros, bstrins/bstrpick with\n"
	      "msb < lsb and AM* with rd equal to rj or rk are refused, as LLVM's\n"
	      "assembler refuses them.\n"
	      "\n"
	      "  -o, --output FILE   write the words as raw little-endian code to FILE\n"
	      "                      (default: one hex word per line on standard output)\n"
	      "  -h, --help          this text\n"
	      "      --version       print the version\n"
	      "\n"
	      "Exit status: 0 done, 1 a line could not be assembled (every bad line\n"
	      "is reported, and no output file is written), 2 bad usage.\n", f);
}

struct words {
	uint32_t *v;
	size_t n, cap;
};

static int push(struct words *w, uint32_t word)
{
	if (w->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 1024;
		uint32_t *v = realloc(w->v, cap * sizeof(*v));

		if (!v)
			return -1;
		w->v = v;
		w->cap = cap;
	}
	w->v[w->n++] = word;
	return 0;
}

/*
 * One line of f into buf, without its newline; false at the end of the
 * file.  Read byte by byte, so that a NUL byte is seen (*nul) instead of
 * ending the string early, and a line too long for buf (*too_long) is
 * read to its end and dropped, not taken for the next line.
 */
static bool read_line(FILE *f, char *buf, size_t size, bool *nul, bool *too_long)
{
	size_t n = 0;
	int c;

	*nul = *too_long = false;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (c == '\0')
			*nul = true;
		if (n + 1 < size)
			buf[n++] = (char)c;
		else
			*too_long = true;
	}
	buf[n] = '\0';
	return c != EOF || n > 0 || *nul || *too_long;
}

/* Assemble every line of f; returns the number of bad lines. */
static unsigned assemble(FILE *f, const char *name, struct words *out)
{
	char line[512];
	unsigned lineno = 0, bad = 0;
	bool nul, too_long;

	while (read_line(f, line, sizeof(line), &nul, &too_long)) {
		const char *s = line;
		struct la64_insn insn;
		enum la64_status st;
		size_t len = strlen(line);

		lineno++;
		if (too_long || nul) {
			fprintf(stderr, too_long ? "la64as: %s:%u: line longer than %zu bytes\n" :
				"la64as: %s:%u: a NUL byte in the line\n",
				name, lineno, sizeof(line) - 2);
			bad++;
			continue;
		}
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0'; /* a CRLF line end */
		if (strchr(line, '\r')) {
			fprintf(stderr, "la64as: %s:%u: a carriage return inside the line\n",
				name, lineno);
			bad++;
			continue;
		}
		s += strspn(s, " \t");
		if (*s == '\0' || *s == '#')
			continue;
		st = la64_parse(s, &insn);
		if (st != LA64_OK) {
			fprintf(stderr, "la64as: %s:%u: %s: %s\n", name, lineno,
				la64_status_text(st), s);
			bad++;
		} else if (push(out, insn.word) != 0) {
			fprintf(stderr, "la64as: out of memory\n");
			exit(EXIT_INPUT);
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "la64as: %s: %s\n", name, strerror(errno));
		bad++;
	}
	return bad;
}

/* Write the words little-endian to path, through a temporary file. */
static int write_binary(const char *path, const struct words *w)
{
	size_t len = strlen(path) + 8;
	char *tmp = malloc(len);
	FILE *f;
	int ok;

	if (!tmp)
		return -1;
	snprintf(tmp, len, "%s.tmp", path);
	f = fopen(tmp, "wb");
	if (!f) {
		fprintf(stderr, "la64as: %s: %s\n", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	ok = 1;
	for (size_t i = 0; i < w->n && ok; i++) {
		unsigned char b[4] = { (unsigned char)w->v[i], (unsigned char)(w->v[i] >> 8),
				       (unsigned char)(w->v[i] >> 16),
				       (unsigned char)(w->v[i] >> 24) };

		ok = fwrite(b, 1, 4, f) == 4;
	}
	if (fclose(f) != 0)
		ok = 0;
	if (!ok || rename(tmp, path) != 0) {
		fprintf(stderr, "la64as: %s: %s\n", path, strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *output = NULL;
	struct words words = { NULL, 0, 0 };
	unsigned bad = 0;
	int opt;

	while ((opt = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'o': output = optarg; break;
		case 'h': usage(stdout); return 0;
		case 'V': return tool_print_version("la64as");
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind == argc) {
		bad += assemble(stdin, "<stdin>", &words);
	} else {
		for (int i = optind; i < argc; i++) {
			FILE *f = fopen(argv[i], "r");

			if (!f) {
				fprintf(stderr, "la64as: %s: %s\n", argv[i], strerror(errno));
				bad++;
				continue;
			}
			bad += assemble(f, argv[i], &words);
			fclose(f);
		}
	}
	if (bad) {
		fprintf(stderr, "la64as: %u line%s not assembled%s\n", bad,
			bad == 1 ? "" : "s", output ? "; nothing written" : "");
		free(words.v);
		return EXIT_INPUT;
	}
	if (output) {
		int rc = write_binary(output, &words);

		free(words.v);
		return rc == 0 ? 0 : EXIT_INPUT;
	}
	for (size_t i = 0; i < words.n; i++)
		printf("%08x\n", words.v[i]);
	free(words.v);
	return fflush(stdout) == 0 ? 0 : EXIT_INPUT;
}
