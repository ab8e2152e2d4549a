# shellcheck shell=bash
# Debian's own multi-threaded programs as workloads for libfairlock-preload:
# each runs its program's own workload, checks it with the program's own
# verification, and reports figures.  Sourced by check.sh (correctness
# runs, the `apps` ctest label), bench.sh (glibc against each lock) and
# compare.sh (two builds of the interposer against each other).
#
# wl_NAME THREADS WORKDIR RUNNER...
#   Runs the workload with THREADS threads, its files under WORKDIR, the
#   program started as "RUNNER... PROGRAM ARGS" (RUNNER empty: glibc).
#   Returns 0 if the program's own check passed; on failure prints why.
#   Appends "NAME VALUE" lines to WORKDIR/metrics: throughput (higher is
#   better) and, where the program reports one, p99 latency in µs
#   (db_bench's own; memcaslap's from its log2 histogram, to a factor of 2).
#
# The packages: scripts/deps.sh apps.

APPS_WORKLOADS="rocksdb kyotocabinet memcached sysbench pigz xz redis python"

# The programs' own command names, for a check that they are installed.
APPS_PROGRAMS="db_bench kccachetest kctreetest memcached memccapable memcaslap
sysbench pigz xz redis-server redis-cli redis-benchmark redis-check-rdb
/usr/bin/python3"

# How big each run is; APPS_SCALE=N divides (ctest's short runs use 1).
: "${APPS_SCALE:=1}"

apps_fail() {
	echo "$*" >&2
	return 1
}

apps_metric() {
	echo "$1 $2" >>"$3/metrics"
}

# apps_run_once CSV ROUND ROUNDS WORKLOAD THREADS LABEL WORKDIR RUNNER...
#   Runs the workload once (RUNNER empty: glibc), its files under
#   WORKDIR/WORKLOAD, appends its figures to CSV as
#   "ROUND,WORKLOAD,THREADS,LABEL,METRIC,VALUE" lines, and says them on
#   standard error.  Returns 1 if the program's own check failed.
#   For bench.sh and compare.sh.
apps_run_once() {
	local csv=$1 round=$2 rounds=$3 w=$4 t=$5 label=$6 dir=$7/$4 metric value
	shift 7
	mkdir -p "$dir"
	: >"$dir/metrics"
	"wl_$w" "$t" "$dir" "$@" || return 1
	# Called under `if !`, where set -e is off: a failed write returns.
	while read -r metric value; do
		echo "$round,$w,$t,$label,$metric,$value" >>"$csv" || return 1
	done <"$dir/metrics"
	echo "round $round/$rounds $w threads=$t $label: $(tr '\n' ' ' <"$dir/metrics")" >&2
}

# db_bench: keys written in order, then read at random and read while a
# writer overwrites: every key must be found, and the block checksums of
# the whole database must verify.
wl_rocksdb() {
	local threads=$1 dir=$2 out
	shift 2
	local num=$((100000 / APPS_SCALE))
	rm -rf "$dir/db"
	out=$("$@" db_bench --benchmarks=fillseq,readrandom,readwhilewriting,verifychecksum \
		--num="$num" --threads="$threads" --db="$dir/db" --histogram=1 \
		--progress_reports=0 --compression_type=none 2>&1) ||
		apps_fail "db_bench exited $?: $(tail -5 <<<"$out")" || return 1
	for bench in readrandom readwhilewriting; do
		grep -q "^$bench .*($num of $num found)" <<<"$out" ||
			apps_fail "db_bench $bench did not find every key: $(grep "^$bench" <<<"$out")" ||
			return 1
	done
	grep -q '^verifychecksum ' <<<"$out" ||
		apps_fail "db_bench: no verifychecksum result" || return 1
	awk -v d="$dir/metrics" '
		/^(readrandom|readwhilewriting) +:/ { b = $1; for (i = 1; i < NF; i++)
			if ($(i + 1) == "ops/sec") print "rocksdb_" b "_ops " $i >> d }
		/^Percentiles:/ && b != "" { for (i = 1; i < NF; i++)
			if ($i == "P99:") print "rocksdb_" b "_p99_us " $(i + 1) >> d; b = "" }
	' <<<"$out"
}

# Kyoto Cabinet: its own test drivers, which check every record they
# read and end with "ok": the cache hash database and the B+ tree file
# database, in order and at random ("wicked": mixed operations).
wl_kyotocabinet() {
	local threads=$1 dir=$2 out start end
	shift 2
	local n=$((200000 / APPS_SCALE))
	rm -f "$dir"/kc.*
	start=$(date +%s%N)
	for cmd in "kccachetest order -th $threads $n" \
		"kccachetest wicked -th $threads $((n / 4))" \
		"kctreetest order -th $threads $dir/kc.kct $((n / 2))" \
		"kctreetest wicked -th $threads $dir/kc2.kct $((n / 8))"; do
		# shellcheck disable=SC2086 # the command line splits on purpose
		out=$("$@" $cmd 2>&1) ||
			apps_fail "$cmd exited $?: $(tail -3 <<<"$out")" || return 1
		[ "$(grep -v '^$' <<<"$out" | tail -1)" = ok ] ||
			apps_fail "$cmd did not end with ok: $(tail -3 <<<"$out")" || return 1
	done
	end=$(date +%s%N)
	apps_metric kyotocabinet_runs_per_s \
		"$(awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", 1e9 / ns }')" "$dir"
}

# memcached with THREADS worker threads: memccapable's protocol checks
# must all pass, then memcaslap's load with 10% of the gets verified
# (none may fail or miss).
wl_memcached() {
	local threads=$1 dir=$2 port pid out i
	shift 2
	local seconds=$((6 / APPS_SCALE > 2 ? 6 / APPS_SCALE : 2))
	for i in 1 2 3 4 5; do
		port=$((20000 + RANDOM % 20000))
		"$@" memcached -u nobody -t "$threads" -p "$port" -U 0 -l 127.0.0.1 \
			-m 256 -c 1024 2>"$dir/memcached.err" &
		pid=$!
		# Up when it answers; gone if the port was taken.
		for _ in $(seq 200); do
			kill -0 "$pid" 2>/dev/null || break
			memcstat --servers="127.0.0.1:$port" >/dev/null 2>&1 && break 2
			sleep 0.05
		done
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		pid=
	done
	[ -n "$pid" ] || apps_fail "memcached did not start: $(tail -3 "$dir/memcached.err")" ||
		return 1
	out=$(memccapable -h 127.0.0.1 -p "$port" 2>&1)
	if ! grep -q '^All tests passed' <<<"$out"; then
		kill "$pid"
		wait "$pid" 2>/dev/null
		apps_fail "memccapable: $(grep -v pass <<<"$out" | tail -5)"
		return 1
	fi
	out=$(timeout 120 memcaslap -s "127.0.0.1:$port" -T 2 -c 32 -t "${seconds}s" \
		-S "${seconds}s" --verify=0.1 2>&1)
	kill "$pid"
	wait "$pid" 2>/dev/null
	for field in verify_failed verify_misses get_misses; do
		grep -q "^$field: 0$" <<<"$out" ||
			apps_fail "memcaslap: $(grep -E "^$field|Run time" <<<"$out")" || return 1
	done
	apps_metric memcached_tps "$(sed -n 's/.*TPS: \([0-9]*\).*/\1/p' <<<"$out" | tail -1)" "$dir"
	apps_metric memcached_p99_us "$(memcaslap_p99 <<<"$out")" "$dir"
}

# The p99 latency of memcaslap's last "Total Statistics" (-S): its "Log2
# Dist" rows give counts for buckets b, b+1, ... from the row's label; bucket
# b holds latencies above 2^(b-1) us up to 2^b us (its minimum of 8 us
# falls in bucket 3), so the figure is the upper end of the bucket where
# 99% is reached: coarse, a factor of 2, but what the program reports.
memcaslap_p99() {
	awk '/^Total Statistics \(/ { split("", c); t = 1; d = 0; next }
		t && /Log2 Dist:/ { d = 1; next }
		t && d && $1 ~ /^[0-9]+:$/ { b = $1 + 0; for (i = 2; i <= NF; i++) c[b + i - 2] += $i; next }
		t && d { t = 0 }
		END {
			for (k in c) n += c[k]
			if (!n) exit
			for (b = 0; b < 64; b++) { s += c[b]; if (s >= n * 0.99) break }
			up = 1; for (i = 0; i < b; i++) up *= 2
			print up
		}'
}

# sysbench's threads (yield under a mutex), mutex (lock and unlock in a
# loop) and memory tests: each must run its events and exit 0.
wl_sysbench() {
	local threads=$1 dir=$2 out t
	shift 2
	local seconds=$((4 / APPS_SCALE > 1 ? 4 / APPS_SCALE : 1))
	for t in threads mutex memory; do
		local extra=()
		[ "$t" = mutex ] && extra=(--mutex-num=64 --mutex-locks=$((200000 / APPS_SCALE)))
		out=$("$@" sysbench "$t" --threads="$threads" --time="$seconds" "${extra[@]}" \
			run 2>&1) || apps_fail "sysbench $t exited $?: $(tail -3 <<<"$out")" ||
			return 1
		local events
		events=$(sed -n 's/^ *total number of events: *\([0-9]*\)/\1/p' <<<"$out")
		[ "${events:-0}" -gt 0 ] || apps_fail "sysbench $t: no events" || return 1
		local time
		time=$(sed -n 's/^ *total time: *\([0-9.]*\)s/\1/p' <<<"$out")
		apps_metric "sysbench_${t}_events_per_s" \
			"$(awk -v e="$events" -v t="$time" 'BEGIN { printf "%.1f", e / t }')" "$dir"
	done
}

# A file of mixed content (random bytes and this machine's programs), so
# the compressors have work of both kinds.
apps_input() {
	local file=$1 mb=$((24 / APPS_SCALE > 2 ? 24 / APPS_SCALE : 2))
	[ -s "$file" ] && return 0
	{ head -c $((mb * 1024 * 512)) /dev/urandom; cat /usr/bin/* 2>/dev/null; } |
		head -c $((mb * 1024 * 1024)) >"$file"
}

# A compressor's threads, round trip: the output must decompress to the
# input byte for byte (decompressed by the same program, without the
# preload, so a fault in either direction shows).
apps_compressor() {
	local name=$1 dir=$2
	shift 2
	local start end bytes
	apps_input "$dir/input"
	bytes=$(stat -c %s "$dir/input")
	start=$(date +%s%N)
	"$@" <"$dir/input" >"$dir/input.z" || apps_fail "$name exited $?" || return 1
	end=$(date +%s%N)
	case $name in
	pigz) pigz -d -c "$dir/input.z" ;;
	xz) xz -d -c "$dir/input.z" ;;
	esac | cmp -s - "$dir/input" || apps_fail "$name: round trip differs" || return 1
	apps_metric "${name}_mb_per_s" \
		"$(awk -v b="$bytes" -v ns=$((end - start)) 'BEGIN { printf "%.1f", b / 1048576 / (ns / 1e9) }')" "$dir"
}

wl_pigz() {
	local threads=$1 dir=$2
	shift 2
	apps_compressor pigz "$dir" "$@" pigz -p "$threads" -6 -c
}

wl_xz() {
	local threads=$1 dir=$2
	shift 2
	apps_compressor xz "$dir" "$@" xz -T"$threads" -2 --block-size=1MiB -c
}

# redis-server with I/O threads and its background threads (lazy freeing,
# which hands big values to a thread through a mutex and a condition
# variable), under load; then BGSAVE three times: a fork() while those
# threads hold and wait on their locks, whose child writes the snapshot.
# The snapshot must pass redis-check-rdb, and a server started from it
# without the preload must hold every key.
apps_redis_up() {
	local port=$1 i
	for i in $(seq 300); do
		[ "$(redis-cli -p "$port" ping 2>/dev/null)" = PONG ] && return 0
		sleep 0.1
	done
	apps_fail "redis-server: not answering on port $port after 30 s"
}

apps_redis_field() {
	redis-cli -p "$1" info persistence | tr -d '\r' | sed -n "s/^$2://p"
}

wl_redis() {
	local threads=$1 dir=$2 port pid keys n i
	shift 2
	port=$((20000 + RANDOM % 20000))
	n=$((100000 / APPS_SCALE))
	"$@" redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --save '' \
		--appendonly no --io-threads "$threads" --io-threads-do-reads yes \
		--lazyfree-lazy-user-del yes >"$dir/redis.log" 2>&1 &
	pid=$!
	apps_redis_up "$port" || { kill "$pid" 2>/dev/null; return 1; }
	redis-benchmark -p "$port" -t set,lpush -n "$n" -r 50000 -c 32 -P 8 -q \
		>"$dir/bench.out" 2>&1 &
	local bench=$!
	for i in 1 2 3; do
		redis-cli -p "$port" unlink "mylist" >/dev/null
		redis-cli -p "$port" bgsave >/dev/null
		while [ "$(apps_redis_field "$port" rdb_bgsave_in_progress)" != 0 ]; do
			sleep 0.05
		done
		[ "$(apps_redis_field "$port" rdb_last_bgsave_status)" = ok ] ||
			{ kill "$pid" "$bench" 2>/dev/null; apps_fail "redis: BGSAVE $i failed: $(tail -3 "$dir/redis.log")"; return 1; }
	done
	wait "$bench" || { kill "$pid"; apps_fail "redis-benchmark failed: $(tail -3 "$dir/bench.out")"; return 1; }
	redis-cli -p "$port" save >/dev/null
	keys=$(redis-cli -p "$port" dbsize)
	redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
	wait "$pid" || { apps_fail "redis-server exited $?: $(tail -3 "$dir/redis.log")"; return 1; }
	redis-check-rdb "$dir/dump.rdb" >"$dir/check.out" 2>&1 ||
		{ apps_fail "redis-check-rdb: $(tail -3 "$dir/check.out")"; return 1; }
	redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --save '' \
		>"$dir/reload.log" 2>&1 &
	pid=$!
	apps_redis_up "$port" || { kill "$pid"; return 1; }
	n=$(redis-cli -p "$port" dbsize)
	redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
	wait "$pid" || true
	[ "$n" = "$keys" ] && [ "$keys" -gt 0 ] ||
		apps_fail "redis: the snapshot holds $n keys, the server held $keys" || return 1
	apps_metric redis_set_rps "$(tr '\r' '\n' <"$dir/bench.out" |
		sed -n 's/^SET: \([0-9.]*\) requests per second.*/\1/p' | tail -1)" "$dir"
}

# Debian's Python 3 (not a virtual environment's): threads that hash in
# turn (the interpreter's lock passes between them through a condition
# variable with a 5 ms timed wait), a fork() from a thread while the
# others run, whose child runs threads of its own, and multiprocessing's
# fork start method.  Every digest must equal the one computed alone.
wl_python() {
	local threads=$1 dir=$2
	shift 2
	cat >"$dir/work.py" <<'PY'
import concurrent.futures, hashlib, multiprocessing, os, sys, threading

threads, rounds = int(sys.argv[1]), int(sys.argv[2])

def work(i):
    h = hashlib.sha256()
    for k in range(rounds):
        h.update(b"%d:%d" % (i, k))
    return h.hexdigest()

expected = [work(i) for i in range(4 * threads)]

def check_threads():
    with concurrent.futures.ThreadPoolExecutor(threads) as ex:
        return list(ex.map(work, range(4 * threads))) == expected

assert check_threads(), "threads: digests differ"

stop = threading.Event()
cond = threading.Condition()
turns = [0]

def churn():
    while not stop.is_set():
        work(1)
        with cond:
            turns[0] += 1
            cond.notify_all()
            cond.wait(0.001)

busy = [threading.Thread(target=churn) for _ in range(threads)]
for t in busy:
    t.start()
for _ in range(5):
    pid = os.fork()
    if pid == 0:
        os._exit(0 if check_threads() else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "forked child: digests differ"
stop.set()
for t in busy:
    t.join()
ctx = multiprocessing.get_context("fork")
with ctx.Pool(2) as pool:
    assert pool.map(work, range(4 * threads)) == expected, "pool: digests differ"
print("ok", turns[0])
PY
	local out
	out=$("$@" /usr/bin/python3 "$dir/work.py" "$threads" $((20000 / APPS_SCALE)) 2>&1) ||
		apps_fail "python3 exited $?: $(tail -3 <<<"$out")" || return 1
	[ "${out%% *}" = ok ] || apps_fail "python3: $out" || return 1
	apps_metric python_turns "${out##* }" "$dir"
}
