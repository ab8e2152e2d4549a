#!/usr/bin/env bash
# fwupload's command line against a fake sysfs tree (--sysfs-root):
# list, status, cancel, an upload through the sysfs backend, bad input.
# usage: tests/fwupload/cli.sh FWUPLOAD SCRATCH
set -euo pipefail
fw=$1 root=$2/sys
rm -rf "$2"
mkdir -p "$root/class/firmware/fake0" "$root/class/firmware/fallback0"
dev=$root/class/firmware/fake0
echo idle > "$dev/status"
: > "$dev/error"
echo 0 > "$dev/remaining_size"
: > "$dev/loading" ; : > "$dev/data" ; : > "$dev/cancel"
: > "$root/class/firmware/fallback0/loading" ; : > "$root/class/firmware/fallback0/data"
f() { "$fw" --sysfs-root "$root" "$@"; }
expect() { # rc, args...
	local want=$1 got=0
	shift
	f "$@" >last.out 2>last.err || got=$?
	if [ "$got" != "$want" ]; then
		echo "FAIL: fwupload $* exited $got, expected $want" >&2
		cat last.err >&2
		exit 1
	fi
	echo "ok: fwupload $* -> $want"
}
cd "$2"
head -c 3000 /dev/urandom > img

# list: fw_upload devices only
f list > list.txt
grep -q '^fake0 *idle' list.txt
! grep -q fallback0 list.txt
f --json list | grep -q '^\[{"device": "fake0", "status": "idle", "error": "", "remaining_size": 0}\]$'
FWUPLOAD_SYSFS_ROOT=$root "$fw" status fake0 | grep -q '^fake0 *idle'
echo "ok: list and status (also via FWUPLOAD_SYSFS_ROOT)"
grep -qx 'fwupload [0-9]*\.[0-9]*\.[0-9]* (fairlock-toolkit)' <<<"$("$fw" --version)"
echo "ok: --version"

# an upload through the sysfs backend: the files end as the kernel wants
expect 0 fake0 img
cmp "$dev/data" img
[ "$(cat "$dev/loading")" = 0 ]
echo "ok: the image went to data, loading ended at 0"
expect 0 cancel fake0
[ "$(cat "$dev/cancel")" = 1 ]

# refusals, each with its exit code and a message naming the cause
expect 3 nosuch img
grep -q 'no such firmware device' last.err
expect 3 fallback0 img
grep -q 'not a fw_upload device' last.err
echo transferring > "$dev/status"
expect 4 fake0 img
grep -q 'already in progress (status: transferring)' last.err
echo idle > "$dev/status"
expect 5 fake0 /nonexistent
expect 5 fake0 "$2"
expect 2 --timeout abc fake0 img
expect 2 --poll-ms 0 fake0 img
expect 2 fake0
expect 2 status
expect 2 list extra
echo "cli: ok"
