/* glibc's support/support_paths.c takes glibc's build and install paths
 * from its Makefile.  The nptl tests built here read none of them, but
 * support_test_main.c refers to support_objdir_root; the others are
 * defined so that a test that starts using one links and finds no file. */
const char support_srcdir_root[] = "/nonexistent";
const char support_objdir_root[] = "/nonexistent";
const char support_objdir_elf_ldso[] = "/nonexistent";
const char support_install_prefix[] = "/usr";
const char support_libdir_prefix[] = "/usr/lib";
const char support_bindir_prefix[] = "/usr/bin";
const char support_sbindir_prefix[] = "/usr/sbin";
const char support_slibdir_prefix[] = "/lib";
const char support_install_rootsbindir[] = "/sbin";
const char support_complocaledir_prefix[] = "/usr/lib/locale";
