#!/usr/bin/env bash
# What a hung memory.reclaim write does to the daemon (issue 40, item 2):
# 2,000 cgroups on a fake tree matched by a pattern, one whose write never
# ends (memory.reclaim a FIFO nobody reads) leaves the pattern; then the
# writes another cgroup gets in 5 s (its JSON reclaims count) and how long
# SIGTERM takes (10 s at most).  A measurement for any memreclaim binary,
# old or new; memreclaim_fleet asserts the same on this tree's.
# usage: bench/tools/memreclaim-hung-write.sh MEMRECLAIM [WORKDIR]
set -u
mr=$1 work=${2:-/tmp/memreclaim-hung-write}
rm -rf "$work"; root=$work/cg; mkdir -p "$root"
echo "cpu io memory" > "$root/cgroup.controllers"
mk() {
	local d=$root/$1
	mkdir -p "$d"; echo "cpu io memory" > "$d/cgroup.controllers"; echo 104857600 > "$d/memory.current"
	printf 'anon 100000000\nfile 4857600\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > "$d/memory.stat"
	printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=1000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=500\n' > "$d/memory.pressure"
	: > "$d/memory.reclaim"
}
for i in $(seq 2000); do mk "fleet.slice/pod$i.service"; done
mk fleet.slice/hung.service
rm "$root/fleet.slice/hung.service/memory.reclaim"; mkfifo "$root/fleet.slice/hung.service/memory.reclaim"
"$mr" --cgroup-root "$root" run --interval 1s --json-file "$work/f.json" 'fleet.slice/*.service' 2> "$work/f.log" &
pid=$!
until grep -qF '"cgroup": "fleet.slice/hung.service", "state": "writing"' "$work/f.json" 2>/dev/null; do sleep 0.1; done
mv "$root/fleet.slice/hung.service" "$root/fleet.slice/hung.scope"
sleep 8
writes() { grep -o '{"cgroup": "fleet.slice/pod1.service"[^}]*' "$work/f.json" | sed -n 's/.*"reclaims": \([0-9]*\).*/\1/p'; }
n0=$(writes); sleep 5; n1=$(writes)
echo "writes to pod1 in 5 s after the hung cgroup left its pattern: $((n1 - n0))"
worst=$(sed -n 's/.*"interval_seconds_max": \([0-9.e+-]*\).*/\1/p' "$work/f.json" | sort -g | tail -1)
echo "longest interval of any cgroup (interval 1 s): ${worst:-?} s"
t0=$(date +%s.%N); kill -TERM $pid
for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
if kill -0 $pid 2>/dev/null; then
	echo "still running 10 s after SIGTERM"; kill -KILL $pid
else
	echo "exited $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}') s after SIGTERM"
fi
