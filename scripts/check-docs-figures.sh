#!/usr/bin/env bash
# Fail when one markdown table row that holds a figure (a digit) is in two
# files among README.md and docs/**/*.md.  The project keeps each measured
# figure in one place (docs/BENCHMARKS.md for benchmarks; testing.md and
# posix-conformance.md for test results); a second copy drifts when the
# first is re-measured.  A row repeated inside one file is allowed: that is
# a layout choice, not a second record.
# Rows are compared after whitespace is normalised (runs of blanks become
# one, blanks beside the '|' dropped); rows inside ``` or ~~~ fences are
# code, not tables, and are skipped, and so are header rows (they name
# columns).  It judges table rows only: a figure repeated in prose is for
# review to find.  Needs only bash and python3.
# usage: scripts/check-docs-figures.sh [TOP]   (TOP: the source tree; default
# the one this script is in).  Exit 0 when no row is in two files.
set -euo pipefail
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top"
files=()
[[ -f README.md ]] && files+=(README.md)
# docs/bench/ holds the benchmarks' generated raw output, which repeats
# its record's figures in another layout: not a second record.
while IFS= read -r -d '' f; do files+=("$f"); done \
	< <(find docs -path docs/bench -prune -o -name '*.md' -type f -print0 | sort -z)
python3 - "${files[@]}" <<'PY'
import re, sys

seen = {}   # normalised row -> (file, line) of its first appearance
dups = []
for path in sys.argv[1:]:
    fence = None
    prev = None     # the last table row: (key, file, line)
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            s = line.strip()
            m = re.match(r"(`{3,}|~{3,})", s)
            if m:
                if fence is None:
                    fence = m.group(1)[0]
                elif s.startswith(fence * 3):
                    fence = None
                continue
            if fence is not None or not s.startswith("|"):
                prev = None
                continue
            # A header row (the one above a |---| line) names columns, and
            # two tables may share one: judge only the rows under it.
            if re.fullmatch(r"\|[\s:|-]*-[\s:|-]*", s):
                if prev is not None:
                    if seen.get(prev[0]) == (prev[1], prev[2]):
                        del seen[prev[0]]
                    dups[:] = [d for d in dups if d[2] != (prev[1], prev[2])]
                prev = None
                continue
            if not re.search(r"[0-9]", s):
                prev = None
                continue
            key = re.sub(r"\s*\|\s*", "|", re.sub(r"\s+", " ", s))
            first = seen.setdefault(key, (path, n))
            if first[0] != path:
                dups.append((key, first, (path, n)))
            prev = (key, path, n)
for key, (f1, n1), (f2, n2) in dups:
    print(f"check-docs-figures: row in two files: {f1}:{n1} and {f2}:{n2}\n  {key}")
if dups:
    print(f"check-docs-figures: FAIL: {len(dups)} table row(s) in two files; "
          "keep each in one file and link to it", file=sys.stderr)
    sys.exit(1)
print(f"check-docs-figures: {len(sys.argv) - 1} files, no table row with a figure in two files")
PY
