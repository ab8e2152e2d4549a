#!/usr/bin/env bash
# run.sh must fail clearly, and quickly, when the guest panics or hangs,
# and call a guest that never comes up an environment failure (exit 75)
# after booting it a second time.
# usage: tests/vm/selftest.sh VMDIR panic|hang|noboot|noboot-stall
#   noboot        the kernel panics before VM-READY (no init to run)
#   noboot-stall  the same kernel, told not to reboot on the panic: the
#                 guest stays up without ever reaching VM-READY, and only
#                 the runner's boot limit stops it
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scenario=selftest_$2
case $2 in
panic) want='the guest kernel panicked' limit=120 ;;
hang) want='no result after' limit=40 ;; # a boot on a slow host, then the hang
noboot)
	want='did not come up in 2 boots' limit=120 scenario=boot
	export FL_VM_APPEND=rdinit=/no-such-init ;;
noboot-stall)
	want='did not come up in 2 boots' limit=120 scenario=boot
	export FL_VM_APPEND='rdinit=/no-such-init panic=0' FL_VM_BOOT_LIMIT=10 ;;
*) exit 2 ;;
esac
out=$(bash "$here/run.sh" "$1" "$scenario" "$limit" 2>&1)
rc=$?
case $2 in noboot*)
	[ $rc = 75 ] || { echo "FAIL: a guest that did not come up exited $rc, not 75" >&2; exit 1; }
	# One retry, announced, and both boots' last lines in the verdict.
	[ "$(grep -c '^--- boot [12]: no VM-READY' <<<"$out")" = 2 ] &&
		grep -q 'boot 1 did not come up.*booting again' <<<"$out" || {
		echo "FAIL: not booted twice with both boots' last lines:" >&2
		echo "$out" | grep -E '^(vm|---)' >&2
		exit 1
	}
	;;
esac
[ $rc -ne 0 ] || { echo "FAIL: run.sh passed a guest that should $2" >&2; exit 1; }
grep -q "$want" <<<"$out" || { echo "FAIL: no clear message for $2:" >&2; echo "$out" | tail -5 >&2; exit 1; }
echo "ok: run.sh exits $rc with: $(grep "$want" <<<"$out")"
