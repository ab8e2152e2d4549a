# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # fail is read, and work set, by the test that sources this
# What the memreclaim daemon tests on a fake cgroup tree share
# (daemon_cli.sh, fleet.sh, rails.sh, operator.sh, prometheus.sh): the
# tree, the verdicts and the waits.  Source it once $work (the test's own
# folder, made empty) is set; it sets root=$work/cg, with its
# cgroup.controllers, and fail=0.
# Waits end on their condition.  The limit, WAIT_S (120 s unless set), is
# for a machine at a quarter of its speed under a sanitizer; a miss says
# what was not seen and shows the end of the daemon's log.
root=$work/cg
fail=0
limit=${WAIT_S:-120}
bad() { echo "FAIL: $*"; fail=1; }
ok() { echo "ok: $*"; }
# contains TEXT GREP-ARGS...: a here-string, not "echo | grep -q", which
# under pipefail fails at random when grep stops reading early.
contains() { local text=$1; shift; grep -q "$@" <<<"$text"; }

# A cgroup with the memory controller, 100 MiB charged and no pressure.
make_cgroup() { # name
	local d=$root/$1
	mkdir -p "$d"
	echo "cpu io memory" > "$d/cgroup.controllers"
	echo 104857600 > "$d/memory.current"
	printf 'anon 100000000\nfile 4857600\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > "$d/memory.stat"
	printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=1000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=500\n' > "$d/memory.pressure"
	: > "$d/memory.reclaim"
}
mkdir -p "$root"
echo "cpu io memory" > "$root/cgroup.controllers"

wait_for() { # what, log, command...
	local what=$1 log=$2 end=$((SECONDS + limit))
	shift 2
	until "$@"; do
		if [ $SECONDS -gt $end ]; then
			bad "$what (not seen in $limit s); the daemon's log ends:"
			tail -5 "$log"
			return 1
		fi
		sleep 0.05
	done
}
# The number after "KEY": in a JSON file (the first one).
json_num() { sed -n "s/.*\"$2\": \([0-9.e+-]*\).*/\1/p" "$1" 2>/dev/null | head -1; }
# A Prometheus sample's value: metric{labels} exactly as written.
prom() { awk -v k="$2" '$1 == k {print $2}' "$1" 2>/dev/null; }
# Whether the daemon writing JSON file F has run N intervals.
intervals_past() { [ "$(json_num "$1" intervals)" -ge "$2" ] 2>/dev/null; }
# Wait for N more intervals of the daemon writing JSON file F.
more_intervals() { # file n log
	local now
	now=$(json_num "$1" intervals)
	wait_for "$2 more intervals" "$3" intervals_past "$1" $((${now:-0} + $2))
}
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
