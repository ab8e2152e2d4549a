#!/usr/bin/env bash
# Boot the guest and run one scenario in it; exit with the scenario's
# status.  A panic, a guest that does not finish, or a missing verdict
# fail clearly instead of hanging.
# usage: tests/vm/run.sh VMDIR SCENARIO [TIMEOUT_S]
#        tests/vm/run.sh VMDIR shell           an interactive shell in the guest
# Environment: FL_VM_INITRD, the initrd file in VMDIR (default initrd.gz;
# initrd-python.gz has Python and Senpai, tests/vm/python.sh);
# FL_VM_MEM, the guest's memory in MiB (default 1024); FL_VM_APPEND, more
# kernel command line; FL_VM_ACCEL, QEMU's -accel (default tcg,thread=single).
#
# Why one host thread for both vCPUs: with multi-threaded TCG (QEMU's
# default) a Linux 6.12 guest now and then dies in boot, an "Oops: int3"
# in code the kernel was patching at run time (static keys, alternatives)
# while the other vCPU ran it, or an RCU stall.  Single-threaded TCG runs
# the vCPUs in turn, so no vCPU executes a translation of code that another
# is rewriting.  The failure rate with and without it: tests/vm/boots.sh
# and docs/testing.md.
#
# Exit status: the scenario's; 1 when the guest panicked or gave no verdict
# after VM-READY; 75 (EX_TEMPFAIL) when it never reached VM-READY (an environment failure:
# QEMU or the host, before anything of this project ran).
set -euo pipefail
vm=$1 scenario=$2 limit=${3:-180}
initrd=$vm/${FL_VM_INITRD:-initrd.gz} mem=${FL_VM_MEM:-1024}
[ -e "$initrd" ] || { echo "run.sh: $initrd: not built (tests/vm/build.sh $vm)" >&2; exit 2; }
[[ $mem =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: FL_VM_MEM '$mem' is not a size in MiB" >&2; exit 2; }
qemu=(qemu-system-x86_64 -accel "${FL_VM_ACCEL:-tcg,thread=single}" -cpu max -smp 2 -m "$mem" -nographic -no-reboot
	-kernel "$vm/vmlinuz" -initrd "$initrd"
	-drive "file=$vm/swap.img,if=virtio,format=raw"
	-drive "file=$vm/data.img,if=virtio,format=raw" -snapshot
	-append "console=ttyS0 panic=-1 quiet fl.scenario=$scenario ${FL_VM_APPEND:-}")
if [ "$scenario" = shell ]; then
	exec "${qemu[@]}"
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$SECONDS
timeout "$limit" "${qemu[@]}" </dev/null >"$log" 2>&1 || true
# For people: CR-LF line ends made LF, each redraw of a progress line (a
# lone CR) a line of its own, terminal escape codes dropped.
sed 's/\r$//' "$log" | tr '\r' '\n' | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\x1bc//g' |
	sed -n '/VM-READY/,$p' | sed 's/.*VM-READY/VM-READY/' | grep -v 'reboot: Power down' || true
if ! grep -q 'VM-READY' "$log"; then
	echo "vm: $scenario: environment failure: the guest did not come up (no VM-READY after $((SECONDS - start)) s, limit $limit s); nothing of this project ran yet: QEMU or the host failed. The guest's last lines:" >&2
	tr -d '\r' <"$log" | tail -30 >&2
	exit 75
fi
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
