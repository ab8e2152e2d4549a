#!/usr/bin/env bash
# Run the mutants of tests/fairlock/wmm/mutants.txt named on the command line (all
# of them with no argument): each weakens one memory order of the library
# by one step and runs its GenMC harness, which must report a violation
# (caught) or still pass (redundant or unreached, with the reason in
# docs/model-checking.md).
# usage: tests/fairlock/wmm/mutants.sh [ID...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
table=$here/mutants.txt
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; echo "${s%"${s##*[![:space:]]}"}"; }

ids=("$@")
if [ ${#ids[@]} = 0 ]; then
	mapfile -t ids < <(grep -vE '^\s*(#|$)' "$table" | cut -d'|' -f1 | tr -d ' \t')
fi
status=0
for id in "${ids[@]}"; do
	row=$(grep -E "^$id[[:space:]]*\|" "$table") ||
		{ echo "mutants.sh: no mutant '$id' in $table" >&2; exit 2; }
	IFS='|' read -r _ file text from to harness model args expect <<<"$row"
	file=$(trim "$file") text=$(trim "$text") from=$(trim "$from")
	to=$(trim "$to") harness=$(trim "$harness") model=$(trim "$model")
	expect=$(trim "$expect")
	case $expect in
	caught) verdict=fail ;;
	redundant | unreached) verdict=pass ;;
	*) echo "mutants.sh: $id: expect '$expect' is not caught, redundant or unreached" >&2; exit 2 ;;
	esac
	echo "== $id ($expect)"
	# shellcheck disable=SC2086 # args is a list of words
	bash "$here/run.sh" "$harness" "$model" "$verdict" $args \
		--mutant "$file:$text:$from:$to" || status=1
done
exit $status
