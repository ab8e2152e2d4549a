#!/usr/bin/env bash
# Differential test: la64dis against llvm-objdump-19 on the same object.
# Every base encoding with edge and random operands, words one opcode bit
# away, and uniformly random words must print the same instruction text.
# The base set and the extensions (LSX, LASX, LBT, LVZ) alike.  Allowed
# differences, and only these:
#   - la64dis's own "# NAME" comments after CSR numbers are removed;
#   - llvm-objdump prints undecodable words as <unknown>, la64dis as
#     ".word 0x...": they are compared as equal.
# usage: tests/la64/diff_llvm.sh GEN_WORDS LA64DIS WORKDIR [PER_ENCODING [UNIFORM]]
set -euo pipefail
gen=$1 dis=$2 work=$3 per=${4:-64} uniform=${5:-100000}
mkdir -p "$work"
"$gen" "$per" "$uniform" > "$work/words.s"
"$gen" --mnemonics > "$work/mnemonics.txt"
llvm-mc-19 --triple=loongarch64 --filetype=obj -o "$work/words.o" "$work/words.s"
# Keep the instruction text only, one line per word, tabs made spaces.
norm() {
	awk -F'\t' '/^ *[0-9a-f]+: / {
		text = $2
		for (i = 3; i <= NF; i++) text = text " " $i
		print text
	}'
}
llvm-objdump-19 -d "$work/words.o" > "$work/llvm.txt"
"$dis" "$work/words.o" > "$work/la64.txt"
norm < "$work/llvm.txt" > "$work/llvm.norm"
norm < "$work/la64.txt" | sed -E 's/ # [A-Z0-9]+$//' > "$work/la64.norm"
# The word of each line, to spell <unknown> as la64dis does.
awk '/^ *[0-9a-f]+: / { split($0, f, ":"); split(f[2], b, " ")
	printf "%s%s%s%s\n", b[4], b[3], b[2], b[1] }' "$work/llvm.txt" > "$work/words.txt"
paste -d'|' "$work/words.txt" "$work/llvm.norm" "$work/la64.norm" | awk -F'|' -v mnemonics="$work/mnemonics.txt" '
	{
		word = $1; ref = $2; ours = $3
		total++
		if (ref == "<unknown>") ref = ".word 0x" word
		if (ref != ours) {
			bad++
			if (bad <= 20) printf "MISMATCH 0x%s: llvm \"%s\" la64 \"%s\"\n", word, ref, ours
		} else if (ours !~ /^\.word/) {
			decoded++
			split(ours, m, " "); seen[m[1]] = 1
		}
	}
	END {
		# Every encoding of the table must have been matched at least once.
		while ((getline name < mnemonics) > 0)
			if (!(name in seen)) { printf "NOT SEEN: %s never decoded identically\n", name; bad++ }
		printf "%d words: %d decoded identically, %d undecodable to both, %d mismatches\n",
			total, decoded, total - decoded - bad, bad
		exit (bad > 0 || total == 0)
	}'
