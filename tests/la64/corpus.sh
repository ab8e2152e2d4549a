#!/usr/bin/env bash
# Real compiler output with the vector units: the project's own code and
# loops a compiler vectorizes (tests/la64/loops), built with clang-19 for
# LSX and LASX at -O2 and -O3.  la64dis must print every instruction as
# llvm-objdump-19 does (its CSR comments aside), print no .word where LLVM
# decodes, and the build must hold vector instructions at all.
# usage: tests/la64/corpus.sh LA64DIS BUILD_DIR WORKDIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dis=$1 build=$2 work=$3
mkdir -p "$work"
norm() { # instruction text only, tabs made spaces
	awk -F'\t' '/^ *[0-9a-f]+: / { t = $2; for (i = 3; i <= NF; i++) t = t " " $i; print t }'
}
fail=0
for flags in "-mlsx -O2" "-mlsx -O3" "-mlasx -O2" "-mlasx -O3"; do
	# shellcheck disable=SC2086
	bash "$here/build_object.sh" "$work/code.elf" "$build" $flags
	llvm-objdump-19 -d --no-show-raw-insn "$work/code.elf" | norm > "$work/llvm.txt"
	"$dis" "$work/code.elf" | norm | sed -E 's/ # [A-Z0-9]+$//; s/ <[^>]*>$//' > "$work/la64.txt"
	sed -i -E 's/ <[^>]*>$//' "$work/llvm.txt"
	n=$(wc -l < "$work/llvm.txt")
	vec=$(grep -cE '^x?v' "$work/llvm.txt" || true)
	words=$(grep -c '^\.word' "$work/la64.txt" || true)
	unknown=$(grep -c '^<unknown>' "$work/llvm.txt" || true)
	# Lines on either side: missing, extra or different.
	diffs=$(diff "$work/llvm.txt" "$work/la64.txt" | grep -cE '^[<>]' || true)
	echo "$flags: $n instructions, $vec vector, $words .word (LLVM <unknown>: $unknown), $diffs lines differ"
	if [ "$diffs" != 0 ] || [ "$words" != "$unknown" ] || [ "$vec" = 0 ]; then
		diff "$work/llvm.txt" "$work/la64.txt" | head -10
		fail=1
	fi
done
[ $fail = 0 ] && echo "la64 corpus: identical"
exit $fail
