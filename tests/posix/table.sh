#!/usr/bin/env bash
# The table of a run's results: one row per test, glibc's result and each
# lock's, the differences marked, then the counts per lock.  Reads the
# files run.sh --results DIR wrote; several DIRs (the default run's and
# posix_full's) make one table.  --counts: the counts only.
#
# usage: tests/posix/table.sh [--markdown] [--counts] DIR...
set -euo pipefail
markdown=0 counts=0
while [ $# -gt 0 ]; do
	case $1 in
	--markdown) markdown=1; shift ;;
	--counts) counts=1; shift ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || { echo "usage: table.sh [--markdown] [--counts] DIR..." >&2; exit 2; }
files=()
for dir in "$@"; do
	[ -d "$dir" ] || { echo "table.sh: $dir: no results (run the posix label first)" >&2; continue; }
	for f in "$dir"/*.txt; do [ -e "$f" ] && files+=("$f"); done
done
[ ${#files[@]} -gt 0 ] || exit 0

# The columns: glibc, then every lock of fairlock's table.
lock_names=$(sed -n 's/^FL_LOCK([^,]*,[^,]*, *"\([^"]*\)".*/\1/p' \
	"$(dirname "$0")/../../src/fairlock/table/lock_table.def" | tr '\n' ' ')
cat "${files[@]}" | awk -v md="$markdown" -v only_counts="$counts" -v lock_names="$lock_names" '
	# Several glibc runs of one test: one result if they agree.
	{ id = $1; lock = $2; r = $3
	  if (!(id in seen)) { seen[id] = 1; order[++n] = id }
	  if (lock == "glibc" && (id, lock) in res && res[id, lock] != r) r = "VARIES"
	  res[id, lock] = r }
	END {
		nl = split("glibc " lock_names, locks, " ")
		if (only_counts) {
		} else if (md) {
			printf "| test |"; for (i = 1; i <= nl; i++) printf " %s |", locks[i]; print ""
			printf "|---|"; for (i = 1; i <= nl; i++) printf "---|"; print ""
		} else {
			printf "%-48s", "test"; for (i = 1; i <= nl; i++) printf " %-12s", locks[i]; print ""
		}
		for (k = 1; k <= n; k++) {
			id = order[k]; g = res[id, "glibc"]
			line = md ? sprintf("| %s |", id) : sprintf("%-48s", id)
			for (i = 1; i <= nl; i++) {
				r = ((id, locks[i]) in res) ? res[id, locks[i]] : "-"
				count[locks[i], r]++
				if (i > 1 && r != g && r != "excluded" && r != "-") { r = r "*"; ndiff[locks[i]]++ }
				if (md) line = line sprintf(" %s |", (r ~ /\*$/) ? "**" r "**" : r)
				else line = line sprintf(" %-12s", r)
			}
			if (!only_counts) print line
		}
		if (!only_counts) print ""
		print "counts (* marks a result that differs from glibc'"'"'s):"
		split("PASS FAIL UNRESOLVED UNSUPPORTED UNTESTED TIMEOUT HUNG excluded", kinds, " ")
		for (i = 1; i <= nl; i++) {
			line = sprintf("  %-12s", locks[i])
			for (j = 1; j <= 8; j++) if (count[locks[i], kinds[j]]) line = line sprintf(" %s %d,", kinds[j], count[locks[i], kinds[j]])
			for (key in count) {
				split(key, kv, SUBSEP)
				if (kv[1] == locks[i] && kv[2] ~ /^(SIG|EXIT|VARIES)/) line = line sprintf(" %s %d,", kv[2], count[key])
			}
			if (i > 1) line = line sprintf(" differing from glibc %d", ndiff[locks[i]] + 0)
			sub(/,$/, "", line)
			print line
		}
	}'
