#!/usr/bin/env bash
# la64dis against llvm-objdump-19 -d on one large LoongArch ELF: the
# project's own code (tests/la64/build_object.sh) repeated to at least
# 1M instructions, base and LASX code mixed.  Both outputs must hold
# identical instruction text (la64dis's CSR comments aside); the figure is
# how much faster la64dis is, each time the best of 3 runs.  With --check-only (the ctest
# la64dis_large_elf) each runs once, untimed, and only the text is checked.
# usage: bench/la64/la64-speed.sh [--check-only] LA64DIS BUILD_DIR WORKDIR
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
runs=3 timed=1
case ${1:-} in
-h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
esac
if [ "${1:-}" = --check-only ]; then
	runs=1 timed=0
	shift
fi
[ $# -eq 3 ] || { echo "usage: bench/la64/la64-speed.sh [--check-only] LA64DIS BUILD_DIR WORKDIR" >&2; exit 2; }
dis=$1 build=$2 work=$3
mkdir -p "$work"
# Base and vector code mixed: the project's code built without and with
# LASX (which adds vectorized loops, tests/la64/loops).
bash "$top/tests/la64/build_object.sh" "$work/base.elf" "$build"
bash "$top/tests/la64/build_object.sh" "$work/lasx.elf" "$build" -mlasx -O3
llvm-objcopy-19 -O binary --only-section=.text "$work/base.elf" "$work/base.bin"
llvm-objcopy-19 -O binary --only-section=.text "$work/lasx.elf" "$work/lasx.bin"
cat "$work/base.bin" "$work/lasx.bin" > "$work/code.bin"
words=$(( $(stat -c %s "$work/code.bin") / 4 ))
copies=$(( (1048576 + words - 1) / words ))
: > "$work/big.bin"
for _ in $(seq "$copies"); do cat "$work/code.bin" >> "$work/big.bin"; done
printf '.text\n.incbin "%s"\n' "$work/big.bin" > "$work/big.s"
llvm-mc-19 --triple=loongarch64 --filetype=obj -o "$work/big.o" "$work/big.s" 2>/dev/null
total=$(( $(stat -c %s "$work/big.bin") / 4 ))
best() { # command... : best wall time of $runs runs, in seconds
	local b=
	for _ in $(seq "$runs"); do
		local t0 t1
		t0=$(date +%s.%N); "$@" > "$work/out.txt"; t1=$(date +%s.%N)
		b=$(echo "$t0 $t1 ${b:-}" | awk '{d = $2 - $1; if ($3 != "" && $3 < d) d = $3; printf "%.3f", d}')
	done
	echo "$b"
}
t_llvm=$(best llvm-objdump-19 -d "$work/big.o"); mv "$work/out.txt" "$work/llvm.txt"
t_la64=$(best "$dis" "$work/big.o"); mv "$work/out.txt" "$work/la64.txt"
text() { awk -F'\t' '/^ *[0-9a-f]+: / { t = $2; for (i = 3; i <= NF; i++) t = t "\t" $i; print t }'; }
text < "$work/llvm.txt" | sed 's/^<unknown>$/UNKNOWN/' > "$work/llvm.norm"
text < "$work/la64.txt" | sed -E 's/\t# [A-Z0-9]+$//; s/^\.word\t0x[0-9a-f]{8}$/UNKNOWN/' > "$work/la64.norm"
if ! cmp -s "$work/llvm.norm" "$work/la64.norm"; then
	echo "FAIL: instruction text differs:" >&2
	diff "$work/llvm.norm" "$work/la64.norm" | head -10 >&2
	exit 1
fi
if [ $timed = 0 ]; then
	echo "$total instructions ($copies copies of $words): identical text"
	exit 0
fi
ratio=$(echo "$t_llvm $t_la64" | awk '{printf "%.1f", $1 / $2}')
echo "$total instructions ($copies copies of $words): llvm-objdump-19 ${t_llvm}s, la64dis ${t_la64}s: ${ratio}x faster, identical text"
