# The benchmark's scenarios (bench/tools/vm-bench.sh): the same guest as the
# tests, and the tests' helper libraries (tests/vm/scenarios/lib.sh, which
# runs every scenario; mr_lib.sh and fw_lib.sh, sourced here).  Each prints its
# figures as BENCH lines and fails only when it could not measure.
. /scenarios/mr_lib.sh
. /scenarios/fw_lib.sh

# The daemon against a 60 MiB hot set and a 120 MiB cold one: how fast it
# gets there, what it saves, what it costs the workload.
scenario_bench_mr_daemon() {
	daemon_converge 60 120 600
	bench mr_daemon.base_rate "$conv_base" pages/s
	bench mr_daemon.rate_with_daemon "$conv_rate" pages/s
	bench mr_daemon.rate_ratio "$(awk -v a="$conv_rate" -v b="$conv_base" 'BEGIN {printf "%.3f", a / b}')" x
	bench mr_daemon.converged "$conv_converged" s
	bench mr_daemon.memory_before $((conv_before / 1048576)) MiB
	bench mr_daemon.memory_after $((conv_after / 1048576)) MiB
	bench mr_daemon.saved "$conv_saved" %
	bench mr_daemon.hold_median "$conv_hold_median" MiB
	bench mr_daemon.pressure "$conv_pressure" %
	bench mr_daemon.reclaims "$conv_reclaims" writes
	bench mr_daemon.backoffs "$conv_backoffs" count
	bench mr_daemon.daemon_cpu "$(awk -v c="$conv_daemon_cpu" -v t="$conv_elapsed" 'BEGIN {printf "%.2f", c / t}')" %core
}

# The daemon's own CPU per interval, watching only (--dry-run): at the
# default 6 s interval, as a share of one core per cgroup.
scenario_bench_mr_daemon_overhead() {
	setup_swap
	start_workload work 50 compressible
	n=200
	dry_run_cpu $n /tmp/daemon.log work
	cpu=$dry_cpu
	bench mr_overhead.cpu_per_interval "$(awk -v c="$cpu" -v n=$n 'BEGIN {printf "%.1f", c / (n + 1) * 1e6}')" us
	bench mr_overhead.core_share_at_6s "$(awk -v c="$cpu" -v n=$n 'BEGIN {printf "%.4f", c / (n + 1) / 6 * 100}')" %core
}

# Wall time of N uploads of 2048 bytes, fwupload against the kernel
# selftest's shell sequence (10 ms status polls); fwupload's CPU while the
# device works.
scenario_bench_fw_overhead() {
	register upload0
	head -c 2048 /dev/urandom > /tmp/img
	n=30
	t0=$(uptime_s)
	i=0
	while [ $i -lt $n ]; do
		fwupload -q upload0 /tmp/img || fail "upload"
		i=$((i + 1))
	done
	t1=$(uptime_s)
	i=0
	while [ $i -lt $n ]; do
		echo 1 > $FW/upload0/loading
		cat /tmp/img > $FW/upload0/data
		echo 0 > $FW/upload0/loading
		while [ "$(cat $FW/upload0/status)" != idle ]; do sleep 0.01; done
		i=$((i + 1))
	done
	t2=$(uptime_s)
	bench fw.uploads $n count
	bench fw.fwupload_time "$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.2f", b - a}')" s
	bench fw.shell_time "$(awk -v a="$t1" -v b="$t2" 'BEGIN {printf "%.2f", b - a}')" s
	bench fw.time_ratio "$(awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {printf "%.2f", (b - a) / (c - b)}')" x
	# An upload that blocks until canceled: CPU while the device works.
	printf 'inject:programming:user-abort' > /tmp/block
	fwupload -q upload0 /tmp/block &
	pid=$!
	wait_status upload0 programming
	a=$(cpu_ticks $pid)
	w0=$(uptime_s)
	sleep 3
	b=$(cpu_ticks $pid)
	w1=$(uptime_s)
	kill -INT $pid
	wait $pid
	bench fw.cpu_while_waiting "$(awk -v a="$a" -v b="$b" -v s="$w0" -v e="$w1" 'BEGIN {printf "%.2f", (b - a) / (e - s)}')" %core
}
