#!/usr/bin/env bash
# Build the guest: the kernel and modules (kernel.sh), the project's tools
# as static binaries, and a busybox initramfs with the scenarios.
# usage: tests/vm/build.sh OUTDIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
bash "$here/kernel.sh" "$out"

root=$out/rootfs
rm -rf "$root"
mkdir -p "$root"/{bin,dev,proc,sys,tmp,modules,scenarios,bench,demo}
cp /bin/busybox "$root/bin/busybox"
file "$root/bin/busybox" | grep -q 'statically linked' || {
	echo "build.sh: /bin/busybox is not static (apt-get install busybox-static)" >&2
	exit 1
}
cp "$out/test_firmware.ko" "$out/virtio_blk.ko" "$out/minix.ko" "$root/modules/"
cp "$here/init.sh" "$root/init"
chmod +x "$root/init"
cp "$here"/scenarios/*.sh "$root/scenarios/"
# The benchmark's scenarios (bench/tools/vm-bench.sh), in the same guest.
cp "$top"/bench/tools/guest/*.sh "$root/bench/"
# The demo's (scripts/demo.sh).
cp "$top"/scripts/demo/*.sh "$root/demo/"
# Images made here, where xz and zstd exist: whole and broken.
mkdir -p "$root/scenarios/data"
head -c 1500 /dev/urandom > "$root/scenarios/data/img.bin"
xz -kc "$root/scenarios/data/img.bin" > "$root/scenarios/data/img.bin.xz"
zstd -qc "$root/scenarios/data/img.bin" > "$root/scenarios/data/img.bin.zst"
head -c 40 "$root/scenarios/data/img.bin.xz" > "$root/scenarios/data/corrupt.xz"
head -c 20 "$root/scenarios/data/img.bin.zst" > "$root/scenarios/data/corrupt.zst"

# The tools and the test workload, static: the project's own build (its
# source lists and flags, tools/CMakeLists.txt), in a tree of its own
# under OUTDIR.
tools=$out/tools-build
cmake -S "$top" -B "$tools" -DBUILD_TESTING=OFF -DFL_GUEST_TOOLS=ON >"$out/tools-build.log" 2>&1 ||
	{ tail -20 "$out/tools-build.log" >&2; exit 1; }
cmake --build "$tools" -j"$(nproc)" --target fwupload-static memreclaim-static workload-static \
	>>"$out/tools-build.log" 2>&1 || { tail -20 "$out/tools-build.log" >&2; exit 1; }
cp "$tools/tools/fwupload-static" "$root/bin/fwupload"
cp "$tools/tools/memreclaim-static" "$root/bin/memreclaim"
cp "$tools/tests/vm/workload-static" "$root/bin/workload"

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out/initrd.gz"
# A disk for swap (memreclaim's tests use it), and one with an empty minix
# file system for the file-cache workload (/dev/vdb).  Both sparse; the
# guest's writes go to QEMU's snapshot, never to these files.
truncate -s 1G "$out/swap.img"
if [ ! -e "$out/data.img" ]; then
	truncate -s 1G "$out/data.img.tmp"
	PATH=$PATH:/sbin:/usr/sbin mkfs.minix -3 "$out/data.img.tmp" >/dev/null
	mv "$out/data.img.tmp" "$out/data.img"
fi
echo "vm: $(cat "$out/kernel-package"), initrd $(du -h "$out/initrd.gz" | cut -f1)"
