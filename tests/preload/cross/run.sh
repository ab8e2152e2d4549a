#!/usr/bin/env bash
# The pthread interposer on arm64, dynamic as real programs are: built by
# CMakeLists.txt here against Debian's arm64 glibc 2.36 and run under
# qemu-aarch64 with that glibc (-L).  With each lock FAIRLOCK_LOCK names:
# the interposer's unit tests (test_preload: the mutex, condition
# variable, rwlock and cancellation groups; not fork, which qemu-user 7.2
# cannot run in a threaded guest: it aborts in its own code), and libfairlock-preload.so loaded
# with LD_PRELOAD into the C++ program of fairlock_run_cli (std::mutex,
# recursive, timed, condition_variable, shared_mutex), which checks from
# inside that its pthread calls reach the module and that its counter
# adds up.  fairlock-run itself is an x86-64 program: it is not run here,
# only what it sets (LD_PRELOAD, FAIRLOCK_LOCK, FAIRLOCK_LOG).
# usage: tests/preload/cross/run.sh [SCRATCH]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../fairlock/cross/targets.sh"
scratch=${1:-$(mktemp -d)}
sysroot=/usr/aarch64-linux-gnu
for tool in aarch64-linux-gnu-gcc aarch64-linux-gnu-g++ qemu-aarch64; do
	command -v "$tool" >/dev/null || { echo "run.sh: $tool missing (scripts/deps.sh cross)" >&2; exit 1; }
done
mkdir -p "$scratch"
cmake -S "$here" -B "$scratch" -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=aarch64 \
	-DCMAKE_C_COMPILER=aarch64-linux-gnu-gcc -DCMAKE_CXX_COMPILER=aarch64-linux-gnu-g++ \
	>"$scratch/configure.log" 2>&1 || { cat "$scratch/configure.log" >&2; exit 1; }
cmake --build "$scratch" -j "$(nproc)" >"$scratch/build.log" 2>&1 ||
	{ tail -40 "$scratch/build.log" >&2; exit 1; }
cd "$scratch"
echo "cross preload aarch64: $(aarch64-linux-gnu-gcc --version | head -1)," \
	"glibc $(dpkg-query -W -f='${Version}' libc6-arm64-cross 2>/dev/null), $(qemu-aarch64 --version | head -1)"
# The emulator as the programs get it: qemu-aarch64 with Debian's arm64
# glibc, on one host CPU where it lets a SEQ_CST load pass an earlier
# SEQ_CST store (see emulator_sb.c and cross_pin_if_reordering).
qemu=(qemu-aarch64 -L "$sysroot")
cross_pin_if_reordering ./emulator_sb "${qemu[@]}"
# served LOCK: the program under the module, 8 threads, its own checks,
# then its counter and the module's report of what it served.
served() {
	cross_guest 600 "${qemu[@]}" -E LD_PRELOAD="$scratch/libfairlock-preload.so" \
		-E FAIRLOCK_LOCK="$1" -E FAIRLOCK_LOG=1 \
		./preload_program --expect-preload --threads 8 --rounds 4000 || return
	grep -q '^counter 32000 ' out.txt && grep -q "served by fairlock $1: [1-9]" out.txt
}
# unserved: without the module the program sees glibc's functions, says
# so and fails.
unserved() {
	local status=0
	cross_guest 600 "${qemu[@]}" ./preload_program --expect-preload --rounds 100 || status=$?
	case $status in
	0) echo "the program ran as if preloaded"; return 1 ;;
	124 | 137) return "$status" ;;
	esac
	grep -q "is not the preload's" out.txt
}
for lock in mutex ticket qspinlock ticket-park; do
	FAIRLOCK_LOCK=$lock FL_TEST_SCALE=4 cross_check "test_preload, FAIRLOCK_LOCK=$lock" \
		cross_guest 600 "${qemu[@]}" ./test_preload mutex cond rwlock cancel
	cross_check "LD_PRELOAD into a C++ program, FAIRLOCK_LOCK=$lock" served "$lock"
done
cross_check "without the module: glibc's" unserved
cross_summary
