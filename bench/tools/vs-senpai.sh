#!/usr/bin/env bash
# memreclaim against Senpai, head to head in the real kernel.  Boots the
# test guest (Linux 6.12, QEMU TCG, 2 vCPUs) with Python and the vendored,
# unmodified senpai.py once per scenario; each scenario runs the same paced
# workload with no reclaimer, under Senpai and under `memreclaim run` at
# the same time (bench/tools/guest/senpai.sh says how, and what is set):
#   anon   the hot/cold anonymous workload (60 MiB touched, 120 MiB not),
#          then a growth spike (the hot set jumps to 150 MiB) as "spike"
#   file   a file-cache workload: 120 MiB of files re-read, 120 MiB read once
#   kill   each reclaimer SIGKILLed mid-run, then the growth spike
#   many   20 cgroups, one Senpai each against one memreclaim daemon
#   mixed  hot anonymous memory beside cold file cache, with a fourth cgroup
#          under memreclaim at swappiness 0
#   graded a service over a Zipf-popular 200 MiB, its request latencies
#          (p50, p99, p99.9); start-up (time to converge, memory-seconds)
#          apart from the steady state
#   growing the same service over data that grows 256 KiB a second, the
#          newest the most popular
#   swap   the anon workload with each zswap pool held to 16 MiB, written
#          back to the swap disk: swap I/O per cgroup
#   defaults each reclaimer at its own defaults (6 s intervals), 600 s
# Both reclaimers get the same pressure target except in `defaults`.
# Writes DIR/vs-senpai.csv (figures), DIR/vs-senpai-series.csv (memory over
# time), DIR/vs-senpai.txt (the table, reclaimers side by side) and one
# plot per scenario, DIR/vs-senpai-SCENARIO.png.  Measurements, never
# verdicts: it fails only when a scenario could not measure.
# usage: bench/tools/vs-senpai.sh [--out DIR] [--vm VMDIR] [--time PCT] [--reps N]
#                                 [SCENARIO...]
#        bench/tools/vs-senpai.sh --out DIR --from DIR1 [--from DIR2...]
#   --time PCT  every phase at PCT% of its length (a quick look: 20)
#   --reps N    each scenario N times, one boot each; the table gives the
#               median of each figure and, for N > 1, its range
#   --from DIR  run nothing: the table and plots of the runs recorded in
#               the DIRs' CSVs together (a scenario's runs numbered on
#               from one DIR to the next), as more runs of one scenario
#               made at another time
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/vs-senpai vm=$top/build/vm time=100 reps=1
scenarios=() from=()
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift 2 ;;
	--from) from+=("$2"); shift 2 ;;
	--vm) vm=$2; shift 2 ;;
	--time) time=$2; shift 2 ;;
	--reps) reps=$2; shift 2 ;;
	-h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
	-*) echo "vs-senpai.sh: unknown option '$1'" >&2; exit 2 ;;
	*) scenarios+=("$1"); shift ;;
	esac
done
[[ $time =~ ^[1-9][0-9]*$ ]] && [ "$time" -le 100 ] ||
	{ echo "vs-senpai.sh: --time takes a percentage from 1 to 100" >&2; exit 2; }
[[ $reps =~ ^[1-9][0-9]*$ ]] || { echo "vs-senpai.sh: --reps takes a count from 1" >&2; exit 2; }
[ ${#scenarios[@]} -gt 0 ] || scenarios=(anon file kill many mixed graded growing swap defaults)
for s in "${scenarios[@]}"; do
	grep -q "^scenario_bench_vs_$s()" "$top/bench/tools/guest/senpai.sh" ||
		{ echo "vs-senpai.sh: no scenario '$s'" >&2; exit 2; }
done

mkdir -p "$out"
csv=$out/vs-senpai.csv series=$out/vs-senpai-series.csv
host="$(nproc) CPUs, $(grep -m1 '^model name' /proc/cpuinfo | sed 's/^model name\s*: //')"
# merge_runs: the runs recorded in the --from DIRs as one CSV pair.
merge_runs() {
	# Each DIR's runs after those of the DIRs before it, per scenario.
	for d in "${from[@]}"; do
		[ -s "$d/vs-senpai.csv" ] && [ -s "$d/vs-senpai-series.csv" ] ||
			{ echo "vs-senpai.sh: $d: no vs-senpai.csv and vs-senpai-series.csv" >&2; exit 2; }
	done
	for kind in vs-senpai vs-senpai-series; do
		for d in "${from[@]}"; do echo "$d/$kind.csv"; done |
			xargs awk -F, -v OFS=, '
				FNR == 1 { for (s in last) base[s] = last[s]; if (NR == 1) print; next }
				{ $2 += base[$1]; if ($2 > last[$1]) last[$1] = $2; print }' > "$out/$kind.csv.new"
		mv "$out/$kind.csv.new" "$out/$kind.csv"
	done
	mapfile -t scenarios < <(tail -n +2 "$csv" | cut -d, -f1 | awk '!seen[$0]++')
	reps=$(tail -n +2 "$csv" | cut -d, -f2 | sort -n | tail -1)
}

# run_scenarios: each scenario --reps times, one boot each.
run_scenarios() {
	bash "$top/scripts/deps.sh" build vm bench
	bash "$top/tests/vm/build.sh" "$vm"
	bash "$top/tests/vm/python.sh" "$vm"
	echo "scenario,rep,metric,value,unit" > "$csv"
	echo "scenario,rep,t_s,cgroup,memory_mib,rate,memory_high" > "$series"
	echo "vs-senpai: $host; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
	for s in "${scenarios[@]}"; do
		for rep in $(seq "$reps"); do
			log=$out/$s.$rep.log
			if ! FL_VM_INITRD=initrd-python.gz FL_VM_MEM=2048 FL_VM_APPEND="fl.vs_time=$time" \
				bash "$top/tests/vm/run.sh" "$vm" "bench_vs_$s" 1200 > "$log" 2>&1; then
				echo "vs-senpai: $s could not measure; its log:" >&2
				grep -v '^SERIES' "$log" | tail -20 >&2
				exit 1
			fi
			awk -v s="$s" -v r="$rep" '$1 == "BENCH" {print s "," r "," $2 "," $3 "," $4}' "$log" >> "$csv"
			awk -v r="$rep" '$1 == "SERIES" {print $2 "," r "," $3 "," $4 "," $5 "," $6 "," $7}' "$log" >> "$series"
			echo "vs-senpai: $s, run $rep of $reps: $(grep -c '^BENCH' "$log") figures"
		done
	done
}

if [ ${#from[@]} -gt 0 ]; then merge_runs; else run_scenarios; fi

# The table: one block per window, a row per figure, a column per cgroup.
{
	if [ ${#from[@]} -gt 0 ]; then
		echo "# bench/tools/vs-senpai.sh --from ${from[*]}: median (lowest..highest) of up to $reps runs, $(date -u +%F)"
		grep -h '^# host' "${from[@]/%//vs-senpai.txt}" 2>/dev/null | sed 's/^# host/# runs on host/' || true
	else
		echo "# bench/tools/vs-senpai.sh$([ "$time" = 100 ] || echo " --time $time")$([ "$reps" = 1 ] || echo " --reps $reps"):" \
			"$([ "$reps" = 1 ] && echo "one run" || echo "median (lowest..highest) of $reps runs"), $(date -u +%F)"
		echo "# host: $host; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
	fi
	echo "# guest: $(cat "$vm/kernel-package"), QEMU TCG, 2 vCPUs, 2 GiB, swap + zswap"
	tail -n +2 "$csv" | awk -F, -v reps="$reps" '
		# The median of the values of key x (a list "v1 v2 ..."), and
		# with several runs their range: "m (lo..hi)".
		function summary(list,   n, a, i, j, t, m) {
			if (list == "") return ""
			n = split(list, a, " ")
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
				if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
			m = n % 2 ? a[(n + 1) / 2] : (a[n / 2] == "-" ? "-" : sprintf("%.4g", (a[n / 2] + a[n / 2 + 1]) / 2))
			return n > 1 ? m " (" a[1] ".." a[n] ")" : m
		}
		{ n = split($3, p, ".") }
		n == 3 && p[2] ~ /^(none|senpai|memreclaim|memreclaim_s0)$/ {
			# Scenarios share window names (startup): a window not named
			# after its scenario is shown as SCENARIO.WINDOW.
			w = p[1] == $1 ? p[1] : $1 "." p[1]; k = p[3]; v[w, k, p[2]] = v[w, k, p[2]] (v[w, k, p[2]] == "" ? "" : " ") $4; u[w, k] = $5
			if (!((w, k) in seen)) { seen[w, k] = 1; keys[w, ++nk[w]] = k }
			if (!(w in ws)) { ws[w] = 1; order[++nw] = w }
			next
		}
		{ if (!($3 in ov)) olist[++no] = $3; ov[$3] = ov[$3] (ov[$3] == "" ? "" : " ") $4; ou[$3] = $5 }
		END {
			wd = reps > 1 ? 22 : 12
			for (i = 1; i <= nw; i++) {
				w = order[i]
				printf "\n%-22s %*s %*s %*s %*s\n", "[" w "]", wd, "none", wd, "senpai", wd, "memreclaim", wd + 2, "memreclaim_s0"
				for (j = 1; j <= nk[w]; j++) {
					k = keys[w, j]
					printf "%-22s %*s %*s %*s %*s  %s\n", k, wd, summary(v[w, k, "none"]), wd, summary(v[w, k, "senpai"]), wd, summary(v[w, k, "memreclaim"]), wd + 2, summary(v[w, k, "memreclaim_s0"]), u[w, k]
				}
			}
			if (no) print ""
			for (i = 1; i <= no; i++) printf "%-40s %12s  %s\n", olist[i], summary(ov[olist[i]]), ou[olist[i]]
		}'
} > "$out/vs-senpai.txt"
cat "$out/vs-senpai.txt"

# Memory over time, one plot per scenario.
for s in "${scenarios[@]}"; do
	data=$out/vs-senpai-$s.dat
	awk -F, -v s="$s" 'NR > 1 && $1 == s && $2 == 1 {print $4, $3, $5}' "$series" | sort -k1,1 -s |
		awk '$1 != last { if (NR > 1) printf "\n\n"; printf "# %s\n", $1; last = $1 } { print $2, $3 }' > "$data"
	mapfile -t names < <(grep '^# ' "$data" | cut -c3-)
	[ ${#names[@]} -gt 0 ] || continue
	{
		echo "set terminal pngcairo size 900,500 font ',10'"
		echo "set output '$out/vs-senpai-$s.png'"
		echo "set title 'memory.current over time: $s$([ "$reps" = 1 ] || echo ", run 1 of $reps")'"
		echo "set xlabel 'seconds since the reclaimers started'"
		echo "set ylabel 'MiB'"
		echo "set key outside right"
		echo "set grid"
		printf "plot "
		for i in "${!names[@]}"; do
			printf "'%s' index %d using 1:2 with lines lw 2 title '%s'" "$data" "$i" "${names[$i]}"
			[ "$i" -lt $((${#names[@]} - 1)) ] && printf ", "
		done
		echo
	} | gnuplot
	rm -f "$data"
done
echo "vs-senpai: $csv, $series, $out/vs-senpai.txt, $out/vs-senpai-*.png"
