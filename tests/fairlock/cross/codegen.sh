#!/usr/bin/env bash
# The generated code of the ticket lock, checked where the seed series
# cares about it: the fast path must be one atomic add on the word
# (amoadd.w.aqrl on RISC-V, amadd_db.w on LoongArch), not a compare-exchange
# loop, and the unlock a half-word store after a release barrier.
# On x86-64 it checks the slow path too: the LOCK XADD before it is a
# full barrier, so it waits with plain loads and no MFENCE (src/fairlock/
# ticket.c; herd7: SB+ticket-slow.X86 in tests/fairlock/wmm/litmus).
# On arm64 it checks what makes the fast path a full barrier in each
# build a user can make (fairlock/arch.h, FL_RMW_FULL_BARRIER): with GCC's
# and clang's default outline atomics, the helper call then DMB ISH; with
# -mno-outline-atomics, the LDAXR/STLXR loop then DMB ISH; with
# -march=armv8.1-a, LDADDAL and no DMB.  herd7 checks each of those
# sequences (tests/fairlock/wmm/litmus/SB+ticket-lock-*.AArch64.litmus).
# On 32-bit Power (GCC 12) it checks the fast path's SEQ_CST: a full sync
# before the lwarx (ACQ_REL would be an lwsync, and SB through unlock and
# lock reachable: SB+ticket-unlock-lock-acqrel.PPC), and the unlock's
# lwsync before the sth.
# usage: tests/fairlock/cross/codegen.sh riscv64-clang|riscv64-gcc|loongarch64|x86_64|
#        aarch64-gcc|aarch64-clang|aarch64-gcc-llsc|aarch64-gcc-lse|powerpc-gcc|powerpc-clang
# CODEGEN_MUTANT and CODEGEN_CFLAGS: see probe.sh, which compiles the probe.
# GCC 12 (Debian 12's riscv64-linux-gnu-gcc) maps a SEQ_CST fetch-add to
# `fence iorw,ow; amoadd.w.aq` and a release store to a full fence: still
# one AMO and no loop, which is what is checked for it; clang-19 gives the
# kernel's own `amoadd.w.aqrl` and `fence rw,w`, which is checked exactly.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
target=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=SCRIPTDIR/probe.sh
. "$here/probe.sh"
compile_probe "$target" "$work"
case $target in
riscv64-gcc)
	add='amoadd\.w\.aq(rl)?\b'
	llsc='lr\.w|sc\.w'
	store='\bsh\b'
	barrier='\bfence\b'
	;;
riscv64-clang)
	add='amoadd\.w\.aqrl'
	llsc='lr\.w|sc\.w'
	store='\bsh\b'
	barrier='fence\s+rw,\s*w'
	;;
loongarch64)
	add='amadd_db\.w'
	llsc='\bll\.w|\bsc\.w'
	store='\bst\.h\b'
	barrier='\bdbar\b'
	;;
x86_64)
	add='lock\s+xadd'
	llsc='cmpxchg'
	store='\bmovw\b'
	barrier='' # a release store is a plain store on x86
	;;
esac
fn() { awk -v f="<$1>:" '$2 == f {on = 1; next} /^$/ {on = 0} on' "$work/dis.txt"; }
# The verdict, with the probes' code (all of it when a check failed).
finish() {
	if [ $fail != 0 ]; then
		echo "--- probe_lock"; cat "$work/lock.txt"; echo "--- probe_unlock"; cat "$work/unlock.txt"
		exit 1
	fi
	echo "codegen $target: ok"
	echo "--- probe_lock";  sed 's/^/    /' "$work/lock.txt"
	echo "--- probe_unlock"; sed 's/^/    /' "$work/unlock.txt"
	exit 0
}
# LoongArch is read with la64dis (tests pass LA64DIS), the others with
# LLVM; on arm64 with relocations (-r), which name the outline helper.
if [ "$target" = loongarch64 ] && [ -n "${LA64DIS:-}" ]; then
	"$LA64DIS" "$work/p.o" > "$work/dis.txt"
	echo "disassembler: la64dis"
else
	relocs=()
	[[ $target == aarch64-* ]] && relocs=(-r)
	llvm-objdump-19 -d "${relocs[@]}" --no-show-raw-insn "$work/p.o" > "$work/dis.txt"
fi
fn probe_lock > "$work/lock.txt"
fn probe_unlock > "$work/unlock.txt"
fail=0
check() { # file, what, must (1) or must not (0), regex
	if grep -qE "$4" "$1"; then found=1; else found=0; fi
	if [ "$found" != "$3" ]; then
		echo "FAIL: $2" >&2
		fail=1
	else
		echo "ok: $2"
	fi
}
# Power: the barriers around the fast path's lwarx/stwcx. and the unlock.
if [[ $target == powerpc-* ]]; then
	awk '/lwarx/ {exit} 1' "$work/lock.txt" > "$work/before.txt"
	check "$work/lock.txt" "lock: the ticket taken by lwarx/stwcx." 1 'lwarx'
	check "$work/before.txt" "lock: a full sync before the lwarx (SEQ_CST; ACQ_REL gives lwsync)" 1 '\ssync\b|\shwsync\b'
	check "$work/before.txt" "lock: no lwsync in its place" 0 'lwsync'
	awk '/\ssth\s/ {exit} 1' "$work/unlock.txt" > "$work/before.txt"
	check "$work/unlock.txt" "unlock: a half-word store of the owner (sth)" 1 '\ssth\s'
	check "$work/before.txt" "unlock: an lwsync before it (RELEASE)" 1 'lwsync'
	finish
fi
# arm64: the instructions from the ticket's RMW to the fast path's return.
if [[ $target == aarch64-* ]]; then
	after() { awk -v re="$1" 'on && /\tret\b|\tb\t/ {exit} on; $0 ~ re {on = 1}' "$work/lock.txt"; }
	case $target in
	aarch64-gcc-lse)
		check "$work/lock.txt" "lock: LDADDAL inline" 1 'ldaddal'
		check "$work/lock.txt" "lock: no DMB where the add is LSE (a full barrier itself)" 0 'dmb'
		;;
	aarch64-gcc-llsc)
		check "$work/lock.txt" "lock: the LDAXR/STLXR loop inline" 1 'stlxr'
		after stlxr > "$work/tail.txt"
		check "$work/tail.txt" "lock: DMB ISH after the STLXR, before the fast path returns" 1 'dmb\s+ish'
		;;
	*)
		check "$work/lock.txt" "lock: the outline helper __aarch64_ldadd4_acq_rel" 1 '__aarch64_ldadd4_acq_rel'
		after '__aarch64_ldadd4_acq_rel' > "$work/tail.txt"
		check "$work/tail.txt" "lock: DMB ISH after it, before the fast path returns (ARMv8.0 CPUs run LL/SC there)" 1 'dmb\s+ish'
		;;
	esac
	check "$work/unlock.txt" "unlock: a store-release of the owner half (STLRH)" 1 'stlrh'
	check "$work/unlock.txt" "unlock: no atomic read-modify-write" 0 'ldadd|stlxr|stxr|__aarch64_'
	# trylock and the bounded queue's admission take the ticket by a
	# compare-exchange: a DMB must follow it where it may be LL/SC.
	for probe in probe_trylock probe_park_bounded; do
		fn "$probe" > "$work/$probe.txt"
		if [ "$target" = aarch64-gcc-lse ]; then
			check "$work/$probe.txt" "$probe: CASAL inline, no DMB" 1 'casal'
			check "$work/$probe.txt" "$probe: ... and no DMB" 0 'dmb'
		else
			check "$work/$probe.txt" "$probe: a DMB ISH for its compare-exchange (LL/SC on ARMv8.0)" 1 'dmb\s+ish'
		fi
	done
	finish
fi
check "$work/lock.txt" "lock: the ticket is taken with one atomic add ($add)" 1 "$add"
check "$work/lock.txt" "lock: no LL/SC compare-exchange loop in the fast path" 0 "$llsc"
[ "$(grep -cE "$add" "$work/lock.txt")" = 1 ] || { echo "FAIL: more than one atomic add" >&2; fail=1; }
check "$work/unlock.txt" "unlock: a half-word store of the owner" 1 "$store"
[ -z "$barrier" ] ||
	check "$work/unlock.txt" "unlock: a release barrier before it" 1 "$barrier"
check "$work/unlock.txt" "unlock: no atomic read-modify-write" 0 "amo|am[a-z]+_db|$llsc|lock(\s|$)"
if [ "$target" = x86_64 ]; then
	llvm-objdump-19 -d --no-show-raw-insn "$work/slow.o" > "$work/dis.txt"
	fn fl__ticket_lock_slowpath > "$work/slow.txt"
	check "$work/slow.txt" "slow path: found" 1 "mov"
	check "$work/slow.txt" "slow path: no fence after the wait (the LOCK XADD was one)" 0 "mfence|lock\s*$|lock\s+or"
fi
finish
