#!/usr/bin/env bash
# Differential test: la64dis against llvm-objdump-19 on the same object.
# Every base encoding with edge and random operands, words one opcode bit
# away, and uniformly random words must print the same instruction text.
# Allowed differences, and only these:
#   - la64dis's own "# NAME" comments after CSR numbers are removed;
#   - llvm-objdump prints undecodable words as <unknown>, la64dis as
#     ".word 0x...": they are compared as equal;
#   - words LLVM decodes as instructions of the extensions (out of scope:
#     LSX/LASX vectors, LBT binary translation, LVZ virtualization) must be
#     .word in la64dis, and are counted apart.
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
# LSX/LASX, LBT (adc, sbc, rcr, x86*, arm*, scr moves, unaligned ldl/ldr/stl/str,
# addu12i, the fcvt.*ld* conversions) and LVZ (gcsr*, gtlbflush, hvcl).
ext='^(x?v|adc\\.|sbc\\.|rotri?\\.[bh] |rcri?\\.|x86|arm|setx86|setarm|jiscr|movgr2scr|movscr2gr|fcvt\\.(d\\.ld|ld\\.d|ud\\.d)|addu12i\\.|ldl\\.|ldr\\.|stl\\.|str\\.|gcsr|gtlbflush|hvcl)'
paste -d'|' "$work/words.txt" "$work/llvm.norm" "$work/la64.norm" | awk -F'|' -v ext="$ext" -v mnemonics="$work/mnemonics.txt" '
	{
		word = $1; ref = $2; ours = $3
		total++
		if (ref == "<unknown>") ref = ".word 0x" word
		if (ref ~ ext && ours ~ /^\.word/) { extension++; next }
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
		printf "%d words: %d decoded identically, %d undecodable to both, %d LLVM extension (out of scope), %d mismatches\n",
			total, decoded, total - decoded - extension - bad, extension, bad
		exit (bad > 0 || total == 0)
	}'
