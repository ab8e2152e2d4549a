#!/bin/bash
# Issue 42, make-up time: which thread loses with another task busy 1 ms
# in every 10 on CPU 0.  lockbench at 2 pinned threads (thread 0 on CPU 0),
# 300 ms, with its 10 ms window sampler (which perturbs the run: compare
# only runs made here); RUNS runs of each build, alternating (default 3);
# prints each run's Jain index and thread 0's share of the acquisitions.
# Quiet 2-CPU machine only.
# usage: shares.sh NEW_BUILD OLD_BUILD OUT_FILE [RUNS]
set -eu
NEW=$1 OLD=$2 out=$3 runs=${4:-3}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
	uptime
	for i in $(seq 1 "$runs"); do
		for b in new old; do
			d=$NEW
			[ $b = old ] && d=$OLD
			python3 "$here/../mutex-counted-turns-2026-12-06/disturb.py" 0 1 9 2 &
			p=$!
			sleep 0.2
			jain=$("$d/bench/lockbench" --mode throughput --locks fairlock-mutex \
				--threads 2 --reps 1 --duration 300 --windows "$tmp/w.csv" |
				awk '/^fairlock-mutex/{print $5}')
			kill $p
			wait $p 2>/dev/null || true
			awk -F, -v b=$b -v i="$i" -v j="$jain" 'NR > 1 {a[$5] += $6}
				END {printf "%s run %d Jain %s thread 0 share %.3f\n",
				     b, i, j, a[0] / (a[0] + a[1])}' "$tmp/w.csv"
		done
	done
	uptime
} > "$out"
