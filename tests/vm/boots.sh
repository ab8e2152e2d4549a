#!/usr/bin/env bash
# Boot the guest COUNT times with nothing to do (scenario "boot") and count
# how each boot ended: the guest failure rate of the vm tests' environment.
# usage: tests/vm/boots.sh [--busy [N]] [--starve N] [--keep DIR] VMDIR COUNT
#   --busy [N]  N busy loops (default 1) hold host cores the whole time, as
#               on a CI runner or a developer's machine that is doing
#               something; more loops than cores starve QEMU of its share
#   --starve N  N busy loops on the last CPU alone, and QEMU confined to
#               that CPU at nice 10: QEMU runs in short bursts between
#               long waits, the worst a crowded host does to it (this
#               reproduces the boot-time timer check's panic, run.sh)
#   --keep DIR  save the output of every failed boot there
# Each boot is counted as it ends, without run.sh's one retry
# (FL_VM_RETRY=0), so the figures are the raw boot failure rate.  Other
# FL_VM_* settings pass through to run.sh (FL_VM_BOOT_OPTS= measures a
# boot without the timer options).
# Prints one line per failure and a summary: boots, ok, panicked (the
# guest kernel died), no-ready (no VM-READY: stalled or died in boot),
# other (booted, then failed), then the failures counted by cause (the
# kernel's panic or oops line, without its numbers) and the mean and
# slowest boot in seconds.  Exit status 0 when every boot passed.  Not
# part of ctest: 300 boots take half an hour to two hours.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
busy=0 starve=0 keep=''
while [ $# -gt 0 ]; do
	case $1 in
	--starve)
		[[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "boots.sh: --starve needs a count" >&2; exit 2; }
		starve=$2; shift 2 ;;
	--busy)
		busy=1
		shift
		if [[ ${1:-} =~ ^[0-9]+$ ]] && [ $# -gt 2 ]; then busy=$1; shift; fi ;;
	--keep) keep=$2; shift 2 ;;
	-*) echo "boots.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# = 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || {
	echo "usage: tests/vm/boots.sh [--busy [N]] [--starve N] [--keep DIR] VMDIR COUNT" >&2
	exit 2
}
vm=$1 count=$2
[ -n "$keep" ] && mkdir -p "$keep"
busy_pids=()
for ((b = 0; b < busy; b++)); do
	(while :; do :; done) &
	busy_pids+=($!)
done
confine=()
if [ "$starve" -gt 0 ]; then
	cpu=$(($(nproc) - 1))
	for ((b = 0; b < starve; b++)); do
		taskset -c "$cpu" bash -c 'while :; do :; done' &
		busy_pids+=($!)
	done
	confine=(taskset -c "$cpu" nice -n 10)
fi
trap '[ ${#busy_pids[@]} -gt 0 ] && kill "${busy_pids[@]}" 2>/dev/null' EXIT

# cause OUTPUT: what a failed boot died of, as one short line: the
# kernel's panic, oops or BUG line without timestamps, addresses and
# numbers (so that the same failure counts once), else run.sh's verdict.
cause() {
	local line
	line=$(grep -m1 -E 'Kernel panic|Oops|BUG:|rcu.*stall' <<<"$1" ||
		grep -m1 -E '^vm:' <<<"$1" || echo unknown)
	sed -E 's/^\[ *[0-9.]+\] //; s/0x[0-9a-f]+/N/g; s/[0-9]+/N/g; s/ +/ /g' <<<"$line" | cut -c1-120
}

declare -A causes=()
ok=0 panicked=0 noready=0 other=0 total_ms=0 max_ms=0
for ((i = 1; i <= count; i++)); do
	t0=$(date +%s%N)
	out=$(FL_VM_RETRY=0 "${confine[@]}" bash "$here/run.sh" "$vm" boot 600 2>&1)
	rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	total_ms=$((total_ms + ms))
	[ $ms -gt $max_ms ] && max_ms=$ms
	if [ $rc = 0 ]; then
		ok=$((ok + 1))
		continue
	fi
	if grep -q 'Kernel panic' <<<"$out"; then
		kind=panicked panicked=$((panicked + 1))
	elif [ $rc = 75 ]; then
		kind=no-ready noready=$((noready + 1))
	else
		kind=other other=$((other + 1))
	fi
	why=$(cause "$out")
	causes["$kind: $why"]=$((${causes["$kind: $why"]:-0} + 1))
	echo "boot $i: $kind after $((ms / 1000)) s: $why"
	[ -n "$keep" ] && printf '%s\n' "$out" >"$keep/boot-$i-$kind.log"
done
printf 'boots %d: ok %d, panicked %d, no-ready %d, other %d; mean %d.%01d s, slowest %d.%01d s%s\n' \
	"$count" "$ok" "$panicked" "$noready" "$other" \
	$((total_ms / count / 1000)) $((total_ms / count % 1000 / 100)) \
	$((max_ms / 1000)) $((max_ms % 1000 / 100)) \
	"$([ "$busy" -gt 0 ] && echo ", $busy busy loop(s) on $(nproc) cores")$([ "$starve" -gt 0 ] && echo ", QEMU confined beside $starve busy loops")"
for c in "${!causes[@]}"; do
	printf '  %4d  %s\n' "${causes[$c]}" "$c"
done | sort -rn
[ "$ok" = "$count" ]
