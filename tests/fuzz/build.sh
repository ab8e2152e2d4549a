#!/usr/bin/env bash
# Build one libFuzzer target of tests/fuzz/targets.cmake in a clang build
# of its own (FL_FUZZ: coverage hooks and ASan+UBSan in everything it
# links) and print the program's path.  CMake owns the source lists.
# usage: tests/fuzz/build.sh TARGET BUILD_DIR
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
target=$1 build=$2
mkdir -p "$build"
command -v clang >/dev/null || { echo "fuzz: clang missing (scripts/deps.sh)" >&2; exit 1; }
cmake -S "$top" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
	-DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="-O1" -DBUILD_TESTING=OFF -DFL_FUZZ=ON \
	>"$build/configure.log" 2>&1 || { cat "$build/configure.log" >&2; exit 1; }
cmake --build "$build" --target "$target" -j "$(nproc)" >"$build/build.log" 2>&1 ||
	{ tail -40 "$build/build.log" >&2; exit 1; }
echo "$build/$target"
