#!/usr/bin/env bash
# Show that fairlock's lock table (src/fairlock/table/lock_table.def) is the
# one list to edit to add a lock: in a scratch copy of the tree, add one
# row (a second spelling of the ticket lock, "ticket2", as a new lock would
# be added) and nothing else, build, and check that
#   - fairlock-run serves a program's mutexes with it (--lock ticket2, and
#     FAIRLOCK_LOG's report names it), and lists it among the choices;
#   - lockbench lists and measures fairlock-ticket2;
#   - the tests have stress and FIFO runs of it, which pass, and the
#     conformance suites' full run (tests/posix) runs under it.
# Minutes (a build of the tree); not part of ctest.  Exit 0 when all hold.
# usage: scripts/check-lock-table.sh
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$top" && tar --exclude='./build*' --exclude=./.git -cf - .) | tar -xf - -C "$work"
echo 'FL_LOCK(TICKET2, ticket2, "ticket2", "fairlock-ticket2", fl_ticket_t, fl_ticket, true)' \
	>>"$work/src/fairlock/table/lock_table.def"
cmake -S "$work" -B "$work/b" -DBUILD_TESTING=ON >"$work/cmake.log" 2>&1 ||
	{ tail -20 "$work/cmake.log"; exit 1; }
cmake --build "$work/b" -j"$(nproc)" >"$work/build.log" 2>&1 ||
	{ grep -m5 -E 'error|Error' "$work/build.log"; exit 1; }
fail() { echo "check-lock-table.sh: FAIL: $*" >&2; exit 1; }
b=$work/b

out=$("$b/tools/fairlock-run" --help)
grep -q 'ticket2' <<<"$out" || fail "fairlock-run --help does not list ticket2"
# A program with pthread mutexes (tests/preload/parity.c), whose return
# values must be glibc's.
out=$("$b/tools/fairlock-run" --lock ticket2 --log "$b/tests/parity" misuse 2>&1 >"$work/ours")
grep -q 'served by fairlock ticket2' <<<"$out" || fail "fairlock-run --lock ticket2: $out"
"$b/tests/parity" misuse >"$work/glibc"
cmp -s "$work/ours" "$work/glibc" || fail "parity misuse under --lock ticket2 differs from glibc"
echo "fairlock-run: $(grep -m1 'served by' <<<"$out")"

# Whole outputs first: grep -q closing a pipe early would fail it (pipefail).
out=$("$b/bench/lockbench" --list)
grep -q '^fairlock-ticket2 ' <<<"$out" || fail "lockbench --list has no fairlock-ticket2"
out=$("$b/bench/lockbench" --quick --mode throughput --locks fairlock-ticket2 2>&1)
grep -q '^fairlock-ticket2 ' <<<"$out" || fail "lockbench does not measure fairlock-ticket2: $out"
echo "lockbench: fairlock-ticket2 listed and measured"

tests=$(cd "$b" && ctest -N | grep -oE '(test_stress|test_fifo)_ticket2[^ ]*' | tr '\n' ' ')
[ "$(wc -w <<<"$tests")" = 5 ] || fail "expected 5 stress and FIFO runs of ticket2, found: $tests"
(cd "$b" && ctest -R '_ticket2' --output-on-failure >"$work/ctest.log" 2>&1) ||
	{ tail -20 "$work/ctest.log"; fail "the ticket2 tests failed"; }
echo "tests: $tests passed"
# The conformance suites' full run (label posix_full) offers every lock.
n=$(cd "$b" && ctest -N -V -L posix_full | grep -c -- '"--lock" "ticket2"')
[ "$n" -gt 0 ] || fail "no posix_full test runs under --lock ticket2"
echo "posix: $n conformance tests run under --lock ticket2"
echo "check-lock-table.sh: one row added to lock_table.def reaches fairlock-run, lockbench and the tests"
