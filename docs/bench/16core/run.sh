#!/usr/bin/env bash
# One prepared lockbench run on a 16-core machine: the static lockbench
# (cmake -DCMAKE_EXE_LINKER_FLAGS=-static, target lockbench) beside this
# script, OUT set to a folder for the results (docs/bench/16core/).
set -u
cd "$(dirname "$0")"
{ nproc; grep -m1 'model name' /proc/cpuinfo; uname -r; lscpu 2>/dev/null | grep -E 'Socket|Thread|Core|NUMA node\(s\)'; } > "$OUT/machine.txt" 2>&1
L=fairlock-ticket,fairlock-qspin,fairlock-ticket-park,fairlock-ticket-park-bounded,fairlock-qrw,fairlock-mutex,vsync-mcs,vsync-mutex-slim,vsync-mutex-tristate,pthread-mutex
./lockbench --mode uncontended --locks "$L" --reps 5 --csv "$OUT/unc16.csv" > "$OUT/unc16.txt" 2>&1
./lockbench --mode throughput --locks "$L" --threads 1,2,4,8,16,32 --reps 3 --duration 200 \
	--csv "$OUT/tp16.csv" --json "$OUT/tp16.json" > "$OUT/tp16.txt" 2>&1
echo "rc=$?" >> "$OUT/tp16.txt"
tail -5 "$OUT/tp16.txt"
