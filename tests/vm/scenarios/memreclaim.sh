# memreclaim scenarios: a real cgroup v2 hierarchy, swap on the virtio disk,
# zswap enabled.

CG=/sys/fs/cgroup

setup_swap() {
	mkswap /dev/vda >/dev/null || fail "mkswap"
	swapon /dev/vda || fail "swapon"
	echo Y > /sys/module/zswap/parameters/enabled || fail "zswap"
	echo +memory > $CG/cgroup.subtree_control || fail "+memory"
}

# start_workload NAME MB KIND [HOT_MB]: in cgroup NAME; waits until it filled.
start_workload() {
	mkdir -p $CG/$1
	sh -c "echo \$\$ > $CG/$1/cgroup.procs; exec workload $2 $3 $4" > /tmp/$1.out &
	i=0
	until grep -q READY /tmp/$1.out 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 3000 ] || fail "workload did not start"
		sleep 0.01
	done
}

stat_key() { # cgroup key
	awk -v k="$2" '$1 == k {print $2}' $CG/$1/memory.stat
}

scenario_mr_reclaim_oneshot() {
	setup_swap
	start_workload work 200 compressible
	before=$(cat $CG/work/memory.current)
	zout0=$(stat_key work zswpout)
	echo "memory.current before: $before"
	memreclaim reclaim work 100M
	rc=$?
	[ $rc = 0 ] || [ $rc = 5 ] || fail "reclaim exited $rc"
	after=$(cat $CG/work/memory.current)
	drop=$(((before - after) / 1048576))
	echo "memory.current after: $after (-$drop MiB)"
	[ $drop -ge 90 ] || fail "reclaimed only $drop MiB of 100"
	ok "memory.reclaim took $drop MiB (>= 90)"
	memreclaim stat work
	zout1=$(stat_key work zswpout)
	zswapped=$(stat_key work zswapped)
	[ $((zout1 - zout0)) -ge $((90 * 256)) ] || fail "zswpout grew by $((zout1 - zout0)) pages"
	[ $((zswapped / 1048576)) -ge 90 ] || fail "zswapped is $zswapped"
	ok "zswpout +$((zout1 - zout0)) pages, zswapped $((zswapped / 1048576)) MiB"
	memreclaim --json stat work | grep -q '"stat.zswpout": ' || fail "json stat"
	memreclaim --prometheus stat work | grep -q '^memreclaim_memory_current_bytes{cgroup="/sys/fs/cgroup/work"} ' ||
		fail "prometheus stat"
	ok "stat as table, JSON and Prometheus"
}

scenario_mr_zswap_limit() {
	setup_swap
	start_workload work 120 compressible
	expect_rc 0 memreclaim zswap work --max 0
	[ "$(cat $CG/work/memory.zswap.max)" = 0 ] || fail "zswap.max not 0"
	zout0=$(stat_key work zswpout)
	pout0=$(awk '$1 == "pswpout" {print $2}' /proc/vmstat)
	memreclaim reclaim work 60M
	zout1=$(stat_key work zswpout)
	pout1=$(awk '$1 == "pswpout" {print $2}' /proc/vmstat)
	echo "zswpout $zout0 -> $zout1, pswpout $pout0 -> $pout1"
	[ "$zout1" = "$zout0" ] || fail "zswap stored pages despite zswap.max=0"
	[ $((pout1 - pout0)) -ge $((50 * 256)) ] || fail "no disk swap-out"
	ok "with zswap.max 0, reclaim went to disk swap"
	expect_rc 0 memreclaim zswap work --max max
	[ "$(cat $CG/work/memory.zswap.max)" = max ] || fail "zswap.max not max"
}

scenario_mr_bad_input() {
	setup_swap
	start_workload work 20 compressible
	before=$(cat $CG/work/memory.current)
	for bad in 10MB -1 '' 99999999999999999999 1KK 0x 12abc; do
		expect_rc 2 memreclaim reclaim work "$bad"
	done
	after=$(cat $CG/work/memory.current)
	[ $(((before - after) / 1048576)) -lt 2 ] || fail "a malformed size reclaimed memory"
	ok "malformed sizes refused, nothing written"
	expect_rc 3 memreclaim reclaim nosuch 1M
	expect_rc 3 memreclaim reclaim /proc 1M
	mkdir $CG/work/sub # memory not enabled for work's children
	expect_rc 3 memreclaim reclaim work/sub 1M
	expect_rc 2 memreclaim zswap work --max lots
	expect_rc 2 memreclaim --swappiness 300 reclaim work 1M
	expect_rc 2 memreclaim run
	expect_rc 2 memreclaim run --target lots work
	echo 'ratio = 5' > /tmp/bad.conf
	expect_rc 8 memreclaim run -c /tmp/bad.conf work
	expect_rc 8 memreclaim run -c /nonexistent.conf work
}

# median of the RATE lines of FILE from line FROM (1-based) on
rate_median() {
	tail -n +"$2" "$1" | awk '$1 == "RATE" {print $2}' | sort -n |
		awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]; else print 0}'
}

psi_total() { # cgroup: memory "some" stall microseconds
	sed -n 's/^some .*total=\([0-9]*\)$/\1/p' $CG/$1/memory.pressure
}

# The daemon against a workload that keeps touching a 60 MiB hot set and
# never its 120 MiB cold set: memory.current must come within 25% of the
# hot set, the work rate stay at least 90% of its rate without the daemon,
# and the memory pressure under the target.
scenario_mr_daemon() {
	hot=60 cold=120 limit=150
	setup_swap
	start_workload work $((hot + cold)) compressible $hot
	# The baseline: the median of 10 s, after 10 s of warming up (under
	# QEMU's TCG the emulated TLB takes a few seconds to grow).
	sleep 20
	lines=$(wc -l < /tmp/work.out)
	base=$(rate_median /tmp/work.out $((lines - 9)))
	before=$(cat $CG/work/memory.current)
	echo "without the daemon: work rate $base pages/s, memory.current $((before / 1048576)) MiB"
	[ "$base" -gt 0 ] || fail "the workload does not report its rate"
	psi0=$(psi_total work)
	t0=$(cut -d' ' -f1 /proc/uptime)
	memreclaim run --interval 1s --ratio 2% --backoff 10s --target 0.1% \
		--json-file /tmp/mr.json work 2> /tmp/daemon.log &
	daemon=$!
	goal=$((hot * 1048576 * 5 / 4))
	waited=0
	while [ "$(cat $CG/work/memory.current)" -gt $goal ]; do
		waited=$((waited + 1))
		[ $waited -lt $limit ] || { tail -5 /tmp/daemon.log; fail "memory.current $(($(cat $CG/work/memory.current) / 1048576)) MiB after $limit s"; }
		sleep 1
	done
	converged=$(awk -v t0="$t0" '{printf "%.0f", $1 - t0}' /proc/uptime)
	# Hold 20 s more under the daemon, measuring the work rate throughout.
	sleep 20
	kill -TERM $daemon
	wait $daemon
	psi1=$(psi_total work)
	elapsed=$(awk -v t0="$t0" '{printf "%.3f", $1 - t0}' /proc/uptime)
	after=$(cat $CG/work/memory.current)
	rate=$(rate_median /tmp/work.out $((lines + 1)))
	pressure=$(awk -v a="$psi0" -v b="$psi1" -v t="$elapsed" 'BEGIN {printf "%.4f", (b - a) / (t * 1e6) * 100}')
	saved=$(((before - after) * 100 / before))
	echo "with the daemon: converged in $converged s to $((after / 1048576)) MiB (hot set $hot MiB, goal <= $((goal / 1048576)) MiB)"
	echo "memory saved: $saved% ($((before / 1048576)) -> $((after / 1048576)) MiB)"
	echo "work rate $rate pages/s = $((rate * 100 / base))% of $base without the daemon"
	echo "memory pressure (some) over the run: $pressure% of the time (target 0.1%)"
	grep -c ': reclaim ' /tmp/daemon.log | sed 's/^/reclaim writes: /'
	tail -12 /tmp/daemon.log
	echo "work rate each second, thousands of pages (the daemon starts after line $lines):"
	awk '$1 == "RATE" {printf "%d ", $2 / 1000}' /tmp/work.out; echo
	grep -m3 ': reclaim \|back off' /tmp/daemon.log
	[ $((rate * 100)) -ge $((base * 90)) ] || fail "work rate fell under 90%"
	ok "work rate at least 90% of the rate without the daemon"
	awk -v p="$pressure" 'BEGIN {exit !(p < 0.1)}' || fail "pressure $pressure% over the target"
	ok "memory pressure under the target"
	ok "memory.current within 25% of the hot set in $converged s"
}

# zswap tuning: a cgroup of random bytes ends with a lowered zswap.max, one
# of compressible pages keeps zswap.
scenario_mr_zswap_tuning() {
	setup_swap
	start_workload rnd 100 random
	start_workload cmp 100 compressible
	memreclaim run --interval 1s --ratio 10% --zswap-tuning yes --backoff 5s \
		--iterations 12 rnd cmp 2> /tmp/daemon.log
	cat /tmp/daemon.log | grep -v ': reclaim ' | head -20
	memreclaim stat rnd cmp | grep -E '^/|zswap|swap.current'
	rmax=$(cat $CG/rnd/memory.zswap.max)
	cmax=$(cat $CG/cmp/memory.zswap.max)
	echo "memory.zswap.max: rnd $rmax, cmp $cmax"
	[ "$rmax" != max ] || fail "random cgroup kept an unlimited zswap"
	grep -q "$CG/rnd: memory.zswap.max max -> .*stores rejected\|$CG/rnd: memory.zswap.max max -> .*compress" /tmp/daemon.log ||
		fail "no logged reason for rnd"
	ok "incompressible cgroup: zswap.max lowered to $rmax, reason logged"
	[ "$cmax" = max ] || fail "compressible cgroup lost zswap ($cmax)"
	[ "$(stat_key cmp zswapped)" -gt $((20 * 1048576)) ] || fail "compressible cgroup not in zswap"
	ok "compressible cgroup keeps zswap ($(($(stat_key cmp zswapped) / 1048576)) MiB in it)"
}

# SIGKILL mid-run leaves memory.high and memory.max as they were.
scenario_mr_daemon_sigkill() {
	setup_swap
	start_workload work 150 compressible 50
	echo 400M > $CG/work/memory.high
	echo 450M > $CG/work/memory.max
	high=$(cat $CG/work/memory.high) max=$(cat $CG/work/memory.max)
	memreclaim run --interval 200ms --ratio 5% work 2> /tmp/daemon.log &
	daemon=$!
	i=0
	until [ "$(grep -c ': reclaim ' /tmp/daemon.log)" -ge 3 ]; do
		i=$((i + 1)); [ $i -lt 300 ] || fail "the daemon did not reclaim"
		sleep 0.1
	done
	kill -KILL $daemon
	wait $daemon 2>/dev/null
	[ "$(cat $CG/work/memory.high)" = "$high" ] || fail "memory.high changed"
	[ "$(cat $CG/work/memory.max)" = "$max" ] || fail "memory.max changed"
	ok "SIGKILL after $(grep -c ': reclaim ' /tmp/daemon.log) reclaims: memory.high $high and memory.max $max as they were"
	sleep 2
	tail -1 /tmp/work.out | grep -q '^RATE [1-9]' || fail "the workload stalled after the kill"
	ok "the workload runs on ($(tail -1 /tmp/work.out))"
}

# The daemon's own CPU per interval (monitoring only: --dry-run), in the
# guest; at the default 6 s interval, as a share of one core.
scenario_mr_daemon_overhead() {
	setup_swap
	start_workload work 50 compressible
	n=200
	memreclaim run --dry-run --interval 100ms --iterations $n work 2> /tmp/daemon.log
	cpu=$(sed -n 's/.*intervals, \([0-9.]*\) s of CPU$/\1/p' /tmp/daemon.log)
	[ -n "$cpu" ] || fail "no CPU figure: $(tail -2 /tmp/daemon.log)"
	awk -v c="$cpu" -v n=$n 'BEGIN {
		per = c / (n + 1)
		printf "daemon CPU: %.3f s for %d intervals = %.1f us per interval per cgroup\n", c, n + 1, per * 1e6
		printf "at the default 6 s interval: %.4f%% of one core per cgroup\n", per / 6 * 100
		exit !(per / 6 < 0.01)
	}' || fail "overhead 1% of a core or more"
	ok "daemon overhead under 1% of one core per cgroup"
}

scenario_mr_demo() {
	setup_swap
	start_workload app 200 compressible
	echo "a workload holds 200 MiB in cgroup app; memreclaim stat app:"
	memreclaim stat app
	echo
	echo "memreclaim reclaim app 100M"
	memreclaim reclaim app 100M
	echo
	memreclaim stat app | grep -E 'memory.current|zswap|pressure'
	return 0
}
