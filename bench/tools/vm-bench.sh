#!/usr/bin/env bash
# The tools' figures in the real kernel: the memreclaim daemon's speed,
# savings, cost to the workload and CPU, and fwupload's overhead against
# the kernel selftest's shell sequence.  Boots the test guest (Linux 6.12,
# QEMU TCG) once per scenario and repetition, and writes every figure to a
# CSV and a table of medians.  These are measurements, never verdicts: a
# scenario fails only when it could not measure.  Run it on an otherwise
# idle machine; the host's load is recorded beside the figures.
# usage: bench/tools/vm-bench.sh [--reps N] [--out DIR] [--vm VMDIR] [SCENARIO...]
#   scenarios: mr_daemon mr_daemon_overhead mr_scale fw_overhead (default: all)
#   writes DIR/vm-bench.csv and DIR/vm-bench.txt (default DIR: build/vm-bench)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
reps=1 out=$top/build/vm-bench vm=$top/build/vm
scenarios=()
while [ $# -gt 0 ]; do
	case $1 in
	--reps) reps=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--vm) vm=$2; shift 2 ;;
	-h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
	-*) echo "vm-bench.sh: unknown option '$1'" >&2; exit 2 ;;
	*) scenarios+=("$1"); shift ;;
	esac
done
[[ $reps =~ ^[1-9][0-9]*$ ]] || { echo "vm-bench.sh: --reps takes a count from 1" >&2; exit 2; }
[ ${#scenarios[@]} -gt 0 ] || scenarios=(mr_daemon mr_daemon_overhead mr_scale fw_overhead)
for s in "${scenarios[@]}"; do
	grep -q "^scenario_bench_$s()" "$top/bench/tools/guest/scenarios.sh" ||
		{ echo "vm-bench.sh: no scenario '$s'" >&2; exit 2; }
done

bash "$top/scripts/deps.sh" build vm
bash "$top/tests/vm/build.sh" "$vm"
mkdir -p "$out"
csv=$out/vm-bench.csv
echo "scenario,rep,metric,value,unit" > "$csv"
host="$(nproc) CPUs, $(grep -m1 '^model name' /proc/cpuinfo | sed 's/^model name\s*: //')"
echo "vm-bench: $host; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for rep in $(seq "$reps"); do
	for s in "${scenarios[@]}"; do
		log=$out/$s-$rep.log
		if ! bash "$top/tests/vm/run.sh" "$vm" "bench_$s" 900 > "$log" 2>&1; then
			echo "vm-bench: $s (repetition $rep) could not measure; its log:" >&2
			tail -20 "$log" >&2
			exit 1
		fi
		awk -v s="$s" -v r="$rep" '$1 == "BENCH" {print s "," r "," $2 "," $3 "," $4}' "$log" >> "$csv"
		echo "vm-bench: $s, repetition $rep: $(grep -c '^BENCH' "$log") figures"
	done
done
{
	echo "# bench/tools/vm-bench.sh --reps $reps: medians of $reps repetition(s)"
	echo "# host: $host; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "# guest: $(cat "$vm/kernel-package" 2>/dev/null), QEMU TCG, 2 vCPUs, 1 GiB"
	printf '%-34s %12s  %s\n' metric median unit
	tail -n +2 "$csv" | sort -t, -k3,3 -k4,4g | awk -F, '
		{ k = $3; v[k, ++n[k]] = $4; u[k] = $5; if (!(k in seen)) { seen[k] = 1; order[++m] = k } }
		END { for (i = 1; i <= m; i++) { k = order[i]
			printf "%-34s %12s  %s\n", k, v[k, int((n[k] + 1) / 2)], u[k] } }'
} > "$out/vm-bench.txt"
cat "$out/vm-bench.txt"
echo "vm-bench: $csv"
