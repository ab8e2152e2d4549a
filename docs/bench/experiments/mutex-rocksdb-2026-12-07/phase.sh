#!/bin/bash
# Issue 42: is the machine in its unfair phase now?  Quiet 2-CPU machine only.
# usage: phase.sh BUILD OUT RUNS
# Per run: one 300 ms lockbench run of fairlock-mutex at 2 threads with
# --windows, then one at 1 thread.  Prints: run, Mops/s (2 threads), Jain,
# max/min, windows (of 30) where one thread made under a tenth of the
# other's acquisitions, and which thread; the 1-thread Mops/s; then
# pthread_mutex at 2 threads in the same way (Mops/s, Jain, windows).
set -eu
B=$1 out=$2 runs=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
uptime
echo "run mops2 jain maxmin lopsided_windows(t0_low,t1_low) mops1 | pthread mops2 jain lopsided"
for r in $(seq 1 "$runs"); do
	"$B/bench/lockbench" --mode throughput --locks fairlock-mutex --threads 2 --reps 1 --duration 300 --csv "$tmp/c.csv" --windows "$tmp/w.csv" >/dev/null
	"$B/bench/lockbench" --mode throughput --locks fairlock-mutex --threads 1 --reps 1 --duration 300 --csv "$tmp/c1.csv" >/dev/null
	m2=$(awk -F, 'NR>1{printf "%.2f %s %s", $11/1e6, $12, $13}' "$tmp/c.csv")
	"$B/bench/lockbench" --mode throughput --locks pthread-mutex --threads 2 --reps 1 --duration 300 --csv "$tmp/cp.csv" --windows "$tmp/wp.csv" >/dev/null
	mp=$(awk -F, 'NR>1{printf "%.2f %s", $11/1e6, $12}' "$tmp/cp.csv")
	lp=$(awk -F, 'NR>1{a[$4,$5]=$6; w[$4]=1} END{l0=0;l1=0; for (k in w){x=a[k,0];y=a[k,1]; if (x*10<y) l0++; if (y*10<x) l1++} printf "%d,%d", l0, l1}' "$tmp/wp.csv")
	m1=$(awk -F, 'NR>1{printf "%.2f", $11/1e6}' "$tmp/c1.csv")
	lw=$(awk -F, 'NR>1{a[$4,$5]=$6; w[$4]=1} END{l0=0;l1=0; for (k in w){x=a[k,0];y=a[k,1]; if (x*10<y) l0++; if (y*10<x) l1++} printf "%d,%d", l0, l1}' "$tmp/w.csv")
	echo "$r $m2 $lw $m1 | pthread $mp $lp"
done
uptime
} > "$out"
