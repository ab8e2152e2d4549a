#!/usr/bin/env bash
# Build a LoongArch object from the project's own code with clang-19: the
# fairlock library, the la64 decoder itself, and the stress test with its
# freestanding runtime, linked into one static LA64 executable.  With
# vector flags (-mlsx, -mlasx) it adds loops a compiler vectorizes
# (tests/la64/loops/loops.c).  CMake builds it: the cross project's
# la64_corpus target (tests/fairlock/cross/CMakeLists.txt).
# usage: tests/la64/build_object.sh OUT BUILD_DIR [CFLAGS...]
#   BUILD_DIR: the CMake build that generated src/la64/la64_index.h
#   CFLAGS: code generation flags (default: -mno-lsx -O2)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$top/tests/fairlock/cross/targets.sh"
out=$1 build=$(cd "$2" && pwd)
shift 2
codegen=("$@")
[ ${#codegen[@]} -gt 0 ] || codegen=(-mno-lsx -O2)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cross_build loongarch64 "$work" -DCMAKE_C_FLAGS="${codegen[*]}" \
	-DFL_LA64_INDEX_DIR="$build/src/la64" -- la64_corpus
cp "$work/la64_corpus" "$out"
