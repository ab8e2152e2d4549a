#!/usr/bin/env bash
# Plot a lockbench CSV: throughput, fairness and waits against thread count.
# usage: bench/locks/plot.sh RESULTS.csv OUTDIR
#   (writes throughput.png, fairness.png, wait-p99.png, wait-p999.png,
#    wait-thread-p99.png, wait-max.png)
set -euo pipefail
csv=$1 out=$2
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One data block per lock: threads, Mops/s, Jain, p99, longest, p99.9 and
# the worst thread's p99 wait (us).
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$1 == "throughput" {
		p99 = "wait_p99_ns" in col ? $col["wait_p99_ns"] / 1e3 : 0
		mx = "wait_max_ns" in col ? $col["wait_max_ns"] / 1e3 : 0
		p999 = "wait_p999_ns" in col ? $col["wait_p999_ns"] / 1e3 : 0
		tp99 = "worst_thread_p99_ns" in col ? $col["worst_thread_p99_ns"] / 1e3 : 0
		print $2, $5, $11 / 1e6, $12, p99, mx, p999, tp99
	}' "$csv" |
	sort -k1,1 -k2,2n | awk '
	$1 != last { if (NR > 1) printf "\n\n"; printf "# %s\n", $1; last = $1 }
	{ print $2, $3, $4, $5, $6, $7, $8 }' > "$tmp/data"
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
plot wait-p99.png "99th percentile wait per acquisition (us, log scale)" 4 log
plot wait-max.png "longest wait of any acquisition (us, log scale)" 5 log
plot wait-p999.png "99.9th percentile wait per acquisition (us, log scale)" 6 log
plot wait-thread-p99.png "worst thread's 99th percentile wait (us, log scale)" 7 log
echo "plots: $out/throughput.png $out/fairness.png $out/wait-p99.png" \
	"$out/wait-p999.png $out/wait-thread-p99.png $out/wait-max.png"
