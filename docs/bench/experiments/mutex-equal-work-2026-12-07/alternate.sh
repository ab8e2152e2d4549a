#!/bin/bash
# Issue 42: two builds' fairlock-mutex, run by run in alternation, so that
# the VM's drift falls on both: each round runs lockbench (300 ms, one
# rep) with NEW then OLD, or OLD then NEW in even rounds.  THREADS is
# lockbench's --threads list; LOCKS its --locks list (pthread-mutex
# beside the mutex gauges the machine at that moment).
# Quiet 2-CPU machine only.
# usage: alternate.sh NEW_BUILD OLD_BUILD OUT_FILE ROUNDS [THREADS] [LOCKS]
# Prints one line per lock and thread count per run:
#   round build lock threads Mops/s jain max/min p99.9-wait-ns
set -eu
NEW=$1 OLD=$2 out=$3 rounds=$4 threads=${5:-2} locks=${6:-fairlock-mutex}
for b in "$NEW" "$OLD"; do
	[ -x "$b/bench/lockbench" ] || { echo "alternate.sh: no $b/bench/lockbench" >&2; exit 2; }
done
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
{
	uptime
	echo "new: $NEW"
	echo "old: $OLD"
	for round in $(seq 1 "$rounds"); do
		order="new old"
		[ $((round % 2)) = 0 ] && order="old new"
		for b in $order; do
			d=$NEW
			[ "$b" = old ] && d=$OLD
			"$d/bench/lockbench" --mode throughput --locks "$locks" \
				--threads "$threads" --reps 1 --duration 300 --csv "$csv" >/dev/null
			awk -F, -v r="$round" -v b="$b" 'NR > 1 {
				printf "%s %s %s %s %.2f %s %s %s\n", r, b, $2, $5, $11 / 1e6, $12, $13, $21}' "$csv"
		done
	done
	uptime
} > "$out"
