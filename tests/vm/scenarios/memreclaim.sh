# memreclaim scenarios: a real cgroup v2 hierarchy, swap on the virtio disk,
# zswap enabled.  The helpers they share with the benchmarks and the demo
# are in mr_lib.sh.
. /scenarios/mr_lib.sh

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

# What `reclaim` reports as reclaimed is what the kernel reclaimed (the
# rise of memory.stat's pgsteal), not the fall of memory.current: with
# data zswap compresses about 3:1, the compressed pool stays charged to
# the cgroup, so memory.current falls by about two thirds of it.
scenario_mr_reclaim_accounting() {
	setup_swap
	start_workload work 200 mixed
	memreclaim --json reclaim work 60M > /tmp/r.json
	rc=$?
	cat /tmp/r.json
	# 0, or 5 when the kernel gave up short of the request (EAGAIN).
	[ $rc = 0 ] || [ $rc = 5 ] || fail "reclaim exited $rc"
	reclaimed=$(json_field /tmp/r.json reclaimed_bytes)
	before=$(json_field /tmp/r.json current_before)
	after=$(json_field /tmp/r.json current_after)
	# The kernel answers success once its count reached the request; that
	# count may include slab, which pgsteal does not: 90% at least.
	[ $rc = 5 ] || [ "$reclaimed" -ge $((54 << 20)) ] ||
		fail "success, yet $((reclaimed >> 20)) MiB reported reclaimed of 60"
	[ "$reclaimed" -gt 0 ] || fail "nothing reported reclaimed"
	[ $((before - after)) -lt "$reclaimed" ] ||
		fail "memory.current fell by $(((before - after) >> 20)) MiB, not less than the $((reclaimed >> 20)) MiB reclaimed"
	zswap=$(stat_key work zswap)
	[ "$zswap" -gt 0 ] || fail "zswap's pool is empty"
	ok "reported $((reclaimed >> 20)) MiB reclaimed (pgsteal); memory.current fell" \
		"$(((before - after) >> 20)) MiB, zswap's pool holding $((zswap >> 20)) MiB"
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

# The daemon against a 60 MiB hot set and a 120 MiB cold one: it reclaims
# the cold set, stops at the hot set (backs off when pressure shows it
# reached it) and leaves the workload running.  Its speed, the work rate
# and the pressure are figures of bench/tools/vm-bench.sh, not verdicts here.
scenario_mr_daemon() {
	hot=60
	daemon_converge $hot 120 600
	ok "memory.current within 25% of the $hot MiB hot set (from $((conv_before / 1048576)) MiB)"
	[ "$conv_daemon_rc" = 0 ] || fail "the daemon exited $conv_daemon_rc on SIGTERM"
	[ "$conv_backoffs" -ge 1 ] || fail "the daemon never backed off at the hot set"
	ok "the daemon backed off $conv_backoffs times when pressure or refaults rose"
	# The hot set is touched continuously: what reclaim takes of it comes
	# straight back, so memory.current settles at it and not below.
	[ "$conv_hold_median" -ge $((hot * 9 / 10)) ] ||
		fail "memory.current median $conv_hold_median MiB, under 90% of the hot set"
	ok "memory.current held at the hot set (median $conv_hold_median MiB, lowest $conv_hold_min MiB)"
	[ "$conv_rate" -gt 0 ] || fail "the workload stopped under the daemon"
	ok "the workload kept working"
}

# zswap tuning: a cgroup of random bytes gets a lowered zswap.max, one of
# compressible pages keeps zswap; on SIGTERM the daemon puts back the
# limit it moved (the kernel's file reads "max" again).
zswap_lowered() { [ "$(cat $CG/rnd/memory.zswap.max)" != max ]; }
scenario_mr_zswap_tuning() {
	setup_swap
	start_workload rnd 100 random
	start_workload cmp 100 compressible
	memreclaim run --interval 1s --ratio 10% --zswap-tuning yes --backoff 5s \
		rnd cmp 2> /tmp/daemon.log &
	daemon=$!
	wait_until 300 "rnd's memory.zswap.max lowered" zswap_lowered
	sleep 3	# a few more intervals for cmp
	memreclaim stat rnd cmp | grep -E '^/|zswap|swap.current'
	rmax=$(cat $CG/rnd/memory.zswap.max)
	cmax=$(cat $CG/cmp/memory.zswap.max)
	echo "memory.zswap.max while the daemon runs: rnd $rmax, cmp $cmax"
	grep -q "$CG/rnd: memory.zswap.max max -> .*stores rejected\|$CG/rnd: memory.zswap.max max -> .*compress" /tmp/daemon.log ||
		fail "no logged reason for rnd"
	ok "incompressible cgroup: zswap.max lowered to $rmax, reason logged"
	[ "$cmax" = max ] || fail "compressible cgroup lost zswap ($cmax)"
	[ "$(stat_key cmp zswapped)" -gt $((20 * 1048576)) ] || fail "compressible cgroup not in zswap"
	ok "compressible cgroup keeps zswap ($(($(stat_key cmp zswapped) / 1048576)) MiB in it)"
	kill -TERM $daemon
	wait $daemon
	rc=$?
	cat /tmp/daemon.log | grep -v ': reclaim ' | tail -6
	[ $rc = 0 ] || fail "the daemon exited $rc on SIGTERM"
	[ "$(cat $CG/rnd/memory.zswap.max)" = max ] ||
		fail "after SIGTERM rnd's memory.zswap.max is $(cat $CG/rnd/memory.zswap.max), not max"
	grep -q "$CG/rnd: memory.zswap.max put back to max" /tmp/daemon.log || fail "the restore not logged"
	ok "SIGTERM: rnd's memory.zswap.max put back to max (the kernel reads it so)"
}

reclaims_logged() { # at least N reclaim writes in the daemon's log
	[ "$(grep -c ': reclaim ' /tmp/daemon.log)" -ge "$1" ]
}

new_rate_line() { # a RATE line after line N of the workload's output
	tail -n +$(($1 + 1)) /tmp/work.out | grep -q '^RATE [1-9]'
}

# SIGKILL mid-run leaves memory.high and memory.max as they were, and the
# workload runs on.
scenario_mr_daemon_sigkill() {
	setup_swap
	start_workload work 150 compressible 50
	echo 400M > $CG/work/memory.high
	echo 450M > $CG/work/memory.max
	high=$(cat $CG/work/memory.high) max=$(cat $CG/work/memory.max)
	memreclaim run --interval 200ms --ratio 5% work 2> /tmp/daemon.log &
	daemon=$!
	# One reclaim is enough to be mid-run: a second may wait out a
	# back-off of a minute or more, on a busy host.
	wait_until 240 "a reclaim by the daemon" reclaims_logged 1
	kill -KILL $daemon
	wait $daemon 2>/dev/null
	[ "$(cat $CG/work/memory.high)" = "$high" ] || fail "memory.high changed"
	[ "$(cat $CG/work/memory.max)" = "$max" ] || fail "memory.max changed"
	ok "SIGKILL after $(grep -c ': reclaim ' /tmp/daemon.log) reclaims: memory.high $high and memory.max $max as they were"
	lines=$(wc -l < /tmp/work.out)
	wait_until 60 "the workload's work after the kill" new_rate_line "$lines"
	ok "the workload runs on ($(tail -1 /tmp/work.out))"
}

# --dry-run decides and logs, writes nothing, and --iterations ends it.
scenario_mr_daemon_dry_run() {
	setup_swap
	start_workload work 50 compressible
	before=$(mib work)
	memreclaim run --dry-run --interval 100ms --iterations 20 work 2> /tmp/daemon.log
	rc=$?
	[ $rc = 0 ] || fail "the dry run exited $rc: $(tail -3 /tmp/daemon.log)"
	grep -q 'dry run: would reclaim' /tmp/daemon.log || fail "no decision logged: $(tail -3 /tmp/daemon.log)"
	grep -q 'stopping after 21 intervals' /tmp/daemon.log || fail "--iterations 20: $(tail -1 /tmp/daemon.log)"
	[ $((before - $(mib work))) -lt 2 ] || fail "the dry run reclaimed: $before -> $(mib work) MiB"
	ok "--dry-run: $(grep -c 'would reclaim' /tmp/daemon.log) decisions logged, nothing reclaimed, stopped after 20 iterations"
}

# Cgroups chosen by a pattern, in the real kernel: a cgroup created while
# the daemon runs is picked up and reclaimed from, one removed is dropped
# once, and nothing more is said about it.
glob_workload() { # NAME MB: a workload in glob.slice/NAME.service
	mkdir -p $CG/glob.slice/$1.service
	sh -c "echo \$\$ > $CG/glob.slice/$1.service/cgroup.procs; exec workload $2 compressible" \
		> /tmp/$1.out &
	wait_until 300 "workload $1 ($2 MiB) READY" grep -q READY /tmp/$1.out
}

scenario_mr_daemon_glob() {
	setup_swap
	mkdir -p $CG/glob.slice
	echo +memory > $CG/glob.slice/cgroup.subtree_control || fail "+memory in glob.slice"
	mkdir $CG/glob.slice/other.scope
	glob_workload one 60
	memreclaim run --interval 200ms --ratio 2% 'glob.slice/*.service' 2> /tmp/glob.log &
	daemon=$!
	wait_until 120 "one.service reclaimed from" grep -q 'glob.slice/one.service: reclaim' /tmp/glob.log
	ok "the pattern's cgroup is reclaimed from"
	glob_workload two 60
	wait_until 120 "two.service picked up" grep -q 'glob.slice/two.service: appeared' /tmp/glob.log
	wait_until 120 "two.service reclaimed from" grep -q 'glob.slice/two.service: reclaim' /tmp/glob.log
	ok "a cgroup created mid-run is picked up and reclaimed from"
	# Empty it (the workload goes) and remove it.
	kill $(cat $CG/glob.slice/two.service/cgroup.procs)
	wait_until 60 "two.service empty" sh -c "[ -z \"\$(cat $CG/glob.slice/two.service/cgroup.procs)\" ]"
	rmdir $CG/glob.slice/two.service || fail "rmdir two.service"
	wait_until 60 "two.service dropped" grep -q 'glob.slice/two.service: gone, dropped' /tmp/glob.log
	n=$(grep -c 'one.service' /tmp/glob.log)
	wait_until 60 "more intervals" sh -c "[ \$(grep -c 'one.service' /tmp/glob.log) -ge $((n + 5)) ] || \
		[ \$(grep -c 'one.service: back off' /tmp/glob.log) -ge 1 ]"
	sleep 2
	after=$(sed -n '/two.service: gone, dropped/,$p' /tmp/glob.log | grep -c 'two.service')
	[ "$after" = 1 ] || fail "$((after - 1)) lines about two.service after it was dropped"
	ok "a removed cgroup is dropped once, with no error after"
	grep -q 'other.scope' /tmp/glob.log && fail "a cgroup the pattern does not match was watched"
	kill -TERM $daemon
	wait $daemon || fail "the daemon exited $? on SIGTERM"
	ok "the daemon stops cleanly"
	echo "--- the daemon's log"
	grep -v ': reclaim ' /tmp/glob.log | tail -8
}

senpai_set_high() { # memory.high of senpai below max
	[ "$(cat $CG/senpai/memory.high)" != max ]
}

# Beside Senpai, in the guest with Python (tests/vm/python.sh): the
# vendored senpai.py runs unmodified and works through memory.high; the
# daemon reclaims through memory.reclaim and never writes memory.high, so
# its cgroup sees no "high" events, and a SIGKILL leaves nothing behind
# where Senpai's limit stays.
scenario_mr_beside_senpai() {
	setup_swap
	start_workload senpai 80 mixed 20
	start_workload mr 80 mixed 20
	python3.11 /opt/senpai/senpai.py $CG/senpai --interval 1 --pressure 1666 \
		--min-size 4194304 > /tmp/senpai.log 2>&1 &
	senpai=$!
	memreclaim run --interval 1s mr 2> /tmp/daemon.log &
	daemon=$!
	wait_until 300 "Senpai setting memory.high" senpai_set_high
	ok "Senpai runs in the guest: memory.high $(cat $CG/senpai/memory.high)"
	wait_until 300 "a reclaim by the daemon" reclaims_logged 3
	kill -KILL $senpai $daemon
	wait $senpai $daemon 2>/dev/null
	[ "$(cat $CG/mr/memory.high)" = max ] || fail "the daemon's cgroup has memory.high $(cat $CG/mr/memory.high)"
	high=$(awk '$1 == "high" {print $2}' $CG/mr/memory.events)
	[ "$high" = 0 ] || fail "$high high events in the daemon's cgroup"
	ok "the daemon's cgroup: memory.high max, no high events, after SIGKILL"
	senpai_set_high || fail "Senpai's memory.high went back to max"
	ok "Senpai's cgroup keeps memory.high $(cat $CG/senpai/memory.high) after SIGKILL"
	tail -2 /tmp/senpai.log
}

# swappiness in the daemon's writes (Linux 6.11+): at 0 the kernel takes
# file cache and leaves anonymous memory alone, so a cgroup holding only
# anonymous memory gives nothing while every write is accepted; at the
# default the same daemon reclaims it.
scenario_mr_daemon_swappiness() {
	setup_swap
	start_workload work 60 mixed
	before=$(mib work)
	memreclaim run --interval 200ms --ratio 10% --swappiness 0 --iterations 10 work \
		2> /tmp/daemon.log || fail "the daemon exited $?: $(tail -3 /tmp/daemon.log)"
	grep -q 'write failed' /tmp/daemon.log && fail "a write was refused: $(grep -m1 'write failed' /tmp/daemon.log)"
	writes=$(grep -c ': reclaim ' /tmp/daemon.log)
	mid=$(mib work)
	echo "swappiness 0: $writes writes, memory.current $before -> $mid MiB"
	[ "$writes" -ge 1 ] || fail "no reclaim write: $(tail -3 /tmp/daemon.log)"
	[ $((before - mid)) -le 3 ] || fail "swappiness 0 took $((before - mid)) MiB of anonymous memory"
	ok "swappiness 0: $writes writes accepted, anonymous memory kept ($before -> $mid MiB)"
	memreclaim run --interval 200ms --ratio 10% --iterations 10 work 2> /tmp/daemon.log ||
		fail "the daemon exited $?: $(tail -3 /tmp/daemon.log)"
	after=$(mib work)
	[ $((mid - after)) -ge 10 ] || fail "the default swappiness took only $((mid - after)) MiB"
	ok "default swappiness: the same daemon reclaims it ($mid -> $after MiB)"
}

# A cgroup whose memory cannot go (anonymous, and no swap): the kernel
# answers memory.reclaim with EAGAIN, and the daemon backs off with its own
# reason instead of asking again every interval.  Then the cgroup is
# removed and made again: the new one (a new cgroup id) does not inherit
# the old one's back-off.
json_field() { # FILE KEY: the first number after "KEY": in the metrics file
	sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p" "$1" | head -1
}
json_at_least() { # FILE KEY N
	[ "$(json_field "$1" "$2")" -ge "$3" ] 2>/dev/null
}
writes_after_recreation() {
	sed -n '/re-created/,$p' /tmp/daemon.log | grep -q ': reclaim '
}

scenario_mr_daemon_unreclaimable() {
	echo +memory > $CG/cgroup.subtree_control || fail "+memory"
	[ "$(awk 'NR > 1' /proc/swaps | wc -l)" = 0 ] || fail "swap is on"
	start_workload work 40 compressible
	# A 10-minute back-off: nothing but a state reset can let the
	# daemon write again within this test.
	memreclaim run --interval 200ms --ratio 10% --backoff 10min \
		--json-file /tmp/m.json work 2> /tmp/daemon.log &
	daemon=$!
	wait_until 120 "the unreclaimable back-off" grep -q 'gave up (EAGAIN).*back off 600 s' /tmp/daemon.log
	grep -m1 'reclaim .*(EAGAIN)' /tmp/daemon.log || fail "no write answered EAGAIN: $(tail -3 /tmp/daemon.log)"
	grep -m1 'gave up (EAGAIN)' /tmp/daemon.log
	wait_until 60 "the metrics count it" json_at_least /tmp/m.json backoffs_unreclaimable 1
	[ "$(json_field /tmp/m.json backoffs_unreclaimable)" = 1 ] ||
		fail "backoffs_unreclaimable $(json_field /tmp/m.json backoffs_unreclaimable)"
	writes=$(grep -c ': reclaim ' /tmp/daemon.log)
	ticks=$(json_field /tmp/m.json intervals)
	wait_until 60 "20 more intervals" json_at_least /tmp/m.json intervals $((ticks + 20))
	[ "$(grep -c ': reclaim ' /tmp/daemon.log)" = "$writes" ] ||
		fail "the daemon wrote again during its back-off: $(grep ': reclaim ' /tmp/daemon.log | tail -2)"
	grep -q '"state": "backoff"' /tmp/m.json || fail "state: $(grep -o '"state": "[a-z]*"' /tmp/m.json)"
	ok "EAGAIN with nothing reclaimed: one back-off (backoffs_unreclaimable 1), no write in 20 intervals after it"
	kill $(cat $CG/work/cgroup.procs)
	wait_until 60 "work empty" sh -c "[ -z \"\$(cat $CG/work/cgroup.procs)\" ]"
	rmdir $CG/work || fail "rmdir work"
	start_workload work 40 compressible
	wait_until 120 "the re-created cgroup noticed" grep -q 'work: re-created (cgroup id' /tmp/daemon.log
	grep -m1 're-created' /tmp/daemon.log
	wait_until 120 "a write to the new cgroup" writes_after_recreation
	ok "the re-created cgroup starts again: written to within seconds, not after the old 10-minute back-off"
	kill -TERM $daemon
	wait $daemon || fail "the daemon exited $? on SIGTERM"
}

# The layouts users run: the kubelet's pod slices matched by one pattern
# two levels down, and a systemd service; a pod that protects part of its
# memory with memory.low keeps it (reclaiming a cgroup itself would go
# under its own memory.low: the daemon leaves it, as the kernel does when
# it reclaims the parent); a service that set its own memory.high keeps
# it (memreclaim never writes memory.high).
at_most_mib() { [ "$(mib "$1")" -le "$2" ]; }

scenario_mr_daemon_layouts() {
	setup_swap
	pods=kubepods.slice/kubepods-burstable.slice
	mkdir -p $CG/$pods system.slice
	echo +memory > $CG/kubepods.slice/cgroup.subtree_control || fail "+memory kubepods"
	echo +memory > $CG/$pods/cgroup.subtree_control || fail "+memory burstable"
	mkdir -p $CG/system.slice && echo +memory > $CG/system.slice/cgroup.subtree_control
	mkdir $CG/$pods/kubepods-burstable-poda.slice $CG/$pods/kubepods-burstable-podb.slice \
		$CG/system.slice/app.service
	echo 30M > $CG/$pods/kubepods-burstable-podb.slice/memory.low
	echo 200M > $CG/system.slice/app.service/memory.high
	high=$(cat $CG/system.slice/app.service/memory.high)
	start_workload $pods/kubepods-burstable-poda.slice 40 compressible
	start_workload $pods/kubepods-burstable-podb.slice 40 compressible
	start_workload system.slice/app.service 40 compressible
	memreclaim run --interval 200ms --ratio 10% --backoff 1s \
		'kubepods.slice/*/kubepods-burstable-pod*.slice' system.slice/app.service \
		2> /tmp/daemon.log &
	daemon=$!
	wait_until 240 "pod a reclaimed to 20 MiB" at_most_mib $pods/kubepods-burstable-poda.slice 20
	wait_until 240 "app.service reclaimed to 20 MiB" at_most_mib system.slice/app.service 20
	ok "a pod slice two levels down (pattern) and a service reclaimed: $(mib $pods/kubepods-burstable-poda.slice) and $(mib system.slice/app.service) MiB"
	wait_until 240 "pod b held at its memory.low" grep -q 'podb.slice: memory.current .* at the floor 30.0 MiB (its memory.min/low)' /tmp/daemon.log
	grep -m1 'podb.slice: memory.current' /tmp/daemon.log
	b=$(cat $CG/$pods/kubepods-burstable-podb.slice/memory.current)
	[ "$b" -ge $((29 << 20)) ] || fail "pod b went under its memory.low: $((b >> 20)) MiB"
	ok "pod b keeps its memory.low (30 MiB): $((b >> 20)) MiB"
	[ "$(cat $CG/system.slice/app.service/memory.high)" = "$high" ] ||
		fail "app.service's memory.high changed: $(cat $CG/system.slice/app.service/memory.high)"
	ok "app.service's own memory.high ($high) untouched"
	kill -TERM $daemon
	wait $daemon || fail "the daemon exited $? on SIGTERM"
}

# A parent slice watched, its children not: a write to the parent's
# memory.reclaim makes the parent the kernel's reclaim root, which honours
# each child's own memory.min.  Child a (memory.min 30 MiB) must keep it
# while child b, unprotected, is reclaimed.
scenario_mr_daemon_nested_min() {
	setup_swap
	mkdir -p $CG/parent.slice
	echo +memory > $CG/parent.slice/cgroup.subtree_control || fail "+memory parent.slice"
	mkdir $CG/parent.slice/a.service $CG/parent.slice/b.service
	echo 30M > $CG/parent.slice/a.service/memory.min || fail "memory.min of a"
	start_workload parent.slice/a.service 40 compressible
	start_workload parent.slice/b.service 40 compressible
	memreclaim run --interval 200ms --ratio 10% --backoff 1s parent.slice \
		2> /tmp/daemon.log &
	daemon=$!
	wait_until 240 "b.service reclaimed to 8 MiB" at_most_mib parent.slice/b.service 8
	a=$(cat $CG/parent.slice/a.service/memory.current)
	[ "$a" -ge $((29 << 20)) ] || fail "a.service went under its memory.min: $((a >> 20)) MiB"
	ok "reclaiming parent.slice took b.service to $(mib parent.slice/b.service) MiB;" \
		"a.service kept its memory.min (30 MiB): $((a >> 20)) MiB"
	kill -TERM $daemon
	wait $daemon || fail "the daemon exited $? on SIGTERM"
}

# The daemon's own cgroup is never reclaimed, however it is configured:
# started inside mr.service, it watches '*.service' and leaves mr.service
# out (the kernel's /proc/self/cgroup names it), while work.service is
# reclaimed.
scenario_mr_daemon_self() {
	setup_swap
	start_workload work.service 40 compressible
	mkdir -p $CG/mr.service
	sh -c "echo \$\$ > $CG/mr.service/cgroup.procs; exec memreclaim run --log-level debug \
		--interval 200ms --ratio 10% --json-file /tmp/self.json '*.service'" 2> /tmp/daemon.log &
	daemon=$!
	wait_until 120 "work.service reclaimed from" grep -q 'work.service: reclaim ' /tmp/daemon.log
	grep -m1 "own cgroup" /tmp/daemon.log || fail "no word of its own cgroup: $(head -3 /tmp/daemon.log)"
	grep -q '"cgroup": "mr.service"' /tmp/self.json && fail "mr.service is watched: $(cat /tmp/self.json)"
	grep -q 'mr.service: reclaim' /tmp/daemon.log && fail "the daemon reclaimed its own cgroup"
	kill -TERM $daemon
	wait $daemon || fail "the daemon exited $? on SIGTERM"
	ok "its own cgroup mr.service left out, work.service reclaimed ($(grep -c 'work.service: reclaim' /tmp/daemon.log) writes)"
}
