#!/usr/bin/env bash
# Boot the guest COUNT times with nothing to do (scenario "boot") and count
# how each boot ended: the guest failure rate of the vm tests' environment.
# usage: tests/vm/boots.sh [--busy] [--keep DIR] VMDIR COUNT
#   --busy      a busy loop holds one host core the whole time, as on a
#               CI runner or a developer's machine that is doing something
#   --keep DIR  save the output of every failed boot there
# Prints one line per failure and a summary: boots, ok, panicked (the
# guest kernel died), no-ready (no VM-READY: stalled or died in boot),
# other (booted, then failed), and the mean and slowest boot in seconds.
# Exit status 0 when every boot passed.  Not part of ctest: 300 boots take
# about half an hour.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
busy=0 keep=''
while [ $# -gt 0 ]; do
	case $1 in
	--busy) busy=1; shift ;;
	--keep) keep=$2; shift 2 ;;
	-*) echo "boots.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# = 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || {
	echo "usage: tests/vm/boots.sh [--busy] [--keep DIR] VMDIR COUNT" >&2
	exit 2
}
vm=$1 count=$2
[ -n "$keep" ] && mkdir -p "$keep"
busy_pid=
if [ "$busy" = 1 ]; then
	(while :; do :; done) &
	busy_pid=$!
fi
trap '[ -n "$busy_pid" ] && kill "$busy_pid" 2>/dev/null' EXIT

ok=0 panicked=0 noready=0 other=0 total_ms=0 max_ms=0
for ((i = 1; i <= count; i++)); do
	t0=$(date +%s%N)
	out=$(bash "$here/run.sh" "$vm" boot 120 2>&1)
	rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	total_ms=$((total_ms + ms))
	[ $ms -gt $max_ms ] && max_ms=$ms
	if [ $rc = 0 ]; then
		ok=$((ok + 1))
		continue
	fi
	if grep -q 'panicked' <<<"$out"; then
		kind=panicked panicked=$((panicked + 1))
	elif ! grep -q 'VM-READY' <<<"$out"; then
		kind=no-ready noready=$((noready + 1))
	else
		kind=other other=$((other + 1))
	fi
	echo "boot $i: $kind after $((ms / 1000)) s: $(grep -m1 -E 'Oops|BUG|panic|stall|vm:' <<<"$out" | tr -s ' ' | cut -c1-150)"
	[ -n "$keep" ] && printf '%s\n' "$out" >"$keep/boot-$i-$kind.log"
done
printf 'boots %d: ok %d, panicked %d, no-ready %d, other %d; mean %d.%01d s, slowest %d.%01d s%s\n' \
	"$count" "$ok" "$panicked" "$noready" "$other" \
	$((total_ms / count / 1000)) $((total_ms / count % 1000 / 100)) \
	$((max_ms / 1000)) $((max_ms % 1000 / 100)) "$([ "$busy" = 1 ] && echo ', one host core busy')"
[ "$ok" = "$count" ]
