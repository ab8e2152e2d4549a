#!/usr/bin/env bash
# Build the Debian packages, check them with lintian, and install, use,
# remove and purge them in a clean Debian 12 chroot (tests/package/checks.sh).
# usage: scripts/package.sh [OUT]   (default build/package; the .debs land there)
# Root (or sudo) for the chroot.  The chroot's packages come from the
# configured Debian archive and are cached in
# ~/.cache/fairlock-toolkit/package, so later runs download nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD
out=$(mkdir -p "${1:-build/package}" && cd "${1:-build/package}" && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/fairlock-toolkit/package
bash scripts/deps.sh package
[ "$(id -u)" -eq 0 ] && as_root=() || as_root=(sudo)

version=$(dpkg-parsechangelog -l debian/changelog -S Version)
src=$out/fairlock-toolkit-$version
echo "== source tree in $src"
rm -rf "$out" && mkdir -p "$src"
# What is tracked (or, outside git, everything but build trees).
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z --cached --others --exclude-standard |
		xargs -0 cp --parents -t "$src"
else
	tar -C "$top" --exclude='./build*' --exclude=./.git -cf - . | tar -C "$src" -xf -
fi

echo "== dpkg-buildpackage"
start=$SECONDS
(cd "$src" && DEB_BUILD_OPTIONS="parallel=$(nproc) ${DEB_BUILD_OPTIONS:-}" \
	dpkg-buildpackage -b -us -uc >"$out/build.log" 2>&1) ||
	{ tail -40 "$out/build.log"; echo "package: dpkg-buildpackage failed ($out/build.log)" >&2; exit 1; }
echo "built in $((SECONDS - start)) s: $(cd "$out" && echo ./*.deb)"

echo "== lintian"
# Errors and warnings fail; each accepted one has an override with its
# reason in debian/*.lintian-overrides.
lintian --fail-on error,warning --suppress-tags-from-file /dev/null \
	"$out"/*.changes | tee "$out/lintian.log"

echo "== clean Debian 12 chroot"
start=$SECONDS
mkdir -p "$cache"
mkdir -p "$out/debs" "$out/consumer"
cp "$out"/*.deb "$out/debs/"
cp tests/install/consumer/consumer.c tests/install/consumer/la64_consumer.c "$out/consumer/"
# The archive cache goes in before apt runs and comes back out after, so
# only the first run downloads.  The checks run as the last step inside.
"${as_root[@]}" mmdebstrap --variant=apt --quiet \
	--include=gcc,libc6-dev,pkgconf,man-db \
	--skip=cleanup/apt/cache \
	--setup-hook='mkdir -p "$1/var/cache/apt/archives"' \
	--setup-hook="sync-in '$cache' /var/cache/apt/archives" \
	--customize-hook="sync-out /var/cache/apt/archives '$cache'" \
	--customize-hook="copy-in '$out/debs' '$out/consumer' /tmp" \
	--customize-hook='mv "$1/tmp/consumer" "$1/tmp/src"' \
	--customize-hook="upload '$top/tests/package/checks.sh' /tmp/checks.sh" \
	--customize-hook='chroot "$1" sh /tmp/checks.sh' \
	bookworm /dev/null
echo "package: chroot checks passed in $((SECONDS - start)) s"
