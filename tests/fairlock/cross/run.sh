#!/usr/bin/env bash
# Build fairlock and its tests for one target with Debian's cross compiler,
# statically, and run them under qemu-user: real threads, real contention.
# usage: tests/fairlock/cross/run.sh TARGET [SCRATCH]
#   TARGET: aarch64 riscv64 armhf s390x powerpc mips loongarch64
# LoongArch has no libc in Debian 12: its tests link the project's own
# freestanding runtime (tests/fairlock/cross/la64rt) and are built with clang-19.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
. "$here/targets.sh"
target=$1
scratch=${2:-$(mktemp -d)}
qemu=$(cross_qemu "$target") || { echo "run.sh: unknown target '$target'" >&2; exit 2; }
if [ "$target" = loongarch64 ]; then
	cc=clang-19
else
	cc=$(cross_cc "$target")
fi
for tool in "$cc" "$qemu"; do
	command -v "$tool" >/dev/null || { echo "run.sh: $tool missing (scripts/deps.sh cross)" >&2; exit 1; }
done
mkdir -p "$scratch"
cd "$scratch"

cflags=(-std=gnu11 -O2 -Wall -Wextra -Werror -static -I"$top/include" -I"$top/tests")
lib=("$top"/src/fairlock/*.c)
harness=("$top/tests/harness.c")
if [ "$target" = loongarch64 ]; then
	rt=$here/la64rt
	# -mno-lsx: clang-19 vectorises with LSX by default, which QEMU 7.2
	# (Debian 12) cannot run; the locks need only the base LA64 ISA.
	cflags+=(--target=loongarch64-linux-gnu -mno-lsx -ffreestanding -nostdlib
		-fno-stack-protector -isystem "$rt/include")
	# The runtime's own memset/memcpy must not become calls to themselves.
	"$cc" "${cflags[@]}" -fno-builtin -c -o rt.o "$rt/rt.c"
	"$cc" "${cflags[@]}" -c -o rt_thread.o "$rt/rt_thread.c"
	harness+=(rt.o rt_thread.o)
	cflags+=(-no-pie -fuse-ld=lld -Wno-unused-command-line-argument)
else
	cflags+=(-pthread)
fi
build() { # name, extra flags and sources...
	local name=$1
	shift
	"$cc" "${cflags[@]}" -o "$name" "$@" "${harness[@]}"
}
build test_ticket "$top/tests/fairlock/unit/test_ticket.c" "${lib[@]}"
build test_qspinlock "$top/tests/fairlock/unit/test_qspinlock.c" "${lib[@]}"
build test_qrwlock "$top/tests/fairlock/unit/test_qrwlock.c" "${lib[@]}"
build test_debug -DFL_DEBUG "$top/tests/fairlock/unit/test_debug.c" "${lib[@]}"
build test_mutex "$top/tests/fairlock/unit/test_mutex.c" "${lib[@]}"
build test_qspin_pool -DFL_QSPIN_THREAD_POOL=4 "$top/tests/fairlock/unit/test_qspin_pool.c" "${lib[@]}"
build test_stress "$top/tests/fairlock/stress/test_stress.c" "${lib[@]}"
build test_fifo "$top/tests/fairlock/stress/test_fifo.c" "${lib[@]}"
build test_qrw_fair "$top/tests/fairlock/stress/test_qrw_fair.c" "${lib[@]}"

echo "cross $target ($(cross_what "$target")): $("$cc" --version | head -1), $($qemu --version | head -1)"
passed=0 failed=0
t() { # FL_TEST_SCALE, program, args...
	local scale=$1
	shift
	local start=$SECONDS
	if FL_TEST_SCALE=$scale timeout 600 "$qemu" "./$1" "${@:2}" >out.txt 2>&1; then
		passed=$((passed + 1))
		echo "  ok   $* ($((SECONDS - start)) s): $(tail -1 out.txt)"
	else
		failed=$((failed + 1))
		echo "  FAIL $*:" && sed 's/^/       /' out.txt
	fi
}
t 1 test_ticket
t 1 test_qspinlock
t 1 test_qrwlock
t 1 test_debug
t 1 test_mutex
t 5 test_qspin_pool
for kind in ticket ticket-park ticket-park-bounded ticket-park-cpus qspin qrw-write qrw mutex mutex-short; do
	t 5 test_stress "$kind" 4
done
for kind in ticket ticket-park qspin qrw-write; do
	t 4 test_fifo "$kind" 4
done
t 10 test_qrw_fair
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
