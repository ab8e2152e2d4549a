#!/usr/bin/env bash
# memreclaim run on a fake cgroup tree: the daemon's conventions, not its
# effect on memory (that is the VM test's job).  Config checks, metrics
# files, a cgroup that disappears, a write that fails, SIGHUP reloads (good
# and broken config), SIGTERM, --dry-run, cgroups chosen by a pattern.
# usage: tests/memreclaim/daemon_cli.sh MEMRECLAIM WORKDIR
set -uo pipefail
mr=$1 work=$2
rm -rf "$work"
mkdir -p "$work"
# shellcheck source=SCRIPTDIR/fake_tree.sh
. "$(dirname "${BASH_SOURCE[0]}")/fake_tree.sh"

# The daemon_cli checks read memory.high and memory.max as well.
make_cgroup_limits() { make_cgroup "$1"; echo max > "$root/$1/memory.high"; echo max > "$root/$1/memory.max"; }
make_cgroup_limits a
make_cgroup_limits b

# --- config checks --------------------------------------------------------
cat > "$work/good.conf" <<EOF
# Each write and decision is a debug line: the checks below read them.
log_level = debug
interval = 100ms
target = 0.1%
ratio = 5%
json_file = $work/m.json
prometheus_file = $work/m.prom
[cgroup a]
floor = 10M
[cgroup b]
EOF
printf 'interval = 1s\n[cgroup a]\nratio = lots\n' > "$work/bad.conf"
out=$("$mr" --cgroup-root "$root" run --check-config -c "$work/good.conf" 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" '^\[cgroup a\] target 0.100% ratio 5.00% .*floor 10.0 MiB' &&
	ok "--check-config prints the effective settings" || bad "--check-config: rc $rc: $out"
out=$("$mr" --cgroup-root "$root" run --check-config -c "$work/good.conf" --ratio 2% 2>&1)
contains "$out" 'ratio 2.00%' && ok "a flag overrides the file" || bad "override: $out"
out=$("$mr" run --check-config -c "$work/bad.conf" 2>&1); rc=$?
[ $rc = 8 ] && contains "$out" "bad.conf:3: ratio = 'lots'" &&
	ok "a bad value: exit 8, file and line named" || bad "bad config: rc $rc: $out"
out=$("$mr" run -c "$work/missing.conf" a 2>&1); rc=$?
[ $rc = 8 ] && contains "$out" 'missing.conf: No such file' &&
	ok "a missing config: exit 8" || bad "missing config: rc $rc: $out"
out=$("$mr" run -c "$work" a 2>&1); rc=$?
[ $rc = 8 ] && contains "$out" 'not a regular file' &&
	ok "a directory as config: exit 8" || bad "dir config: rc $rc: $out"
here=$(cd "$(dirname "$0")" && pwd)
out=$("$mr" --cgroup-root "$root" run --check-config -c "$here/../../dist/memreclaim.conf" 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" '^\[cgroup workload.slice/batch.service\].*zswap_tuning yes' &&
	ok "the shipped example config is valid" || bad "dist/memreclaim.conf: rc $rc: $out"
out=$("$mr" --version 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" -x 'memreclaim [0-9]*\.[0-9]*\.[0-9]* (fairlock-toolkit)' &&
	ok "--version" || bad "--version: rc $rc: $out"
out=$("$mr" run --interval 0 a 2>&1); rc=$?
[ $rc = 2 ] && ok "a bad flag value: exit 2" || bad "bad flag: rc $rc: $out"
out=$("$mr" run 2>&1); rc=$?
[ $rc = 2 ] && contains "$out" 'no cgroups' && ok "no cgroups: exit 2" || bad "no cgroups: rc $rc"

# --- an option of another command is refused, not ignored ------------------
for args in "stat a --max 0" "stat a --writeback 1" "zswap a --swappiness 10" \
	"reclaim a 1M --prometheus" "stat a --ratio 2%"; do
	# shellcheck disable=SC2086 # args is a list of words
	out=$("$mr" --cgroup-root "$root" $args 2>&1); rc=$?
	[ $rc = 2 ] && contains "$out" "only" &&
		ok "'$args': exit 2" || bad "'$args': rc $rc: $out"
done
[ ! -s "$root/a/memory.reclaim" ] && [ "$(cat "$root/a/memory.high")" = max ] &&
	ok "a refused command line wrote nothing" || bad "a refused command line wrote"
out=$("$mr" --cgroup-root "$root" stat a --prometheus 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" "^memreclaim_memory_current_bytes{cgroup=" &&
	ok "stat --prometheus still works" || bad "stat -p: rc $rc: $out"
# Two cgroups: each metric family in one piece, both cgroups in it (the
# exposition format wants a family's samples together).
out=$("$mr" --cgroup-root "$root" stat a b --prometheus 2>&1); rc=$?
runs=$(sed 's/[{ ].*//' <<<"$out" | uniq | sort | uniq -d)
[ $rc = 0 ] && [ -z "$runs" ] && [ "$(grep -c '^memreclaim_stat_anon{' <<<"$out")" = 2 ] &&
	ok "stat --prometheus of two cgroups: each family together" ||
	bad "families split: rc $rc: ${runs:-} in: $out"

# A cgroup path with a quote and a backslash stays one Prometheus label.
make_cgroup_limits 'q"x\y'
out=$("$mr" --cgroup-root "$root" stat 'q"x\y' --prometheus 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" -F "{cgroup=\"$root/q\\\"x\\\\y\"} 104857600" &&
	ok "a label value is escaped" || bad "escaping: rc $rc: $out"
rm -rf "${root:?}/q\"x\\y"

# --- dry run: decides, writes nothing -----------------------------------
"$mr" --cgroup-root "$root" run -c "$work/good.conf" --dry-run --iterations 3 2> "$work/dry.log"
[ ! -s "$root/a/memory.reclaim" ] && grep -q 'dry run: would reclaim' "$work/dry.log" &&
	ok "--dry-run logs and writes nothing" || bad "dry run: $(cat "$work/dry.log")"

# --- a running daemon -------------------------------------------------------
"$mr" --cgroup-root "$root" run -c "$work/good.conf" 2> "$work/run.log" &
pid=$!
# Every wait below reads the one running daemon's log.
wait_run() { local what=$1; shift; wait_for "$what" "$work/run.log" "$@"; }
wait_run "reclaims in a and b" grep -q . "$root/a/memory.reclaim" &&
	wait_run "b written" grep -q . "$root/b/memory.reclaim" &&
	ok "writes memory.reclaim of each cgroup ($(cat "$root/a/memory.reclaim") bytes)"
# A write is counted at the interval after it ended.
wait_run "prometheus file" grep -q '^memreclaim_up{cgroup="b"} 1$' "$work/m.prom" &&
	wait_run "a write counted" grep -q '^memreclaim_reclaims_total{cgroup="a"} [1-9]' "$work/m.prom" &&
	grep -q '^memreclaim_backoffs_pressure_total{cgroup="a"} 0$' "$work/m.prom" &&
	grep -q '^memreclaim_backoffs_refaults_total{cgroup="a"} 0$' "$work/m.prom" &&
	ok "Prometheus textfile, back-offs by reason" || bad "Prometheus: $(head -40 "$work/m.prom")"
grep -qF '"cgroups": [' "$work/m.json" && grep -qF '{"cgroup": "a", "state": ' \
	"$work/m.json" && grep -qE '"why": "(pressure [0-9.]+% < |step under one page)' "$work/m.json" &&
	grep -qF '"backoffs_pressure": 0, "backoffs_refaults": 0' "$work/m.json" &&
	ok "JSON metrics, with the last decision's reason" || bad "JSON metrics: $(cat "$work/m.json")"

# b disappears: logged, skipped, a goes on.
rm -rf "$root/b"
wait_run "b's disappearance logged" grep -q "$root/b: no such cgroup; skipped" "$work/run.log" &&
	ok "a vanished cgroup is logged and skipped"
: > "$root/a/memory.reclaim"
wait_run "a still reclaimed" grep -q . "$root/a/memory.reclaim" && ok "the others go on"
make_cgroup_limits b
wait_run "b's return logged" grep -q "$root/b: present; watching" "$work/run.log" &&
	ok "a cgroup that comes back is watched again"

# Its memory controller switched off in the parent (memory.current gone):
# the cgroup is checked whole again and named as such, then watched again
# once the controller is back.
mv "$root/b/memory.current" "$root/b/memory.current.off"
wait_run "b's controller loss named" grep -q "$root/b: no memory controller here" "$work/run.log" &&
	ok "a memory controller switched off is named, not only a failed read"
# Counted before the file returns: the daemon may see it at once.
n=$(grep -c "$root/b: present; watching" "$work/run.log")
mv "$root/b/memory.current.off" "$root/b/memory.current"
wait_run "b watched again" sh -c "[ \$(grep -c '$root/b: present; watching' '$work/run.log') -gt $n ]" &&
	ok "and watched again once it is back"

# A write that fails (memory.reclaim replaced by a directory).
rm -f "$root/a/memory.reclaim"; mkdir "$root/a/memory.reclaim"
wait_run "write failure logged" grep -q "$root/a: memory.reclaim: write failed" "$work/run.log" &&
	ok "a failed write is logged, the daemon goes on"
kill -0 $pid 2>/dev/null || bad "the daemon died"
rmdir "$root/a/memory.reclaim"; : > "$root/a/memory.reclaim"

# SIGHUP: a good config, then a broken one.
sed -i 's/^ratio = 5%/ratio = 3%/' "$work/good.conf"
kill -HUP $pid
wait_run "reload logged" grep -q 'reloaded: 2 cgroups' "$work/run.log" && ok "SIGHUP reloads"
wait_run "new ratio in use" grep -q '3.00% of 100.0 MiB' "$work/run.log" && ok "the new settings apply"
echo 'nonsense' >> "$work/good.conf"
kill -HUP $pid
wait_run "broken reload refused" grep -q 'reload failed.*keeping the running configuration' "$work/run.log" &&
	ok "a broken config on SIGHUP keeps the running one"
kill -0 $pid 2>/dev/null || bad "the daemon died on a bad reload"

# SIGTERM: a clean, prompt stop.
kill -TERM $pid
wait $pid; rc=$?
[ $rc = 0 ] && grep -q 'stopping after' "$work/run.log" && ok "SIGTERM stops it cleanly (exit 0)" ||
	bad "SIGTERM: rc $rc"
[ "$(cat "$root/a/memory.high")" = max ] && [ "$(cat "$root/a/memory.max")" = max ] &&
	ok "memory.high and memory.max untouched" || bad "limits changed"

# Cgroups chosen by a pattern: one created mid-run is picked up, one
# removed is dropped once, with no error about it afterwards.
make_cgroup_limits glob.slice
make_cgroup_limits glob.slice/one.service
make_cgroup_limits glob.slice/other.scope
"$mr" --cgroup-root "$root" run --dry-run --interval 100ms --iterations 3000 --log-level debug \
	'glob.slice/*.service' 2> "$work/glob.log" &
gpid=$!
wait_run "the matching cgroup watched" grep -q 'glob.slice/one.service: dry run' "$work/glob.log" &&
	ok "a pattern watches the cgroup it matches"
make_cgroup_limits glob.slice/two.service
wait_run "a new cgroup picked up" grep -q 'glob.slice/two.service: appeared' "$work/glob.log" &&
	wait_run "the new cgroup reclaimed" grep -q 'glob.slice/two.service: dry run' "$work/glob.log" &&
	ok "a cgroup created mid-run is picked up"
rm -rf "$root/glob.slice/two.service"
wait_run "a removed cgroup dropped" grep -q 'glob.slice/two.service: gone, dropped' "$work/glob.log" &&
	ok "a removed cgroup is dropped"
# Ten more intervals at least: nothing more about two.service.
n=$(grep -c 'one.service: dry run' "$work/glob.log")
wait_run "ten more intervals" sh -c "[ \$(grep -c 'one.service: dry run' '$work/glob.log') -ge $((n + 10)) ]"
after=$(sed -n '/two.service: gone, dropped/,$p' "$work/glob.log" | grep -c 'two.service' || true)
[ "$after" = 1 ] && ok "no error loop about the removed cgroup" ||
	bad "$((after - 1)) lines about the removed cgroup after it was dropped"
grep -q 'other.scope' "$work/glob.log" && bad "a cgroup the pattern does not match was watched"
kill -TERM $gpid
wait $gpid; rc=$?
[ $rc = 0 ] || bad "the pattern daemon exited $rc on SIGTERM"
out=$("$mr" --cgroup-root "$root" run --check-config 'glob.slice/*.service' 'nomatch/*' 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" 'matches 1 cgroup now: glob.slice/one.service' &&
	contains "$out" 'matches no cgroup now' && ok "--check-config shows what each pattern matches" ||
	bad "--check-config with patterns: rc $rc: $out"

# swappiness: written with each reclaim (the host's kernel is 6.11 or later:
# on an older one the daemon refuses it with exit 4, checked in the VM),
# shown by --check-config, bad values refused before anything is written.
if "$mr" --cgroup-root "$root" run --check-config --swappiness 0 a >/dev/null 2>&1; then
	: > "$root/a/memory.reclaim"
	"$mr" --cgroup-root "$root" run --interval 100ms --ratio 5% --swappiness 0 --iterations 2 a \
		2> "$work/swap.log"
	[ "$(cat "$root/a/memory.reclaim")" = "5242880 swappiness=0" ] &&
		ok "swappiness 0: the write is '$(cat "$root/a/memory.reclaim")'" ||
		bad "swappiness 0: wrote '$(cat "$root/a/memory.reclaim")': $(cat "$work/swap.log")"
	out=$("$mr" --cgroup-root "$root" run --check-config --swappiness 200 a 2>&1)
	contains "$out" 'swappiness 200' && ok "--check-config shows swappiness 200" ||
		bad "--check-config swappiness: $out"
	out=$("$mr" --cgroup-root "$root" run --check-config a 2>&1)
	contains "$out" 'swappiness default' && ok "swappiness is the cgroup's own by default" ||
		bad "--check-config default swappiness: $out"
else
	echo "skip: this kernel ($(uname -r)) predates swappiness= in memory.reclaim"
fi
: > "$root/a/memory.reclaim"
for v in 201 -1 1.5 lots '' 0x10x; do
	out=$("$mr" --cgroup-root "$root" run --swappiness "$v" --iterations 1 a 2>&1); rc=$?
	[ $rc = 2 ] && contains "$out" "swappiness = '$v': 0 to 200, or default" ||
		bad "--swappiness '$v': rc $rc: $out"
done
printf '[cgroup a]\nswappiness = 250\n' > "$work/swap.conf"
out=$("$mr" --cgroup-root "$root" run -c "$work/swap.conf" 2>&1); rc=$?
[ $rc = 8 ] && contains "$out" "swap.conf:2: swappiness = '250'" &&
	[ ! -s "$root/a/memory.reclaim" ] && ok "bad swappiness values refused, nothing written" ||
	bad "swappiness 250 in the config: rc $rc: $out"

# No fixed limit on cgroups (it was 64): 300 matched by one pattern, each
# read and written every interval, and the metrics file has them all.
for i in $(seq 300); do make_cgroup_limits "fleet.slice/pod$i.service"; done
out=$("$mr" --cgroup-root "$root" run --interval 100ms --iterations 2 \
	--json-file "$work/fleet.json" 'fleet.slice/*.service' 2>&1); rc=$?
written=$(grep -l . "$root"/fleet.slice/pod*.service/memory.reclaim 2>/dev/null | wc -l)
[ $rc = 0 ] && contains "$out" 'watching 300 cgroups' && [ "$written" = 300 ] &&
	[ "$(grep -o '"cgroup"' "$work/fleet.json" | wc -l)" = 300 ] &&
	ok "300 cgroups watched, written and reported" ||
	bad "300 cgroups: rc $rc, $written written: $(tail -3 <<<"$out")"

# A host run cannot work on is refused at start, saying what is missing:
# cgroup v1, a hybrid layout, no memory controller on v2, no PSI, a
# kernel without memory.reclaim.  Nothing is written.
host=$work/host
check_host() { # what, exit status, message, cgroup
	local what=$1 want=$2 msg=$3 out rc
	out=$("$mr" --cgroup-root "$host" run --interval 100ms --iterations 1 "$4" 2>&1); rc=$?
	[ $rc = "$want" ] && contains "$out" -F "$msg" && ! grep -q . "$host/x/memory.reclaim" &&
		ok "$what: exit $rc, '$msg'" || bad "$what: rc $rc: $out"
}
rm -rf "$host"; mkdir -p "$host/memory/x" "$host/cpu"
check_host "cgroup v1" 3 "a cgroup v1 hierarchy: memory.reclaim is cgroup v2 only" x
out=$("$mr" --cgroup-root "$host" run --check-config x 2>&1); rc=$?
[ $rc = 0 ] && contains "$out" -F "warning: $host: a cgroup v1 hierarchy" &&
	ok "--check-config warns about it" || bad "--check-config on cgroup v1: rc $rc: $out"
mkdir "$host/unified"
check_host "hybrid" 3 "a hybrid cgroup hierarchy" x
rm -rf "$host"; mkdir -p "$host"
check_host "not a cgroup mount" 3 "not a cgroup v2 hierarchy (no cgroup.controllers)" x
echo "cpu io pids" > "$host/cgroup.controllers"
check_host "no memory controller on v2" 3 "no memory controller on cgroup v2 ('cpu io pids')" x
echo "cpu io memory" > "$host/cgroup.controllers"
root=$host make_cgroup_limits x
rm "$host/x/memory.pressure"
check_host "no PSI" 4 "x/memory.pressure: missing: the kernel keeps no pressure stall information" x
root=$host make_cgroup_limits x
rm "$host/x/memory.reclaim"
check_host "no memory.reclaim" 4 "x/memory.reclaim: missing: the kernel predates Linux 5.19" x
root=$host make_cgroup_limits x
out=$("$mr" --cgroup-root "$host" run --interval 100ms --iterations 1 x 2>&1) &&
	ok "the same host with everything in place runs" || bad "a good host refused: $out"

# A write that does not end (memory.reclaim a FIFO nobody reads: open
# blocks, as a write the kernel takes long over) holds up no other cgroup:
# the others are read and written on time, the slow one shows as
# "writing", and SIGTERM still stops the daemon at once.
make_cgroup_limits slow
make_cgroup_limits fast
rm "$root/slow/memory.reclaim"
mkfifo "$root/slow/memory.reclaim"
"$mr" --cgroup-root "$root" run --interval 100ms --ratio 1% --json-file "$work/slow.json" --log-level debug \
	slow fast 2> "$work/slow.log" &
spid=$!
fast_writes() { grep -c "$root/fast: reclaim" "$work/slow.log"; }
slow_writing() { grep -qF '"cgroup": "slow", "state": "writing"' "$work/slow.json" 2>/dev/null; }
wait_run "the slow cgroup's write stuck" slow_writing
n=$(fast_writes)
wait_run "five more writes to the other cgroup" sh -c "[ \$(grep -c '$root/fast: reclaim' '$work/slow.log') -ge $((n + 5)) ]" &&
	slow_writing && ok "a write that does not end holds up no other cgroup ($(fast_writes) writes to the other)"
# Each cgroup's longest interval is its own: the other's is a number of
# seconds, however long the stuck write has run.
grep -qE '"cgroup": "fast", .*"interval_seconds_max": [0-9.e+-]+,' "$work/slow.json" &&
	ok "each cgroup reports its longest interval" ||
	bad "no interval_seconds_max for the other cgroup: $(cat "$work/slow.json")"
kill -TERM $spid
end=$((SECONDS + 60))
while kill -0 $spid 2>/dev/null && [ $SECONDS -lt $end ]; do sleep 0.05; done
if kill -0 $spid 2>/dev/null; then
	bad "SIGTERM did not stop a daemon with a write stuck (60 s)"
	kill -KILL $spid
else
	wait $spid; rc=$?
	[ $rc = 0 ] && ! grep -q 'slow/memory.reclaim: write failed' "$work/slow.log" &&
		ok "SIGTERM interrupts the stuck write and stops the daemon (exit 0)" ||
		bad "SIGTERM with a stuck write: rc $rc: $(tail -3 "$work/slow.log")"
fi
rm -rf "$root/slow" "$root/fast"

# io.pressure that cannot be read at first and then can, with 50 s of
# stall in its total: each PSI file is measured against its own baseline,
# so its arrival adds nothing (counting its whole total at once would
# read as pressure and back off).
make_cgroup_limits io
echo 'not a pressure file' > "$root/io/io.pressure"
"$mr" --cgroup-root "$root" run --interval 100ms --ratio 1% --iterations 3000 --log-level debug \
	--json-file "$work/io.json" io 2> "$work/io.log" &
iopid=$!
wait_run "intervals with io.pressure malformed" intervals_past "$work/io.json" 3
printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=50000000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n' \
	> "$root/io/io.pressure.new"
mv "$root/io/io.pressure.new" "$root/io/io.pressure"
n=$(json_num "$work/io.json" intervals)
wait_run "intervals with io.pressure readable" intervals_past "$work/io.json" $((n + 5))
kill -TERM $iopid
wait $iopid
grep -q 'reached the target' "$work/io.log" &&
	bad "io.pressure's arrival read as pressure: $(grep -m1 'reached the target' "$work/io.log")" ||
	ok "an io.pressure that becomes readable mid-run adds no stall at once"

[ $fail = 0 ] || { echo "--- daemon log"; cat "$work/run.log"; echo "--- pattern daemon log"; cat "$work/glob.log"; }
exit $fail
