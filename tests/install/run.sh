#!/usr/bin/env bash
# Install the built library into a scratch prefix, then build a user's
# program against it twice: with pkg-config alone, and with find_package().
# usage: run.sh BUILD_DIR SCRATCH_DIR
set -euo pipefail
build=$1 scratch=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$scratch"
mkdir -p "$scratch"
prefix=$scratch/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name fairlock.pc -print -quit)")
libdir=${libdir%/pkgconfig}
for f in include/fairlock/ticket.h include/fairlock/qspinlock.h \
	include/fairlock/qrwlock.h; do
	test -f "$prefix/$f" || { echo "not installed: $f" >&2; exit 1; }
done
test -f "$libdir/libfairlock.a" || { echo "no static library" >&2; exit 1; }
ls "$libdir"/libfairlock.so.* >/dev/null || { echo "no shared library" >&2; exit 1; }

echo "== pkg-config, shared"
export PKG_CONFIG_PATH=$libdir/pkgconfig
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Werror -o "$scratch/consumer" "$here/consumer/consumer.c" \
	$(pkg-config --cflags --libs fairlock)
LD_LIBRARY_PATH=$libdir "$scratch/consumer"

echo "== pkg-config --static"
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Werror -o "$scratch/consumer-static" "$here/consumer/consumer.c" \
	$(pkg-config --cflags fairlock) "$libdir/libfairlock.a" $(pkg-config --static --libs-only-other fairlock)
"$scratch/consumer-static"

echo "== pkg-config la64, shared"
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Werror -o "$scratch/la64_consumer" "$here/consumer/la64_consumer.c" \
	$(pkg-config --cflags --libs la64)
LD_LIBRARY_PATH=$libdir "$scratch/la64_consumer"

echo "== find_package(fairlock)"
cmake -S "$here/consumer" -B "$scratch/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$scratch/cmake-build" >/dev/null
LD_LIBRARY_PATH=$libdir "$scratch/cmake-build/consumer"
echo "install_consumer: ok"
