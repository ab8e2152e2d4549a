#!/usr/bin/env bash
# run.sh must fail clearly, and quickly, when the guest panics or hangs.
# usage: tests/vm/selftest.sh VMDIR panic|hang
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case $2 in
panic) want='the guest kernel panicked' limit=120 ;;
hang) want='no result after' limit=15 ;;
*) exit 2 ;;
esac
out=$(bash "$here/run.sh" "$1" "selftest_$2" "$limit" 2>&1)
rc=$?
[ $rc -ne 0 ] || { echo "FAIL: run.sh passed a guest that should $2" >&2; exit 1; }
grep -q "$want" <<<"$out" || { echo "FAIL: no clear message for $2:" >&2; echo "$out" | tail -5 >&2; exit 1; }
echo "ok: run.sh exits $rc with: $(grep "$want" <<<"$out")"
