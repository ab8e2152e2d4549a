#!/bin/bash
# Issue 42, make-up time: the mutex's Jain index at 2 pinned threads, this
# change (NEW) against the code before it (OLD), run by run: with CPU 0
# quiet, and with a busy loop pinned to CPU 0, busy 1 ms or 5 ms in every
# 10 (../mutex-counted-turns-2026-12-06/disturb.py; the scheduler shares
# CPU 0 between it and the lock's thread there).
# Each run is lockbench, 300 ms, fairlock-mutex and pthread_mutex (the
# gauge of the machine at that moment).  Conditions rotate run by run,
# ROUNDS rounds (default 8), so that the VM's drift falls on all; within
# a condition the new build runs first in odd rounds, the old in even
# ones (run-1's interference*.txt were made before that: new first).
# Quiet 2-CPU machine only.
# usage: interference.sh NEW_BUILD OLD_BUILD OUT_FILE [ROUNDS]
set -eu
NEW=$1 OLD=$2 out=$3 rounds=${4:-8}
here=$(cd "$(dirname "$0")" && pwd)
for b in "$NEW" "$OLD"; do
	[ -x "$b/bench/lockbench" ] || { echo "interference.sh: no $b/bench/lockbench" >&2; exit 2; }
done
one() { # BUILD-NAME CONDITION
	local d=$NEW
	[ "$1" = old ] && d=$OLD
	"$d/bench/lockbench" --mode throughput --locks fairlock-mutex,pthread-mutex \
		--threads 2 --reps 1 --duration 300 |
		awk -v b="$1" -v c="$2" '/^fairlock-mutex|^pthread-mutex/{
			printf "%s %s %s %s Mops/s Jain %s max/min %s\n", b, c, $1, $2, $5, $6}'
}
{
	uptime
	echo "new: $NEW"
	echo "old: $OLD"
	for round in $(seq 1 "$rounds"); do
		for duty in "0 10" "1 9" "5 5"; do
			# shellcheck disable=SC2086 # two numbers, split on purpose
			set -- $duty
			cond=quiet d=
			if [ "$1" != 0 ]; then
				cond="busy-$1-in-$(($1 + $2))ms"
				python3 "$here/../mutex-counted-turns-2026-12-06/disturb.py" 0 "$1" "$2" 10 & d=$!
				sleep 0.2
			fi
			if [ $((round % 2)) = 1 ]; then
				one new "$cond"
				one old "$cond"
			else
				one old "$cond"
				one new "$cond"
			fi
			if [ -n "$d" ]; then kill "$d"; wait "$d" 2>/dev/null || true; fi
		done
	done
	uptime
} > "$out"
