/* glibc's generated config.h: support/timespec-add.c and timespec-sub.c
 * include it, and need nothing from it. */
