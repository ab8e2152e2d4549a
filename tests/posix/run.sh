#!/usr/bin/env bash
# Run conformance tests (LTP's Open POSIX Test Suite, glibc's nptl tests)
# under glibc and under fairlock-run with each lock, and compare: the
# reference is glibc's result for the same test on the same machine, not
# PASS.  A test fails if a lock's result differs from glibc's.
#
# usage: tests/posix/run.sh [--bindir DIR] [--run PATH/fairlock-run]
#            [--lock NAME]... [--glibc] [--glibc-runs N] [--serial]
#            [--results DIR] [-v] ID...
#   ID         a test's path under the bin directory, or a shell pattern:
#              ltp/pthread_mutex_init/1-2, 'nptl/tst-cond*', 'ltp/*'
#   --bindir   where the test programs are (default: build/tests/posix/bin)
#   --run      fairlock-run (default: build/tools/fairlock-run)
#   --lock     run under this lock only (repeatable; default: every lock
#              that tests/posix/expect does not exclude for the test)
#   --glibc    glibc only, no fairlock-run
#   --glibc-runs N  run the glibc side N times; all must agree (to find a
#              test whose own result varies)
#   --serial   one run at a time (by default the runs of a test that
#              mostly sleeps, glibc's and each lock's, run side by side)
#   --results  append "ID LOCK RESULT WALL CPU" per run to DIR/<ID>.txt
#   -v         print every run's output, not only a differing one's
# Exit status: 0 every result as glibc's, or differing only where a
# `known` line of tests/posix/expect says so (printed as KNOWN DIFFERENCE);
# 1 any other difference, or glibc's own result varied; 2 usage.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

bindir=$top/build/tests/posix/bin run=$top/build/tools/fairlock-run
locks=() glibc_only=0 glibc_runs=1 serial=0 results="" verbose=0
while [ $# -gt 0 ]; do
	case $1 in
	--bindir) bindir=$2; shift 2 ;;
	--run) run=$2; shift 2 ;;
	--lock) locks+=("$2"); shift 2 ;;
	--glibc) glibc_only=1; shift ;;
	--glibc-runs) glibc_runs=$2; shift 2 ;;
	--serial) serial=1; shift ;;
	--results) results=$2; shift 2 ;;
	-v) verbose=1; shift ;;
	-h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
	-*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || { echo "run.sh: no test named (run.sh --help)" >&2; exit 2; }
[ -d "$bindir" ] || { echo "run.sh: $bindir: no such directory (build first)" >&2; exit 2; }
# Each run's working directory is its own: the paths must not be relative.
bindir=$(cd "$bindir" && pwd)
case $run in /*) ;; */*) run=$(cd "$(dirname "$run")" && pwd)/$(basename "$run") ;; esac
[ "$glibc_only" = 1 ] || [ -x "$run" ] ||
	{ echo "run.sh: $run: not executable (build fairlock-run first)" >&2; exit 2; }

# shellcheck source=tests/posix/expect.sh
. "$here/expect.sh"
# Every lock fairlock-run offers: the names of fairlock's lock table.
mapfile -t all_locks < <(sed -n 's/^FL_LOCK([^,]*,[^,]*, *"\([^"]*\)".*/\1/p' \
	"$top/src/fairlock/table/lock_table.def")
for lock in "${locks[@]}"; do
	case " ${all_locks[*]} " in *" $lock "*) ;; *)
		echo "run.sh: unknown lock '$lock' (${all_locks[*]})" >&2; exit 2 ;;
	esac
done

# The IDs the patterns name, in order.
ids=()
for pattern in "$@"; do
	found=0
	while IFS= read -r id; do
		# shellcheck disable=SC2053 # the pattern is meant to match
		if [[ $id == $pattern ]]; then ids+=("$id"); found=1; fi
	done < <(case $pattern in
		*[][*?]*) cd "$bindir" && find ltp nptl -type f -perm -u+x 2>/dev/null | sort ;;
		*) [ -x "$bindir/$pattern" ] && echo "$pattern" ;;  # one test: no search
		esac)
	[ "$found" = 1 ] || { echo "run.sh: no test matches '$pattern' in $bindir" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run_one ID LOCK DIR: run the test once (LOCK "glibc": without
# fairlock-run), in DIR as its working directory and TMPDIR.  Leaves its
# output in DIR.out and "RESULT WALL CPU" in DIR.res.
run_one() {
	local id=$1 lock=$2 dir=$3 bin=$bindir/$1 limit stress rc start wall
	limit=$(expect_value "$id" timeout) stress=$(expect_value "$id" stress)
	local args=() wrap=() a
	a=$(expect_value "$id" args)
	[ -z "$a" ] || eval "args=(${a//@BIN@/$bin})"
	[ "$lock" = glibc ] || wrap=("$run" --lock "$lock" --)
	rm -rf "$dir" && mkdir -p "$dir"
	# glibc runs its tests in their source folder, and tst-cancel4 reads
	# the Makefile there as a file that is always at hand.
	case $id in nptl/*) head -c 4096 "$here/nptl-tests.txt" >"$dir/Makefile" ;; esac
	start=${EPOCHREALTIME/./}
	# The test's output goes to DIR.out, the subshell's own stderr (bash's
	# "Aborted" notice of a killed child: decode() names the signal) to
	# /dev/null; `times` gives the CPU the test used (the subshell's
	# children's, which timeout waited for).
	(
		cd "$dir" || exit 2
		export TMPDIR=$dir
		if [ -n "$stress" ]; then
			# LTP's stress tests run until SIGUSR1, then check and
			# report; `timeout` is their grace after it.
			timeout --preserve-status -s USR1 -k "${limit:-120}" "$stress" \
				"${wrap[@]}" "$bin" "${args[@]}" >"$dir.out" 2>&1 </dev/null
			rc=$?
			# Killed after the grace: it did not stop when told.
			[ "$rc" = 137 ] && rc=124
		else
			timeout -k 10 "${limit:-90}" "${wrap[@]}" "$bin" "${args[@]}" \
				>"$dir.out" 2>&1 </dev/null
			rc=$?
		fi
		times >"$dir.cpu"  # (not in a pipe: that would be a subshell's)
		exit "$rc"
	) 2>/dev/null
	rc=$?
	wall=$(( (${EPOCHREALTIME/./} - start + 50000) / 100000 ))  # tenths of a second
	wall=$((wall / 10)).$((wall % 10))
	echo "$(decode "$id" "$rc" "$dir.out") $wall $(cpu_seconds "$dir.cpu")" >"$dir.res"
}

# `times`'s second line, the children's "0m1.250s 0m0.300s" (user,
# system) -> 1.6
cpu_seconds() {
	awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); s += p[1] * 60 + p[2] }
		printf "%.1f", s }' "$1" 2>/dev/null || echo "?"
}

# The suites' exit codes: LTP's posixtest.h (PTS_*), glibc's test driver
# (0, 1, 77 unsupported; its own time limit prints "Timed out").
decode() {
	local id=$1 rc=$2 out=$3
	case $rc in
	124) echo HUNG; return ;;
	0) echo PASS; return ;;
	esac
	if [ "$rc" -gt 128 ]; then
		echo "SIG$(kill -l $((rc - 128)) 2>/dev/null || echo $((rc - 128)))"
		return
	fi
	case $id:$rc in
	ltp/*:1) echo FAIL ;;
	ltp/*:2) echo UNRESOLVED ;;
	ltp/*:4) echo UNSUPPORTED ;;
	ltp/*:5) echo UNTESTED ;;
	nptl/*:1) if grep -q '^Timed out: killed the child process' "$out"; then
			echo TIMEOUT; else echo FAIL; fi ;;
	nptl/*:77) echo UNSUPPORTED ;;
	*) echo "EXIT$rc" ;;
	esac
}

record() { # ID LOCK RESULT WALL CPU
	[ -n "$results" ] || return 0
	mkdir -p "$results"
	echo "$*" >>"$results/${1//\//_}.txt"
}

show_output() { # FILE
	sed -e 's/^/    | /' "$1" | tail -n 40
}

status=0
for id in "${ids[@]}"; do
	expect_prime "$id"
	# The runs: glibc's (the reference) and each lock's.
	runs=()
	for r in $(seq "$glibc_runs"); do runs+=("glibc:$r"); done
	if [ "$glibc_only" = 0 ]; then
		if [ ${#locks[@]} -gt 0 ]; then want=("${locks[@]}"); else want=("${all_locks[@]}"); fi
		for lock in "${want[@]}"; do
			if expect_lock_allowed "$id" "$lock"; then
				runs+=("$lock:1")
			else
				record "$id" "$lock" excluded 0 0
			fi
		done
	fi
	# Side by side unless the test keeps the CPUs busy (`serial` in
	# tests/posix/expect): then each would change the others' timing.
	if [ "$serial" = 1 ] || [ -n "$(expect_value "$id" serial)" ]; then
		for r in "${runs[@]}"; do run_one "$id" "${r%:*}" "$work/${r/:/.}"; done
	else
		for r in "${runs[@]}"; do run_one "$id" "${r%:*}" "$work/${r/:/.}" & done
		wait
	fi

	line="$id:" ref="" bad=0 report=""
	for r in "${runs[@]}"; do
		lock=${r%:*}
		read -r result wall cpu <"$work/${r/:/.}.res"
		record "$id" "$lock" "$result" "$wall" "$cpu"
		line+=" $lock=$result (${wall}s)"
		[ "$verbose" = 1 ] && report+="  $id $lock:"$'\n'"$(show_output "$work/${r/:/.}.out")"$'\n'
		if [ "$lock" = glibc ]; then
			if [ -z "$ref" ]; then ref=$result; elif [ "$result" != "$ref" ]; then ref=VARIES; fi
			continue
		fi
		known=$(expect_known "$id" "$lock")
		if [ "$ref" = VARIES ]; then
			continue
		elif [ "$result" != "$ref" ] && [ -n "$known" ]; then
			# Recorded, with its reason, in tests/posix/expect and
			# docs/posix-conformance.md: shown, not failed.
			report+="  KNOWN DIFFERENCE: $id under fairlock-run --lock $lock: $result, glibc: $ref"$'\n'
			report+="  (tests/posix/expect: $known)"$'\n'
			report+="$(show_output "$work/${r/:/.}.out")"$'\n'
		elif [ "$result" != "$ref" ]; then
			bad=1
			report+="  $id under fairlock-run --lock $lock: $result, glibc: $ref"$'\n'
			report+="$(show_output "$work/${r/:/.}.out")"$'\n'
		elif [ -n "$known" ]; then
			# Some known differences depend on the schedule.
			report+="  $id --lock $lock: as glibc this time (known difference: $known)"$'\n'
		fi
	done
	echo "$line"
	if [ "$ref" = VARIES ]; then
		report+="  $id: glibc's own result varied between runs: not compared"$'\n'
		bad=1
	fi
	printf '%s' "$report"
	[ "$bad" = 0 ] || status=1
	rm -rf "${work:?}"/*
done
exit $status
