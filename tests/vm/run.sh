#!/usr/bin/env bash
# Boot the guest and run one scenario in it; exit with the scenario's
# status.  A panic, a guest that does not finish, or a missing verdict
# fail clearly instead of hanging.
# usage: tests/vm/run.sh VMDIR SCENARIO [TIMEOUT_S]
#        tests/vm/run.sh VMDIR shell           an interactive shell in the guest
# Environment: FL_VM_INITRD, the initrd file in VMDIR (default initrd.gz;
# initrd-python.gz has Python and Senpai, tests/vm/python.sh);
# FL_VM_MEM, the guest's memory in MiB (default 1024); FL_VM_APPEND, more
# kernel command line; FL_VM_ACCEL, QEMU's -accel (default tcg,thread=single);
# FL_VM_BOOT_OPTS, the options that keep the boot independent of the
# host's speed (default below; empty to measure a boot without them);
# FL_VM_BOOT_LIMIT, the seconds a boot may take to reach VM-READY (default:
# TIMEOUT_S, which also bounds every boot and the scenario together);
# FL_VM_RETRY, how many times a guest that never reached VM-READY is
# booted again within TIMEOUT_S (default 1; tests/vm/boots.sh sets 0 to
# count raw boots).
#
# Why one host thread for both vCPUs: with multi-threaded TCG (QEMU's
# default) a Linux 6.12 guest now and then dies in boot, an "Oops: int3"
# in code the kernel was patching at run time (static keys, alternatives)
# while the other vCPU ran it, or an RCU stall.  Single-threaded TCG runs
# the vCPUs in turn, so no vCPU executes a translation of code that another
# is rewriting.  The failure rate with and without it: tests/vm/boots.sh
# and docs/testing.md.
#
# Why the boot options (Documentation/admin-guide/kernel-parameters.txt).
# Under TCG the guest's timers and its TSC follow the host's clock, while
# the guest's instructions run only when the host gives QEMU a core; on a
# starved host the guest's clock races ahead of its work, and checks that
# time one against the other misread the host's load as broken hardware:
#   no_timer_check  check_timer() waits about ten jiffies in a TSC-timed
#                   delay loop for the PIT to tick through the IO-APIC; a
#                   QEMU thread that is off its core delivers one late tick
#                   for the many that fell due, and the kernel panics
#                   ("IO-APIC + timer doesn't work!").  The option skips
#                   the test; the emulated timer is known to work.
#   tsc=reliable    the clocksource watchdog compares the TSC with the
#                   HPET every half second and marks the TSC unstable when
#                   two reads land far apart; under TCG the TSC is the
#                   host's own counter, so a skew is only the host's delay
#                   between the reads, and the fallback (HPET, an emulated
#                   MMIO device on every clock read) slows every guest.
#   nowatchdog      the soft- and hard-lockup detectors compare the time a
#                   CPU went without scheduling with the wall clock; a vCPU
#                   the host did not run is not a guest lockup, and their
#                   warnings would only bury the scenario's output.
# Left as they are: the TSC's boot calibration (against the PIT, refined
# against the HPET a second later; a wrong first value only makes early
# delays longer or shorter, the refinement corrects it, and the right
# value is the host's TSC rate, which a runner cannot know), and lpj (the
# boot already skips the delay-loop calibration and derives it from the
# TSC: "Calibrating delay loop (skipped)").
#
# Exit status: the scenario's; 1 when the guest panicked or gave no verdict
# after VM-READY; 75 (EX_TEMPFAIL) when it never reached VM-READY in two
# boots, or in one that took the whole time (an environment failure: QEMU
# or the host, before anything of this project ran, so booting once more
# hides no bug of the project).  A guest that died in boot usually does so
# in seconds (panic=-1 ends QEMU), leaving the second boot nearly all of
# TIMEOUT_S; a boot that stalls is not cut short by default, since on a
# starved host a slow boot is not a failed one.
set -euo pipefail
vm=$1 scenario=$2 limit=${3:-180}
initrd=$vm/${FL_VM_INITRD:-initrd.gz} mem=${FL_VM_MEM:-1024}
boot_opts=${FL_VM_BOOT_OPTS-no_timer_check tsc=reliable nowatchdog}
boot_limit=${FL_VM_BOOT_LIMIT:-$limit} retries=${FL_VM_RETRY:-1}
[ -e "$initrd" ] || { echo "run.sh: $initrd: not built (tests/vm/build.sh $vm)" >&2; exit 2; }
[[ $mem =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: FL_VM_MEM '$mem' is not a size in MiB" >&2; exit 2; }
for n in "$boot_limit" "$retries" "$limit"; do
	[[ $n =~ ^[0-9]+$ ]] || { echo "run.sh: '$n' is not a whole number of seconds or boots" >&2; exit 2; }
done
qemu=(qemu-system-x86_64 -accel "${FL_VM_ACCEL:-tcg,thread=single}" -cpu max -smp 2 -m "$mem" -nographic -no-reboot
	-kernel "$vm/vmlinuz" -initrd "$initrd"
	-drive "file=$vm/swap.img,if=virtio,format=raw"
	-drive "file=$vm/data.img,if=virtio,format=raw" -snapshot
	-append "console=ttyS0 panic=-1 quiet $boot_opts fl.scenario=$scenario ${FL_VM_APPEND:-}")
if [ "$scenario" = shell ]; then
	exec "${qemu[@]}"
fi
log=$(mktemp) failed_boots=$(mktemp)
qemu_pid=
trap '[ -n "$qemu_pid" ] && kill "$qemu_pid" 2>/dev/null; rm -f "$log" "$failed_boots"' EXIT

# boot SECONDS: run the guest once into $log, for at most SECONDS.
# Returns 0 once it reached VM-READY (and then ran to its end or to the
# limit), 1 when it did not within the boot limit (the guest is stopped
# then).
boot() {
	start=$SECONDS
	: >"$log"
	timeout "$1" "${qemu[@]}" </dev/null >"$log" 2>&1 &
	qemu_pid=$!
	while kill -0 "$qemu_pid" 2>/dev/null && ! grep -q 'VM-READY' "$log"; do
		if [ $((SECONDS - start)) -ge "$boot_limit" ]; then
			kill "$qemu_pid" 2>/dev/null || true
			break
		fi
		sleep 0.5
	done
	wait "$qemu_pid" || true
	qemu_pid=
	grep -q 'VM-READY' "$log"
}

# For people: CR-LF line ends made LF, each redraw of a progress line (a
# lone CR) a line of its own, terminal escape codes dropped.
readable() {
	sed 's/\r$//' "$log" | tr '\r' '\n' | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\x1bc//g'
}

first_start=$SECONDS
attempt=1
until boot $((limit - (SECONDS - first_start))); do
	{
		echo "--- boot $attempt: no VM-READY after $((SECONDS - start)) s (boot limit $boot_limit s); its last lines:"
		readable | tail -30
	} >>"$failed_boots"
	if [ "$attempt" -gt "$retries" ] || [ $((limit - (SECONDS - first_start))) -lt 10 ]; then
		echo "vm: $scenario: environment failure: the guest did not come up in $attempt boots ($((SECONDS - first_start)) s); nothing of this project ran yet: QEMU or the host failed." >&2
		cat "$failed_boots" >&2
		exit 75
	fi
	why=$(readable | grep -m1 -E 'Kernel panic|Oops|BUG:' || echo "no VM-READY after $((SECONDS - start)) s")
	echo "vm: $scenario: boot $attempt did not come up ($why); an environment failure before anything of this project ran: booting again" >&2
	attempt=$((attempt + 1))
	start=$SECONDS
done
readable | sed -n '/VM-READY/,$p' | sed 's/.*VM-READY/VM-READY/' | grep -v 'reboot: Power down' || true
if grep -q 'Kernel panic' "$log"; then
	echo "vm: $scenario: the guest kernel panicked" >&2
	tr -d '\r' <"$log" | tail -30 >&2
	exit 1
fi
rc=$(tr -d '\r' <"$log" | sed -n 's/^VM-RESULT: \([0-9]*\)$/\1/p' | tail -1)
if [ -z "$rc" ]; then
	echo "vm: $scenario: no result after $((SECONDS - start)) s (limit $limit s): timed out or crashed" >&2
	tr -d '\r' <"$log" | tail -20 >&2
	exit 1
fi
echo "vm: $scenario: exit $rc in $((SECONDS - start)) s"
exit "$rc"
