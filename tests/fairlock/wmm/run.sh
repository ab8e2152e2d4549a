#!/usr/bin/env bash
# Run one GenMC harness of tests/fairlock/wmm on the library's own sources, built
# for the model (model_platform.h, force-included), under one memory model, and compare the verdict
# with what is expected.  GenMC is built once from third_party/ (scripts/
# wmm-tools.sh) and cached.
# usage: tests/fairlock/wmm/run.sh HARNESS MODEL pass|fail [--mutant FILE:LINE:FROM:TO]
#                         [--no-liveness] [-DNAME=VALUE...]
#   (FILE:LINE:FROM:TO with LINE a text that names exactly one line of FILE,
#   or TEXT#N: the Nth line that contains TEXT)
#   MODEL: rc11 or imm.  pass: no error; fail: GenMC reports a violation,
#   a race or an access to freed memory.
#   --mutant: the library with FROM replaced by TO on LINE of FILE (one
#   memory order weakened): the harness must then report a violation.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
harness=$1 model=$2 expect=$3
shift 3
liveness=(--check-liveness)
mutant= defs=()
while [ $# -gt 0 ]; do
	case $1 in
	--mutant) mutant=$2; shift 2 ;;
	--no-liveness) liveness=(); shift ;;
	-D*) defs+=("$1"); shift ;;
	*) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
eval "$(bash "$top/scripts/wmm-tools.sh" genmc)"
src=$top
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$mutant" ]; then
	IFS=: read -r file text from to <<<"$mutant"
	cp -r "$top/include" "$top/src" "$work/"
	nth=
	if [[ $text =~ ^(.*)#([0-9]+)$ ]]; then
		text=${BASH_REMATCH[1]} nth=${BASH_REMATCH[2]}
	fi
	lines=$(grep -nF -- "$text" "$work/$file" | cut -d: -f1)
	if [ -n "$nth" ]; then
		lines=$(echo "$lines" | sed -n "${nth}p")
	fi
	[ "$(echo "$lines" | grep -c .)" = 1 ] ||
		{ echo "run.sh: '$text' names $(echo "$lines" | grep -c .) lines of $file, not one" >&2; exit 2; }
	grep -q "$from" <(sed -n "${lines}p" "$work/$file") ||
		{ echo "run.sh: $file:$lines has no $from" >&2; exit 2; }
	sed -i "${lines}s/$from/$to/" "$work/$file"
	echo "mutant: $file:$lines: $from -> $to"
	src=$work
fi
# In-place revisiting off: GenMC 0.11.0 crashes under RC11 with it on.
out=$("$GENMC" "-$model" --disable-ipr --disable-estimation "${liveness[@]}" -- \
	-include "$here/model_platform.h" -DFL_QSPIN_THREAD_POOL=4 "${defs[@]}" \
	-I"$src/include" -I"$src/src/fairlock" -I"$src/src/fairlock/table" \
	-I"$src/src/preload" -I"$here" \
	"$here/$harness.c" 2>&1) || true
# Here-strings, not "echo | grep -q": under pipefail a grep that stops
# early makes echo die of SIGPIPE and the test fail at random.
grep -E 'No errors|violation|Error|race|explored|wall-clock' <<<"$out" | head -6 || true
if grep -q 'No errors were detected' <<<"$out"; then
	got=pass
elif grep -qE 'violation!|race!|access freed memory!' <<<"$out"; then
	got=fail
else
	echo "run.sh: no verdict from GenMC:" >&2
	tail -15 <<<"$out" >&2
	exit 1
fi
echo "$harness ${defs[*]} under $model: $got (expected $expect)"
if [ "$got" != "$expect" ]; then
	echo "--- GenMC's report:" >&2
	tail -40 <<<"$out" >&2
	exit 1
fi
