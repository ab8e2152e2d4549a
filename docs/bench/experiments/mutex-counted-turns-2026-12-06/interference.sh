#!/bin/bash
# Issue 42: is the Jain index at 2 threads the lock's or the CPUs'?
# lockbench at 2 pinned threads, fairlock-mutex and pthread_mutex, 5
# single 300 ms runs each: quiet, then with disturb.py pinned to CPU 0
# (busy 1 ms in every 10, then 5 ms in every 10).  Quiet 2-CPU machine.
# usage: interference.sh BUILD OUT_FILE
set -u
B=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
runs() {
	for i in 1 2 3 4 5; do
		"$B/bench/lockbench" --mode throughput --locks fairlock-mutex,pthread-mutex \
			--threads 2 --reps 1 --duration 300 2>/dev/null |
			awk '/^fairlock-mutex|^pthread-mutex/{printf "%s %s Mops/s Jain %s max/min %s   ", $1, $2, $5, $6}'
		echo
	done
}
{
	uptime
	echo "quiet"; runs
	for duty in "1 9" "5 5"; do
		set -- $duty
		echo "disturb.py on CPU 0: busy $1 ms, asleep $2 ms"
		python3 "$here/disturb.py" 0 "$1" "$2" 60 & d=$!
		sleep 0.5
		runs
		kill $d; wait $d 2>/dev/null
	done
	uptime
} > "$out"
