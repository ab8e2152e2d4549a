#!/usr/bin/env bash
# Smoke test: lockbench runs every lock in every mode briefly and writes
# CSV and JSON with a row for each; bad options are refused.  No timing is
# asserted.  usage: bench/locks/smoke.sh LOCKBENCH SCRATCH [LOCKS]
set -euo pipefail
lockbench=$1 scratch=$2 locks=${3:-}
mkdir -p "$scratch"
sel=()
[ -n "$locks" ] && sel=(--locks "$locks")
"$lockbench" "${sel[@]}" --reps 1 --duration 20 --pairs 20000 --threads 1,3 \
	--read-pct 90 --csv "$scratch/r.csv" --json "$scratch/r.json" > "$scratch/out.txt"
# Every lock that ran must have a row in each mode; without a selection,
# every lock lockbench knows must have run.
mapfile -t names < <(awk -F, '$1 == "uncontended" { print $2 }' "$scratch/r.csv")
[ ${#names[@]} -gt 0 ] || { echo "no results" >&2; exit 1; }
if [ -z "$locks" ]; then
	[ ${#names[@]} -eq "$("$lockbench" --list | wc -l)" ] || { echo "not every lock ran" >&2; exit 1; }
fi
for name in "${names[@]}"; do
	for mode in throughput handoff; do
		grep -q "^$mode,$name," "$scratch/r.csv" || { echo "no $mode row for $name" >&2; exit 1; }
	done
	grep -q "\"lock\": \"$name\"" "$scratch/r.json" || { echo "$name missing from JSON" >&2; exit 1; }
done
grep -q '^rw,fairlock-qrw,' "$scratch/r.csv" || { echo "no rw row" >&2; exit 1; }
# Every throughput row times its waits: quantiles in order, and a longest
# wait above zero (each run took the lock at least once).
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$1 == "throughput" {
		p50 = $col["wait_p50_ns"]; p99 = $col["wait_p99_ns"]
		p999 = $col["wait_p999_ns"]; mx = $col["wait_max_ns"]
		if (!(0 <= p50 && p50 <= p99 && p99 <= p999 && p999 <= mx && mx > 0)) {
			printf "%s: waits out of order: %s %s %s %s\n", $2, p50, p99, p999, mx
			bad = 1
		}
	}
	END { exit bad }' "$scratch/r.csv" || exit 1
# futex calls per 1000 acquisitions: counted (>= 0) or unavailable (-1).
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$1 == "throughput" && !($col["futex_per_kacq"] >= 0 || $col["futex_per_kacq"] == -1) {
		printf "%s: futex_per_kacq %s\n", $2, $col["futex_per_kacq"]; bad = 1 }
	END { exit bad }' "$scratch/r.csv" || exit 1
# --no-waits times nothing.
"$lockbench" --locks fairlock-mutex --mode throughput --reps 1 --duration 20 \
	--threads 2 --no-waits --csv "$scratch/nw.csv" > /dev/null
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$col["wait_max_ns"] != 0 { exit 1 }' "$scratch/nw.csv" || { echo "--no-waits still timed waits" >&2; exit 1; }
if command -v python3 >/dev/null; then
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$scratch/r.json"
fi
bad() { # args... : must exit 2 with a message
	local rc=0
	"$lockbench" "$@" >/dev/null 2>"$scratch/err" || rc=$?
	[ "$rc" = 2 ] || { echo "exit $rc, not 2, for bad options: $*" >&2; exit 1; }
	[ -s "$scratch/err" ] || { echo "no message for: $*" >&2; exit 1; }
}
bad --threads 0
bad --threads 1,x
bad --threads 65
bad --locks nosuchlock
bad --mode fast
bad --reps -1
bad --duration ''
bad --read-pct 101
bad extra-argument
echo "lockbench smoke: ok ($(grep -c . "$scratch/r.csv") CSV lines)"
