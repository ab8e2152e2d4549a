#!/bin/bash
# #42 prototype (branch mutex-turns) against main's mutex, pthread_mutex and libvsync's mutexes.
# Quiet 2-CPU machine only.
set -u
out=${1:-/tmp/m42/out}; mkdir -p "$out"
NEW=/work/mq/build-rel OLD=/tmp/main-rel
uptime > "$out/uptime-start.txt"
# 1. one interleaved lockbench run: the bar's (peers in the same run), new mutex
$NEW/bench/lockbench --mode throughput \
  --locks fairlock-mutex,vsync-mutex-slim,vsync-mutex-tristate,vsync-mutex-musl,pthread-mutex \
  --threads 2,4,8,16 --reps 7 --duration 300 \
  --csv "$out/new.csv" --windows "$out/new-windows.csv" > "$out/new.txt" 2>&1
# 2. main's mutex, same settings, right after (pthread again as the common reference)
$OLD/bench/lockbench --mode throughput --locks fairlock-mutex,pthread-mutex \
  --threads 2,4,8,16 --reps 7 --duration 300 --csv "$out/old.csv" > "$out/old.txt" 2>&1
# 3. sysbench threads, 8 threads, 5 interleaved rounds: glibc, new, old
for r in 1 2 3 4 5; do
  for v in glibc new old new5ms; do
    case $v in
    glibc) pre=() ;;
    new) pre=($NEW/tools/fairlock-run --lock mutex --) ;;
    old) pre=($OLD/tools/fairlock-run --lock mutex --) ;;
    new5ms) pre=($NEW/tools/fairlock-run --lock mutex --max-wait 5000 --) ;;
    esac
    ev=$("${pre[@]}" sysbench threads --threads=8 --time=4 run 2>&1 | sed -n 's/^ *events per second: *//p; s/^ *total number of events: *//p' | tr '\n' ' ')
    echo "$r $v $ev" | tee -a "$out/sysbench.txt"
  done
done
uptime > "$out/uptime-mid.txt"
# 4. long work outside the lock (is the active set too small?): old, new, pthread in one run each, alternated
for i in 1 2; do
  $NEW/bench/lockbench --mode throughput --locks fairlock-mutex,pthread-mutex --threads 2,4,8,16 --reps 3 --duration 200 --ncs 2000 >> "$out/ncs2000-new.txt" 2>&1
  $OLD/bench/lockbench --mode throughput --locks fairlock-mutex,pthread-mutex --threads 2,4,8,16 --reps 3 --duration 200 --ncs 2000 >> "$out/ncs2000-old.txt" 2>&1
done
uptime >> "$out/uptime-end.txt"
