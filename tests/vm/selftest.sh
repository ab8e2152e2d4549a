#!/usr/bin/env bash
# run.sh must fail clearly, and quickly, when the guest panics or hangs,
# and call a guest that never comes up an environment failure (exit 75).
# usage: tests/vm/selftest.sh VMDIR panic|hang|noboot
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case $2 in
panic) want='the guest kernel panicked' limit=120 ;;
hang) want='no result after' limit=40 ;; # a boot on a slow host, then the hang
noboot) # no init to run: the kernel panics before VM-READY
	want='environment failure' limit=120
	export FL_VM_APPEND=rdinit=/no-such-init ;;
*) exit 2 ;;
esac
scenario=selftest_$2
[ "$2" = noboot ] && scenario=boot
out=$(bash "$here/run.sh" "$1" "$scenario" "$limit" 2>&1)
rc=$?
[ "$2" != noboot ] || [ $rc = 75 ] || { echo "FAIL: a guest that did not come up exited $rc, not 75" >&2; exit 1; }
[ $rc -ne 0 ] || { echo "FAIL: run.sh passed a guest that should $2" >&2; exit 1; }
grep -q "$want" <<<"$out" || { echo "FAIL: no clear message for $2:" >&2; echo "$out" | tail -5 >&2; exit 1; }
echo "ok: run.sh exits $rc with: $(grep "$want" <<<"$out")"
