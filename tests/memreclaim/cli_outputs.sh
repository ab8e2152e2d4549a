#!/usr/bin/env bash
# The outputs of 26 memreclaim invocations (help, stat, zswap, reclaim, run
# --check-config, bad input) on a fixed fake tree, for a before/after diff
# of a change that must not change them (issue 41: memreclaim in layers).
# usage: tests/memreclaim/cli_outputs.sh MEMRECLAIM OUTFILE
mr=$1 out=$2 work=/tmp/cliout/tree
rm -rf $work; mkdir -p $work/cg/a $work/cg/g.slice/s1.service
root=$work/cg
for d in $root $root/a $root/g.slice $root/g.slice/s1.service; do echo "cpu io memory" > $d/cgroup.controllers; done
for d in $root/a $root/g.slice/s1.service; do
  echo 104857600 > $d/memory.current; echo max > $d/memory.zswap.max; echo 1 > $d/memory.zswap.writeback
  printf 'anon 100000000\nfile 4857600\nzswap 100\nzswapped 400\npgsteal 5\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > $d/memory.stat
  printf 'some avg10=0.10 avg60=0.00 avg300=0.00 total=1000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=500\n' > $d/memory.pressure
  : > $d/memory.reclaim; echo 0 > $d/memory.min; echo max > $d/memory.high
done
printf 'interval = 2s\n[cgroup g.slice/*.service]\nfloor = 3M\n[cgroup a]\nratio = 2%%\n' > $work/c.conf
{
i=0
while IFS= read -r args; do
  i=$((i+1))
  echo "=== $i: $args"
  (cd $work && eval "\"$mr\" --cgroup-root \"$root\" $args" 2>&1 | sed "s|$work|WORK|g"); echo "rc=${PIPESTATUS[0]}"
done <<'ARGS'
--help
--version
bogus
stat a
--json stat a g.slice/s1.service
--prometheus stat a g.slice/s1.service
stat nosuch
zswap a
--json zswap a
zswap a --max lots
zswap a --max 10M
zswap a --writeback 2
reclaim a 10MB
reclaim a 1M
--json reclaim a 1M
reclaim a 1M --swappiness 300
run
run --check-config -c c.conf
run --check-config a --floor 1G --zswap-tuning yes
run --check-config -c nosuch.conf
run --interval 0 a
run --target lots a
run --iterations 0 a
stat a --max 0
run --listen x a
run --budget -1 a
ARGS
} > $out
