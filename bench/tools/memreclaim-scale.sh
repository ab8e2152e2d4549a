#!/usr/bin/env bash
# The daemon's own CPU per interval against the number of cgroups it
# watches: a fake cgroup tree (regular files in the kernel's formats, as
# tests/memreclaim/daemon_cli.sh makes) with N cgroups, `memreclaim run`
# over a pattern matching all of them for ITERATIONS intervals of 100 ms,
# and the CPU time it reports when it stops.  What it measures is the
# daemon's reading, deciding and writing; the kernel's reclaim (what a
# memory.reclaim write costs on a real host) is not in it.
#
# usage: bench/tools/memreclaim-scale.sh MEMRECLAIM [ITERATIONS] [N...]
#   default: 50 intervals, N = 1 100 1000
# Prints "N cgroups: C s of CPU over I intervals = X ms per interval".
set -euo pipefail
mr=$1
iterations=${2:-50}
shift $(($# > 1 ? 2 : 1))
counts=${*:-1 100 1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_cgroup() { # dir
	mkdir -p "$1"
	echo "cpu io memory" >"$1/cgroup.controllers"
	echo 104857600 >"$1/memory.current"
	printf 'anon 100000000\nfile 4857600\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' >"$1/memory.stat"
	printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=1000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=500\n' >"$1/memory.pressure"
	: >"$1/memory.reclaim"
	echo max >"$1/memory.high"
	echo max >"$1/memory.max"
}

for n in $counts; do
	root=$work/cg$n
	mkdir -p "$root"
	echo "cpu io memory" >"$root/cgroup.controllers"
	for i in $(seq "$n"); do
		make_cgroup "$root/pod$i.slice"
	done
	"$mr" --cgroup-root "$root" run --interval 100ms --iterations "$iterations" \
		'pod*.slice' 2>"$work/log" >/dev/null
	grep -q "watching $n cgroups" "$work/log" ||
		{ echo "memreclaim-scale: expected $n cgroups:" >&2; tail -3 "$work/log" >&2; exit 1; }
	cpu=$(sed -n 's/.*stopping after \([0-9]*\) intervals, \([0-9.]*\) s of CPU.*/\2/p' "$work/log")
	ran=$(sed -n 's/.*stopping after \([0-9]*\) intervals.*/\1/p' "$work/log")
	awk -v n="$n" -v c="$cpu" -v i="$ran" \
		'BEGIN { printf "%d cgroups: %.3f s of CPU over %d intervals = %.3f ms per interval\n", n, c, i, 1000 * c / i }'
done
