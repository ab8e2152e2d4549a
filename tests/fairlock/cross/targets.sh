# The cross-architecture matrix: target -> compiler, emulator, what it is.
# Sourced by run.sh and codegen.sh.
cross_cc() {
	case $1 in
	aarch64) echo aarch64-linux-gnu-gcc ;;
	riscv64) echo riscv64-linux-gnu-gcc ;;
	armhf) echo arm-linux-gnueabihf-gcc ;;
	s390x) echo s390x-linux-gnu-gcc ;;
	powerpc) echo powerpc-linux-gnu-gcc ;;
	mips) echo mips-linux-gnu-gcc ;;
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
