#!/usr/bin/env bash
# Model-check one Promela model with spin.
# usage: run.sh MODEL.pml pass|fail [-DDEFINE...]
#   pass: every check must find no error.
#   fail: some check must find an error (a deliberately broken variant:
#         this is how the suite proves the checker can fail).
# Checks: safety (assertions, invalid end states = deadlock) always; and,
# for each `ltl NAME` in the model, that property under weak fairness.
set -euo pipefail
model=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
expect=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

spin -a "$@" "$model" >spin.log 2>&1 || { cat spin.log; exit 1; }
mapfile -t claims < <(grep -oE '^ltl [A-Za-z_][A-Za-z0-9_]*' "$model" | awk '{print $2}')
errors=0
check() { # name, pan binary, flags...
	local name=$1
	shift
	"$@" >"$name.out" 2>&1 || true
	shift
	local n
	n=$(awk '/errors:/ {print $NF}' "$name.out" | tail -1)
	if [ -z "$n" ]; then
		echo "$name: pan gave no verdict" >&2
		cat "$name.out" >&2
		exit 1
	fi
	local states
	states=$(awk '/states, stored/ {print $1; exit}' "$name.out")
	echo "$(basename "$model") $* ${*:+}[$name]: $n errors, $states states"
	if [ "$n" != 0 ]; then
		# grep -m, not "| head": under pipefail a cut pipe fails.
		grep -m3 -E 'assertion violated|invalid end state|acceptance cycle' "$name.out" | sed 's/^/    /'
	fi
	errors=$((errors + n))
	if grep -qE 'max search depth too small|out of memory' "$name.out"; then
		echo "$name: search incomplete (depth or memory limit)" >&2
		exit 1
	fi
}

# Safety by breadth-first search: exhaustive without a depth bound (the
# qspinlock model has 9.75e7 states and took 8.0 GiB, 2026-12-07).
# Liveness needs nested depth-first search.  MEMLIM (MB) makes pan stop,
# not the machine; it leaves that model a quarter more than it needs.
gcc -O2 -w -DSAFETY -DBFS -DCOLLAPSE -DMEMLIM=10240 -o pan-safety pan.c
if [ ${#claims[@]} -gt 0 ]; then
	gcc -O2 -w -DCOLLAPSE -DMEMLIM=10240 -o pan-ltl pan.c
fi
check safety ./pan-safety -noclaim
for claim in "${claims[@]}"; do
	check "ltl $claim" ./pan-ltl -m2000000 -a -f -N "$claim"
done

case $expect in
pass) [ "$errors" = 0 ] || { echo "FAIL: expected no errors" >&2; exit 1; } ;;
fail) [ "$errors" != 0 ] || { echo "FAIL: the broken variant passed: the check cannot catch it" >&2; exit 1; } ;;
*) echo "run.sh: expect must be pass or fail" >&2; exit 2 ;;
esac
echo "ok ($expect as expected${*:+ with $*})"
