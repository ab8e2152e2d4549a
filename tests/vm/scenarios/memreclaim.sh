# memreclaim scenarios: a real cgroup v2 hierarchy, swap on the virtio disk,
# zswap enabled.

CG=/sys/fs/cgroup

setup_swap() {
	mkswap /dev/vda >/dev/null || fail "mkswap"
	swapon /dev/vda || fail "swapon"
	echo Y > /sys/module/zswap/parameters/enabled || fail "zswap"
	echo +memory > $CG/cgroup.subtree_control || fail "+memory"
}

# start_workload NAME MB KIND: in cgroup NAME; waits until it filled.
start_workload() {
	mkdir -p $CG/$1
	sh -c "echo \$\$ > $CG/$1/cgroup.procs; exec workload $2 $3" > /tmp/$1.out &
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
