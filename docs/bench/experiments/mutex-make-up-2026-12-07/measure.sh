#!/bin/bash
# Issue 42, make-up time: the VM's gaps, interference.sh's first 8 rounds
# and the bar's pass of this folder's README, in one go (about 3
# minutes).  Quiet 2-CPU machine only: nothing else running.
# usage: measure.sh NEW_BUILD OLD_BUILD OUT
#   NEW_BUILD, OLD_BUILD: RelWithDebInfo build folders (bench/lockbench,
#   tools/fairlock-run) of this change and of the code before it
set -eu
NEW=$1 OLD=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
# 1. the VM's own gaps: how often a running thread is kept off its CPU
cc -O2 -pthread -o "$out/offcpu" "$here/offcpu.c"
"$out/offcpu" 10 > "$out/offcpu-before.txt"
# 2. Jain at 2 threads, with and without another task on CPU 0
bash "$here/interference.sh" "$NEW" "$OLD" "$out/interference.txt"
# 3. the bar: peers in the same run, 2/4/8/16 threads, 7 x 300 ms; the
# old build right after; 10 ms windows; sysbench threads
bash "$here/../mutex-end-turn-2026-12-06/measure.sh" "$NEW" "$OLD" "$out/bar"
"$out/offcpu" 10 > "$out/offcpu-after.txt"
rm -f "$out/offcpu"
