#!/usr/bin/env bash
# Debian's programs with glibc's locks and under fairlock-run, interleaved:
# each round runs every workload once with glibc, then once with each
# fairlock lock, so that drift on a noisy machine falls on all alike.
# Writes every figure to OUT/results.csv (round, workload, threads, lock,
# metric, value), a table of medians and ratios to glibc to OUT/table.md,
# and, with gnuplot, one plot per workload to OUT/WORKLOAD.png.
#
# usage: bench/apps/bench.sh [--rounds N] [--threads "2 8"]
#            [--locks "mutex ticket-park"] [--run PATH/fairlock-run]
#            [--out DIR] [WORKLOAD...]
# A failed run (the program's own check) stops the benchmark.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/apps/workloads.sh
. "$here/workloads.sh"

rounds=5 threads="2 8" locks="mutex ticket-park" run=fairlock-run out=bench-apps
while [ $# -gt 0 ]; do
	case $1 in
	--rounds | --threads | --locks | --run | --out)
		[ $# -ge 2 ] || { echo "bench.sh: $1 needs a value" >&2; exit 2; }
		case $1 in
		--rounds) rounds=$2 ;;
		--threads) threads=$2 ;;
		--locks) locks=$2 ;;
		--run) run=$2 ;;
		--out) out=$2 ;;
		esac
		shift 2 ;;
	-h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
	--*) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
workloads=${*:-$APPS_WORKLOADS}
for w in $workloads; do
	declare -F "wl_$w" >/dev/null || { echo "bench.sh: no workload '$w'" >&2; exit 2; }
done
mkdir -p "$out"
csv=$out/results.csv
echo "round,workload,threads,lock,metric,value" >"$csv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for r in $(seq "$rounds"); do
	for w in $workloads; do
		for t in $threads; do
			for lock in glibc $locks; do
				runner=()
				[ "$lock" = glibc ] || runner=("$run" --lock "$lock")
				if ! apps_run_once "$csv" "$r" "$rounds" "$w" "$t" "$lock" "$work" \
					"${runner[@]}"; then
					echo "bench.sh: $w threads=$t lock=$lock failed" >&2
					exit 1
				fi
			done
		done
	done
done

# Medians over the rounds, and each lock's median as a ratio to glibc's
# (for a latency, glibc's divided by the lock's: above 1 is better too).
awk -F, -v locks="glibc $locks" '
# A figure the program did not report (empty) is left out, not counted as 0.
NR > 1 && $6 != "" { key = $2 SUBSEP $3 SUBSEP $5; v[key, $4, ++n[key, $4]] = $6; keys[key] = 1 }
function median(k, l,   m, i, j, t, a) {
	m = n[k, l]
	if (!m) return ""
	for (i = 1; i <= m; i++) a[i] = v[k, l, i]
	for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
		t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
END {
	nl = split(locks, L, " ")
	printf "| workload | threads | metric |"
	for (i = 1; i <= nl; i++) printf " %s |", L[i]
	for (i = 2; i <= nl; i++) printf " %s / glibc |", L[i]
	printf "\n|---|---|---|"
	for (i = 1; i < 2 * nl; i++) printf "---|"
	printf "\n"
	for (k in keys) order[++nk] = k
	for (i = 2; i <= nk; i++) for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
		t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
	for (x = 1; x <= nk; x++) {
		k = order[x]; split(k, f, SUBSEP)
		printf "| %s | %s | %s |", f[1], f[2], f[3]
		for (i = 1; i <= nl; i++) {
			med[i] = median(k, L[i])
			printf med[i] == "" ? " - |" : " %g |", med[i]
		}
		for (i = 2; i <= nl; i++) {
			lower_better = f[3] ~ /_us$/
			if (med[1] == "" || med[i] == "" || med[1] == 0 || med[i] == 0) {
				printf " - |"
				continue
			}
			r = lower_better ? med[1] / med[i] : med[i] / med[1]
			printf " %.3f |", r
		}
		printf "\n"
	}
}' "$csv" >"$out/table.md"
cat "$out/table.md"

# One plot per workload: each round's figure as a ratio to glibc's figure
# of the same round (latencies inverted, so above 1 is better throughout),
# one column of points per metric and thread count.
plot_workload() {
	local w=$1 dat=$work/$1.dat keys=$work/$1.keys
	awk -F, -v w="$w" '
		NR > 1 && $2 == w { m = $5; sub("^" w "_", "", m); m = m "@" $3 "t"
			v[$1, m, $4] = $6; k[m] = 1
			l[$4] = 1; r[$1] = 1 }
		END { for (key in k) for (lock in l) if (lock != "glibc") for (round in r) {
			g = v[round, key, "glibc"]; x = v[round, key, lock]
			if (g == "" || x == "" || g == 0 || x == 0) continue
			print key, lock, (key ~ /_us@/ ? g / x : x / g) } }' "$csv" | sort >"$dat"
	[ -s "$dat" ] || return 0
	cut -d' ' -f1 "$dat" | uniq | awk '{ print NR - 1, $1 }' >"$keys"
	awk 'NR == FNR { x[$2] = $1; next } { print x[$1], $2, $3 }' "$keys" "$dat" >"$dat.xy"
	{
		echo 'set terminal pngcairo size 900,440 noenhanced'
		echo "set output '$out/$w.png'"
		echo "set title '$w under fairlock-run: each round / glibc in the same round (above 1: better)'"
		echo "set ylabel 'ratio to glibc'"
		echo "set xrange [-0.5:$(wc -l <"$keys") - 0.5]"
		printf 'set xtics rotate by -20 ('
		awk '{ printf "%s\"%s\" %s", (NR > 1 ? ", " : ""), $2, $1 }' "$keys"
		echo ')'
		echo 'set key outside'
		echo 'set grid y'
		printf 'plot 1 notitle lc rgb "gray"'
		local i=0
		for l in $locks; do
			printf ", \"< grep \\\\\" %s \\\\\" %s\" using (\$1 + %s):3 title \"%s\" pointsize 1.2" \
				"$l" "$dat.xy" "$(awk -v i=$i 'BEGIN { print 0.12 * i - 0.06 }')" "$l"
			i=$((i + 1))
		done
		echo
	} >"$work/$w.gp"
	gnuplot "$work/$w.gp"
}
if command -v gnuplot >/dev/null; then
	for w in $workloads; do
		plot_workload "$w"
	done
fi
