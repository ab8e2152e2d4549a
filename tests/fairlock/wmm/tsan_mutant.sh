#!/usr/bin/env bash
# An ordering the model build does not compile (the parking table's
# three-state bucket lock, src/fairlock/bucket_lock_linux.h), weakened in a scratch
# copy of the tree and caught by ThreadSanitizer on the mutex's stress
# tests: the run must report a data race (on the queue the lock guards).
# Not part of ctest (it builds a TSan tree: minutes).
# usage: tests/fairlock/wmm/tsan_mutant.sh take|give
#   take  the bucket lock's compare-exchange and exchanges: ACQUIRE -> RELAXED
#   give  its release exchange: RELEASE -> RELAXED
set -euo pipefail
top=$(cd "$(dirname "$0")/../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$top" && tar --exclude='./build*' --exclude=./.git -cf - .) | tar -xf - -C "$work"
rel=src/fairlock/bucket_lock_linux.h
f=$work/$rel
lock_fn=$(sed -n '/^static inline void fl_plat_bucket_lock_acquire(fl_plat_bucket_lock_t \*l)$/=' "$f")
unlock_fn=$(sed -n '/^static inline void fl_plat_bucket_lock_release(fl_plat_bucket_lock_t \*l)$/=' "$f")
[ -n "$lock_fn" ] && [ -n "$unlock_fn" ] || { echo "tsan_mutant.sh: the bucket lock's functions are not in $rel" >&2; exit 2; }
case ${1:-} in
take) sed -i "$lock_fn,$((unlock_fn - 1))s/__ATOMIC_ACQUIRE/__ATOMIC_RELAXED/" "$f" ;;
give) sed -i "$unlock_fn,\$s/__atomic_exchange_n(l, 0, __ATOMIC_RELEASE)/__atomic_exchange_n(l, 0, __ATOMIC_RELAXED)/" "$f" ;;
*) echo "usage: tsan_mutant.sh take|give" >&2; exit 2 ;;
esac
{ diff -u "$top/$rel" "$f" || true; } | grep '^[-+][^-+]' || { echo "tsan_mutant.sh: nothing changed" >&2; exit 2; }
cmake -S "$work" -B "$work/b" -DBUILD_TESTING=ON -DFL_SANITIZE=thread >/dev/null
cmake --build "$work/b" -j"$(nproc)" --target test_stress >/dev/null
if (cd "$work/b" && ctest -R 'test_stress_mutex_8$' --output-on-failure) >"$work/out" 2>&1; then
	echo "tsan_mutant.sh $1: NOT caught (the stress test passed)" >&2
	exit 1
fi
grep -m1 'ThreadSanitizer: data race' "$work/out" || { tail -20 "$work/out"; exit 1; }
grep -m1 -E 'parking.c|bucket_lock_linux.h' "$work/out"
echo "tsan_mutant.sh $1: caught"
