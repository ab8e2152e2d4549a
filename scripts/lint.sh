#!/usr/bin/env bash
# Static analysis: cppcheck and clang-tidy over the project's C sources.
# usage: scripts/lint.sh BUILD_DIR   (a configured build: compile_commands.json)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
mapfile -t sources < <(git ls-files '*.c' 2>/dev/null || find src tests tools bench -name '*.c')
# Only what the host build compiles (cross and freestanding code has its own flags).
mapfile -t sources < <(for f in "${sources[@]}"; do
	grep -q "\"file\": \"$PWD/$f\"" "$build/compile_commands.json" && echo "$f"; done)
echo "lint: ${#sources[@]} files"
cppcheck --enable=warning,performance,portability --error-exitcode=1 \
	-j "$(nproc)" --inline-suppr --quiet -I include -I src -I tests "${sources[@]}"
# clang-tidy reads one file at a time: batches of 8 on every CPU.
if ! out=$(printf '%s\0' "${sources[@]}" |
	xargs -0 -n 8 -P "$(nproc)" clang-tidy -p "$build" --quiet 2>&1); then
	grep -vE '^[0-9]+ (warnings?|errors?) generated' <<<"$out"
	exit 1
fi
echo "lint: clean"
