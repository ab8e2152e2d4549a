#!/usr/bin/env bash
# Two builds of the interposer against each other on Debian's programs:
# each round runs every workload with glibc, with NEW's fairlock-run and
# with OLD's, the two builds' order swapped every round, so that a machine
# whose speed drifts within minutes weighs on both alike.  Writes every
# figure to OUT/results.csv (round, workload, threads, run, metric, value;
# run is glibc, new or old) and, to OUT/table.md and standard output, for
# each figure: the medians, new/old per round (for a latency old/new:
# above 1 is better throughout) with their median, and in how many rounds
# new did better than old.
#
# usage: bench/apps/compare.sh [--rounds N] [--threads "8"] [--lock mutex]
#            [--out DIR] NEW/fairlock-run OLD/fairlock-run [WORKLOAD...]
# A failed run (the program's own check) stops the comparison.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/apps/workloads.sh
. "$here/workloads.sh"

rounds=10 threads=8 lock=mutex out=bench-apps-compare
while [ $# -gt 0 ]; do
	case $1 in
	--rounds) rounds=$2; shift 2 ;;
	--threads) threads=$2; shift 2 ;;
	--lock) lock=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	-h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
	--*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] || { echo "compare.sh: NEW and OLD fairlock-run are needed (--help)" >&2; exit 2; }
new=$1 old=$2
shift 2
for r in "$new" "$old"; do
	[ -x "$r" ] || { echo "compare.sh: $r: not an executable" >&2; exit 2; }
done
workloads=${*:-$APPS_WORKLOADS}
for w in $workloads; do
	declare -F "wl_$w" >/dev/null || { echo "compare.sh: no workload '$w'" >&2; exit 2; }
done
mkdir -p "$out"
csv=$out/results.csv
echo "round,workload,threads,run,metric,value" >"$csv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for r in $(seq "$rounds"); do
	order="glibc new old"
	[ $((r % 2)) = 0 ] && order="glibc old new"
	for w in $workloads; do
		for t in $threads; do
			for run in $order; do
				runner=()
				case $run in
				new) runner=("$new" --lock "$lock") ;;
				old) runner=("$old" --lock "$lock") ;;
				esac
				mkdir -p "$work/$w"
				: >"$work/$w/metrics"
				if ! "wl_$w" "$t" "$work/$w" "${runner[@]}"; then
					echo "compare.sh: $w threads=$t $run failed" >&2
					exit 1
				fi
				while read -r metric value; do
					echo "$r,$w,$t,$run,$metric,$value" >>"$csv"
				done <"$work/$w/metrics"
				echo "round $r/$rounds $w threads=$t $run: $(tr '\n' ' ' <"$work/$w/metrics")" >&2
			done
		done
	done
done

awk -F, '
NR > 1 { key = $2 SUBSEP $3 SUBSEP $5; v[key, $4, $1] = $6; keys[key] = 1; rounds[$1] = 1 }
function median(a, m,   i, j, t) {
	for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
		t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
END {
	print "| workload | threads | metric | glibc | new | old | new/old per round | median | rounds new better |"
	print "|---|---|---|---|---|---|---|---|---|"
	for (k in keys) order[++nk] = k
	for (i = 2; i <= nk; i++) for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
		t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
	for (x = 1; x <= nk; x++) {
		k = order[x]; split(k, f, SUBSEP); lat = f[3] ~ /_us$/
		delete g; delete a; delete b; delete q; n = 0; better = 0; list = ""
		for (r = 1; (r in rounds); r++) {
			if (v[k, "new", r] == "" || v[k, "old", r] == "" || v[k, "new", r] == 0 || v[k, "old", r] == 0) continue
			n++; g[n] = v[k, "glibc", r]; a[n] = v[k, "new", r]; b[n] = v[k, "old", r]
			q[n] = lat ? b[n] / a[n] : a[n] / b[n]
			better += q[n] > 1
			list = list (list == "" ? "" : " ") sprintf("%.2f", q[n])
		}
		if (!n) continue
		printf "| %s | %s | %s | %g | %g | %g | %s |", f[1], f[2], f[3], median(g, n), median(a, n), median(b, n), list
		printf " %.3f | %d of %d |\n", median(q, n), better, n
	}
}' "$csv" >"$out/table.md"
cat "$out/table.md"
