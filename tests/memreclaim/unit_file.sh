#!/usr/bin/env bash
# The shipped systemd unit (dist/memreclaim.service.in): a configuration
# error must not be restarted every RestartSec for ever.  systemd matches
# RestartPreventExitStatus= only against ExecStart='s exit status, never
# an ExecStartPre='s (systemd.service(5)), so no ExecStartPre= may fail on
# the config; and whatever fails at every start hits a start limit.
# usage: tests/memreclaim/unit_file.sh UNIT_IN WORKDIR
set -uo pipefail
unit_in=$1 work=$2
rm -rf "$work"
mkdir -p "$work/sbin"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
ok() { echo "ok: $*"; }
unit=$work/memreclaim.service
sed "s|@CMAKE_INSTALL_FULL_SBINDIR@|$work/sbin|g" "$unit_in" > "$unit"
key() { sed -n "s/^$1=//p" "$unit"; }

pre=$(key ExecStartPre)
if [ -z "$pre" ]; then
	ok "no ExecStartPre= (a failing one would be restarted whatever its exit status)"
else
	# Each one must be unable to fail: a leading '-' makes systemd ignore it.
	while read -r line; do
		case $line in
		-*) ;;
		*) bad "ExecStartPre=$line can fail, and systemd restarts it past RestartPreventExitStatus=" ;;
		esac
	done <<<"$pre"
fi
start=$(key ExecStart)
case $start in
*"/memreclaim run "*) ok "ExecStart= is memreclaim run (which exits 8 on a bad config itself)" ;;
*) bad "ExecStart=$start" ;;
esac
prevent=" $(key RestartPreventExitStatus) "
case $prevent in
*" 8 "*) ok "exit 8 (a bad config) is not restarted" ;;
*) bad "RestartPreventExitStatus=$prevent lacks 8" ;;
esac
burst=$(key StartLimitBurst) period=$(key StartLimitIntervalSec)
[ "${burst:-0}" -gt 0 ] 2>/dev/null && [ "${period:-0}" -gt 0 ] 2>/dev/null &&
	[ "$period" -ge $((burst * 10)) ] &&
	ok "a start limit: $burst starts in $period s (RestartSec 10 s cannot loop for ever)" ||
	bad "no start limit that holds against RestartSec=10s: StartLimitBurst=${burst:-none} StartLimitIntervalSec=${period:-none}"
if command -v systemd-analyze >/dev/null; then
	printf '#!/bin/sh\nexit 0\n' > "$work/sbin/memreclaim"
	chmod +x "$work/sbin/memreclaim"
	out=$(systemd-analyze verify --man=no "$unit" 2>&1); rc=$?
	# Only what it says about this unit (the host's own units may warn).
	mine=$(grep -F "memreclaim.service" <<<"$out")
	[ $rc = 0 ] && [ -z "$mine" ] && ok "systemd-analyze verify: clean" ||
		bad "systemd-analyze verify: rc $rc: $out"
else
	echo "skip: no systemd-analyze"
fi
[ $fail = 0 ] && echo "unit file: all passed"
exit $fail
