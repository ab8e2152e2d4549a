#!/usr/bin/env bash
# memreclaim's safety rails and fleet metrics on a fake cgroup tree (issue
# 40): dry_run and enabled in the config and reloaded, workers reloaded,
# the host-wide budget, the kill switch (file and signals), the daemon's
# own cgroup left out, memory.zswap.max put back on stop, log levels, and
# the /metrics endpoint.
# usage: tests/memreclaim/rails.sh MEMRECLAIM WORKDIR
set -uo pipefail
mr=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") work=$2
rm -rf "$work"
mkdir -p "$work"
# shellcheck source=SCRIPTDIR/fake_tree.sh
. "$(dirname "${BASH_SOURCE[0]}")/fake_tree.sh"
prom_is() { [ "$(prom "$1" "$2")" = "$3" ]; }
writes() { grep -c ': reclaim ' "$1"; }
threads() { ls "/proc/$1/task" | wc -l; }

make_cgroup a
make_cgroup b

# --- --check-config shows the rails ---------------------------------------
out=$("$mr" --cgroup-root "$root" run --check-config --listen 127.0.0.1:9 --budget 1G \
	--kill-switch /run/x --log-level debug --dry-run a 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" -x 'dry_run yes' && contains "$out" -x 'budget 1.0 GiB' &&
	contains "$out" -x 'swap_budget none' && contains "$out" -x 'listen 127.0.0.1:9' &&
	contains "$out" -x 'log_level debug' && contains "$out" -x 'kill_switch /run/x' &&
	contains "$out" -x 'enabled yes' && ok "--check-config prints the rails' settings" ||
	bad "--check-config: rc $rc: $out"

# --- dry_run and enabled in the config, and reloaded ---------------------
conf=$work/rails.conf
write_conf() { # extra lines...
	{
		printf 'interval = 100ms\nlog_level = debug\nratio = 5%%\n'
		printf 'json_file = %s\nprometheus_file = %s\n' "$work/r.json" "$work/r.prom"
		printf '%s\n' "$@"
		printf '[cgroup a]\n[cgroup b]\n'
	} > "$conf"
}
write_conf 'dry_run = yes' 'workers = 4'
"$mr" --cgroup-root "$root" run -c "$conf" 2> "$work/r.log" &
pid=$!
wait_for "the dry run's metrics" "$work/r.log" prom_is "$work/r.prom" memreclaim_dry_run 1
more_intervals "$work/r.json" 3 "$work/r.log"
asked=$(prom "$work/r.prom" 'memreclaim_asked_bytes_total{cgroup="a"}')
[ ! -s "$root/a/memory.reclaim" ] && [ "${asked:-0}" -gt 0 ] &&
	ok "dry_run = yes in the config: nothing written, $asked bytes would have been asked" ||
	bad "dry run: memory.reclaim '$(cat "$root/a/memory.reclaim")', asked ${asked:-none}"
# Threads beside the workers: the main one (and ThreadSanitizer's own).
t4=$(threads $pid)
[ "$t4" -ge 5 ] && ok "workers = 4: $t4 threads" || bad "workers 4: $t4 threads"
write_conf 'dry_run = no' 'workers = 1'
kill -HUP $pid
wait_for "writes after dry_run = no" "$work/r.log" grep -q . "$root/a/memory.reclaim" &&
	prom_is "$work/r.prom" memreclaim_dry_run 0 &&
	ok "dry_run = no on SIGHUP: written ($(cat "$root/a/memory.reclaim") bytes), memreclaim_dry_run 0"
# (was: workers in a reloaded config was ignored)
one_worker() { [ "$(threads $pid)" = $((t4 - 3)) ]; }
wait_for "workers = 1 after the reload: $((t4 - 3)) threads" "$work/r.log" one_worker &&
	ok "workers = 1 on SIGHUP: the pool shrank by 3 threads"
write_conf 'enabled = no' 'workers = 6'
kill -HUP $pid
wait_for "enabled = no" "$work/r.log" prom_is "$work/r.prom" memreclaim_enabled 0
: > "$root/a/memory.reclaim"
more_intervals "$work/r.json" 3 "$work/r.log"
[ ! -s "$root/a/memory.reclaim" ] && grep -qF '"cgroup": "a", "state": "paused"' "$work/r.json" &&
	ok "enabled = no on SIGHUP: idle, nothing written" ||
	bad "enabled = no: '$(cat "$root/a/memory.reclaim")' written"
[ "$(threads $pid)" = $((t4 + 2)) ] && ok "workers = 6 on SIGHUP: 2 threads more than at 4" ||
	bad "workers 6: $(threads $pid) threads, $t4 at 4 workers"

# --- the kill switch: a file ---------------------------------------------
write_conf "kill_switch = $work/off"
kill -HUP $pid
wait_for "writes again" "$work/r.log" grep -q . "$root/a/memory.reclaim"
touch "$work/off"
wait_for "the kill switch seen" "$work/r.log" grep -q 'kill switch on' "$work/r.log"
more_intervals "$work/r.json" 5 "$work/r.log"
after=$(sed -n '/kill switch on/,$p' "$work/r.log" | grep -c ': reclaim ')
prom_is "$work/r.prom" memreclaim_kill_switch 1 && [ "$after" -le 2 ] &&
	grep -qF '"cgroup": "a", "state": "paused"' "$work/r.json" &&
	ok "kill switch file: $after writes after it was seen (at most the 2 running), state paused" ||
	bad "kill switch file: $after writes after it; $(grep kill_switch "$work/r.prom")"
rm "$work/off"
n=$(writes "$work/r.log")
wait_for "writes after the file went" "$work/r.log" sh -c "[ \$(grep -c ': reclaim ' '$work/r.log') -gt $n ]" &&
	ok "kill switch file removed: writing again"
# --- the kill switch: SIGUSR1 / SIGUSR2 ----------------------------------
kill -USR1 $pid
wait_for "SIGUSR1 seen" "$work/r.log" grep -q 'kill switch on (SIGUSR1)' "$work/r.log"
more_intervals "$work/r.json" 5 "$work/r.log"
after=$(sed -n '/kill switch on (SIGUSR1)/,$p' "$work/r.log" | grep -c ': reclaim ')
[ "$after" -le 2 ] && ok "SIGUSR1: $after writes after it was seen" || bad "SIGUSR1: $after writes after it"
kill -USR2 $pid
n=$(writes "$work/r.log")
wait_for "writes after SIGUSR2" "$work/r.log" sh -c "[ \$(grep -c ': reclaim ' '$work/r.log') -gt $n ]" &&
	ok "SIGUSR2: writing again"
kill -TERM $pid
wait $pid || bad "the daemon exited $? on SIGTERM"

# --- the host budget -------------------------------------------------------
# 10 cgroups wanting 5 MiB an interval each; budget 12M: no interval asks
# more, and the cgroups left waiting change from one interval to the next.
for i in $(seq 10); do make_cgroup "pods/p$i"; done
"$mr" --cgroup-root "$root" run --interval 100ms --ratio 5% --budget 12M --iterations 20 \
	--prometheus-file "$work/b.prom" --log-level debug 'pods/*' 2> "$work/b.log"; rc=$?
total=$(awk '/^memreclaim_asked_bytes_total\{/ {s += $2} END {print s + 0}' "$work/b.prom")
written=$(for i in $(seq 10); do [ -s "$root/pods/p$i/memory.reclaim" ] && echo "$i"; done | wc -l)
[ $rc = 0 ] && [ "$total" -le $((12 * 1048576 * 20)) ] && [ "$total" -gt 0 ] && [ "$written" = 10 ] &&
	[ "$(prom "$work/b.prom" memreclaim_interval_asked_bytes)" -le $((12 * 1048576)) ] &&
	ok "budget 12M: $((total / 1048576)) MiB asked in 20 intervals (at most 240), all 10 cgroups had their turn" ||
	bad "budget: rc $rc, $total bytes asked in 20 intervals, $written cgroups written"
"$mr" --cgroup-root "$root" run --interval 100ms --ratio 5% --swap-budget 8M --iterations 20 \
	--prometheus-file "$work/s.prom" 'pods/*' 2> "$work/s.log"
total=$(awk '/^memreclaim_asked_bytes_total\{/ {s += $2} END {print s + 0}' "$work/s.prom")
[ "$total" -le $((8 * 1048576 * 20)) ] && [ "$total" -gt 0 ] &&
	ok "swap_budget 8M: $((total / 1048576)) MiB asked in 20 intervals of writes that may swap" ||
	bad "swap budget: $total bytes asked"
# swappiness 0 writes do not swap: the swap budget leaves them alone.
if "$mr" --cgroup-root "$root" run --check-config --swappiness 0 a >/dev/null 2>&1; then
	"$mr" --cgroup-root "$root" run --interval 100ms --ratio 5% --swap-budget 8M --swappiness 0 \
		--iterations 20 --prometheus-file "$work/s0.prom" 'pods/*' 2> "$work/s0.log"
	total=$(awk '/^memreclaim_asked_bytes_total\{/ {s += $2} END {print s + 0}' "$work/s0.prom")
	[ "$total" -gt $((8 * 1048576 * 20)) ] && ok "swap_budget does not hold back swappiness 0 writes" ||
		bad "swap budget with swappiness 0: $total bytes"
fi

# --- the daemon's own cgroup is never reclaimed -------------------------
make_cgroup self.slice
out=$(MEMRECLAIM_SELF_CGROUP=/self.slice "$mr" --cgroup-root "$root" run --interval 100ms \
	--iterations 3 self.slice a 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" "the daemon's own cgroup" && contains "$out" 'watching 1 cgroups' &&
	[ ! -s "$root/self.slice/memory.reclaim" ] &&
	ok "its own cgroup (MEMRECLAIM_SELF_CGROUP) is left out" || bad "self: rc $rc: $out"
# A watched parent of its cgroup reclaims from the daemon too: said by
# --check-config, for a parent named by any spelling, and only for one.
make_cgroup apps.slice
make_cgroup apps.slice/mr.service
for spelling in apps.slice apps.slice/ 'apps.*'; do
	out=$(MEMRECLAIM_SELF_CGROUP=/apps.slice/mr.service "$mr" --cgroup-root "$root" run \
		--check-config "$spelling" a 2>&1); rc=$?
	[ $rc = 0 ] && contains "$out" -F "warning: $root/apps.slice holds the daemon's own cgroup" ||
		bad "a parent of its cgroup ($spelling) not warned about: rc $rc: $out"
done
out=$(MEMRECLAIM_SELF_CGROUP=/apps.slice/mr.service "$mr" --cgroup-root "$root" run \
	--check-config a b 2>&1); rc=$?
[ $rc = 0 ] && ! contains "$out" "holds the daemon's own cgroup" ||
	bad "a warning with no parent of its cgroup watched: rc $rc: $out"
out=$(MEMRECLAIM_SELF_CGROUP=/nowhere "$mr" --cgroup-root "$root" run --check-config a 2>&1); rc=$?
[ $rc = 0 ] && ! contains "$out" "holds the daemon's own cgroup" ||
	bad "a missing own cgroup: rc $rc: $out"
[ $fail = 0 ] && ok "--check-config names a watched parent of its own cgroup"

# --- memory.zswap.max put back on stop ----------------------------------
# zswap holds nothing of 100 MiB swapped: after 3 intervals the daemon
# lowers memory.zswap.max to 0; SIGTERM puts back "max".  (A regular
# file is written over in place, as sysfs takes one write: "0" over "max"
# reads "0ax", so the checks read the log and the file's first bytes.)
make_cgroup z
echo max > "$root/z/memory.zswap.max"
echo 104857600 > "$root/z/memory.swap.current"
printf 'anon 100000000\nfile 0\nzswap 0\nzswapped 0\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > "$root/z/memory.stat"
"$mr" --cgroup-root "$root" run --interval 100ms --zswap-tuning yes z 2> "$work/z.log" &
zpid=$!
zero() { grep -q 'z: memory.zswap.max max -> 0 B' "$work/z.log" && [ "$(head -c 1 "$root/z/memory.zswap.max")" = 0 ]; }
wait_for "zswap.max lowered to 0" "$work/z.log" zero
kill -TERM $zpid
wait $zpid
[ "$(head -c 3 "$root/z/memory.zswap.max")" = max ] && grep -q 'memory.zswap.max put back to max' "$work/z.log" &&
	ok "memory.zswap.max lowered to 0, put back to max on SIGTERM" ||
	bad "zswap.max after SIGTERM: $(cat "$root/z/memory.zswap.max")"
# zswap_tuning turned off by a reload: the limit goes back then.
echo max > "$root/z/memory.zswap.max"
printf 'interval = 100ms
[cgroup z]
zswap_tuning = yes
' > "$work/z.conf"
"$mr" --cgroup-root "$root" run -c "$work/z.conf" 2> "$work/z2.log" &
zpid=$!
zero2() { grep -q 'z: memory.zswap.max max -> 0 B' "$work/z2.log"; }
wait_for "zswap.max lowered again" "$work/z2.log" zero2
printf 'interval = 100ms
[cgroup z]
zswap_tuning = no
' > "$work/z.conf"
kill -HUP $zpid
back() { grep -q 'memory.zswap.max put back to max' "$work/z2.log"; }
wait_for "zswap.max put back after zswap_tuning = no" "$work/z2.log" back &&
	[ "$(head -c 3 "$root/z/memory.zswap.max")" = max ] &&
	ok "zswap_tuning = no on SIGHUP: memory.zswap.max put back at once"
kill -TERM $zpid
wait $zpid

# A memory.zswap.max write that fails (a read-only sysfs file holding a
# number: EACCES) backs the cgroup off as a failed memory.reclaim write does.
ro=/sys/kernel/mm/transparent_hugepage/hpage_pmd_size
if [ -r "$ro" ]; then
	make_cgroup zf
	ln -s "$ro" "$root/zf/memory.zswap.max"
	echo 104857600 > "$root/zf/memory.swap.current"
	cp "$root/z/memory.stat" "$root/zf/memory.stat"
	"$mr" --cgroup-root "$root" run --interval 100ms --zswap-tuning yes --iterations 12 \
		--prometheus-file "$work/zf.prom" zf 2> "$work/zf.log"
	n=$(prom "$work/zf.prom" 'memreclaim_backoffs_write_failed_total{cgroup="zf"}')
	[ "$(grep -c 'zf: memory.zswap.max: write failed: Permission denied; backing off' "$work/zf.log")" = 1 ] &&
		[ "${n:-0}" -ge 1 ] && ok "a failed memory.zswap.max write: logged once, backed off ($n)" ||
		bad "zswap.max write failure: ${n:-no} back-offs: $(cat "$work/zf.log")"
fi

# --- log levels ------------------------------------------------------------
out=$("$mr" --cgroup-root "$root" run --interval 100ms --iterations 2 --log-level warning a 2>&1); rc=$?
[ $rc = 0 ] && [ -z "$out" ] && ok "log_level warning: no info lines" || bad "log_level warning: $out"
out=$("$mr" --cgroup-root "$root" run --log-level loud a 2>&1); rc=$?
[ $rc = 2 ] && contains "$out" "log_level = 'loud': error, warning, info or debug" &&
	ok "a bad log level: exit 2" || bad "bad log level: rc $rc: $out"

# --- the /metrics endpoint ---------------------------------------------------
for v in 127.0.0.1 localhost:9 1.2.3.4:0 1.2.3.4:70000 '[::1]' 127.0.0.1:9x; do
	out=$("$mr" --cgroup-root "$root" run --listen "$v" a 2>&1); rc=$?
	[ $rc = 2 ] && contains "$out" -F "listen = '$v': ADDR:PORT" || bad "--listen '$v': rc $rc: $out"
done
port=$(free_port)
"$mr" --cgroup-root "$root" run --interval 100ms --listen "127.0.0.1:$port" a 2> "$work/h.log" &
hpid=$!
scraped() { curl -sf "http://127.0.0.1:$port/metrics" > "$work/h.out" && grep -q 'memreclaim_cgroups 1' "$work/h.out"; }
wait_for "a scrape" "$work/h.log" scraped &&
	grep -q '^memreclaim_reclaims_total{cgroup="a"}' "$work/h.out" &&
	ok "GET /metrics serves the Prometheus text"
code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")
[ "$code" = 404 ] && ok "GET / : 404" || bad "GET /: $code"
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/metrics")
[ "$code" = 405 ] && ok "POST: 405" || bad "POST: $code"
# A client that connects and says nothing (held open here until the
# scrape is served) does not hold the endpoint: the daemon gives it up.
exec 7<>"/dev/tcp/127.0.0.1/$port"
wait_for "a scrape beside a silent client" "$work/h.log" scraped &&
	ok "a silent client does not hold up scrapes"
exec 7<&-
# The port already taken: logged, and the daemon runs on without it.
out=$("$mr" --cgroup-root "$root" run --interval 100ms --iterations 2 --listen "127.0.0.1:$port" a 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" 'metrics endpoint: .*Address already in use' &&
	ok "a port taken: logged, the daemon runs on" || bad "port taken: rc $rc: $out"
kill -TERM $hpid
wait $hpid
curl -s "http://127.0.0.1:$port/metrics" >/dev/null && bad "still served after the stop" ||
	ok "the endpoint closes with the daemon"

[ $fail = 0 ] && echo "rails: all passed"
exit $fail
