#!/usr/bin/env bash
# herd7 on the ticket lock as the compiler really emitted it: compile the
# probe for TARGET (tests/fairlock/cross/probe.sh), disassemble it, and let
# objlitmus.py turn probe_lock's and probe_unlock's fast paths into the
# SB and hand-over litmus tests and run them.  Where the lock calls
# libgcc's outline atomic (arm64, GCC's and clang's default), the helper is
# disassembled from the toolchain's own libgcc.a and each of its bodies
# is checked: LDADDAL (CPUs with LSE) and the LDAXR/STLXR loop (ARMv8.0).
# usage: tests/fairlock/wmm/objlitmus.sh TARGET
#   TARGET: aarch64-gcc aarch64-clang aarch64-gcc-llsc aarch64-gcc-lse
#           riscv64-gcc riscv64-clang powerpc-gcc powerpc-clang
# CODEGEN_MUTANT / CODEGEN_CFLAGS as for codegen.sh: the controls.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
target=${1:?usage: objlitmus.sh TARGET}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=SCRIPTDIR/../cross/probe.sh
. "$top/tests/fairlock/cross/probe.sh"
case $target in
aarch64-*) arch=aarch64 ;;
riscv64-*) arch=riscv ;;
powerpc-*) arch=ppc ;;
*) echo "objlitmus.sh: no litmus model for '$target'" >&2; exit 2 ;;
esac
compile_probe "$target" "$work"
llvm-objdump-19 -d -r --no-show-raw-insn "$work/p.o" >"$work/dis.txt"
eval "$(bash "$top/scripts/wmm-tools.sh" herd)"
run() { python3 "$here/objlitmus.py" "$arch" "$work/dis.txt" --herd "$HERD" \
	--libdir "$HERD_LIBDIR" --work "$work" "$@"; }
# The outline helper probe_lock calls, if any.
helper=$(awk '/^[0-9a-f]+ <probe_lock>:/ {on = 1; next} /^[0-9a-f]+ </ {on = 0} on' \
	"$work/dis.txt" | grep -o '__aarch64_[a-z0-9_]*' | sort -u) || true
if [ -z "$helper" ]; then
	run
	exit
fi
# The helper's object from the libgcc.a the target's programs link.
[ "$(wc -l <<<"$helper")" = 1 ] || { echo "objlitmus.sh: several helpers: $helper" >&2; exit 2; }
libgcc=$(aarch64-linux-gnu-gcc -print-libgcc-file-name)
member=$(nm -A "$libgcc" 2>/dev/null |
	awk -v h="$helper" '$NF == h && $(NF-1) == "T" {split($1, f, ":"); print f[2]}')
[ -n "$member" ] || { echo "objlitmus.sh: $helper not in $libgcc" >&2; exit 2; }
(cd "$work" && ar x "$libgcc" "$member")
llvm-objdump-19 -d -r --no-show-raw-insn "$work/$member" >"$work/helper.txt"
echo "outline helper: $helper ($libgcc: $member)"
status=0
for body in lse llsc; do
	run --helper "$work/helper.txt" --helper-path "$body" --tag "+$body" || status=1
done
exit $status
