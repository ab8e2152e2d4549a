# Helpers for the memreclaim scenarios, the benchmarks (bench/tools/guest/) and the
# demo: the cgroup tree, swap and zswap, the workload, and one run of the
# daemon against a workload (daemon_converge).  Sourced explicitly by each
# file that uses it; needs lib.sh (fail, wait_until, cpu_ticks, uptime_s).

CG=/sys/fs/cgroup

# The scenarios read the daemon's lines for each write, back-off and
# decision, which are debug lines (log_level): every `memreclaim run`
# here logs at debug level, through a wrapper first in PATH that execs the
# real binary (so that $! of `memreclaim run ... &` is the daemon itself).
mkdir -p /tmp/mrbin
printf '#!/bin/sh\nif [ "$1" = run ]; then\n\tshift\n\texec /bin/memreclaim run --log-level debug "$@"\nfi\nexec /bin/memreclaim "$@"\n' \
	> /tmp/mrbin/memreclaim
chmod +x /tmp/mrbin/memreclaim
PATH=/tmp/mrbin:$PATH

setup_swap() {
	mkswap /dev/vda >/dev/null || fail "mkswap"
	swapon /dev/vda || fail "swapon"
	echo Y > /sys/module/zswap/parameters/enabled || fail "zswap"
	echo +memory > $CG/cgroup.subtree_control || fail "+memory"
}

# start_workload CGROUP MB KIND [HOT_MB]: in CGROUP (a name or a path under
# the root), its output in /tmp/BASENAME.out; waits until it filled.
start_workload() {
	out=/tmp/$(basename "$1").out
	mkdir -p "$CG/$1"
	sh -c "echo \$\$ > $CG/$1/cgroup.procs; exec workload $2 $3 $4" > "$out" &
	wait_until 300 "workload $1 ($2 MiB) READY" grep -q READY "$out"
}

mount_data() { # the second disk's minix file system on /data
	insmod /modules/minix.ko || fail "insmod minix"
	mkdir -p /data
	mount -t minix /dev/vdb /data || fail "mount /dev/vdb"
}

stat_key() { # cgroup key
	awk -v k="$2" '$1 == k {print $2}' $CG/$1/memory.stat
}


# median of the RATE lines of FILE from line FROM (1-based) on
rate_median() {
	tail -n +"$2" "$1" | awk '$1 == "RATE" {print $2}' | sort -n |
		awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]; else print 0}'
}

psi_total() { # cgroup: memory "some" stall microseconds
	sed -n 's/^some .*total=\([0-9]*\)$/\1/p' $CG/$1/memory.pressure
}

mib() { # cgroup: memory.current in MiB
	echo $(($(cat $CG/$1/memory.current) / 1048576))
}

# What a failed wait in the daemon scenarios saw.
wait_seen() {
	echo "memory.current of work: $(mib work) MiB; the daemon's log, last lines:"
	tail -8 /tmp/daemon.log 2>/dev/null
}

current_at_most() { # cgroup bytes
	[ "$(cat $CG/$1/memory.current)" -le "$2" ]
}

# daemon_converge HOT COLD LIMIT_S: a workload that keeps touching a HOT
# MiB set and never its COLD one, 20 s without the daemon (the baseline:
# under QEMU's TCG the emulated TLB takes a few seconds to grow), then
# `memreclaim run` until memory.current is within 25% of the hot set
# (LIMIT_S at most), then 20 s more under the daemon, sampling
# memory.current each second.  Its results, for the test (which asserts
# behaviour) and the benchmark (which reports them), are these variables:
#   conv_base, conv_rate        the work rate (pages/s) without, with it
#   conv_converged              seconds until within 25% of the hot set
#   conv_before, conv_after     memory.current (bytes) at start and end
#   conv_saved                  (before - after) as a percentage of before
#   conv_hold_min, conv_hold_median  MiB over the 20 s after converging
#   conv_pressure               memory "some" stall, % of the daemon's time
#   conv_reclaims, conv_backoffs     writes and back-offs in its log
#   conv_daemon_cpu, conv_elapsed    its CPU ticks, its seconds of life
#   conv_daemon_rc              its exit status on SIGTERM
daemon_converge() {
	local hot=$1 cold=$2 limit=$3 lines psi0 psi1 t0 daemon goal i
	setup_swap
	start_workload work $((hot + cold)) compressible $hot
	sleep 20
	lines=$(wc -l < /tmp/work.out)
	conv_base=$(rate_median /tmp/work.out $((lines - 9)))
	conv_before=$(cat $CG/work/memory.current)
	echo "without the daemon: work rate $conv_base pages/s, memory.current $((conv_before / 1048576)) MiB"
	[ "$conv_base" -gt 0 ] || fail "the workload does not report its rate"
	psi0=$(psi_total work)
	t0=$(uptime_s)
	memreclaim run --interval 1s --ratio 2% --backoff 10s --target 0.1% \
		--json-file /tmp/mr.json work 2> /tmp/daemon.log &
	daemon=$!
	goal=$((hot * 1048576 * 5 / 4))
	wait_until "$limit" "memory.current within 25% of the $hot MiB hot set" \
		current_at_most work $goal
	conv_converged=$(awk -v t0="$t0" -v t="$(uptime_s)" 'BEGIN {printf "%.0f", t - t0}')
	: > /tmp/hold
	i=0
	while [ $i -lt 20 ]; do
		mib work >> /tmp/hold
		sleep 1
		i=$((i + 1))
	done
	conv_hold_min=$(sort -n /tmp/hold | head -1)
	conv_hold_median=$(sort -n /tmp/hold | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
	conv_daemon_cpu=$(cpu_ticks $daemon)
	kill -TERM $daemon
	wait $daemon
	conv_daemon_rc=$?
	psi1=$(psi_total work)
	conv_elapsed=$(awk -v t0="$t0" -v t="$(uptime_s)" 'BEGIN {printf "%.3f", t - t0}')
	conv_after=$(cat $CG/work/memory.current)
	conv_rate=$(rate_median /tmp/work.out $((lines + 1)))
	conv_pressure=$(awk -v a="$psi0" -v b="$psi1" -v t="$conv_elapsed" 'BEGIN {printf "%.4f", (b - a) / (t * 1e6) * 100}')
	conv_saved=$(((conv_before - conv_after) * 100 / conv_before))
	conv_reclaims=$(grep -c ': reclaim ' /tmp/daemon.log)
	conv_backoffs=$(grep -c 'back off' /tmp/daemon.log)
	echo "with the daemon: within 25% of the hot set in $conv_converged s; $((conv_after / 1048576)) MiB at the end (hot set $hot MiB)"
	echo "memory.current each second of the 20 s after: $(tr '\n' ' ' < /tmp/hold)MiB"
	echo "work rate $conv_rate pages/s against $conv_base without the daemon; pressure $conv_pressure%"
	echo "$conv_reclaims reclaim writes, $conv_backoffs back-offs; the daemon's log, first and last lines:"
	grep -m3 ': reclaim \|back off' /tmp/daemon.log
	tail -4 /tmp/daemon.log
}

# dry_run_cpu N LOG CGROUP...: the daemon watching CGROUPs for N intervals
# of 100 ms (--dry-run: deciding, writing nothing), its log to LOG; the CPU
# seconds it reports on stopping in $dry_cpu.
dry_run_cpu() {
	log=$2
	iterations=$1
	shift 2
	memreclaim run --dry-run --interval 100ms --iterations "$iterations" "$@" 2> "$log"
	dry_cpu=$(sed -n 's/.*intervals, \([0-9.]*\) s of CPU$/\1/p' "$log")
	[ -n "$dry_cpu" ] || fail "no CPU figure: $(tail -2 "$log")"
}
