#!/usr/bin/env bash
# Build the ELF-reader fuzz target (tests/fuzz/build.sh: clang, libFuzzer,
# ASan+UBSan) and run it for a bounded time from a seed corpus of small
# LoongArch objects.
# usage: tests/la64/fuzz.sh SCRATCH [SECONDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$1 secs=${2:-20}
mkdir -p "$work/corpus"
cp "$here"/corpus/* "$work/corpus/"
printf 'nop\nbl f\nf: csrrd $a0, 0x180\nbeqz $a0, f\n.word 0xffffffff\n' > "$work/seed.s"
llvm-mc-19 --triple=loongarch64 --filetype=obj -o "$work/corpus/seed.o" "$work/seed.s" 2>/dev/null
printf 'fadd.d $fa0, $fa1, $fa2\n.globl g\ng: ret\n' > "$work/seed2.s"
llvm-mc-19 --triple=loongarch64 --filetype=obj -o "$work/corpus/seed2.o" "$work/seed2.s" 2>/dev/null
fuzz=$(bash "$top/tests/fuzz/build.sh" fuzz_la64dis_elf "$work/build")
"$fuzz" -max_total_time="$secs" -seed=1 -max_len=4096 \
	"$work/corpus" 2>&1 | tail -3
