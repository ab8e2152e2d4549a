#!/usr/bin/env bash
# The guest's Python layer, for Senpai (bench/tools/vs-senpai.sh): Debian's
# python3.11 and the libraries it runs on, fetched with apt-get download
# (cached beside the kernel), unpacked, and packed with the vendored,
# unmodified senpai.py as a second initramfs archive.  The kernel unpacks
# concatenated archives in turn, so OUTDIR/initrd-python.gz is the test
# guest's initrd.gz with this layer after it.
# usage: tests/vm/python.sh OUTDIR      (after tests/vm/build.sh OUTDIR)
# Cache: $FL_VM_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/fairlock-toolkit/vm.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$(cd "$1" && pwd)
cache=${FL_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fairlock-toolkit/vm}
[ -e "$out/initrd.gz" ] || { echo "python.sh: $out: no initrd.gz (tests/vm/build.sh $out)" >&2; exit 2; }
# python3.11-minimal's Depends and what argparse needs of the full standard
# library (gettext); the standard library's C extensions are left out, and
# Senpai imports none of them.
pkgs=(python3.11-minimal libpython3.11-minimal libpython3.11-stdlib libc6 zlib1g libexpat1)
mkdir -p "$cache/python"
for p in "${pkgs[@]}"; do
	if ! ls "$cache/python/${p}"_*.deb >/dev/null 2>&1; then
		echo "python.sh: downloading $p" >&2
		(cd "$cache/python" && apt-get download -q "$p" >/dev/null 2>&1) ||
			(cd "$cache/python" && apt-get download "$p")
	fi
done

layer=$(mktemp -d)
trap 'rm -rf "$layer"' EXIT
for p in "${pkgs[@]}"; do
	dpkg-deb -x "$(ls "$cache/python/${p}"_*.deb | tail -1)" "$layer"
done
rm -rf "${layer:?}"/usr/share "${layer:?}"/usr/lib/x86_64-linux-gnu/gconv \
	"${layer:?}"/usr/lib/python3.11/{test,pydoc_data,idlelib,lib-dynload,ensurepip,lib2to3} \
	"${layer:?}"/usr/lib/x86_64-linux-gnu/libpython3.11*
# An empty lib-dynload tells Python where its exec_prefix is.
mkdir -p "$layer/opt" "$layer/usr/lib/python3.11/lib-dynload"
tar -xzf "$top"/third_party/senpai-*.tar.gz -C "$layer/opt" senpai/senpai.py senpai/LICENSE
(cd "$layer" && find . -mindepth 1 | cpio -o -H newc --quiet | gzip -1) > "$out/python.cpio.gz"
cat "$out/initrd.gz" "$out/python.cpio.gz" > "$out/initrd-python.gz"
echo "vm: Python layer $(du -h "$out/python.cpio.gz" | cut -f1) ($(cd "$cache/python" && ls | tr '\n' ' '))"
