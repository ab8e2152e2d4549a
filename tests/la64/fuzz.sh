#!/usr/bin/env bash
# Build the ELF-reader fuzz target with clang's libFuzzer (+ASan+UBSan) and
# run it for a bounded time from a seed corpus of small LoongArch objects.
# usage: tests/la64/fuzz.sh BUILD_DIR SCRATCH [SECONDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=$1 work=$2 secs=${3:-20}
mkdir -p "$work/corpus"
cp "$here"/corpus/* "$work/corpus/"
printf 'nop\nbl f\nf: csrrd $a0, 0x180\nbeqz $a0, f\n.word 0xffffffff\n' > "$work/seed.s"
llvm-mc-19 --triple=loongarch64 --filetype=obj -o "$work/corpus/seed.o" "$work/seed.s" 2>/dev/null
printf 'fadd.d $fa0, $fa1, $fa2\n.globl g\ng: ret\n' > "$work/seed2.s"
llvm-mc-19 --triple=loongarch64 --filetype=obj -o "$work/corpus/seed2.o" "$work/seed2.s" 2>/dev/null
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I"$top/tools" \
	-I"$top/include" -I"$build/src/la64" -I"$top/src/la64" \
	-o "$work/fuzz_elf" "$here/fuzz_elf.c" "$top/tools/la64dis/elf.c" \
	"$top/tools/la64dis/dis.c" "$top/src/la64/decode.c" "$top/src/la64/format.c" \
	"$top/src/la64/names.c"
"$work/fuzz_elf" -max_total_time="$secs" -seed=1 -max_len=4096 \
	"$work/corpus" 2>&1 | tail -3
