#!/usr/bin/env bash
# Build a LoongArch object from the project's own code with clang-19: the
# fairlock library, the la64 decoder itself, and the stress test with its
# freestanding runtime, linked into one static LA64 executable.  With
# vector flags (-mlsx, -mlasx) it adds loops a compiler vectorizes
# (tests/la64/loops/loops.c).
# usage: tests/la64/build_object.sh OUT BUILD_DIR [CFLAGS...]
#   BUILD_DIR: the CMake build that generated src/la64/la64_index.h
#   CFLAGS: code generation flags (default: -mno-lsx -O2)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$1 build=$2
shift 2
codegen=("$@")
[ ${#codegen[@]} -gt 0 ] || codegen=(-mno-lsx -O2)
rt=$top/tests/fairlock/cross/la64rt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cflags=(--target=loongarch64-linux-gnu "${codegen[@]}" -ffreestanding -nostdlib
	-fno-stack-protector -std=gnu11 -Wall -Wextra -Werror
	-isystem "$rt/include" -I"$top/include" -I"$top/tests" -I"$build/src/la64" -I"$top/src/la64")
clang-19 "${cflags[@]}" -fno-builtin -c -o "$work/rt.o" "$rt/rt.c"
objs=("$work/rt.o")
for src in "$rt/rt_thread.c" "$top"/src/fairlock/*.c "$top"/src/la64/decode.c \
	"$top"/src/la64/format.c "$top"/src/la64/names.c "$top/tests/harness.c" \
	"$top/tests/fairlock/stress/test_stress.c" "$here/loops/loops.c"; do
	o=$work/$(basename "$src" .c).o
	clang-19 "${cflags[@]}" -c -o "$o" "$src"
	objs+=("$o")
done
clang-19 "${cflags[@]}" -static -no-pie -fuse-ld=lld -Wno-unused-command-line-argument \
	-o "$out" "${objs[@]}"
