#!/usr/bin/env bash
# Futex calls per acquisition on 16 cores: a static lockbench beside this
# script, OUT set to a folder for the results (docs/bench/16core/).
set -u
cd "$(dirname "$0")"
{ mount -t tracefs nodev /sys/kernel/tracing && echo "mounted tracefs"; } > "$OUT/mount.txt" 2>&1
cat /proc/sys/kernel/perf_event_paranoid >> "$OUT/mount.txt" 2>&1
L=fairlock-ticket,fairlock-ticket-park,fairlock-ticket-park-bounded,fairlock-mutex,vsync-mutex-tristate,pthread-mutex
./lockbench --mode throughput --locks "$L" --threads 2,4,8,16 --reps 3 --duration 200 \
	--csv "$OUT/futex16.csv" > "$OUT/futex16.txt" 2>&1
echo "rc=$?" >> "$OUT/futex16.txt"
cut -c1-100 "$OUT/futex16.txt" | tail -32
