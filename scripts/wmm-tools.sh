#!/usr/bin/env bash
# Build the two weak-memory model checkers from the sources vendored in
# third_party/ (GenMC 0.11.0 and herd7 from herdtools7 7.57), with the
# patches in third_party/patches/, once, into a cache outside the tree, and
# print the two paths:
#   GENMC=<path to genmc>
#   HERD=<path to herd7> HERD_LIBDIR=<its model library>
# A cached build is reused while its tarball and its patches are unchanged
# (keyed by their SHA-256).  Building both took 287 s on 2 cores, with other tests
# beside it (docs/testing.md).
# usage: scripts/wmm-tools.sh [genmc|herd]...     (default: both)
# Cache: $FL_WMM_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/fairlock-toolkit/wmm.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FL_WMM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fairlock-toolkit/wmm}
jobs=$(nproc)
mkdir -p "$cache"

# The tarball's patches, one per line, in name order:
# third_party/patches/<tarball name less .tar.gz>-*.patch.
patches_of() {
	local base patch
	base=$(basename "$1" .tar.gz)
	for patch in "$top/third_party/patches/$base"-*.patch; do
		if [ -e "$patch" ]; then printf '%s\n' "$patch"; fi
	done
}

# The cache key: the tarball's contents, and its patches' where it has any.
key() {
	local patches=()
	mapfile -t patches < <(patches_of "$1")
	if [ ${#patches[@]} -eq 0 ]; then
		sha256sum "$1" | cut -c1-16
	else
		{ sha256sum "$1" | cut -c1-64; cat "${patches[@]}"; } |
			sha256sum | cut -c1-16
	fi
}

# build_once NAME TARBALL BUILD-FUNCTION: unpack into the cache, apply the
# tarball's patches and build, unless a finished build of this tarball
# with these patches is there.  The stamp is written last, so an
# interrupted build is redone.
build_once() {
	local name=$1 tarball=$2 fn=$3 dir patch
	dir=$cache/$name-$(key "$tarball")
	if [ ! -e "$dir/.built" ]; then
		echo "wmm-tools.sh: building $name from $(basename "$tarball") (once; cached in $dir)" >&2
		rm -rf "$dir"
		mkdir -p "$dir"
		tar xzf "$tarball" -C "$dir" --strip-components=1
		while IFS= read -r patch; do
			patch -d "$dir" -p1 --quiet <"$patch" || {
				echo "wmm-tools.sh: $(basename "$patch") does not apply" >&2
				exit 1
			}
		done < <(patches_of "$tarball")
		(cd "$dir" && "$fn") >"$dir.log" 2>&1 || {
			echo "wmm-tools.sh: $name failed to build; the last lines of $dir.log:" >&2
			tail -20 "$dir.log" >&2
			exit 1
		}
		touch "$dir/.built"
	fi
	echo "$dir"
}

# GenMC needs a C++23 compiler: Debian 12's g++-12 is refused by its
# configure script, clang++-19 (with libstdc++ 12) works.
genmc_build() {
	autoreconf --install
	CC=clang-19 CXX=clang++-19 ./configure --with-llvm=/usr/lib/llvm-19
	make -j"$jobs" genmc
}

# herdtools7 7.57 is the last release Debian 12's OCaml and zarith build.
herd_build() {
	sh version-gen.sh /usr/local
	dune build -j "$jobs" herd/herd.exe
}

want=("$@")
[ ${#want[@]} -gt 0 ] || want=(genmc herd)
for tool in "${want[@]}"; do
	case $tool in
	genmc)
		dir=$(build_once genmc "$top/third_party/genmc-0.11.0.tar.gz" genmc_build)
		echo "GENMC=$dir/genmc"
		;;
	herd)
		dir=$(build_once herd "$top/third_party/herdtools7-7.57.tar.gz" herd_build)
		echo "HERD=$dir/_build/default/herd/herd.exe HERD_LIBDIR=$dir/herd/libdir"
		;;
	*) echo "wmm-tools.sh: unknown tool '$tool'" >&2; exit 2 ;;
	esac
done
