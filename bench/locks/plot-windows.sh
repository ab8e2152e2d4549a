#!/usr/bin/env bash
# Fairness over time, from lockbench --windows: each thread's share of the
# acquisitions in every 10 ms window of one run, for each lock at one
# thread count, one panel per lock; and per lock, over every window of
# every run at that count, the median and the 10th percentile of the
# window's Jain index (1 = every thread got the same that window).
# usage: bench/locks/plot-windows.sh WINDOWS.csv THREADS OUT.png [REP]
#   REP: the run to draw (default 0, the first); the figures use them all
set -euo pipefail
csv=$1 threads=$2 out=$3 rep=${4:-0}
[[ $threads =~ ^[1-9][0-9]*$ ]] || { echo "plot-windows.sh: THREADS is a count" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Per window: each thread's share (acquisitions / the window's total).
awk -F, -v n="$threads" 'NR > 1 && $2 == n {
	key = $1 SUBSEP $3 SUBSEP $4
	a[key, $5] = $6; tot[key] += $6; lock[key] = $1; rep[key] = $3; win[key] = $4
	seen[$1] = 1
} END {
	for (k in tot) {
		s = 0; s2 = 0
		for (i = 0; i < n; i++) { x = a[k, i] + 0; s += x; s2 += x * x }
		j = s2 > 0 ? s * s / (n * s2) : 1
		print lock[k], rep[k], win[k], j > "'"$tmp"'/jain"
		for (i = 0; i < n; i++)
			print lock[k], rep[k], win[k], i, (tot[k] > 0 ? a[k, i] / tot[k] : 0) > "'"$tmp"'/shares"
	}
}' "$csv"
[ -s "$tmp/jain" ] || { echo "plot-windows.sh: no runs with $threads threads in $csv" >&2; exit 1; }

echo "windows of $threads threads: per-window Jain index, median and 10th percentile"
for lock in $(cut -d' ' -f1 "$tmp/jain" | sort -u); do
	awk -v l="$lock" '$1 == l { print $4 }' "$tmp/jain" | sort -g | awk -v l="$lock" '
		{ v[NR] = $1 } END {
			printf "  %-28s windows %5d  median %.4f  p10 %.4f\n", l, NR,
				v[int((NR + 1) / 2)], v[int(NR / 10) + 1]
		}'
done

locks=($(cut -d' ' -f1 "$tmp/shares" | sort -u))
{
	echo "set terminal pngcairo size 1000,$((260 * ${#locks[@]})) font ',10'"
	echo "set output '$out'"
	echo "set multiplot layout ${#locks[@]},1"
	echo "set yrange [0:1]"
	echo "set ylabel 'share of the window'"
	echo "set xlabel 'time (10 ms windows)'"
	echo "set key outside right"
	for lock in "${locks[@]}"; do
		for ((i = 0; i < threads; i++)); do
			awk -v l="$lock" -v r="$rep" -v t="$i" '$1 == l && $2 == r && $4 == t { print $3, $5 }' \
				"$tmp/shares" | sort -n >"$tmp/$lock.$i"
		done
		echo "set title \"$lock, $threads threads (run $rep): each thread's share of each 10 ms\""
		printf "plot "
		for ((i = 0; i < threads; i++)); do
			printf "'%s' using 1:2 with lines title 'thread %d'" "$tmp/$lock.$i" "$i"
			[ "$i" -lt $((threads - 1)) ] && printf ", "
		done
		echo
	done
	echo "unset multiplot"
} | gnuplot
echo "plot: $out"
