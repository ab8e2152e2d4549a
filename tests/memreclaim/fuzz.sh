#!/usr/bin/env bash
# Build the parser fuzz target with clang's libFuzzer (+ASan+UBSan) and run
# it for a bounded time from the seed corpus.
# usage: tests/memreclaim/fuzz.sh SCRATCH [SECONDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$1 secs=${2:-20}
mkdir -p "$work/corpus"
cp "$here"/corpus/* "$work/corpus/"
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I"$top/tools" \
	-o "$work/fuzz_parsers" "$here/fuzz_parsers.c" "$top/tools/common/size.c" \
	"$top/tools/memreclaim/cgroup.c" "$top/tools/common/sysfs.c" "$top/tools/common/number.c"
"$work/fuzz_parsers" -max_total_time="$secs" -seed=1 -max_len=512 \
	"$work/corpus" 2>&1 | tail -3
