#!/usr/bin/env bash
# Build the parser fuzz target (tests/fuzz/build.sh: clang, libFuzzer,
# ASan+UBSan) and run it for a bounded time from the seed corpus.
# usage: tests/memreclaim/fuzz.sh SCRATCH [SECONDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$1 secs=${2:-20}
mkdir -p "$work/corpus"
cp "$here"/corpus/* "$work/corpus/"
fuzz=$(bash "$top/tests/fuzz/build.sh" fuzz_mr_parsers "$work/build")
"$fuzz" -max_total_time="$secs" -seed=1 -max_len=512 \
	"$work/corpus" 2>&1 | tail -3
