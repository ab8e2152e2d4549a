#!/usr/bin/env bash
# fairlock-run as a user meets it: a program's locks replaced (checked from
# inside the program, and by FAIRLOCK_LOG's report), with every lock; and
# each way a run can go wrong, with its exit status and message.
# usage: cli.sh FAIRLOCK_RUN TEST_PROGRAM STATIC_PROGRAM
set -euo pipefail
run=$1 program=$2 static_program=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# expect STATUS PATTERN CMD...: CMD exits STATUS and its stderr matches
# PATTERN (if not empty).
expect() {
	local want=$1 pattern=$2 got=0
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" || got=$?
	[ "$got" -eq "$want" ] || { cat "$tmp/err" >&2; fail "'$*' exited $got, not $want"; }
	[ -z "$pattern" ] || grep -q -e "$pattern" "$tmp/err" || { cat "$tmp/err" >&2; fail "'$*': no '$pattern'"; }
}

# The sleeping locks take 8 threads on 2 CPUs.  The spinning ones take as
# many threads as there are CPUs: more, and every hand-over to a preempted
# waiter costs a time slice, which on a busy machine stretches this run
# past any limit without showing anything new.
for lock in mutex ticket qspinlock ticket-park; do
	case $lock in
	ticket | qspinlock) threads=2 rounds=5000 ;;
	*) threads=8 rounds=20000 ;;
	esac
	expect 0 "served by fairlock $lock: [1-9][0-9]* mutexes (1 recursive" \
		"$run" --lock "$lock" --log "$program" --expect-preload \
		--threads $threads --rounds $rounds
	grep -q "^counter $((threads * rounds)) " "$tmp/out" ||
		fail "$lock: $(cat "$tmp/out")"
done
# Without fairlock-run the same program sees glibc's functions.
expect 1 "is not the preload's" "$program" --expect-preload --rounds 1000
expect 2 "bad count 'x'" "$program" --threads x
# Options after COMMAND are the command's own.
expect 0 "" "$run" -- "$program" --expect-preload --rounds 1000

expect 125 "unknown lock 'spin'" "$run" --lock spin "$program"
expect 125 "no command given" "$run"
expect 125 "usage:" "$run" --bogus "$program"
expect 127 "no-such-command-here: command not found" "$run" no-such-command-here
printf 'not a program\n' >"$tmp/data"
chmod -x "$tmp/data"
expect 126 "Permission denied" "$run" "$tmp/data"
expect 125 "is statically linked" "$run" "$static_program"
FAIRLOCK_PRELOAD_LIB=$tmp/missing.so expect 125 "cannot load $tmp/missing.so" \
	"$run" "$program"
FAIRLOCK_PRELOAD_LIB=$tmp/data expect 125 "cannot load" "$run" "$program"
# A bad FAIRLOCK_LOCK reaching the library: it says so, passes every call
# to glibc, and reports nothing as served.
FAIRLOCK_LOCK=bogus FAIRLOCK_LOG=1 expect 0 \
	"unknown FAIRLOCK_LOCK 'bogus'.*glibc's locks" "$run" "$program" --rounds 1000
! grep -q 'served by' "$tmp/err" || fail "FAIRLOCK_LOCK=bogus still served locks"
# The mutex's bound: --max-wait reaches the library, which reports it; a
# bad one stops fairlock-run, and a bad FAIRLOCK_MAX_WAIT_US reaching the
# library leaves every lock to glibc, as a bad FAIRLOCK_LOCK does.
expect 0 "the mutex's bound 250 us$" "$run" --max-wait 250 --log "$program" \
	--expect-preload --threads 2 --rounds 1000
expect 0 "the mutex's bound 1000 us (the default)" "$run" --log "$program" \
	--expect-preload --threads 2 --rounds 1000
for bad in 0 -5 12x "" 16777216 99999999999999999999; do
	expect 125 "--max-wait '$bad' is not a number of microseconds" \
		"$run" --max-wait "$bad" "$program"
done
FAIRLOCK_MAX_WAIT_US=soon FAIRLOCK_LOG=1 expect 0 \
	"FAIRLOCK_MAX_WAIT_US 'soon' is not a number.*glibc's locks" "$run" "$program" --rounds 1000
! grep -q 'served by' "$tmp/err" || fail "FAIRLOCK_MAX_WAIT_US=soon still served locks"
# Children inherit it: a shell started under fairlock-run runs the program.
expect 0 "served by fairlock ticket" "$run" --lock ticket --log \
	sh -c "\"$program\" --expect-preload --threads 2 --rounds 1000"
"$run" --help | grep -q '^usage: fairlock-run' || fail "--help"
"$run" --version | grep -q '^fairlock-run ' || fail "--version"
echo "fairlock-run: all checks passed"
