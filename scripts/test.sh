#!/usr/bin/env bash
# Install what is missing, build, and run the tests (all but two long
# groups, below): the plain build, then the same tests under ASan+UBSan
# and under ThreadSanitizer.
# usage: scripts/test.sh [CTEST-ARGS...]   e.g. scripts/test.sh -L stress
# (the labels posix_full and deep run only when an argument names them)
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
# Two groups run only when asked: the conformance suites with
# fairlock-run's other locks and their long tests (label posix_full, ~13
# min on 2 cores: docs/posix-conformance.md) and the longest model checks,
# GenMC's ten biggest programs and spin's qspinlock model (label deep,
# ~18 min on 2 cores: docs/model-checking.md).  scripts/test.sh -L
# posix_full, or -L deep, runs one.
opt_in=()
for label in posix_full deep; do
	case " $* " in *"$label"*) ;; *) opt_in+=("$label") ;; esac
done
if [ ${#opt_in[@]} -gt 0 ]; then
	CTEST_ARGS+=(-LE "^($(IFS='|' && echo "${opt_in[*]}"))\$")
fi
run plain
run asan -DFL_SANITIZE=address
run tsan -DFL_SANITIZE=thread
echo "=== all test runs finished in $((SECONDS - start)) s: $([ $status = 0 ] && echo passed || echo FAILED)"
exit $status
