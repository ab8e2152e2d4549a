/* Force-included (-include) before every file of glibc's test support and
 * nptl tests (third_party/glibc-nptl-tests) built outside glibc's tree.
 * glibc builds them with its own internal headers; against the installed
 * glibc they need only these three things. */
#ifndef FL_NPTL_SHIM_H
#define FL_NPTL_SHIM_H

/* glibc compiles its whole tree with the GNU extensions visible. */
#define _GNU_SOURCE 1
/* glibc's internal <dirent.h> brings NAME_MAX into temp_file.c; the
 * installed one does not. */
#include <limits.h>
/* configure's scale of every test's time limit; the environment variable
 * TIMEOUTFACTOR still scales it at run time. */
#define TIMEOUTFACTOR 1

#endif
