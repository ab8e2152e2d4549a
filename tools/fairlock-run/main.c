/* SPDX-License-Identifier: MIT */
/*
 * fairlock-run: run a program with its pthread mutexes, condition variables
 * and rwlocks served by fairlock (libfairlock-preload.so in LD_PRELOAD).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/version.h"
#include "lock_names.h"

/* As env(1) and timeout(1): 125 its own failure, 126/127 the command's. */
enum { EXIT_RUN_FAILED = 125, EXIT_CANNOT_RUN = 126, EXIT_NOT_FOUND = 127 };

/*
 * The choices of --lock, from the lock table, as one sentence wrapped under
 * its option: "mutex (default), ticket, qspinlock or ticket-park".
 */
static void print_lock_choices(FILE *f)
{
	static const char indent[] = "                      ";
	size_t col = sizeof(indent) - 1 + strlen("the lock for mutexes: ");
	size_t left = FLP_LOCK_NAMES_COUNT - 1;	/* names after the default */

	fputs("the lock for mutexes: " FLP_LOCK_DEFAULT_NAME " (default)", f);
	col += strlen(FLP_LOCK_DEFAULT_NAME " (default)");
	for (size_t i = 0; i < FLP_LOCK_NAMES_COUNT; i++) {
		const char *name = flp_lock_names[i];
		const char *sep = left == 1 ? " or " : ", ";

		if (strcmp(name, FLP_LOCK_DEFAULT_NAME) == 0)
			continue;
		left--;
		if (sep[0] == ',') {	/* the comma stays on the line it ends */
			fputc(',', f);
			col++;
			sep++;
		}
		if (col + strlen(sep) + strlen(name) > 70) {
			fprintf(f, "\n%s%s", indent, sep + 1);
			col = sizeof(indent) - 1 + strlen(sep + 1);
		} else {
			fputs(sep, f);
			col += strlen(sep);
		}
		fputs(name, f);
		col += strlen(name);
	}
	fputc('\n', f);
}

static void usage(FILE *f)
{
	fputs("usage: fairlock-run [OPTIONS] [--] COMMAND [ARG...]\n"
	      "\n"
	      "Run COMMAND with its pthread mutexes, condition variables and\n"
	      "rwlocks served by fairlock (libfairlock-preload.so through\n"
	      "LD_PRELOAD; programs it starts inherit it).  Robust,\n"
	      "priority-inheriting, priority-protected and process-shared\n"
	      "mutexes, and process-shared rwlocks, stay glibc's.\n"
	      "\n"
	      "  -l, --lock NAME     ", f);
	print_lock_choices(f);
	fputs("  -w, --max-wait US   fairlock mutex's bound (mutexes under --lock mutex,\n"
	      "                      every rwlock's writer gate): a waiter past US\n"
	      "                      microseconds is handed the lock in arrival order\n"
	      "                      (default 1000; larger trades fairness for speed)\n"
	      "  -v, --log           report on standard error what was replaced, at\n"
	      "                      start and when each process exits\n"
	      "  -h, --help          this text\n"
	      "      --version       print the version\n"
	      "\n"
	      "Exit status: COMMAND's, or 125 if fairlock-run failed (bad usage, the\n"
	      "library cannot be loaded, COMMAND is statically linked), 126 if\n"
	      "COMMAND cannot be run, 127 if it is not found.\n", f);
}

static bool lock_name_known(const char *name)
{
	for (size_t i = 0; i < FLP_LOCK_NAMES_COUNT; i++)
		if (strcmp(name, flp_lock_names[i]) == 0)
			return true;
	return false;
}

/*
 * The library: $FAIRLOCK_PRELOAD_LIB, else next to this program (a build
 * tree), else where it was installed.
 */
static const char *find_library(char *buf, size_t size)
{
	const char *env = getenv("FAIRLOCK_PRELOAD_LIB");
	ssize_t n;
	char *slash;

	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", buf, size - 1);
	if (n > 0) {
		buf[n] = '\0';
		slash = strrchr(buf, '/');
		if (slash && snprintf(slash + 1, size - (size_t)(slash + 1 - buf), "%s",
				      "libfairlock-preload.so") <
				     (int)(size - (size_t)(slash + 1 - buf)) &&
		    access(buf, R_OK) == 0)
			return buf;
	}
	return FLR_INSTALLED_LIBRARY;
}

/* COMMAND as execvp() will find it, or NULL. */
static const char *find_command(const char *cmd, char *buf, size_t size)
{
	const char *path = getenv("PATH");

	if (strchr(cmd, '/'))
		return cmd;
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		size_t len = strcspn(path, ":");

		if (snprintf(buf, size, "%.*s/%s", (int)len, len ? path : ".",
			     cmd) < (int)size && access(buf, X_OK) == 0)
			return buf;
		path += len;
		if (*path == ':')
			path++;
	}
	return NULL;
}

/* A dynamically linked ELF file has a program interpreter (PT_INTERP). */
static bool statically_linked(const char *file)
{
	unsigned char ident[EI_NIDENT];
	bool is_static = false;
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return false;
	if (pread(fd, ident, sizeof(ident), 0) == (ssize_t)sizeof(ident) &&
	    memcmp(ident, ELFMAG, SELFMAG) == 0 &&
	    ident[EI_CLASS] == ELFCLASS64 && ident[EI_DATA] ==
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	    ELFDATA2LSB
#else
	    ELFDATA2MSB
#endif
	    ) {
		Elf64_Ehdr eh;

		if (pread(fd, &eh, sizeof(eh), 0) == (ssize_t)sizeof(eh) &&
		    eh.e_phentsize == sizeof(Elf64_Phdr)) {
			is_static = true;
			for (unsigned int i = 0; i < eh.e_phnum; i++) {
				Elf64_Phdr ph;

				if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff +
					  (Elf64_Off)i * sizeof(ph))) != (ssize_t)sizeof(ph))
					break;
				if (ph.p_type == PT_INTERP)
					is_static = false;
			}
		}
	}
	close(fd);
	return is_static;
}

static int set_preload(const char *library)
{
	const char *old = getenv("LD_PRELOAD");
	char *value;
	int err;

	if (old && *old) {
		if (asprintf(&value, "%s:%s", library, old) < 0)
			return -1;
	} else if (!(value = strdup(library))) {
		return -1;
	}
	err = setenv("LD_PRELOAD", value, 1);
	free(value);
	return err;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "lock", required_argument, NULL, 'l' },
		{ "max-wait", required_argument, NULL, 'w' },
		{ "log", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	char libbuf[PATH_MAX], cmdbuf[PATH_MAX];
	const char *lock = NULL, *max_wait = NULL, *library, *command;
	bool log = false;
	struct stat st;
	void *handle;
	int opt;

	/* '+': options stop at COMMAND, so its own options stay its own. */
	while ((opt = getopt_long(argc, argv, "+l:w:vh", options, NULL)) != -1) {
		switch (opt) {
		case 'l':
			lock = optarg;
			break;
		case 'w':
			max_wait = optarg;
			break;
		case 'v':
			log = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			return tool_print_version("fairlock-run");
		default:
			usage(stderr);
			return EXIT_RUN_FAILED;
		}
	}
	if (optind >= argc) {
		fputs("fairlock-run: no command given\n", stderr);
		usage(stderr);
		return EXIT_RUN_FAILED;
	}
	if (lock && !lock_name_known(lock)) {
		fprintf(stderr, "fairlock-run: unknown lock '%s' (", lock);
		flp_print_lock_names(stderr, ", ");
		fputs(")\n", stderr);
		return EXIT_RUN_FAILED;
	}
	if (max_wait) {
		uint32_t us;

		if (!flp_max_wait_parse(max_wait, &us)) {
			fprintf(stderr, "fairlock-run: --max-wait '%s' is not a "
				"number of microseconds from 1 to 16777215\n",
				max_wait);
			return EXIT_RUN_FAILED;
		}
	}

	library = find_library(libbuf, sizeof(libbuf));
	/*
	 * Load it here first: the dynamic loader would only print a warning
	 * and run the program with glibc's locks.
	 */
	handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
	if (!handle) {
		fprintf(stderr, "fairlock-run: cannot load %s: %s\n", library,
			dlerror());
		return EXIT_RUN_FAILED;
	}
	dlclose(handle);

	command = find_command(argv[optind], cmdbuf, sizeof(cmdbuf));
	if (!command) {
		fprintf(stderr, "fairlock-run: %s: command not found\n", argv[optind]);
		return EXIT_NOT_FOUND;
	}
	if (statically_linked(command)) {
		fprintf(stderr, "fairlock-run: %s is statically linked: its locks "
			"cannot be replaced\n", command);
		return EXIT_RUN_FAILED;
	}
	if (stat(command, &st) == 0 && (st.st_mode & (S_ISUID | S_ISGID)))
		fprintf(stderr, "fairlock-run: warning: %s is set-user-ID or "
			"set-group-ID: it keeps glibc's locks\n", command);

	if (set_preload(library) != 0 ||
	    (lock && setenv("FAIRLOCK_LOCK", lock, 1) != 0) ||
	    (max_wait && setenv("FAIRLOCK_MAX_WAIT_US", max_wait, 1) != 0) ||
	    (log && setenv("FAIRLOCK_LOG", "1", 1) != 0)) {
		perror("fairlock-run: setenv");
		return EXIT_RUN_FAILED;
	}
	execv(command, argv + optind);
	fprintf(stderr, "fairlock-run: %s: %s\n", argv[optind], strerror(errno));
	return errno == ENOENT ? EXIT_NOT_FOUND : EXIT_CANNOT_RUN;
}
