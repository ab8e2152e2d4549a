#!/usr/bin/env bash
# Correctness of Debian's programs under fairlock-run: each workload of
# workloads.sh, REPEAT times at each thread count, under one lock; every
# run must end with the program's own check passed, within a time limit
# (a hang fails as exit 124).  Prints one line per run and a summary.
#
# usage: bench/apps/check.sh [--repeat N] [--threads "2 8"] [--lock NAME]
#            [--run PATH/fairlock-run] [--limit SECONDS] [WORKLOAD...]
# The ctest label `apps` runs it once per thread count; the 20x2 runs of
# docs/BENCHMARKS.md are `--repeat 20`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/apps/workloads.sh
. "$here/workloads.sh"

repeat=1 threads="2 8" lock=mutex run=fairlock-run limit=300
while [ $# -gt 0 ]; do
	case $1 in
	--repeat) repeat=$2; shift 2 ;;
	--threads) threads=$2; shift 2 ;;
	--lock) lock=$2; shift 2 ;;
	--run) run=$2; shift 2 ;;
	--limit) limit=$2; shift 2 ;;
	-h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
	--*) echo "check.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
workloads=${*:-$APPS_WORKLOADS}
for w in $workloads; do
	declare -F "wl_$w" >/dev/null || { echo "check.sh: no workload '$w'" >&2; exit 2; }
done
for p in $APPS_PROGRAMS; do
	command -v "$p" >/dev/null ||
		{ echo "check.sh: $p is not installed (scripts/deps.sh apps)" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=0 failed=0
for w in $workloads; do
	for t in $threads; do
		for r in $(seq "$repeat"); do
			mkdir -p "$work/$w"
			start=$(date +%s.%N)
			if "wl_$w" "$t" "$work/$w" timeout --kill-after=10 "$limit" \
				"$run" --lock "$lock" 2>"$work/err"; then
				status=ok
			else
				status=FAILED
				failed=$((failed + 1))
			fi
			runs=$((runs + 1))
			printf '%s threads=%s run %s/%s lock=%s: %s (%.1f s)\n' "$w" "$t" "$r" \
				"$repeat" "$lock" "$status" \
				"$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { print e - s }')"
			[ "$status" = ok ] || sed 's/^/    /' "$work/err"
		done
	done
done
echo "check.sh: $runs runs, $failed failed (lock $lock)"
[ "$failed" -eq 0 ]
