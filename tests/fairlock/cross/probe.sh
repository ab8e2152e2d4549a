# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Sourced by codegen.sh and tests/fairlock/wmm/objlitmus.sh: compile
# codegen_probe.c (the ticket lock as a caller inlines it) for one target,
# as a user of that target would build it.
#
# compile_probe TARGET WORK writes WORK/p.o; it exits 2 for an unknown
# target.  CODEGEN_CFLAGS adds compiler flags.  CODEGEN_MUTANT=relaxed-unlock
# or acqrel-take compiles against a copy of include/ with one memory order
# of the production build weakened (the ticket unlock's RELEASE store made
# RELAXED; the ticket's SEQ_CST fetch-add made ACQ_REL): the control tests
# expect the checks to fail on it.
# riscv64-clang is compiled with -mno-relax: that changes no instruction,
# but it lets the assembler resolve the fast path's branch, which the
# disassembly must show.
probe_targets="riscv64-gcc riscv64-clang loongarch64 x86_64 aarch64-gcc aarch64-clang aarch64-gcc-llsc aarch64-gcc-lse powerpc-gcc powerpc-clang"

compile_probe() {
	local target=$1 work=$2 top inc flags=() mfile mfrom mto
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
	inc=$top/include
	if [ -n "${CODEGEN_MUTANT:-}" ]; then
		mfile=fairlock/ticket.h
		case $CODEGEN_MUTANT in
		relaxed-unlock) mfrom='val + 1), __ATOMIC_RELEASE);' mto='val + 1), __ATOMIC_RELAXED);' ;;
		acqrel-take) mfrom='__ATOMIC_SEQ_CST);' mto='__ATOMIC_ACQ_REL);' ;; # both forms of the take
		*) echo "CODEGEN_MUTANT must be relaxed-unlock or acqrel-take" >&2; exit 2 ;;
		esac
		cp -r "$top/include" "$work/include"
		inc=$work/include
		grep -qF -- "$mfrom" "$inc/$mfile" ||
			{ echo "$mfile has no '$mfrom'" >&2; exit 2; }
		sed -i "s/$mfrom/$mto/" "$inc/$mfile"
		echo "mutant: $mfile: $mfrom -> $mto"
	fi
	local src=$top/tests/fairlock/cross/codegen_probe.c out=$work/p.o
	# shellcheck disable=SC2086 # CODEGEN_CFLAGS is a list of flags
	case $target in
	riscv64-gcc) riscv64-linux-gnu-gcc -O2 ${CODEGEN_CFLAGS:-} -I"$inc" -c -o "$out" "$src" ;;
	riscv64-clang)
		clang-19 --target=riscv64-linux-gnu -ffreestanding -O2 -mno-relax \
			${CODEGEN_CFLAGS:-} -I"$inc" -c -o "$out" "$src" ;;
	loongarch64)
		clang-19 --target=loongarch64-linux-gnu -mno-lsx -ffreestanding -O2 \
			${CODEGEN_CFLAGS:-} -I"$inc" -c -o "$out" "$src" ;;
	x86_64)
		gcc -O2 ${CODEGEN_CFLAGS:-} -I"$inc" -c -o "$out" "$src"
		gcc -O2 ${CODEGEN_CFLAGS:-} -I"$inc" -I"$top/src/fairlock" -c \
			-o "$work/slow.o" "$top/src/fairlock/ticket.c" ;;
	aarch64-gcc | aarch64-gcc-llsc | aarch64-gcc-lse)
		[ "$target" = aarch64-gcc-llsc ] && flags=(-mno-outline-atomics)
		[ "$target" = aarch64-gcc-lse ] && flags=(-march=armv8.1-a)
		aarch64-linux-gnu-gcc -O2 "${flags[@]}" ${CODEGEN_CFLAGS:-} -I"$inc" \
			-c -o "$out" "$src" ;;
	aarch64-clang)
		clang-19 --target=aarch64-linux-gnu -O2 ${CODEGEN_CFLAGS:-} -I"$inc" \
			-c -o "$out" "$src" ;;
	powerpc-gcc) powerpc-linux-gnu-gcc -O2 ${CODEGEN_CFLAGS:-} -I"$inc" -c -o "$out" "$src" ;;
	powerpc-clang)
		clang-19 --target=powerpc-linux-gnu -O2 ${CODEGEN_CFLAGS:-} -I"$inc" \
			-c -o "$out" "$src" ;;
	*) echo "target must be one of: $probe_targets" >&2; exit 2 ;;
	esac
}
