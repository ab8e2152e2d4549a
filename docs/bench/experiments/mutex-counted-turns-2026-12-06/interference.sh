#!/bin/bash
# Issue 42: is the Jain index at 2 threads the lock's or the CPUs'?
# lockbench at 2 pinned threads, fairlock-mutex and pthread_mutex in the
# same run, 300 ms: with CPU 0 quiet, and with disturb.py pinned to CPU 0
# (a busy loop 1 ms in every 10, or 5 ms in every 10: the duty cycle of
# the other task; the scheduler shares CPU 0 between it and the lock's
# thread there).  The three conditions rotate run by run, 5 rounds, so
# that the VM's drift falls on all three.  Quiet 2-CPU machine only.
# usage: interference.sh BUILD OUT_FILE
set -eu
B=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$B/bench/lockbench" ] || { echo "interference.sh: no $B/bench/lockbench" >&2; exit 2; }
one() {
	"$B/bench/lockbench" --mode throughput --locks fairlock-mutex,pthread-mutex \
		--threads 2 --reps 1 --duration 300 |
		awk -v c="$1" '/^fairlock-mutex|^pthread-mutex/{printf "%s %s %s Mops/s Jain %s max/min %s\n", c, $1, $2, $5, $6}'
}
{
	uptime
	echo "build: $B"
	for _ in 1 2 3 4 5; do
		one quiet
		for duty in "1 9" "5 5"; do
			# shellcheck disable=SC2086 # two numbers, split on purpose
			set -- $duty
			python3 "$here/disturb.py" 0 "$1" "$2" 5 & d=$!
			sleep 0.2
			one "busy-$1-in-$(($1 + $2))ms"
			kill $d; wait $d 2>/dev/null || true
		done
	done
	uptime
} > "$out"
