#!/usr/bin/env bash
# Two builds of the interposer against each other on Debian's programs:
# each round runs every workload with glibc, with NEW's fairlock-run and
# with OLD's, the two builds' order swapped every round (an even number
# of rounds puts each first equally often), so that a machine whose speed
# drifts within minutes weighs on both alike.  Each build's fairlock-run
# loads the libfairlock-preload.so beside it (FAIRLOCK_PRELOAD_LIB is
# unset here); the two libraries must differ.  Writes every figure to
# OUT/results.csv (round, workload, threads, run, metric, value; run is
# glibc, new or old), the builds' paths and libraries' checksums to
# OUT/builds.txt with the FAIRLOCK_* settings and LD_PRELOAD the runs
# had (an LD_PRELOAD applies to glibc's runs too), and, to OUT/table.md
# and standard output, for each figure: the medians, new/old per round
# (for a latency, old/new: above 1 is better throughout) with their
# median, and the rounds in which new did better, worse, and the same.
# A round without a figure from either build is left out of that
# figure's row, and said so on standard error.
#
# usage: bench/apps/compare.sh [--rounds N] [--threads "8"] [--lock mutex]
#            [--out DIR] [--] NEW/fairlock-run OLD/fairlock-run [WORKLOAD...]
# (a fairlock-run that is a symbolic link loads the library beside the
# file it names, as fairlock-run itself does)
# A failed run (the program's own check) stops the comparison.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/apps/workloads.sh
. "$here/workloads.sh"

die() { echo "compare.sh: $*" >&2; exit 2; }
rounds=10 threads=8 lock=mutex out=bench-apps-compare
while [ $# -gt 0 ]; do
	case $1 in
	--rounds | --threads | --lock | --out)
		[ $# -ge 2 ] || die "$1 needs a value"
		case $1 in
		--rounds) rounds=$2 ;;
		--threads) threads=$2 ;;
		--lock) lock=$2 ;;
		--out) out=$2 ;;
		esac
		shift 2 ;;
	-h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
	--) shift; break ;;
	--*) die "unknown option $1" ;;
	*) break ;;
	esac
done
case $rounds in '' | *[!0-9]* | 0) die "--rounds $rounds: not a positive whole number" ;; esac
[ -n "${threads// /}" ] || die "--threads: no thread count given"
[ $# -ge 2 ] || die "NEW and OLD fairlock-run are needed (--help)"
for f in "$1" "$2"; do [ -e "$f" ] || die "$f: no such file"; done
# fairlock-run finds its library beside /proc/self/exe: the resolved path.
new_given=$1 old_given=$2
new=$(readlink -f -- "$1") old=$(readlink -f -- "$2")
shift 2
[ $((rounds % 2)) = 0 ] ||
	echo "compare.sh: $rounds rounds: NEW runs first once more than OLD" >&2
for r in "$new" "$old"; do
	if [ ! -f "$r" ] || [ ! -x "$r" ]; then
		die "$r: not an executable file (a build's tools/fairlock-run)"
	fi
	[ -f "$(dirname "$r")/libfairlock-preload.so" ] ||
		die "$r: no libfairlock-preload.so beside it (it would load another build's)"
done
cmp -s "$(dirname "$new")/libfairlock-preload.so" "$(dirname "$old")/libfairlock-preload.so" &&
	die "NEW and OLD have the same libfairlock-preload.so"
[ -z "${LD_PRELOAD:-}" ] ||
	echo "compare.sh: LD_PRELOAD=$LD_PRELOAD applies to every run, glibc's too" >&2
if [ -n "${FAIRLOCK_PRELOAD_LIB:-}" ]; then
	echo "compare.sh: FAIRLOCK_PRELOAD_LIB is unset for the runs (it would replace both builds' library)" >&2
	unset FAIRLOCK_PRELOAD_LIB
fi
workloads=${*:-$APPS_WORKLOADS}
for w in $workloads; do
	case $w in -*) die "$w: options go before NEW and OLD" ;; esac
	declare -F "wl_$w" >/dev/null || die "no workload '$w'"
done
mkdir -p "$out"
csv=$out/results.csv
rm -f "$out/table.md"	# a failed run leaves no earlier run's table beside its figures
{
	for b in new old; do
		r=$new given=$new_given
		[ $b = old ] && r=$old given=$old_given
		echo "$b: $r (given as $given)"
		echo "  $(sha256sum "$(dirname "$r")/libfairlock-preload.so")"
	done
	echo "environment of the runs (FAIRLOCK_*, LD_PRELOAD):"
	env | grep -E '^(FAIRLOCK_|LD_PRELOAD=)' | sort | sed 's/^/  /' || echo "  (none)"
} >"$out/builds.txt"
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
				if ! apps_run_once "$csv" "$r" "$rounds" "$w" "$t" "$run" "$work" \
					"${runner[@]}"; then
					echo "compare.sh: $w threads=$t $run failed" >&2
					exit 1
				fi
			done
		done
	done
done

awk -F, -v rounds="$rounds" '
NR > 1 { key = $2 SUBSEP $3 SUBSEP $5; v[key, $4, $1] = $6; keys[key] = 1 }
function median(a, m,   i, j, t) {
	if (!m) return ""
	for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
		t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
# Whole numbers from 1,000 up without an exponent (db_bench: 1,106,540 ops/s).
function fmt(x) { return x == "" ? "-" : x >= 1000 ? sprintf("%.0f", x) : sprintf("%.4g", x) }
function given(x) { return x != "" && x + 0 != 0 }
function missing(k, r) {
	if (given(v[k, "new", r])) return "old"
	return given(v[k, "old", r]) ? "new" : "either build"
}
END {
	print "| workload | threads | metric | glibc | new | old | new/old per round (old/new for a latency) | median | rounds new better, worse, same |"
	print "|---|---|---|---|---|---|---|---|---|"
	for (k in keys) order[++nk] = k
	for (i = 2; i <= nk; i++) for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
		t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
	for (x = 1; x <= nk; x++) {
		k = order[x]; split(k, f, SUBSEP); lat = f[3] ~ /_us$/
		delete g; delete a; delete b; delete q
		ng = 0; n = 0; better = 0; worse = 0; list = ""
		for (r = 1; r <= rounds; r++) {
			if (given(v[k, "glibc", r])) g[++ng] = v[k, "glibc", r]
			if (!given(v[k, "new", r]) || !given(v[k, "old", r])) {
				printf "compare.sh: %s threads=%s %s: round %d left out (no figure from %s)\n",
					f[1], f[2], f[3], r, missing(k, r) > "/dev/stderr"
				continue
			}
			n++; a[n] = v[k, "new", r]; b[n] = v[k, "old", r]
			q[n] = lat ? b[n] / a[n] : a[n] / b[n]
			better += q[n] > 1; worse += q[n] < 1
			list = list (list == "" ? "" : " ") sprintf("%.2f", q[n])
		}
		if (!n) continue
		printf "| %s | %s | %s | %s | %s | %s | %s |", f[1], f[2], f[3],
			fmt(median(g, ng)), fmt(median(a, n)), fmt(median(b, n)), list
		printf " %.3f | %d, %d, %d of %d |\n", median(q, n), better, worse, n - better - worse, n
	}
}' "$csv" >"$out/table.md"
cat "$out/table.md"
