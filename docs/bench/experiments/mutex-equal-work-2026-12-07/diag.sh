#!/bin/bash
# Issue 42: where the turns go at 2 pinned threads, CPU 0 quiet.  BUILD is
# a build of the code with diag.patch applied (counters by CPU, printed at
# exit; configure it with -DCMAKE_C_FLAGS=-Wno-error).  Per run: the Jain
# index, each thread's acquisitions (lockbench's 10 ms sampler, which
# perturbs the run), and for each CPU's thread: its takes as a watcher,
# its takes outside a watch in the slow path (other_takes: a newcomer
# taking a free lock), its asks, and how it found the holder's turns
# over (by the count, by the time, and the locks counted at the time's
# end), and how many of its turns it started with a count passed on.
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
			--reps 1 --duration 300 --windows "$tmp/w.csv" > "$tmp/out" 2>&1
		awk '/^fairlock/ {printf "Jain %s\n", $5}
		     /^diag/ {
			for (i = 3; i <= NF; i++) { split($i, kv, "="); d[kv[1]] = kv[2] }
			printf "  %s watch takes %s, other takes %s, asks %s; turns over by count %s," \
			       " by time %s (the locks counted then, summed: %s); turns with a count passed on %s\n",
			       $2, d["watch_takes"], d["other_takes"], d["asks"], d["done_by_count"],
			       d["done_by_time"], d["timed_locks"], d["limited_turns"] }' "$tmp/out"
		awk -F, 'NR > 1 {a[$5] += $6}
			END {printf "  acquisitions: thread 0 (CPU 0) %d, thread 1 (CPU 1) %d\n", a[0], a[1]}' \
			"$tmp/w.csv"
	done
	uptime
} > "$out"
