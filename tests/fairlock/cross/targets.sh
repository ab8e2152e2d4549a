# The cross-architecture matrix: target -> compiler, emulator, what it is.
# Sourced by run.sh, codegen.sh, or1k/run.sh, tests/la64/build_object.sh and
# tests/preload/cross/run.sh.
cross_cc() {
	case $1 in
	aarch64) echo aarch64-linux-gnu-gcc ;;
	riscv64) echo riscv64-linux-gnu-gcc ;;
	armhf) echo arm-linux-gnueabihf-gcc ;;
	s390x) echo s390x-linux-gnu-gcc ;;
	powerpc) echo powerpc-linux-gnu-gcc ;;
	mips) echo mips-linux-gnu-gcc ;;
	loongarch64) echo clang-19 ;; # no LoongArch libc or gcc in Debian 12
	or1k) echo or1k-elf-gcc ;;
	*) return 1 ;;
	esac
}
cross_qemu() {
	case $1 in
	aarch64) echo qemu-aarch64 ;;
	riscv64) echo qemu-riscv64 ;;
	armhf) echo qemu-arm ;;
	s390x) echo qemu-s390x ;;
	powerpc) echo qemu-ppc ;;
	mips) echo qemu-mips ;;
	loongarch64) echo qemu-loongarch64 ;;
	*) return 1 ;;
	esac
}
cross_what() {
	case $1 in
	aarch64) echo "64-bit little-endian, ARMv8" ;;
	riscv64) echo "64-bit little-endian, RV64GC" ;;
	armhf) echo "32-bit little-endian, ARMv7" ;;
	s390x) echo "64-bit big-endian" ;;
	powerpc) echo "32-bit big-endian" ;;
	mips) echo "32-bit big-endian" ;;
	loongarch64) echo "64-bit little-endian, LA64 (freestanding runtime)" ;;
	esac
}

# Configure and build the cross project (CMakeLists.txt here) for one
# target: cross_build TARGET BUILD_DIR [CMAKE_ARGS...] -- [CMAKE_TARGETS...]
# The compiler's and the build's output go to BUILD_DIR/*.log, shown on
# failure.
cross_build() {
	local target=$1 dir=$2 cc system=Linux
	shift 2
	local args=() targets=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	targets=("$@")
	cc=$(cross_cc "$target") || { echo "cross: unknown target '$target'" >&2; return 2; }
	case $target in
	loongarch64) args+=(-DCMAKE_C_COMPILER_TARGET=loongarch64-linux-gnu
		-DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY) ;;
	or1k) system=Generic args+=(-DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY) ;;
	esac
	command -v "$cc" >/dev/null || { echo "cross: $cc missing (scripts/deps.sh cross)" >&2; return 1; }
	mkdir -p "$dir"
	cmake -S "$(dirname "${BASH_SOURCE[0]}")" -B "$dir" -DFL_CROSS_TARGET="$target" \
		-DCMAKE_SYSTEM_NAME=$system -DCMAKE_SYSTEM_PROCESSOR="$target" \
		-DCMAKE_C_COMPILER="$cc" "${args[@]}" >"$dir/configure.log" 2>&1 ||
		{ cat "$dir/configure.log" >&2; return 1; }
	local build=(cmake --build "$dir" -j "$(nproc)")
	[ ${#targets[@]} -eq 0 ] || build+=(--target "${targets[@]}")
	"${build[@]}" >"$dir/build.log" 2>&1 || { tail -40 "$dir/build.log" >&2; return 1; }
}

# One check of a cross run: cross_check WHAT CMD... runs CMD with its output
# in out.txt (in the current directory), counts it in cross_passed or
# cross_failed, and says "ok" with the time and the output's last line, or
# "FAIL" with its exit status and the whole output; it returns 0 either
# way, so that a run under set -e goes on to its other checks.
# cross_summary ends the run: the counts, and a status that fails if any
# check did.
#
# A hang is the failure hardest to catch again, so a check run by
# cross_guest (timeout -s ABRT) leaves evidence: the emulator writes the
# guest's core, qemu_PROGRAM_*.core, and cross_check prints every guest
# thread's stack from it when gdb-multiarch is there (scripts/deps.sh
# cross), and the words of the symbols cross_gdb_words names that the
# program has.
cross_passed=0
cross_failed=0
cross_limit=

# cross_guest LIMIT QEMU [QEMU-ARGS...] ./PROGRAM ARGS...: run PROGRAM (the
# first argument that begins with ./) under the emulator; past LIMIT
# seconds, SIGABRT (the guest dumps core), 30 s later SIGKILL.  With
# cross_pin set (cross_pin_if_reordering), on that host CPU alone.
cross_guest() {
	local limit=$1 arg pin=()
	shift
	cross_limit=$limit
	for arg in "$@"; do
		case $arg in ./*) cross_program=$arg; break ;; esac
	done
	if [ -n "${cross_pin:-}" ]; then pin=(taskset -c "$cross_pin"); fi
	(ulimit -c unlimited 2>/dev/null
	 exec timeout -s ABRT -k 30 "$limit" "${pin[@]}" "$@")
}

# cross_pin_if_reordering PROBE QEMU [QEMU-ARGS...]: run the store-buffering
# probe (emulator_sb.c) under the emulator; where the emulator lets a
# SEQ_CST load pass an earlier SEQ_CST store, which the guest architecture
# forbids, set cross_pin to one host CPU that cross_guest then runs every
# program on.  Says which it found.
cross_pin_if_reordering() {
	local probe=$1 out status=0 cpus=() part
	shift
	cross_pin=
	out=$(timeout 600 "$@" "$probe" 2>&1) || status=$?
	case $status in
	0) echo "emulator: $out: the programs run on every host CPU" ;;
	3)
		# One of the CPUs this process may run on ("0-1,4"), picked
		# by the process ID, so that two runs side by side (ctest -j)
		# are not always put on the same one.
		for part in $(taskset -pc $$ | sed 's/.*: *//; s/,/ /g'); do
			if [[ $part == *-* ]]; then
				cpus+=($(seq "${part%-*}" "${part#*-}"))
			else
				cpus+=("$part")
			fi
		done
		cross_pin=${cpus[$(($$ % ${#cpus[@]}))]}
		echo "emulator: $out; the programs run on host CPU $cross_pin alone, where it cannot"
		;;
	*) echo "emulator: the store-buffering probe failed ($status): $out" >&2; return 1 ;;
	esac
}

# The stacks of a hung guest, from the core it dumped (cross_program's);
# the cores go.  Nothing here may end a run under set -e.
cross_stacks() {
	local core='' f args=() sym n
	for f in qemu_*.core; do
		if [ -e "$f" ] && { [ -z "$core" ] || [ "$f" -nt "$core" ]; }; then core=$f; fi
	done
	if [ -z "$core" ]; then
		echo "       (the guest left no core to read stacks from)"
	elif [ -z "${cross_program:-}" ] || ! command -v gdb-multiarch >/dev/null; then
		echo "       (a core, but no gdb-multiarch to read it: scripts/deps.sh cross)"
	else
		echo "       the guest's threads when it was stopped:"
		args=(-ex "thread apply all bt 10")
		while read -r sym n; do
			if [ -n "$sym" ]; then args+=(-ex "x/${n}wx &$sym"); fi
		done <<<"${cross_gdb_words:-}"
		# From the first thread on (gdb first shows the current frame
		# alone); a symbol the program lacks prints nothing.
		{ timeout 300 gdb-multiarch -batch "${args[@]}" "$cross_program" "$core" 2>&1 || true; } |
			awk '/^Thread /{on=1} on && /^(Thread |#|0x[0-9a-f]+ <)/' | sed 's/^/       /'
	fi
	rm -f qemu_*.core core
}

cross_check() {
	local what=$1 start=$SECONDS status=0 why=''
	shift
	cross_program= cross_limit=
	rm -f qemu_*.core core
	"$@" >out.txt 2>&1 || status=$?
	if [ "$status" -eq 0 ]; then
		cross_passed=$((cross_passed + 1))
		echo "  ok   $what ($((SECONDS - start)) s): $(tail -1 out.txt)"
		return 0
	fi
	cross_failed=$((cross_failed + 1))
	# timeout(1): 124 when the limit's signal ended the program, 137 when
	# the SIGKILL 30 s later had to; else the program's status, or 128 + a
	# signal.
	case $status in
	124) why=' (timed out)' ;;
	137) if [ -n "$cross_limit" ] && [ $((SECONDS - start)) -ge "$cross_limit" ]; then
		why=" (timed out; SIGABRT did not end it, SIGKILL 30 s later did)"
	     fi ;;
	esac
	echo "  FAIL $what: exit status $status after $((SECONDS - start)) s$why"
	sed 's/^/       /' out.txt
	# Stacks for a hang, and for a guest that aborted (it dumped core).
	if [ -n "$why" ] || [ "$status" -eq 134 ]; then cross_stacks; fi
	rm -f qemu_*.core core
	return 0
}
cross_summary() {
	echo "$cross_passed passed, $cross_failed failed"
	[ "$cross_failed" -eq 0 ]
}
