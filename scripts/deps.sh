#!/usr/bin/env bash
# Install the Debian 12 packages a task needs, and only those missing.
# usage: scripts/deps.sh GROUP...   (groups: build test bench vm cross model la64 wmm package apps image)
# Runs apt-get as root, through sudo when not root.  Nothing else is
# downloaded.
set -euo pipefail

packages_for() {
	case $1 in
	build) echo cmake make gcc g++ pkg-config liblzma-dev libzstd-dev xz-utils zstd ;;
	test) echo cppcheck clang-tidy clang libclang-rt-14-dev prometheus curl ;;
	# memreclaim's OCI image (scripts/image.sh) and its run (podman; runc,
	# as crun refuses a hybrid cgroup layout).
	image) echo buildah podman runc ;;
	bench) echo libck-dev libdpdk-dev gnuplot-nox valgrind ;;
	vm) echo qemu-system-x86 busybox-static cpio file xz-utils zstd util-linux liblzma-dev libzstd-dev ;;
	cross) echo qemu-user gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross \
		gcc-riscv64-linux-gnu libc6-dev-riscv64-cross \
		gcc-arm-linux-gnueabihf libc6-dev-armhf-cross \
		gcc-s390x-linux-gnu libc6-dev-s390x-cross \
		gcc-powerpc-linux-gnu libc6-dev-powerpc-cross \
		gcc-mips-linux-gnu libc6-dev-mips-cross \
		clang-19 lld-19 llvm-19 gcc-or1k-elf qemu-system-misc \
		gdb-multiarch ;;
	model) echo spin ;;
	package) echo build-essential debhelper dpkg-dev fakeroot lintian mmdebstrap pkgconf \
		liblzma-dev libzstd-dev ;;
	la64) echo clang-19 lld-19 llvm-19 ;;
	wmm) echo clang-19 llvm-19-dev autoconf automake patch libffi-dev zlib1g-dev \
		libedit-dev ocaml-nox ocaml-dune menhir libmenhir-ocaml-dev \
		libzarith-ocaml-dev ;;
	# Debian's programs that bench/apps runs under fairlock-run.
	apps) echo rocksdb-tools kyotocabinet-utils memcached libmemcached-tools \
		sysbench pigz xz-utils redis-server redis-tools python3-minimal ;;
	*) echo "deps.sh: unknown group '$1'" >&2; exit 2 ;;
	esac
}

want=()
for group in "$@"; do
	for p in $(packages_for "$group"); do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q "ok installed"; then
			want+=("$p")
		fi
	done
done
[ ${#want[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	as_root=()
elif command -v sudo >/dev/null; then
	as_root=(sudo)
else
	echo "deps.sh: missing packages: ${want[*]}" >&2
	echo "deps.sh: run as root, or install them with apt-get" >&2
	exit 1
fi
echo "deps.sh: installing ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
