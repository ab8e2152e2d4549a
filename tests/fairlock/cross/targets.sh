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
# "FAIL" with the whole output.  cross_summary ends the run: the counts,
# and a status that fails if any check did.
cross_passed=0
cross_failed=0
cross_check() {
	local what=$1 start=$SECONDS
	shift
	if "$@" >out.txt 2>&1; then
		cross_passed=$((cross_passed + 1))
		echo "  ok   $what ($((SECONDS - start)) s): $(tail -1 out.txt)"
	else
		cross_failed=$((cross_failed + 1))
		echo "  FAIL $what:" && sed 's/^/       /' out.txt
	fi
}
cross_summary() {
	echo "$cross_passed passed, $cross_failed failed"
	[ "$cross_failed" -eq 0 ]
}
