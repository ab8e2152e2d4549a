#!/usr/bin/env bash
# Instructions per uncontended lock+unlock pair, from valgrind's callgrind:
# a count that machine noise does not change.  Each lock runs twice, with N
# and 2N pairs; the difference of the two totals divided by N cancels
# start-up and warm-up, leaving the loop alone.
# usage: bench/locks/callgrind.sh LOCKBENCH [N] [LOCK...]
set -euo pipefail
lockbench=$1
n=${2:-200000}
shift $(( $# >= 2 ? 2 : 1 ))
mapfile -t locks < <(if [ $# -gt 0 ]; then printf '%s\n' "$@"; else "$lockbench" --list | awk '{print $1}'; fi)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
irs() { # lock pairs -> total instructions
	valgrind --tool=callgrind --callgrind-out-file="$tmp/out" \
		"$lockbench" --mode uncontended --locks "$1" --reps 1 --pairs "$2" >/dev/null 2>"$tmp/log"
	grep -m1 '^summary:' "$tmp/out" | awk '{print $2}'
}
printf '%-22s %12s\n' lock instr/pair
for lock in "${locks[@]}"; do
	a=$(irs "$lock" "$n")
	b=$(irs "$lock" $((2 * n)))
	awk -v a="$a" -v b="$b" -v n="$n" -v l="$lock" 'BEGIN { printf "%-22s %12.2f\n", l, (b - a) / n }'
done
