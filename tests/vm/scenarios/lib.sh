# Scenario runner inside the guest: sources every scenario file and runs
# the function scenario_NAME; helpers for them.  busybox sh.
TF=/sys/devices/virtual/misc/test_firmware
DATA=/scenarios/data

fail() {
	echo "FAIL: $*"
	exit 1
}

ok() {
	echo "ok: $*"
}

# expect_rc WANT COMMAND...: run, and fail unless it exits WANT.
expect_rc() {
	want=$1
	shift
	"$@"
	got=$?
	[ "$got" = "$want" ] || fail "'$*' exited $got, expected $want"
	ok "'$*' exited $want"
}

register() {
	echo -n "$1" > $TF/upload_register || fail "cannot register $1"
}

# Seconds since boot, with hundredths: the guest's clock for deadlines.
uptime_s() {
	cut -d' ' -f1 /proc/uptime
}

# wait_until SECONDS WHAT COMMAND...: poll COMMAND until it succeeds; after
# SECONDS fail, saying WHAT was awaited and what wait_seen (if a scenario
# defines it) shows.  Limits are for a host running at a quarter of its
# speed: waits end on the condition, never on the clock.
wait_until() {
	limit=$1 what=$2
	shift 2
	end=$(awk -v t="$(uptime_s)" -v l="$limit" 'BEGIN {print t + l}')
	until "$@"; do
		if awk -v t="$(uptime_s)" -v e="$end" 'BEGIN {exit !(t > e)}'; then
			type wait_seen >/dev/null 2>&1 && wait_seen
			fail "$what: not seen in $limit s"
		fi
		sleep 0.05
	done
}

cpu_ticks() { # pid: user + system clock ticks (100 a second)
	awk '{print $14 + $15}' /proc/$1/stat
}

# bench METRIC VALUE UNIT: one figure for bench/vm-bench.sh (never a verdict).
bench() {
	echo "BENCH $1 $2 $3"
}

status_is() { # device status
	[ "$(cat /sys/class/firmware/$1/status)" = "$2" ]
}

# wait_status DEVICE STATUS: until DEVICE's status is STATUS.
wait_status() {
	wait_until 120 "$1 in status $2" status_is "$1" "$2"
}

for f in /scenarios/*.sh /bench/*.sh /demo/*.sh; do
	[ -e "$f" ] || continue
	[ "$f" = /scenarios/lib.sh ] || . "$f"
done
name=$1
type "scenario_$name" >/dev/null 2>&1 || fail "no scenario '$name'"
"scenario_$name"
