#!/usr/bin/env bash
# Run a selection of tests many times, to find the one schedule in many
# that breaks a test before CI meets it.  Builds the tree the way
# scripts/test.sh does, then runs ctest COUNT times over the selection and
# counts each test's failures (ctest's --repeat until-fail stops at the
# first one and counts nothing).
#
# usage: scripts/repeat.sh [--asan|--tsan] [--busy] [--scale N] COUNT CTEST-ARGS...
#   --asan, --tsan  the ASan+UBSan or ThreadSanitizer tree (build-asan/,
#                   build-tsan/) instead of the plain one (build/)
#   --busy          a busy loop holds one core the whole time
#   --scale N       FL_TEST_EXTRA_SCALE=N: each test does 1/N of its work
#                   (more runs, more schedules, in the same time; ctest's
#                   own FL_TEST_SCALE for the build still applies)
#   e.g. scripts/repeat.sh --tsan --busy --scale 20 200 -R test_stress
# The output of every failed run is kept in BUILD/repeat/.  Exit status 0
# when no run failed.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build sanitize='' busy=0 scale=''
while [ $# -gt 0 ]; do
	case $1 in
	--asan) dir=build-asan sanitize=address ;;
	--tsan) dir=build-tsan sanitize=thread ;;
	--busy) busy=1 ;;
	--scale) scale=$2; shift ;;
	-h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) break ;;
	*) break ;;
	esac
	shift
done
[ $# -ge 1 ] && [[ $1 =~ ^[1-9][0-9]*$ ]] || {
	echo "usage: scripts/repeat.sh [--asan|--tsan] [--busy] [--scale N] COUNT CTEST-ARGS..." >&2
	exit 2
}
[ -z "$scale" ] || [[ $scale =~ ^[1-9][0-9]*$ ]] || { echo "repeat.sh: --scale wants a whole number, not '$scale'" >&2; exit 2; }
count=$1
shift
bash scripts/deps.sh build test
cmake -S . -B "$dir" -DBUILD_TESTING=ON ${sanitize:+-DFL_SANITIZE=$sanitize} >/dev/null
cmake --build "$dir" -j"$(nproc)" >/dev/null
tests=$(cd "$dir" && ctest -N "$@" | sed -n 's/^ *Test *#[0-9]*: //p' | wc -l)
[ "$tests" -gt 0 ] || { echo "repeat.sh: no test matches: $*" >&2; exit 2; }
[ -n "$scale" ] && export FL_TEST_EXTRA_SCALE=$scale
out=$dir/repeat
rm -rf "$out" && mkdir -p "$out"

busy_pid=
trap '[ -n "$busy_pid" ] && kill "$busy_pid" 2>/dev/null' EXIT
if [ "$busy" = 1 ]; then
	(while :; do :; done) &
	busy_pid=$!
fi
declare -A failures=()
failed_runs=0 start=$SECONDS
for ((i = 1; i <= count; i++)); do
	if (cd "$dir" && ctest -j"$(nproc)" --output-on-failure "$@") >"$out/run.log" 2>&1; then
		continue
	fi
	failed_runs=$((failed_runs + 1))
	cp "$out/run.log" "$out/failed-run-$i.log"
	# ctest's closing list: "	 12 - name (Failed)"
	while read -r name; do
		failures[$name]=$((${failures[$name]:-0} + 1))
		echo "run $i: $name failed ($out/failed-run-$i.log)"
	done < <(sed -n '/The following tests FAILED/,$s/^[[:space:]]*[0-9]* - \([^ ]*\) .*/\1/p' "$out/run.log")
done
rm -f "$out/run.log"
echo "repeat.sh: $count runs of $tests tests in $dir$([ -n "$scale" ] && echo ", FL_TEST_EXTRA_SCALE=$scale")$([ "$busy" = 1 ] && echo ', one core busy'): $failed_runs runs failed, $((SECONDS - start)) s"
for name in "${!failures[@]}"; do
	echo "  $name: failed ${failures[$name]} of $count"
done
[ "$failed_runs" = 0 ]
