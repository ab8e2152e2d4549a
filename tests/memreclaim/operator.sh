#!/usr/bin/env bash
# memreclaim against what an operator of many hosts does to it (the second
# review of issue 40), on a fake cgroup tree: the kill switch flipped on
# and off at once, a slow HTTP client, a storm of reloads, a reload to a
# dry run with writes queued, hung writes on every worker, a cgroup
# dropped and added back while its write hangs, repeating log lines, a
# re-created cgroup at stop, a metrics file moved by a reload.
# Each check waits on a condition (limit WAIT_S, 120 s) and asserts what
# the daemon did, never how fast; a miss prints what was seen.
# usage: tests/memreclaim/operator.sh MEMRECLAIM WORKDIR [SECTION...]
set -uo pipefail
mr=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") work=$2
shift 2
only=" $* "
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
# shellcheck source=SCRIPTDIR/fake_tree.sh
. "$(dirname "${BASH_SOURCE[0]}")/fake_tree.sh"
want() { [ "$only" = "  " ] || [[ $only == *" $1 "* ]]; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done; }
trap cleanup EXIT

# A cgroup whose memory.reclaim write hangs (a FIFO nobody reads).
make_hung() { make_cgroup "$1"; rm "$root/$1/memory.reclaim"; mkfifo "$root/$1/memory.reclaim"; }
count() { grep -c -- "$1" "$2"; }
more_lines() { [ "$(grep -c -- "$1" "$2")" -ge "$3" ]; }
state_is() { grep -qF "\"cgroup\": \"$2\", \"state\": \"$3\"" "$1" 2>/dev/null; }
start() { # log, args...
	local log=$1
	shift
	"$mr" --cgroup-root "$root" run "$@" 2> "$log" &
	pid=$!
	pids+=("$pid")
}
stop() { kill -TERM "$pid"; wait "$pid"; }

# --- SIGUSR1 then SIGUSR2 before the next interval ------------------------
# (was: the hold SIGUSR1 set stayed, and no write was made again while
# the metrics said all was well)
if want usr; then
	make_cgroup u
	start "$work/u.log" --interval 1s --ratio 10% --log-level debug --json-file "$work/u.json" u
	wait_for "a first write" "$work/u.log" more_lines 'u: reclaim ' "$work/u.log" 1
	kill -USR1 "$pid"
	kill -USR2 "$pid"
	n=$(count 'u: reclaim ' "$work/u.log")
	wait_for "writes after SIGUSR1 + SIGUSR2" "$work/u.log" more_lines 'u: reclaim ' "$work/u.log" $((n + 2)) &&
		ok "SIGUSR1 then SIGUSR2 at once: writing again" ||
		bad "SIGUSR1 + SIGUSR2: $(grep -o '"state": "[a-z]*"\|"kill_switch": [a-z]*' "$work/u.json" | tr '\n' ' ')"
	stop
fi

# --- a slow HTTP client ----------------------------------------------------
# One byte every half second, never a blank line.  (was: it held the
# endpoint, SIGTERM waited for it to leave, and so did a reload that moved
# `listen`, with no interval meanwhile)
slow_client() { # port seconds
	rm -f "$work/connected"
	python3 - "$1" "$2" "$work/connected" <<'PY' &
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.send(b"GET /metrics HTTP/1.1\r\n")
open(sys.argv[3], "w").close()
end = time.time() + float(sys.argv[2])
try:
    while time.time() < end:
        time.sleep(0.5)
        s.send(b"X")
except OSError:
    pass
time.sleep(end - time.time() if end > time.time() else 0)
PY
	client=$!
	pids+=("$client")
	wait_for "the slow client connected" /dev/null test -e "$work/connected"
}
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
scraped() { curl -sf -m 30 "http://127.0.0.1:$1/metrics" > "$work/h.out" && grep -q '^memreclaim_cgroups 1' "$work/h.out"; }
if want http; then
	make_cgroup h
	port=$(free_port) port2=$port
	while [ "$port2" = "$port" ]; do port2=$(free_port); done
	printf 'interval = 100ms\nlisten = 127.0.0.1:%s\njson_file = %s\n[cgroup h]\n' "$port" "$work/h.json" > "$work/h.conf"
	start "$work/h.log" -c "$work/h.conf"
	wait_for "a first scrape" "$work/h.log" scraped "$port"
	slow_client "$port" 600
	first_client=$client
	sleep 1
	scraped "$port" && ok "a scrape beside a client trickling a byte at a time" ||
		bad "no scrape (curl -m 30) beside a slow client"
	# A reload that moves the endpoint: the intervals go on meanwhile.
	printf 'interval = 100ms\nlisten = 127.0.0.1:%s\njson_file = %s\n[cgroup h]\n' "$port2" "$work/h.json" > "$work/h.conf"
	kill -HUP "$pid"
	wait_for "the reload" "$work/h.log" grep -q 'reloaded' "$work/h.log"
	more_intervals "$work/h.json" 5 "$work/h.log" && kill -0 "$client" &&
		ok "a reload moving listen does not wait for the slow client: intervals go on" ||
		bad "intervals after the reload: $(json_num "$work/h.json" intervals)"
	wait_for "a scrape on the new port" "$work/h.log" scraped "$port2"
	slow_client "$port2" 600
	sleep 1
	kill -TERM "$pid"
	t0=$SECONDS
	gone() { ! kill -0 "$pid" 2>/dev/null; }
	if wait_for "the daemon gone after SIGTERM beside a slow client" "$work/h.log" gone &&
		kill -0 "$client"; then
		ok "SIGTERM beside a slow client: gone, the client still there"
	else
		bad "SIGTERM: the daemon still runs after $((SECONDS - t0)) s"
		kill -KILL "$pid"
	fi
	wait "$pid"
	kill "$client" "$first_client" 2>/dev/null
fi

# --- a storm of reloads -----------------------------------------------------
# (was: each SIGHUP ran an interval at once with a fresh budget, and put
# the next one an interval further off)
if want reload; then
	make_cgroup r1
	make_cgroup r2
	printf 'interval = 1h\nratio = 10%%\nbudget = 10M\nlog_level = debug\njson_file = %s\n[cgroup r1]\n[cgroup r2]\n' \
		"$work/r.json" > "$work/r.conf"
	start "$work/r.log" -c "$work/r.conf"
	wait_for "the first interval" "$work/r.log" intervals_past "$work/r.json" 1
	for i in $(seq 10); do
		kill -HUP "$pid"
		wait_for "reload $i" "$work/r.log" more_lines 'reloaded' "$work/r.log" "$i"
	done
	n=$(json_num "$work/r.json" intervals) w=$(count ': reclaim ' "$work/r.log")
	[ "$n" = 1 ] && [ "$w" = 0 ] && [ ! -s "$root/r1/memory.reclaim" ] &&
		ok "10 reloads with interval = 1h: still 1 interval, no write (the budget is one per interval)" ||
		bad "10 reloads: $n intervals, $w writes"
	stop
	# The schedule stays: 70 reloads of a 2 s interval, then the next
	# intervals come (pushed back one interval per reload: 140 s).
	printf 'interval = 2s\njson_file = %s\nkill_switch = %s\n[cgroup r1]\n' "$work/r2.json" "$work/off" > "$work/r2.conf"
	start "$work/r2.log" -c "$work/r2.conf"
	wait_for "the first interval" "$work/r2.log" intervals_past "$work/r2.json" 1
	for i in $(seq 70); do kill -HUP "$pid"; sleep 0.02; done
	n=$(json_num "$work/r2.json" intervals)
	touch "$work/off"
	wait_for "2 intervals after 70 reloads" "$work/r2.log" intervals_past "$work/r2.json" $((n + 2)) &&
		grep -q 'kill switch on' "$work/r2.log" &&
		ok "70 reloads keep the schedule: the next intervals ran, the kill switch file was seen" ||
		bad "after 70 reloads: $(json_num "$work/r2.json" intervals) intervals (was $n)"
	rm -f "$work/off"
	stop
fi

# --- a reload to a dry run (or enabled = no) with writes queued ---------
# (was: the queued write was still made after the reload)
if want queued; then
	make_hung q1
	make_hung q2
	make_cgroup qb
	for mode in 'dry_run = yes' 'enabled = no'; do
		: > "$root/qb/memory.reclaim"
		rm -f "$work/q.json"
		# workers = 1: q2's write hangs on it; qb's and q1's wait in the
		# queue (interval 5 s: not yet hung long enough for another worker).
		printf 'interval = 5s\nratio = 10%%\nworkers = 1\njson_file = %s\n[cgroup q1]\n[cgroup q2]\n[cgroup qb]\n' \
			"$work/q.json" > "$work/q.conf"
		start "$work/q.log" -c "$work/q.conf"
		wait_for "the second interval" "$work/q.log" intervals_past "$work/q.json" 2
		sed -i "1i $mode" "$work/q.conf"
		kill -HUP "$pid"
		wait_for "the reload" "$work/q.log" grep -q 'reloaded' "$work/q.log"
		# The hung write ends (if it still runs): the worker is free.
		for f in q1 q2; do timeout 2 cat "$root/$f/memory.reclaim" >/dev/null; done
		more_intervals "$work/q.json" 1 "$work/q.log"
		[ ! -s "$root/qb/memory.reclaim" ] &&
			ok "reload to '$mode': the queued write was dropped" ||
			bad "reload to '$mode': queued write made after it ($(cat "$root/qb/memory.reclaim"))"
		stop
	done
fi

# --- hung writes on every worker --------------------------------------------
# (was: `workers` hung writes held every other cgroup's write for good)
if want workers; then
	for i in 1 2 3 4; do make_hung "w$i"; done
	make_cgroup wf
	start "$work/w.log" --interval 200ms --ratio 10% --workers 2 --log-level debug \
		--json-file "$work/w.json" w1 w2 w3 w4 wf
	wait_for "2 writes hung" "$work/w.log" state_is "$work/w.json" w1 writing
	n=$(count 'wf: reclaim ' "$work/w.log")
	wait_for "5 more writes to wf beside 4 hung writes on 2 workers" "$work/w.log" \
		more_lines 'wf: reclaim ' "$work/w.log" $((n + 5)) &&
		ok "4 hung writes, workers = 2: another cgroup is still written" ||
		bad "wf: $(count 'wf: reclaim ' "$work/w.log") writes"
	kill -TERM "$pid"
	wait "$pid" && ok "SIGTERM with 4 hung writes: exit 0" || bad "exit $? with 4 hung writes"
fi

# --- a cgroup dropped and added back while its write hangs ------------
# (was: a second write to it began beside the first, orphaned one)
fifo_writers() { # pid: its threads blocked opening a FIFO for writing
	local n=0 t
	for t in /proc/$1/task/*; do
		[ "$(cat "$t/wchan" 2>/dev/null)" = wait_for_partner ] && n=$((n + 1))
	done
	echo $n
}
if want orphan && [ -r /proc/self/wchan ]; then
	make_hung o
	make_cgroup ob
	printf 'interval = 200ms\nratio = 10%%\njson_file = %s\n[cgroup ob]\n[cgroup o]\n' "$work/o.json" > "$work/with.conf"
	printf 'interval = 200ms\nratio = 10%%\njson_file = %s\n[cgroup ob]\n' "$work/o.json" > "$work/without.conf"
	cp "$work/with.conf" "$work/o.conf"
	start "$work/o.log" -c "$work/o.conf"
	one_writer() { [ "$(fifo_writers "$pid")" = 1 ]; }
	wait_for "o's write hung" "$work/o.log" one_writer
	cp "$work/without.conf" "$work/o.conf"
	kill -HUP "$pid"
	wait_for "o dropped" "$work/o.log" more_lines 'reloaded' "$work/o.log" 1
	cp "$work/with.conf" "$work/o.conf"
	kill -HUP "$pid"
	wait_for "o back" "$work/o.log" more_lines 'reloaded' "$work/o.log" 2
	more_intervals "$work/o.json" 10 "$work/o.log"
	n=$(fifo_writers "$pid")
	[ "$n" = 1 ] && state_is "$work/o.json" o writing &&
		ok "o dropped and added back while its write hangs: still one write to it, state writing" ||
		bad "o: $n writes to it at once; $(grep -o '"cgroup": "o", "state": "[a-z]*"' "$work/o.json")"
	stop
fi

# --- lines that repeat for every cgroup are rate limited ----------------
if want log; then
	# 30 cgroups whose reads fail, then recover: at most 10 "recovered".
	for i in $(seq 30); do
		make_cgroup "l.slice/s$i"
		rm "$root/l.slice/s$i/memory.stat"
		mkdir "$root/l.slice/s$i/memory.stat"
	done
	start "$work/l.log" --interval 100ms --json-file "$work/l.json" 'l.slice/*'
	errors() { [ "$(grep -o '"state": "error"' "$work/l.json" | wc -l)" = 30 ]; }
	wait_for "30 cgroups in error" "$work/l.log" errors
	for i in $(seq 30); do
		rmdir "$root/l.slice/s$i/memory.stat"
		printf 'anon 100000000\nfile 4857600\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > "$root/l.slice/s$i/memory.stat"
	done
	none() { ! grep -q '"state": "error"' "$work/l.json"; }
	wait_for "30 cgroups recovered" "$work/l.log" none
	n=$(count 'recovered' "$work/l.log")
	[ "$n" -le 10 ] && ok "30 cgroups recovering: $n lines (at most 10 of a kind a minute)" ||
		bad "30 cgroups recovering: $n lines"
	# The slice goes and comes back: each cgroup went, came back.
	mv "$root/l.slice" "$root/l.away"
	wait_for "the slice gone" "$work/l.log" grep -q '"cgroups": \[\]' "$work/l.json"
	mv "$root/l.away" "$root/l.slice"
	back() { [ "$(grep -o '"cgroup": "l.slice/' "$work/l.json" | wc -l)" = 30 ]; }
	wait_for "the slice back" "$work/l.log" back
	more_intervals "$work/l.json" 3 "$work/l.log"
	n=$(grep -c 'gone, dropped\|appeared, watching\|present; watching\|re-created' "$work/l.log")
	[ "$n" -le 10 ] && ok "30 cgroups going and coming back: $n lines" ||
		bad "30 cgroups going and coming back: $n lines"
	stop
	grep -q 'more cgroups that appeared, went or came back' "$work/l.log" &&
		ok "what was held back is counted in one line" ||
		bad "no count of the lines held back: $(tail -3 "$work/l.log")"
	# A metrics file that cannot be written: not one error per interval.
	"$mr" --cgroup-root "$root" run --interval 100ms --iterations 30 \
		--prometheus-file "$work/no/such/dir/m.prom" l.slice/s1 2> "$work/m.log"
	n=$(grep -c 'm.prom' "$work/m.log")
	[ "$n" -ge 1 ] && [ "$n" -le 10 ] && ok "an unwritable prometheus_file: $n lines in 30 intervals" ||
		bad "unwritable prometheus_file: $n lines in 30 intervals"
	# A dry run's zswap verdicts are debug lines, as its reclaims are.
	make_cgroup lz
	echo max > "$root/lz/memory.zswap.max"
	echo 104857600 > "$root/lz/memory.swap.current"
	printf 'anon 100000000\nfile 0\nzswap 0\nzswapped 0\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > "$root/lz/memory.stat"
	"$mr" --cgroup-root "$root" run --interval 100ms --iterations 8 --dry-run --zswap-tuning yes \
		lz 2> "$work/lz.log"
	"$mr" --cgroup-root "$root" run --interval 100ms --iterations 8 --dry-run --zswap-tuning yes \
		--log-level debug lz 2> "$work/lzd.log"
	! grep -q 'would set memory.zswap.max' "$work/lz.log" &&
		grep -q 'would set memory.zswap.max' "$work/lzd.log" &&
		ok "a dry run's zswap verdicts: debug lines only" ||
		bad "dry-run zswap lines at info: $(grep 'would set' "$work/lz.log" | head -2)"
fi

# --- memory.zswap.max of a cgroup re-created under the same name ---------
# (was: put back at stop over the new cgroup's own limit)
make_z() { # dir limit
	make_cgroup "$1"
	echo "$2" > "$root/$1/memory.zswap.max"
	echo 104857600 > "$root/$1/memory.swap.current"
	printf 'anon 100000000\nfile 0\nzswap 0\nzswapped 0\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > "$root/$1/memory.stat"
}
if want zswap; then
	make_z z max
	start "$work/z.log" --interval 1s --zswap-tuning yes z
	wait_for "zswap.max moved" "$work/z.log" grep -q 'z: memory.zswap.max max -> 0 B' "$work/z.log"
	# Made again (a new directory, so a new inode: the kernel's cgroup id).
	make_z z.new 1073741824
	mv "$root/z" "$root/z.old"
	mv "$root/z.new" "$root/z"
	kill -TERM "$pid"
	wait "$pid"
	[ "$(cat "$root/z/memory.zswap.max")" = 1073741824 ] &&
		ok "a cgroup re-created before the stop keeps its own memory.zswap.max" ||
		bad "re-created cgroup's memory.zswap.max after the stop: $(cat "$root/z/memory.zswap.max")"
fi

# --- a reload that moves prometheus_file ----------------------------------
# (was: the old file said running 1 for ever)
if want prom; then
	make_cgroup p
	printf 'interval = 100ms\nprometheus_file = %s\n[cgroup p]\n' "$work/p1.prom" > "$work/p.conf"
	start "$work/p.log" -c "$work/p.conf"
	running() { [ "$(prom "$1" memreclaim_running)" = "$2" ]; }
	wait_for "the first file" "$work/p.log" running "$work/p1.prom" 1
	printf 'interval = 100ms\nprometheus_file = %s\n[cgroup p]\n' "$work/p2.prom" > "$work/p.conf"
	kill -HUP "$pid"
	wait_for "the second file" "$work/p.log" running "$work/p2.prom" 1
	running "$work/p1.prom" 0 && [ "$(prom "$work/p1.prom" 'memreclaim_up{cgroup="p"}')" = 0 ] &&
		ok "the file a reload left says running 0, up 0" ||
		bad "the old file: $(grep -E 'running|_up' "$work/p1.prom")"
	stop
fi

# --- one cgroup in two sections -----------------------------------------
# (was: accepted without a word; the second is ignored)
if want config; then
	make_cgroup s/a.service
	printf '[cgroup s/a.service]\nfloor = 1M\n[cgroup s/a.service/]\nfloor = 2M\n' > "$work/dup.conf"
	out=$("$mr" --cgroup-root "$root" run --check-config -c "$work/dup.conf" 2>&1); rc=$?
	[ $rc = 0 ] && grep -qF 'warning: the same cgroup as [cgroup s/a.service] above: this section is ignored' <<<"$out" &&
		ok "--check-config: a second section for one cgroup is named as ignored" ||
		bad "duplicate sections: rc $rc: $out"
fi

[ $fail = 0 ] && echo "operator: all passed"
exit $fail
