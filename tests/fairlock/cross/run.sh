#!/usr/bin/env bash
# Build fairlock and its tests for one target with Debian's cross compiler,
# statically, and run them under qemu-user: real threads, real contention.
# usage: tests/fairlock/cross/run.sh TARGET [SCRATCH]
#   TARGET: aarch64 riscv64 armhf s390x powerpc mips loongarch64
# LoongArch has no libc in Debian 12: its tests link the project's own
# freestanding runtime (tests/fairlock/cross/la64rt) and are built with
# clang-19.  The build is CMakeLists.txt here, a project of its own.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/targets.sh"
target=$1
scratch=${2:-$(mktemp -d)}
qemu=$(cross_qemu "$target") || { echo "run.sh: unknown target '$target'" >&2; exit 2; }
cc=$(cross_cc "$target")
command -v "$qemu" >/dev/null || { echo "run.sh: $qemu missing (scripts/deps.sh cross)" >&2; exit 1; }
# CMake builds the library and the tests (CMakeLists.txt here).
cross_build "$target" "$scratch/build"
cd "$scratch/build"

echo "cross $target ($(cross_what "$target")): $("$cc" --version | head -1), $($qemu --version | head -1)"
cross_pin_if_reordering ./emulator_sb "$qemu"
# The test locks' words, shown beside the stacks of a run that hangs.
cross_gdb_words=$'tl_park 4\ntl_mutex 4'
# t FL_TEST_SCALE PROGRAM ARGS...: one test program under the emulator.
t() {
	local scale=$1
	shift
	FL_TEST_SCALE=$scale cross_check "$*" cross_guest 600 "$qemu" "./$1" "${@:2}"
}
t 1 test_ticket
t 1 test_qspinlock
t 1 test_qrwlock
t 1 test_debug
t 1 test_mutex
t 1 test_mutex_turns
t 1 test_mutex_free_watch
t 5 test_qspin_pool
# The rows of fairlock's lock table, as tests/CMakeLists.txt takes them,
# with the variants and the qrwlock of tests/fairlock/locks.h.
table=$here/../../../src/fairlock/table/lock_table.def
names=$(sed -n 's/^FL_LOCK([^,]*,[^,]*, *"\([^"]*\)".*/\1/p' "$table")
fifo_names=$(sed -n 's/^FL_LOCK([^,]*,[^,]*, *"\([^"]*\)".*, *true) *$/\1/p' "$table")
for kind in $names ticket-park-bounded ticket-park-cpus qrw-write qrw mutex-short; do
	t 5 test_stress "$kind" 4
done
for kind in $fifo_names qrw-write; do
	t 4 test_fifo "$kind" 4
done
t 10 test_qrw_fair
cross_summary
