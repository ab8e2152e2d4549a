#!/usr/bin/env bash
# Plot a lockbench CSV: throughput and fairness against thread count.
# usage: bench/plot.sh RESULTS.csv OUTDIR   (writes throughput.png, fairness.png)
set -euo pipefail
csv=$1 out=$2
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One data block per lock: threads, Mops/s, Jain.
awk -F, 'NR > 1 && $1 == "throughput" { print $2, $5, $11 / 1e6, $12 }' "$csv" |
	sort -k1,1 -k2,2n | awk '
	$1 != last { if (NR > 1) printf "\n\n"; printf "# %s\n", $1; last = $1 }
	{ print $2, $3, $4 }' > "$tmp/data"
mapfile -t names < <(grep '^# ' "$tmp/data" | cut -c3-)
plot() { # file ylabel column logscale
	{
		echo "set terminal pngcairo size 1000,620 font ',10'"
		echo "set output '$out/$1'"
		echo "set xlabel 'threads (machine: $(nproc) CPUs)'"
		echo "set ylabel \"$2\""
		echo "set key outside right"
		echo "set grid"
		[ "$4" = log ] && echo "set logscale y"
		printf "plot "
		for i in "${!names[@]}"; do
			style=$([[ ${names[$i]} == fairlock* ]] && echo "lw 3" || echo "lw 1 dt 2")
			printf "'%s' index %d using 1:%d with linespoints %s title '%s'" \
				"$tmp/data" "$i" "$3" "$style" "${names[$i]}"
			[ "$i" -lt $((${#names[@]} - 1)) ] && printf ", "
		done
		echo
	} | gnuplot
}
plot throughput.png "throughput (Mops/s, log scale)" 2 log
plot fairness.png "Jain's fairness index (1 = even)" 3 lin
echo "plots: $out/throughput.png $out/fairness.png"
