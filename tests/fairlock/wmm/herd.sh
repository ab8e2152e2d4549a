#!/usr/bin/env bash
# Run one herd7 litmus file of tests/fairlock/wmm/litmus under the model it names
# ("model: X.cat" in its header) and compare herd7's verdict with the one
# it expects ("expect: Never" or "expect: Sometimes").  herd7 is built
# once from third_party/ (scripts/wmm-tools.sh) and cached.
# usage: tests/fairlock/wmm/herd.sh FILE.litmus
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
file=$1
[ -f "$file" ] || file=$here/litmus/$1
[ -f "$file" ] || { echo "herd.sh: no litmus file '$1'" >&2; exit 2; }
# The first of each (no "| head": under pipefail a pipe cut short fails).
model=$(sed -n 's/^ *model: *\([a-z0-9.-]*\).*/\1/p' "$file")
model=${model%%$'\n'*}
expect=$(sed -n 's/^ *expect: *\([A-Za-z]*\).*/\1/p' "$file")
expect=${expect%%$'\n'*}
case $expect in Never | Sometimes) ;; *)
	echo "herd.sh: $file names no 'expect: Never|Sometimes'" >&2; exit 2 ;;
esac
[ -n "$model" ] || { echo "herd.sh: $file names no 'model: X.cat'" >&2; exit 2; }
eval "$(bash "$top/scripts/wmm-tools.sh" herd)"
out=$("$HERD" -I "$HERD_LIBDIR" -model "$model" "$file" 2>&1) || true
grep -E '^(Observation|Condition|Warning)' <<<"$out" || true
# "Observation NAME Never|Sometimes|Always POSITIVE NEGATIVE"
read -r _ _ got pos neg <<<"$(grep '^Observation' <<<"$out")" || true
if [ -z "${got:-}" ]; then
	echo "herd.sh: no verdict from herd7:" >&2
	tail -15 <<<"$out" >&2
	exit 1
fi
# A test with no execution at all proves nothing (herd7 answers Never).
if [ "$((pos + neg))" = 0 ]; then
	echo "herd.sh: herd7 found no execution of $file: the test is vacuous" >&2
	exit 1
fi
[ "$got" = Always ] && got=Sometimes
echo "$(basename "$file") under $model: $got (expected $expect)"
[ "$got" = "$expect" ]
