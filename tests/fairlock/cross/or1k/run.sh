#!/usr/bin/env bash
# OpenRISC (or1k, 32-bit big-endian): build the library's lock sources and a
# bare-metal test with gcc-or1k-elf, run it under qemu-system-or1k and read
# its verdict from the UART.  Single CPU, no threads: it checks the
# single-threaded semantics and exact lock words, not contention.
# usage: tests/fairlock/cross/or1k/run.sh [SCRATCH]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../targets.sh"
scratch=${1:-$(mktemp -d)}
# CMake builds the test (../CMakeLists.txt, FL_CROSS_TARGET=or1k).
cross_build or1k "$scratch/build"
elf=$scratch/build/or1k_test.elf
echo "cross or1k (32-bit big-endian, bare metal, 1 CPU): $("$(cross_cc or1k)" --version | head -1), $(qemu-system-or1k --version | head -1)"
out=$scratch/uart.txt
qemu-system-or1k -M or1k-sim -kernel "$elf" -nographic \
	-monitor none >"$out" 2>&1 &
qemu=$!
# The board cannot power off: stop QEMU once the verdict is out.
for _ in $(seq 300); do
	grep -q ' failed$' "$out" && break
	kill -0 "$qemu" 2>/dev/null || break
	sleep 0.1
done
kill "$qemu" 2>/dev/null || true
wait "$qemu" 2>/dev/null || true
sed 's/^/  /' "$out"
grep -qE '^[0-9]+ passed, 0 failed$' "$out"
