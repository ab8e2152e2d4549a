#!/bin/bash
# Issue 42: where the turns go at 2 pinned threads, CPU 0 quiet.  BUILD is
# a build of the code with diag.patch applied (counters by CPU, printed at
# exit: the watcher's takes and asks, its looks and their mean spacing,
# and whether it found the holder's turn over by the count or by the
# time).  lockbench 300 ms with its 10 ms sampler (for each thread's
# acquisitions; it perturbs the run), RUNS runs (default 6).
# Quiet 2-CPU machine only.
# usage: diag.sh BUILD OUT_FILE [RUNS]
set -eu
B=$1 out=$2 runs=${3:-6}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
	uptime
	for _ in $(seq 1 "$runs"); do
		"$B/bench/lockbench" --mode throughput --locks fairlock-mutex --threads 2 \
			--reps 1 --duration 300 --windows "$tmp/w.csv" 2>&1 |
			awk '/^fairlock/ {printf "Jain %s\n", $5}
			     /^diag/ {
				for (i = 3; i <= NF; i++) { split($i, kv, "="); d[kv[1]] = kv[2] }
				printf "  %s takes %s asks %s looks %s mean look spacing %.2f us," \
				       " turns over by count %s, by time %s\n", $2, d["watch_takes"],
				       d["asks"], d["looks"], d["look_ns"] / d["looks"] / 1000,
				       d["done_by_count"], d["done_by_time"] }'
		awk -F, 'NR > 1 {a[$5] += $6}
			END {printf "  acquisitions: thread 0 (CPU 0) %d, thread 1 (CPU 1) %d\n", a[0], a[1]}' \
			"$tmp/w.csv"
	done
	uptime
} > "$out"
