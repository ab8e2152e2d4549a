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

# prom_values FILE METRIC PATTERN: the values of METRIC in a Prometheus
# file for the cgroups whose label matches PATTERN (an awk regex), a line each.
prom_values() {
	awk -v m="memreclaim_$2{" -v re="$3" 'index($0, m) == 1 {
		split($0, a, "\""); if (a[2] ~ re) print $NF }' "$1"
}

# scale_run N TAG [ROOT]: the daemon over scaleN's cgroups under ROOT
# (default the real one) for 10 intervals of 6 s; figures scale.N.*TAG.
scale_run() {
	n=$1 tag=$2 root=${3:-$CG}
	cat > /tmp/scale.conf <<-EOF
		interval = 6s
		prometheus_file = /tmp/scale.prom
		[cgroup scale$n/c*]
		ratio = 10%
		[cgroup scale$n/big]
		ratio = 50%
		max_step = 1G
	EOF
	memreclaim --cgroup-root "$root" run --config /tmp/scale.conf --iterations 10 2> /tmp/scale.log ||
		fail "the daemon over $n cgroups: $(tail -3 /tmp/scale.log)"
	cpu=$(sed -n 's/.*intervals, \([0-9.]*\) s of CPU$/\1/p' /tmp/scale.log)
	[ -n "$cpu" ] || fail "no CPU figure: $(tail -2 /tmp/scale.log)"
	watched=$(prom_values /tmp/scale.prom up "/c[0-9]+\$" | grep -c 1)
	[ "$watched" = "$n" ] || fail "the daemon watched $watched of $n cgroups: $(tail -3 /tmp/scale.log)"
	bench "scale.$n.cpu_per_interval$tag" "$(awk -v c="$cpu" 'BEGIN {printf "%.1f", c / 11 * 1000}')" ms
	bench "scale.$n.core_share_at_6s$tag" "$(awk -v c="$cpu" 'BEGIN {printf "%.3f", c / 11 / 6 * 100}')" %core
	bench "scale.$n.writes$tag" "$(prom_values /tmp/scale.prom reclaims_total "/c[0-9]+\$" |
		awk '{s += $1} END {print s}')" count
	bench "scale.$n.longest_interval$tag" "$(prom_values /tmp/scale.prom interval_seconds_max "/c[0-9]+\$" |
		sort -g | tail -1 | awk '{printf "%.2f", $1}')" s
	bench "scale.$n.big_writes$tag" "$(prom_values /tmp/scale.prom reclaims_total "/big\$")" count
	bench "scale.$n.big_write_time$tag" "$(prom_values /tmp/scale.prom write_seconds_total "/big\$" |
		awk '{printf "%.1f", $1}')" s
	bench "scale.$n.big_longest_interval$tag" "$(prom_values /tmp/scale.prom interval_seconds_max "/big\$" |
		awk '{printf "%.2f", $1}')" s
}

# fake_tree DIR N: N cgroups of regular files in the kernel's formats under
# DIR/scaleN (bench/tools/memreclaim-scale.sh's, 256 KiB each), and a big
# one, for the daemon's cost without the kernel's cgroup files.
fake_tree() {
	i=0
	mkdir -p "$1"
	echo "cpu io memory" > "$1/cgroup.controllers"
	while [ $i -le "$2" ]; do
		d=$1/scale$2/c$i
		[ $i = "$2" ] && d=$1/scale$2/big
		mkdir -p "$d"
		echo "cpu io memory" > "$d/cgroup.controllers"
		echo 262144 > "$d/memory.current"
		printf 'anon 0\nfile 262144\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > "$d/memory.stat"
		printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=0\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n' > "$d/memory.pressure"
		: > "$d/memory.reclaim"
		echo 0 > "$d/memory.min"
		echo 0 > "$d/memory.low"
		i=$((i + 1))
	done
}

# The daemon watching 100 and then 1,000 cgroups in the real kernel at the
# default 6 s interval, 10 intervals each: its CPU per interval, the
# kernel's reclaim in its writer threads included.  Each cgroup holds 256
# KiB of clean page cache (its own range of one file on the data disk, read
# from inside it), stepped by 10% an interval.  Beside them one cgroup with
# long writes: 160 MiB of incompressible anonymous memory, no zswap
# (memory.zswap.max 0), stepped by half at a time, so that each write swaps
# out tens of MiB to the swap disk.  Whether the writes stretched anyone's
# interval: the longest interval among the small cgroups
# (memreclaim_interval_seconds_max) and the big one's, beside the time its
# writes took.  Then the same over a fake tree of regular files in the same
# guest (scale.N.*_fake): the ratio of the two is what the kernel's cgroup
# files add to the daemon's own work, which under TCG's emulation is all
# many times slower than on hardware.
scenario_bench_mr_scale() {
	setup_swap
	mount_data
	dd if=/dev/zero of=/data/pages bs=1M count=300 2>/dev/null || fail "writing /data/pages"
	sync
	echo 1 > /proc/sys/vm/drop_caches
	skip=0
	for n in 100 1000; do
		mkdir -p $CG/scale$n/big
		echo +memory > $CG/scale$n/cgroup.subtree_control
		i=0
		while [ $i -lt $n ]; do
			mkdir $CG/scale$n/c$i
			sh -c "echo \$\$ > $CG/scale$n/c$i/cgroup.procs
				exec dd if=/data/pages of=/dev/null bs=256k skip=$skip count=1 2>/dev/null"
			i=$((i + 1)) skip=$((skip + 1))
		done
		echo 0 > $CG/scale$n/big/memory.zswap.max
		start_workload scale$n/big 160 random
		echo "scale$n: $n cgroups of $(($(cat $CG/scale$n/c0/memory.current) / 1024)) KiB" \
			"and one of $(($(cat $CG/scale$n/big/memory.current) / 1048576)) MiB"
		scale_run $n ""
		grep 'big: reclaim' /tmp/scale.log | tail -2
		echo 1 > $CG/scale$n/big/cgroup.kill
		fake_tree /tmp/fake $n
		scale_run $n _fake /tmp/fake
	done
}
