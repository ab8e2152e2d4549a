# memreclaim against Senpai (bench/tools/vs-senpai.sh), in the guest with the
# Python layer (tests/vm/python.sh).  Each scenario runs the same paced
# workload in sibling cgroups at the same time: "none" (no reclaimer),
# "senpai" (Senpai through memory.high) and "memreclaim" (memory.reclaim),
# so that the three share one kernel, one swap and zswap, and whatever the
# host's load does to the guest.  Figures are BENCH lines, memory over time
# SERIES lines; a scenario fails only when it could not measure.
#
# Time runs six times faster than the two reclaimers' defaults, for both
# alike: one interval a second instead of six (Senpai --interval 1 with its
# 10 ms-per-6 s pressure target kept as 1666 us per 1 s; memreclaim
# --interval 1s --backoff 10s), each still probing 1% a interval.  Senpai's
# --min-size is 4 MiB instead of 100 MiB, under every hot set here, so that
# the floor is not what decides.  Both work to the same pressure target,
# 1666 us of memory "some" stall a second (memreclaim --target 0.1666%
# --io-pressure no: Senpai reads memory.pressure alone); scenario
# `defaults` runs each at its own defaults instead.
. /scenarios/mr_lib.sh

VS_PACE=40000 # pages/s each workload touches: about 5% of a guest CPU
VS_CGS="none senpai memreclaim"
# fl.vs_time=PCT on the kernel command line (bench/tools/vs-senpai.sh --time)
# shortens every phase, for a quick look at the harness.
VS_TIME=$(sed -n 's/.*fl\.vs_time=\([0-9]*\).*/\1/p' /proc/cmdline)

dur() { # SECONDS: the phase's length at fl.vs_time
	echo $(($1 * ${VS_TIME:-100} / 100))
}

SENPAI_ARGS="--interval 1 --pressure 1666 --min-size 4194304"
VS_MR_BASE="--interval 1s --backoff 10s --target 0.1666% --io-pressure no"

senpai_run() { # CGROUP...: one Senpai per cgroup; pids to /tmp/senpai.pids
	for c in "$@"; do
		python3.11 /opt/senpai/senpai.py $CG/$c $SENPAI_ARGS > /tmp/senpai.$c.log 2>&1 &
		echo $! >> /tmp/senpai.pids
	done
}

memreclaim_run() { # CGROUP...: one daemon for all; pid to /tmp/memreclaim.pid
	memreclaim run $VS_MR_BASE --json-file /tmp/mr.json "$@" \
		2> /tmp/memreclaim.log &
	echo $! > /tmp/memreclaim.pid
}

# vs_workload CGROUP ARGS...: a paced workload in CGROUP; pid to /tmp/CGROUP.wl.pid.
vs_workload() {
	c=$1
	shift
	mkdir -p $CG/$c
	sh -c "echo \$\$ > $CG/$c/cgroup.procs; exec workload -r $VS_PACE $*" > /tmp/$c.out 2>&1 &
	echo $! > /tmp/$c.wl.pid
}

vs_ready() { # CGROUP...: wait until every workload filled its memory
	for c in "$@"; do
		wait_until 600 "workload $c READY" grep -q READY /tmp/$c.out
	done
}

psi_field() { # CGROUP some|full: stall microseconds
	sed -n "s/^$2 .*total=\([0-9]*\)\$/\1/p" $CG/$1/memory.pressure
}

events_high() { # CGROUP: memory.events "high"
	awk '$1 == "high" {print $2}' $CG/$1/memory.events
}

reclaimer_ticks() { # CGROUP: CPU ticks of the reclaimer(s) serving it
	case $1 in
	senpai*) t=0
		for p in $(cat /tmp/senpai.pids 2>/dev/null); do
			[ -e /proc/$p/stat ] && t=$((t + $(cpu_ticks $p)))
		done
		echo $t ;;
	memreclaim*) p=$(cat /tmp/$1.pid 2>/dev/null)
		if [ -n "$p" ] && [ -e /proc/$p/stat ]; then cpu_ticks $p; else echo 0; fi ;;
	*) echo 0 ;;
	esac
}

sys_usec() { # CGROUP: system CPU of its processes (cpu.stat), the kernel's
	# reclaim on their behalf included (memory.high's throttling reclaims
	# in the workload's own context)
	awk '$1 == "system_usec" {print $2}' $CG/$1/cpu.stat
}

# snap NAME CGROUP...: the counters of each cgroup now, as /tmp/snap.NAME.CGROUP.
snap() {
	n=$1
	shift
	for c in "$@"; do
		echo "$(uptime_s) $(psi_field $c some) $(psi_field $c full) $(events_high $c)" \
			"$(wc -l < /tmp/$c.out) $(reclaimer_ticks $c) $(cat $CG/$c/memory.current)" \
			"$(sys_usec $c)" > /tmp/snap.$n.$c
	done
}

# latency W C L0 L1: percentiles of the requests C's workload finished
# between lines L0 and L1 of its output (its LAT lines; bucket b holds
# latencies from 2^(b/4) us, each figure is its bucket's upper end).
latency() {
	sed -n "$(($3 + 1)),${4}p" /tmp/$2.out | awk -v w="$1" -v c="$2" '
		$1 == "LAT" { for (i = 3; i <= NF; i++) { split($i, f, ":"); h[f[1]] += f[2]; n += f[2] } }
		END {
			if (!n) exit
			# Upper ends 2^((b+1)/4), by products: busybox awk has no ^.
			x = 1
			for (b = 0; b < 96; b++) { x *= 1.189207115; up[b] = x }
			split("50 99 99.9", q, " ")
			split("p50 p99 p999", name, " ")
			for (j = 1; j <= 3; j++) {
				need = n * q[j] / 100; s = 0
				for (b = 0; b < 96; b++) { s += h[b]; if (s >= need) break }
				printf "BENCH %s.%s.latency_%s %.0f us\n", w, c, name[j], up[b]
			}
			for (b = 95; b > 0 && !h[b]; b--) ;
			printf "BENCH %s.%s.latency_max %.0f us\n", w, c, up[b]
			printf "BENCH %s.%s.requests %d count\n", w, c, n
		}'
}

# window SCENARIO.WINDOW FROM TO REF CGROUP...: BENCH figures of each cgroup
# between snapshots FROM and TO; REF is the reference for memory and rate.
window() {
	w=$1 a=$2 b=$3 ref=$4
	shift 4
	read -r _ _ _ _ ra0 _ _ < /tmp/snap.$a.$ref
	read -r _ _ _ _ ra1 _ rmem < /tmp/snap.$b.$ref
	refrate=$(sed -n "$((ra0 + 1)),${ra1}p" /tmp/$ref.out | awk '$1 == "RATE" {s += $2; n++} END {print n ? s / n : 0}')
	read -r _ _ _ _ _ _ _ rsys0 < /tmp/snap.$a.$ref
	read -r _ _ _ _ _ _ _ rsys1 < /tmp/snap.$b.$ref
	for c in "$@"; do
		read -r t0 s0 f0 h0 l0 c0 _ y0 < /tmp/snap.$a.$c
		read -r t1 s1 f1 h1 l1 c1 m1 y1 < /tmp/snap.$b.$c
		sed -n "$((l0 + 1)),${l1}p" /tmp/$c.out | awk '$1 == "RATE" {print $2}' > /tmp/rates
		bench "$w.$c.memory" $((m1 / 1048576)) MiB
		bench "$w.$c.saved" "$(awk -v m="$m1" -v r="$rmem" 'BEGIN {printf "%.1f", (r - m) * 100 / r}')" %
		bench "$w.$c.rate" "$(awk -v r="$refrate" '{s += $1; n++} END {printf "%.3f", n && r ? s / n / r : 0}' /tmp/rates)" x
		bench "$w.$c.rate_min" "$(sort -n /tmp/rates | head -1 | awk -v p=$VS_PACE '{printf "%.3f", $1 / p}')" x
		bench "$w.$c.psi_some" "$(awk -v a="$s0" -v b="$s1" -v x="$t0" -v y="$t1" 'BEGIN {printf "%.3f", (b - a) / ((y - x) * 1e4)}')" %
		bench "$w.$c.psi_full" "$(awk -v a="$f0" -v b="$f1" -v x="$t0" -v y="$t1" 'BEGIN {printf "%.3f", (b - a) / ((y - x) * 1e4)}')" %
		bench "$w.$c.high_events" $((h1 - h0)) count
		bench "$w.$c.reclaimer_cpu" "$(awk -v a="$c0" -v b="$c1" -v x="$t0" -v y="$t1" 'BEGIN {printf "%.2f", (b - a) / (y - x)}')" %core
		bench "$w.$c.workload_sys_cpu" "$(awk -v a="$y0" -v b="$y1" -v x="$t0" -v y="$t1" 'BEGIN {printf "%.2f", (b - a) / (y - x) / 1e4}')" %core
		# The cost of what was saved: the reclaimer's CPU and the system
		# CPU the workload spent beyond the reference's, per GiB below it.
		bench "$w.$c.cpu_per_gib_saved" "$(awk -v a="$c0" -v b="$c1" -v y0="$y0" -v y1="$y1" \
			-v r0="$rsys0" -v r1="$rsys1" -v m="$m1" -v r="$rmem" 'BEGIN {
				g = (r - m) / 1073741824
				if (g <= 0.01) { print "-"; exit }
				# Less system time than the reference is noise, not a gain.
				extra = ((y1 - y0) - (r1 - r0)) / 1e6
				if (extra < 0) extra = 0
				printf "%.2f", ((b - a) / 100 + extra) / g }')" s/GiB
		latency "$w" "$c" "$l0" "$l1"
	done
}

# sample SCENARIO SECONDS CGROUP...: every 2 s for SECONDS, one SERIES line
# per cgroup: seconds since the reclaimers started, memory.current in MiB,
# the last work rate, memory.high.
sample() {
	s=$1 secs=$2
	shift 2
	end=$(awk -v t="$(uptime_s)" -v d="$secs" 'BEGIN {print t + d}')
	while awk -v t="$(uptime_s)" -v e="$end" 'BEGIN {exit !(t < e)}'; do
		now=$(awk -v t="$(uptime_s)" -v z="$vs_t0" 'BEGIN {printf "%.0f", t - z}')
		for c in "$@"; do
			echo "$now $(cat $CG/$c/memory.current)" >> /tmp/series.$c
			echo "SERIES $s $now $c $(($(cat $CG/$c/memory.current) / 1048576))" \
				"$(awk '$1 == "RATE" {r = $2} END {print r + 0}' /tmp/$c.out)" \
				"$(cat $CG/$c/memory.high)"
		done
		sleep 2
	done
}

vs_stop() { # SIGNAL: end the reclaimers (the workloads run on)
	for p in $(cat /tmp/senpai.pids /tmp/memreclaim.pid /tmp/memreclaim_s0.pid 2>/dev/null); do
		if ! kill -"$1" $p 2>/dev/null; then
			echo "reclaimer $p had exited before the end; its log:"
			tail -5 /tmp/memreclaim.log /tmp/senpai.*.log | grep -v 'adjust\|limit='
			fail "a reclaimer exited early"
		fi
		wait $p 2>/dev/null
	done
}

vs_setup() {
	setup_swap
	: > /tmp/senpai.pids
	python3.11 -c 'import argparse, datetime, math, time, sys, os' ||
		fail "no Python in the guest (boot initrd-python.gz, tests/vm/python.sh)"
}

vs_start() { # the reclaimers, one cgroup each; vs_t0 is their start
	vs_t0=$(uptime_s)
	senpai_run senpai
	memreclaim_run memreclaim
}

# The hot/cold workload of the memreclaim tests (60 MiB touched, 120 MiB
# never), 180 s, then the growth spike: the hot set jumps to 150 MiB
# (90 MiB never touched before) and the run goes on for 60 s.
scenario_bench_vs_anon() {
	vs_setup
	for c in $VS_CGS; do vs_workload $c -g 90 180 mixed 60; done
	vs_ready $VS_CGS
	sleep 10
	vs_start
	snap start $VS_CGS
	sample anon "$(dur 180)" $VS_CGS
	snap steady $VS_CGS
	window anon start steady none $VS_CGS
	for c in $VS_CGS; do kill -USR1 "$(cat /tmp/$c.wl.pid)"; done
	snap spike $VS_CGS
	sample anon "$(dur 60)" $VS_CGS
	snap end $VS_CGS
	window spike spike end none $VS_CGS
	vs_stop TERM
	for c in senpai memreclaim; do
		bench "spike.$c.memory_high_at_end" "$(cat $CG/$c/memory.high)" bytes
	done
	tail -3 /tmp/senpai.senpai.log
	grep -v ': reclaim ' /tmp/memreclaim.log | tail -5
}

# converged W C T_SETTLED: start-up figures of C from its memory samples
# (/tmp/series.C): the settled level is the median from T_SETTLED on; the
# time to converge is the first sample after which every sample to the
# end of the run lies within 10% of it ("-" if the last one does not: a
# cgroup still moving); the memory-seconds are the area under
# memory.current from the reclaimers' start to then (GiB*s).  Samples to
# the end, not to T_SETTLED: a reclaimer that has barely begun by then
# would otherwise count as converged at once.
converged() {
	awk -v w="$1" -v c="$2" -v ts="$3" '
		{ t[NR] = $1; m[NR] = $2 }
		$1 >= ts { late[++nl] = $2 }
		END {
			if (!nl || !NR) exit
			for (i = 1; i <= nl; i++) for (j = i + 1; j <= nl; j++)
				if (late[j] < late[i]) { x = late[i]; late[i] = late[j]; late[j] = x }
			lvl = late[int((nl + 1) / 2)]
			k = 1
			for (i = 1; i <= NR; i++)
				if (m[i] > lvl * 1.1 || m[i] < lvl * 0.9) k = i + 1
			if (k > NR) {
				printf "BENCH %s.%s.converge_time - s\n", w, c
				printf "BENCH %s.%s.converge_memory - GiB*s\n", w, c
				exit
			}
			area = 0
			for (i = 2; i <= k; i++) area += (t[i] - t[i - 1]) * (m[i] + m[i - 1]) / 2
			printf "BENCH %s.%s.converge_time %d s\n", w, c, t[k]
			printf "BENCH %s.%s.converge_memory %.2f GiB*s\n", w, c, area / 1073741824
		}' /tmp/series.$2
}

# two_windows NAME STARTUP_S STEADY_S [HOOK]: start the reclaimers, then a
# start-up window of STARTUP_S and a steady state of STEADY_S (named NAME),
# the time each cgroup took to converge, and stop them.  HOOK, a function,
# runs after each snapshot with its name (start, settled, end).
two_windows() {
	name=$1 first=$2 second=$3 hook=${4:-:}
	rm -f /tmp/series.*
	vs_start
	snap start $VS_CGS
	$hook start
	sample "$name" "$(dur "$first")" $VS_CGS
	snap settled $VS_CGS
	$hook settled
	settled_at=$(awk -v t="$(uptime_s)" -v z="$vs_t0" 'BEGIN {printf "%.0f", t - z}')
	sample "$name" "$(dur "$second")" $VS_CGS
	snap end $VS_CGS
	$hook end
	window startup start settled none $VS_CGS
	window "$name" settled end none $VS_CGS
	for c in $VS_CGS; do converged "$name" "$c" "$settled_at"; done
	vs_stop TERM
	tail -2 /tmp/senpai.senpai.log
	grep -v ': reclaim ' /tmp/memreclaim.log | tail -4
}

# A service over a graded working set: 200 MiB touched with Zipf-like
# popularity (tests/vm/workload.c -z 1.3: page k about (k+1)^-1.3), as
# requests of 16 pages arriving on a fixed schedule (-q: open loop), 250 a
# second, each request's latency recorded.  Of the 4000 touches a second,
# the last eighth of the memory gets about 7, the last half about 38.
# There is no line between hot and cold: how much each reclaimer saves is
# decided by the pressure it accepts, so both get the same target, 1666 us
# of memory "some" stall a second (Senpai's --pressure 1666 at an interval
# of 1 s; memreclaim --target 0.1666% --io-pressure no).  The reclaimers
# run 300 s: start-up is reported as time to converge and memory-seconds,
# the steady state is the last 120 s.
scenario_bench_vs_graded() {
	vs_setup
	VS_PACE=4000
	for c in $VS_CGS; do vs_workload $c -z 1.3 -q 16 200 mixed 200; done
	vs_ready $VS_CGS
	sleep 10
	two_windows graded 180 120
}

# Files: 120 MiB re-read, 120 MiB read once, on a minix file system on the
# second disk (the cache is the page cache of real files); 180 s.
scenario_bench_vs_file() {
	vs_setup
	mount_data
	for c in $VS_CGS; do
		mkdir -p /data/$c
		vs_workload $c -f /data/$c 120 120
	done
	vs_ready $VS_CGS
	sleep 10
	vs_start
	snap start $VS_CGS
	sample file "$(dur 180)" $VS_CGS
	snap end $VS_CGS
	window file start end none $VS_CGS
	vs_stop TERM
	for c in $VS_CGS; do
		echo "$c: file $(($(stat_key $c file) / 1048576)) MiB, anon $(($(stat_key $c anon) / 1048576)) MiB"
	done
}

# The reclaimer killed (SIGKILL) after 90 s; 5 s later the hot set grows as
# in the spike, and the next 60 s show what each left behind.
scenario_bench_vs_kill() {
	vs_setup
	for c in $VS_CGS; do vs_workload $c -g 90 180 mixed 60; done
	vs_ready $VS_CGS
	sleep 10
	vs_start
	sample kill "$(dur 90)" $VS_CGS
	vs_stop KILL
	for c in senpai memreclaim; do
		bench "kill.$c.memory_high_left" "$(cat $CG/$c/memory.high)" bytes
	done
	sample kill "$(dur 5)" $VS_CGS
	for c in $VS_CGS; do kill -USR1 "$(cat /tmp/$c.wl.pid)"; done
	snap spike $VS_CGS
	sample kill "$(dur 60)" $VS_CGS
	snap end $VS_CGS
	window kill spike end none $VS_CGS
}

many_converged() { # PREFIX: how many of the 20 cgroups are within 25% of their hot set (+4 MiB)
	k=0 i=0
	while [ $i -lt 20 ]; do
		hot=$((4 + i))
		[ $(($(cat $CG/$1$i/memory.current) / 1048576)) -le $(((hot + 4) * 5 / 4)) ] && k=$((k + 1))
		i=$((i + 1))
	done
	echo $k
}

# 20 cgroups with hot sets of 4 to 23 MiB and 12 MiB cold each, under one
# Senpai per cgroup and under one memreclaim daemon; 180 s.  Then the
# daemon's CPU per interval watching 1 and 20 cgroups (--dry-run).
scenario_bench_vs_many() {
	vs_setup
	VS_PACE=4000
	s_cgs='' m_cgs=''
	i=0
	while [ $i -lt 20 ]; do
		vs_workload s$i $((16 + i)) mixed $((4 + i))
		vs_workload m$i $((16 + i)) mixed $((4 + i))
		s_cgs="$s_cgs s$i" m_cgs="$m_cgs m$i"
		i=$((i + 1))
	done
	vs_ready $s_cgs $m_cgs
	sleep 10
	vs_t0=$(uptime_s)
	senpai_run $s_cgs
	memreclaim_run $m_cgs
	# The counters of a whole group, read off its first cgroup's snapshot.
	t0=$(uptime_s) sc0=$(reclaimer_ticks senpai) mc0=$(reclaimer_ticks memreclaim)
	sample many "$(dur 180)" s0 s19 m0 m19
	t1=$(uptime_s) sc1=$(reclaimer_ticks senpai) mc1=$(reclaimer_ticks memreclaim)
	bench many.senpai.converged "$(many_converged s)" of20
	bench many.memreclaim.converged "$(many_converged m)" of20
	for g in s m; do
		sum=0 i=0
		while [ $i -lt 20 ]; do sum=$((sum + $(cat $CG/$g$i/memory.current))); i=$((i + 1)); done
		[ $g = s ] && name=senpai || name=memreclaim
		bench many.$name.memory $((sum / 1048576)) MiB
	done
	bench many.senpai.reclaimer_cpu "$(awk -v a="$sc0" -v b="$sc1" -v x="$t0" -v y="$t1" 'BEGIN {printf "%.2f", (b - a) / (y - x)}')" %core
	bench many.memreclaim.reclaimer_cpu "$(awk -v a="$mc0" -v b="$mc1" -v x="$t0" -v y="$t1" 'BEGIN {printf "%.2f", (b - a) / (y - x)}')" %core
	vs_stop TERM
	n=100
	dry_run_cpu $n /tmp/dry1.log m0
	c1=$dry_cpu
	dry_run_cpu $n /tmp/dry20.log $m_cgs
	c20=$dry_cpu
	bench many.cpu_per_interval_1 "$(awk -v c="$c1" -v n=$n 'BEGIN {printf "%.0f", c / (n + 1) * 1e6}')" us
	bench many.cpu_per_interval_20 "$(awk -v c="$c20" -v n=$n 'BEGIN {printf "%.0f", c / (n + 1) * 1e6}')" us
	bench many.cpu_growth_20_over_1 "$(awk -v a="$c1" -v b="$c20" 'BEGIN {printf "%.1f", b / a}')" x
	for c in s0 s19; do tail -1 /tmp/senpai.$c.log; done
	grep -v ': reclaim ' /tmp/memreclaim.log | tail -4
}

# Anonymous memory that is all hot (60 MiB) beside file cache read once
# (120 MiB, on the second disk), 180 s; a fourth cgroup under a second
# daemon with swappiness 0 (memory.reclaim's swappiness=, Linux 6.11+),
# which takes the file cache and leaves the anonymous memory alone.
scenario_bench_vs_mixed() {
	vs_setup
	mount_data
	cgs="$VS_CGS memreclaim_s0"
	for c in $cgs; do
		vs_workload $c 60 mixed 60
		mkdir -p /data/$c
		sh -c "echo \$\$ > $CG/$c/cgroup.procs; exec workload -r 100 -f /data/$c 4 120" \
			> /tmp/$c.files.out 2>&1 &
	done
	vs_ready $cgs
	for c in $cgs; do
		wait_until 600 "the files of $c READY" grep -q READY /tmp/$c.files.out
	done
	sleep 10
	vs_start
	memreclaim run $VS_MR_BASE --swappiness 0 memreclaim_s0 \
		2> /tmp/memreclaim_s0.log &
	echo $! > /tmp/memreclaim_s0.pid
	snap start $cgs
	sample mixed "$(dur 180)" $cgs
	snap end $cgs
	window mixed start end none $cgs
	vs_stop TERM
	for c in $cgs; do
		echo "$c: anon $(($(stat_key $c anon) / 1048576)) MiB, file $(($(stat_key $c file) / 1048576)) MiB," \
			"zswapped $(($(stat_key $c zswapped) / 1048576)) MiB"
	done
}


# A service whose data grows: 100 MiB at the start and 256 KiB more each
# second (tests/vm/workload.c -G: popularity by age, the newest page the
# most popular, Zipf-like 1.3 as in `graded`), so that what was hot cools
# as new data comes; requests as in `graded`.  A reclaimer that works
# through a limit must keep raising it, and the workload meets the limit
# (memory.events "high") whenever it lags; one that asks the kernel to
# reclaim sets no limit to meet.  300 s, reported as a start-up window
# (the first 180 s) and the last 120 s.
scenario_bench_vs_growing() {
	vs_setup
	VS_PACE=4000
	for c in $VS_CGS; do vs_workload $c -z 1.3 -q 16 -g 100 -G 256 100 mixed 100; done
	vs_ready $VS_CGS
	sleep 10
	two_windows growing 180 120
}

# swap_io CGROUP: "READ WRITTEN ZSWPWB": bytes the cgroup read from and
# wrote to the swap disk (io.stat of /dev/vda: swap-out I/O is charged to
# the page's cgroup, swap-in to the faulting task's) and pages zswap wrote
# back (memory.stat zswpwb).
swap_io() {
	echo "$(awk -v d="$(cat /sys/block/vda/dev)" '$1 == d {
			for (i = 2; i <= NF; i++) { split($i, f, "="); v[f[1]] = f[2] }
		} END { print v["rbytes"] + 0, v["wbytes"] + 0 }' $CG/$1/io.stat)" \
		"$(stat_key "$1" zswpwb)"
}

swap_window() { # W C FROM TO: C's swap I/O between its /tmp/FROM.C and /tmp/TO.C
	read -r r0 w0 z0 < /tmp/$3.$2
	read -r r1 w1 z1 < /tmp/$4.$2
	bench "$1.$2.swap_read" $(((r1 - r0) / 1048576)) MiB
	bench "$1.$2.swap_written" $(((w1 - w0) / 1048576)) MiB
	bench "$1.$2.zswap_writeback" $(((z1 - z0) / 256)) MiB
}

# zswap in front of a real swap device that it writes back to: the
# hot/cold workload of `anon` (60 MiB touched, 120 MiB never) with each
# cgroup's zswap pool limited to 16 MiB compressed (memory.zswap.max; about
# 60 MiB of this workload's pages at its 3.7:1) and zswap's shrinker on, so
# that what the pool cannot hold is written back to /dev/vda (a virtio
# disk, a file on the host).  The swap I/O each reclaimer causes is reported
# beside what it saves: a refault from the disk costs far more than one
# from the pool.  240 s: a start-up window (120 s) and the last 120 s.
swap_snap() { # start|settled|end: each cgroup's swap I/O counters now
	for c in $VS_CGS; do swap_io $c > /tmp/io.$1.$c; done
}

scenario_bench_vs_swap() {
	vs_setup
	echo +io > $CG/cgroup.subtree_control || fail "+io"
	echo Y > /sys/module/zswap/parameters/shrinker_enabled || fail "zswap shrinker"
	for c in $VS_CGS; do
		mkdir -p $CG/$c
		echo 16M > $CG/$c/memory.zswap.max || fail "memory.zswap.max"
		vs_workload $c 180 mixed 60
	done
	vs_ready $VS_CGS
	sleep 10
	two_windows swap 120 120 swap_snap
	for c in $VS_CGS; do
		swap_window startup $c io.start io.settled
		swap_window swap $c io.settled io.end
		bench "swap.$c.zswap_pool" $(($(cat $CG/$c/memory.zswap.current) / 1048576)) MiB
		bench "swap.$c.swap_used" $(($(cat $CG/$c/memory.swap.current) / 1048576)) MiB
	done
}

# Each reclaimer at its own defaults, as a user who installs it gets it:
# Senpai with no options (6 s interval, 10 ms of stall per interval, 100
# MiB minimum size), memreclaim run with none (6 s interval, 0.1% of
# memory and io stall, 60 s back-off).  The hot/cold workload of `anon`
# (60 MiB touched, 120 MiB never), 600 s: at 6 s an interval both need
# ten times as long as at 1 s.  The last 300 s are the steady state.
scenario_bench_vs_defaults() {
	vs_setup
	SENPAI_ARGS="" VS_MR_BASE=""
	for c in $VS_CGS; do vs_workload $c 180 mixed 60; done
	vs_ready $VS_CGS
	sleep 10
	two_windows defaults 300 300
}
