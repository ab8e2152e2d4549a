#!/bin/bash
# Issue 42: single 300 ms runs of the mutex at 2 pinned threads, two
# builds alternating, 12 runs each; one line a run: the build's name,
# Mops/s, Jain index, max/min share.  Quiet 2-CPU machine only.
# usage: single.sh NEW_BUILD OLD_BUILD OUT_FILE
set -eu
NEW=$1 OLD=$2 out=$3
for b in "$NEW" "$OLD"; do
	[ -x "$b/bench/lockbench" ] || { echo "single.sh: no $b/bench/lockbench" >&2; exit 2; }
done
{
	uptime
	for _ in $(seq 1 12); do
		for b in new old; do
			d=$NEW; [ $b = old ] && d=$OLD
			"$d/bench/lockbench" --mode throughput --locks fairlock-mutex --threads 2 \
				--reps 1 --duration 300 |
				awk -v b=$b '/^fairlock-mutex/{print b, $2, $5, $6}'
		done
	done
	uptime
} > "$out"
