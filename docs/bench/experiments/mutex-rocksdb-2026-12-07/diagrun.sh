#!/bin/bash
# Issue 42: the counters of diag.patch at 2 pinned threads, 300 ms runs.
# DIAG_BUILD: a RelWithDebInfo build of the mutex with diag.patch applied,
# configured with -DCMAKE_C_FLAGS=-Wno-error.  Quiet 2-CPU machine only.
# usage: diagrun.sh DIAG_BUILD OUT RUNS
set -eu
B=$1 out=$2 runs=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
uptime
for r in $(seq 1 "$runs"); do
	"$B/bench/lockbench" --mode throughput --locks fairlock-mutex --threads 2 --reps 1 --duration 300 --csv "$tmp/c.csv" --windows "$tmp/w.csv" >/dev/null 2>"$tmp/err"
	m2=$(awk -F, 'NR>1{printf "%.2f %s %s", $11/1e6, $12, $13}' "$tmp/c.csv")
	acq=$(awk -F, 'NR>1{a[$5]+=$6} END{printf "t0=%d t1=%d", a[0], a[1]}' "$tmp/w.csv")
	echo "run $r: $m2 $acq"
	grep '^diag' "$tmp/err" | sed 's/^/  /'
done
uptime
} > "$out"
