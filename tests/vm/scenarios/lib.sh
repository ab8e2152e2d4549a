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

# wait_status DEVICE STATUS: until DEVICE's status is STATUS (10 s at most).
wait_status() {
	i=0
	while [ "$(cat /sys/class/firmware/$1/status)" != "$2" ]; do
		i=$((i + 1))
		[ $i -lt 1000 ] || fail "$1 never reached status $2"
		sleep 0.01
	done
}

for f in /scenarios/*.sh; do
	[ "$f" = /scenarios/lib.sh ] || . "$f"
done
name=$1
type "scenario_$name" >/dev/null 2>&1 || fail "no scenario '$name'"
"scenario_$name"
