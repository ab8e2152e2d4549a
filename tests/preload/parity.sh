#!/usr/bin/env bash
# One case of tests/preload/parity.c with glibc's locks and under
# fairlock-run with one lock, judged against glibc's result: a case that
# passes with glibc must pass under fairlock-run.  --better: a case glibc
# fails, which fairlock-run must pass (fork-cond: glibc's destroy in the
# child waits for a waiter that stayed in the parent, until the case's
# alarm kills the child after a minute); glibc is not run for it.  misuse
# compares the return values line by line.
# usage: parity.sh [--better] FAIRLOCK_RUN PARITY LOCK CASE [ARGS...]
# Environment: PARITY_MAX_WAIT_US, fairlock-run's --max-wait.
set -uo pipefail
better=0
[ "${1:-}" = --better ] && { better=1; shift; }
run=$1 parity=$2 lock=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
opts=(--lock "$lock")
[ -n "${PARITY_MAX_WAIT_US:-}" ] && opts+=(--max-wait "$PARITY_MAX_WAIT_US")

glibc=skipped
: >"$tmp/glibc.out"
if [ $better = 0 ]; then
	"$parity" "$@" >"$tmp/glibc.out" 2>"$tmp/glibc.err"
	glibc=$?
fi
"$run" "${opts[@]}" "$parity" "$@" >"$tmp/fl.out" 2>"$tmp/fl.err"
ours=$?
echo "parity $*: glibc exit $glibc, fairlock-run ${opts[*]} exit $ours"
cat "$tmp/glibc.out" "$tmp/fl.out" | grep -v '^\(normal\|errorcheck\|recursive\|adaptive\|default\|static\|rwlock\|cond\):' || true
if [ "$1" = misuse ] && ! diff "$tmp/glibc.out" "$tmp/fl.out"; then
	echo "FAIL: return values differ from glibc's (< glibc, > fairlock-run)" >&2
	exit 1
fi
if [ $better = 0 ] && [ $glibc != 0 ]; then
	echo "glibc fails this case: $(tail -1 "$tmp/glibc.err")"
	exit 0
fi
if [ $ours != 0 ]; then
	cat "$tmp/fl.err" >&2
	echo "FAIL: under fairlock-run ${opts[*]}, where glibc exited $glibc" >&2
	exit 1
fi
