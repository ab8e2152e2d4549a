#!/usr/bin/env bash
# The mutex's spin looks on 16 cores: 2 (default), 8, 32: static lockbench
# builds with -DFL_MUTEX_SPIN_LOOKS=8 and =32 beside the default one.
set -u
cd "$(dirname "$0")"
L=fairlock-mutex,fairlock-mutex-100us,vsync-mutex-tristate,pthread-mutex
for b in lockbench lockbench-looks8 lockbench-looks32; do
	echo "=== $b" >> "$OUT/looks.txt"
	./$b --mode throughput --locks "$L" --threads 4,8,16 --reps 3 --duration 200 >> "$OUT/looks.txt" 2>&1
done
grep -E "^(===|==|fairlock|pthread|vsync)" "$OUT/looks.txt" | cut -c1-80 | tail -45
