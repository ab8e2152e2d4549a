#!/usr/bin/env bash
# Fetch Debian's current linux-image-6.12*-amd64-unsigned with apt-get
# download (the newest one the archive has: no version is pinned), cache
# it, and extract the kernel and the modules the tests need (minix: the
# file-cache workload's file system, one module with no dependencies).
# usage: tests/vm/kernel.sh OUTDIR      (prints nothing; fills OUTDIR)
# Cache: $FL_VM_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/fairlock-toolkit/vm.
set -euo pipefail
out=$1
cache=${FL_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fairlock-toolkit/vm}
mkdir -p "$cache" "$out"
pkg=$(apt-cache search --names-only '^linux-image-6\.12\.[0-9]+\+deb12-amd64-unsigned$' |
	awk '{print $1}' | sort -V | tail -1)
if [ -z "$pkg" ]; then
	echo "kernel.sh: no linux-image-6.12*-amd64-unsigned in the apt lists (apt-get update?)" >&2
	exit 1
fi
deb=$(ls "$cache/${pkg}"_*.deb 2>/dev/null | tail -1 || true)
if [ -z "$deb" ]; then
	echo "kernel.sh: downloading $pkg" >&2
	(cd "$cache" && apt-get download -q "$pkg" >/dev/null 2>&1) ||
		(cd "$cache" && apt-get download "$pkg")
	deb=$(ls "$cache/${pkg}"_*.deb | tail -1)
fi
mods=(test_firmware virtio_blk minix)
missing=0
for m in "${mods[@]}"; do [ -e "$out/$m.ko" ] || missing=1; done
if [ ! -e "$out/vmlinuz" ] || [ "$deb" -nt "$out/vmlinuz" ] || [ $missing = 1 ]; then
	tmp=$(mktemp -d)
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" --wildcards \
		'./boot/vmlinuz-*' '*/lib/test_firmware.ko*' '*/drivers/block/virtio_blk.ko*' \
		'*/fs/minix/minix.ko*'
	cp "$tmp"/boot/vmlinuz-* "$out/vmlinuz"
	for m in "${mods[@]}"; do
		f=$(find "$tmp" -name "$m.ko*" -print -quit)
		case $f in
		*.xz) xz -dc "$f" > "$out/$m.ko" ;;
		*.zst) zstd -qdc "$f" > "$out/$m.ko" ;;
		*) cp "$f" "$out/$m.ko" ;;
		esac
	done
	basename "$deb" > "$out/kernel-package"
	rm -rf "$tmp"
fi
