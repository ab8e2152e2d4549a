#!/usr/bin/env bash
# Install what is missing, build, and run the tests (all but two long
# groups, below): the plain build, then the same tests under ASan+UBSan
# and under ThreadSanitizer.
# usage: scripts/test.sh [CTEST-ARGS...]   e.g. scripts/test.sh -L stress
# (the labels posix_full and deep run only when a -L argument names them)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build test bench model cross vm la64 wmm package apps image

jobs=$(nproc)
start=$SECONDS
status=0 selected=0
run() { # name cmake-args...
	local dir=build-$1
	shift
	[ "$dir" = build-plain ] && dir=build
	echo "=== $dir"
	# BUILD_TESTING=ON: demo.sh configures build/ without the tests.
	cmake -S . -B "$dir" -DBUILD_TESTING=ON "$@" >/dev/null
	cmake --build "$dir" -j"$jobs" >/dev/null
	# Arguments that select no test in any of the three trees are a
	# mistake, not a pass.  No tree has every test: vm and cross are only
	# in build/, parity_flp_* only in the sanitizer trees.  An -N that
	# prints no count (--print-labels, bad arguments) counts as some.
	local n
	n=$(cd "$dir" && ctest -N "${CTEST_ARGS[@]}" 2>/dev/null | sed -n 's/^Total Tests: //p') || true
	selected=$((selected + ${n:-1}))
	(cd "$dir" && ctest -j"$jobs" --output-on-failure "${CTEST_ARGS[@]}") ||
		status=1
}
# Two groups run only when asked: the conformance suites with
# fairlock-run's other locks and their long tests (label posix_full, ~13
# min on 2 cores: docs/posix-conformance.md) and the longest model checks,
# GenMC's ten biggest programs and spin's qspinlock model (label deep,
# ~18 min on 2 cores: docs/model-checking.md).  A -L argument that names
# one (bash scripts/test.sh -L deep) runs it.
opt_in=() named=
for ((i = 1; i <= $#; i++)); do
	case ${!i} in -L | --label-regex)
		j=$((i + 1))
		[ "$j" -gt $# ] || named+=" ${!j}" ;;
	esac
done
for label in posix_full deep; do
	case $named in *"$label"*) ;; *) opt_in+=("$label") ;; esac
done
# ctest excludes a test only if it matches every -LE given: so the groups
# left out join each -LE of the caller's, or come as one of their own,
# first: a trailing option of the caller's that may take a value (a bare
# -j) would swallow it.
CTEST_ARGS=("$@")
if [ ${#opt_in[@]} -gt 0 ]; then
	left_out="^($(IFS='|' && echo "${opt_in[*]}"))\$"
	own=1
	for ((i = 0; i < ${#CTEST_ARGS[@]}; i++)); do
		case ${CTEST_ARGS[i]} in -LE | --label-exclude)
			# An empty or missing value would exclude all or nothing.
			i=$((i + 1)) own=
			if [ -z "${CTEST_ARGS[i]:-}" ]; then
				CTEST_ARGS[i]=$left_out
			else
				CTEST_ARGS[i]="${CTEST_ARGS[i]}|$left_out"
			fi ;;
		esac
	done
	[ -z "$own" ] || CTEST_ARGS=(-LE "$left_out" "${CTEST_ARGS[@]}")
	echo "scripts/test.sh: the labels ${opt_in[*]} are left out (a -L that names one runs it; -R chooses among the rest)"
fi
run plain
run asan -DFL_SANITIZE=address
run tsan -DFL_SANITIZE=thread
if [ "$selected" = 0 ]; then
	echo "scripts/test.sh: the arguments select no test in any tree" >&2
	status=1
fi
echo "=== all test runs finished in $((SECONDS - start)) s: $([ $status = 0 ] && echo passed || echo FAILED)"
exit $status
