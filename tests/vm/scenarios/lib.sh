# Scenario runner inside the guest: runs the function scenario_NAME from the
# one file that defines it; the helpers every scenario may use.  busybox sh.

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

# bench METRIC VALUE UNIT: one figure for bench/tools/vm-bench.sh (never a verdict).
bench() {
	echo "BENCH $1 $2 $3"
}

# Run scenario_NAME: source only the file that defines it (each file
# sources the helper libraries it uses, *_lib.sh), so that no scenario
# depends on another file's scenarios.
name=$1
file=$(grep -l "^scenario_$name()" /scenarios/*.sh /bench/*.sh /demo/*.sh 2>/dev/null)
[ -n "$file" ] || fail "no scenario '$name'"
[ "$(echo "$file" | wc -l)" = 1 ] || fail "scenario '$name' defined in more than one file: $file"
. "$file"
"scenario_$name"
