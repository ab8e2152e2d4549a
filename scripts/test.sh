#!/usr/bin/env bash
# Install what is missing, build, and run every test: the plain build, then
# the same tests under ASan+UBSan and under ThreadSanitizer.
# usage: scripts/test.sh [CTEST-ARGS...]   e.g. scripts/test.sh -L stress
# (the label posix_full runs only when an argument names it)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build test bench model cross vm la64 wmm package apps image

jobs=$(nproc)
start=$SECONDS
status=0
run() { # name cmake-args...
	local dir=build-$1
	shift
	[ "$dir" = build-plain ] && dir=build
	echo "=== $dir"
	# BUILD_TESTING=ON: demo.sh configures build/ without the tests.
	cmake -S . -B "$dir" -DBUILD_TESTING=ON "$@" >/dev/null
	cmake --build "$dir" -j"$jobs" >/dev/null
	(cd "$dir" && ctest -j"$jobs" --output-on-failure "${CTEST_ARGS[@]}") ||
		status=1
}
CTEST_ARGS=("$@")
# The conformance suites with fairlock-run's other locks and their long
# tests (label posix_full, ~30 min on 2 cores: docs/posix-conformance.md)
# run only when asked: scripts/test.sh -L posix_full.
case " $* " in *posix_full*) ;; *) CTEST_ARGS+=(-LE posix_full) ;; esac
run plain
run asan -DFL_SANITIZE=address
run tsan -DFL_SANITIZE=thread
echo "=== all test runs finished in $((SECONDS - start)) s: $([ $status = 0 ] && echo passed || echo FAILED)"
exit $status
