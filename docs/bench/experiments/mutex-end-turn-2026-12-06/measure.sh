#!/bin/bash
# Issue 42: the mutex whose holder ends its own turn (asks on its watcher's
# behalf at its unlock once the turn is over) against main's mutex (a1fd0b9),
# pthread_mutex and libvsync's mutexes.  Quiet 2-CPU machine only; nothing else running.
# usage: measure.sh NEW_BUILD OLD_BUILD OUT
#   NEW_BUILD, OLD_BUILD: RelWithDebInfo build folders of this branch and
#   of main (bench/lockbench, tools/fairlock-run)
set -u
NEW=$1 OLD=$2 out=$3
mkdir -p "$out"
uptime > "$out/uptime-start.txt"
# 1. the bar's run: peers in the same run, 2/4/8/16 threads, 7 x 300 ms
$NEW/bench/lockbench --mode throughput \
  --locks fairlock-mutex,vsync-mutex-slim,vsync-mutex-tristate,vsync-mutex-musl,pthread-mutex \
  --threads 2,4,8,16 --reps 7 --duration 300 \
  --csv "$out/new.csv" > "$out/new.txt" 2>&1
# 2. main's mutex, same settings, right after (pthread again as the common reference)
$OLD/bench/lockbench --mode throughput --locks fairlock-mutex,pthread-mutex \
  --threads 2,4,8,16 --reps 7 --duration 300 --csv "$out/old.csv" \
  > "$out/old.txt" 2>&1
# 2b. fairness over time, separately: the 10 ms sampler wakes on one CPU
# and perturbs the run (at 2 pinned threads, Jain 0.965 with it, 0.994
# without, same build, minutes apart)
for b in new old; do
  d=$NEW; [ $b = old ] && d=$OLD
  $d/bench/lockbench --mode throughput --locks fairlock-mutex,pthread-mutex \
    --threads 2,4,8,16 --reps 1 --duration 300 \
    --windows "$out/$b-windows.csv" > "$out/$b-windows.txt" 2>&1
done
# 3. sysbench threads (holders that yield), 8 threads, 5 interleaved rounds
for r in 1 2 3 4 5; do
  for v in glibc new old; do
    case $v in
    glibc) pre=() ;;
    new) pre=($NEW/tools/fairlock-run --lock mutex --) ;;
    old) pre=($OLD/tools/fairlock-run --lock mutex --) ;;
    esac
    ev=$("${pre[@]}" sysbench threads --threads=8 --time=4 run 2>&1 |
      sed -n 's/^ *total number of events: *//p')
    echo "$r $v $ev" | tee -a "$out/sysbench.txt"
  done
done
uptime > "$out/uptime-end.txt"
