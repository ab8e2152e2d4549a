#!/usr/bin/env bash
# la64as against la64dis: the text la64dis prints for the differential
# test's words (every encoding, operand edges, random) assembles back to
# the same words, in both output forms; bad lines are each reported, exit
# 1, and leave no output file.
# usage: tests/la64/as_cli.sh LA64AS LA64DIS GEN_WORDS WORKDIR
set -uo pipefail
as=$1 dis=$2 gen=$3 work=$4
rm -rf "$work"; mkdir -p "$work"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
ok() { echo "ok: $*"; }

# Words la64 decodes, and their text with the default flags and raw.
"$gen" 4 2000 | sed -n 's/^\.word 0x//p' > "$work/all.hex"
xargs "$dis" --words < "$work/all.hex" > "$work/text.txt"
# Words that decode but that LLVM's assembler refuses (bstrins/bstrpick
# with msb < lsb, AM* with rd equal to rj or rk) leave the round trip here;
# la64as must refuse them (below), and test_la64 checks every such word.
paste -d'|' "$work/all.hex" "$work/text.txt" | grep -v '|\.word' |
	awk -F'|' '{
		split($2, p, /[ \t,]+/)
		if (p[1] ~ /^bstr(ins|pick)\.[wd]$/ && p[4] + 0 < p[5] + 0) { refused++; next }
		if (p[1] ~ /^am/ && p[2] != "$zero" && (p[2] == p[3] || p[2] == p[4])) { refused++; next }
		print
	} END { print refused + 0 > "/dev/stderr" }' > "$work/valid.txt" 2> "$work/refused.n"
[ "$(cat "$work/refused.n")" -gt 0 ] && ok "$(cat "$work/refused.n") words that LLVM refuses to assemble left out" ||
	bad "no word of the kinds LLVM refuses: the filter above tests nothing"
cut -d'|' -f1 "$work/valid.txt" > "$work/want.hex"
cut -d'|' -f2 "$work/valid.txt" > "$work/in.s"
n=$(wc -l < "$work/want.hex")
[ "$n" -gt 100000 ] || bad "only $n decodable words to assemble"
"$as" "$work/in.s" > "$work/got.hex" 2> "$work/err" || bad "la64as failed: $(head -3 "$work/err")"
cmp -s "$work/want.hex" "$work/got.hex" && ok "$n lines assemble to the words they were printed from" ||
	bad "words differ: $(diff "$work/want.hex" "$work/got.hex" | head -4 | tr '\n' ' ')"
xargs "$dis" --raw --words < "$work/want.hex" > "$work/raw.s"
"$as" < "$work/raw.s" > "$work/got-raw.hex" 2> "$work/err" || bad "la64as (raw text) failed: $(head -3 "$work/err")"
cmp -s "$work/want.hex" "$work/got-raw.hex" && ok "the same with --raw text (no aliases, register numbers)" ||
	bad "raw words differ"
"$as" -o "$work/out.bin" "$work/in.s" || bad "la64as -o failed"
od -An -tx4 -v -w4 "$work/out.bin" | tr -d ' ' > "$work/bin.hex"
cmp -s "$work/want.hex" "$work/bin.hex" && ok "-o writes the same words, little-endian" || bad "-o output differs"

# Bad input: every bad line reported with its file and line, nothing written.
printf 'nop\nbogus $a0\naddi.w $a0, $a1, 5000\nldptr.w $a0, $a1, 6\naddi.w $a0 $a1, 1\ncsrxchg $a0, $zero, 1\n' > "$work/bad.s"
"$as" -o "$work/bad.bin" "$work/bad.s" > "$work/out" 2> "$work/err"; rc=$?
[ $rc = 1 ] && ok "bad lines: exit 1" || bad "bad lines: exit $rc"
for want in "bad.s:2: unknown instruction" "bad.s:3: operand out of range" \
	"bad.s:4: offset not a multiple of its scale" "bad.s:5: syntax error" \
	"bad.s:6: operand value reserved for another instruction" "5 lines not assembled; nothing written"; do
	grep -qF "$want" "$work/err" && ok "reported: $want" || bad "not reported: $want ($(cat "$work/err"))"
done
[ ! -e "$work/bad.bin" ] && [ ! -e "$work/bad.bin.tmp" ] && ok "no output file after a bad line" || bad "an output file was left"
head -c 600 /dev/zero | tr '\0' 'a' > "$work/long.s"
"$as" "$work/long.s" > /dev/null 2> "$work/err"; rc=$?
[ $rc = 1 ] && grep -q "line longer than" "$work/err" && ok "an overlong line: exit 1" || bad "overlong line: exit $rc: $(cat "$work/err")"
# What LLVM's assembler refuses (llvm-mc-19), refused with a clear message
# and nothing written; the valid neighbours of each assemble.
printf 'bstrins.w $a0, $a1, 3, 5\namswap.w $a0, $a0, $a1\nammax_db.d $a0, $a1, $a0\nadd.w $r04, $r1, $r2\nnop\rjunk\nnop\000junk\n' > "$work/llvm.s"
"$as" -o "$work/llvm.bin" "$work/llvm.s" > /dev/null 2> "$work/err"; rc=$?
[ $rc = 1 ] && ok "LLVM's refusals: exit 1" || bad "LLVM's refusals: exit $rc"
for want in "llvm.s:1: operands refused together" "llvm.s:2: operands refused together" \
	"llvm.s:3: operands refused together" "llvm.s:4: wrong number or kind of operands" \
	"llvm.s:5: a carriage return inside the line" "llvm.s:6: a NUL byte in the line" \
	"6 lines not assembled; nothing written"; do
	grep -qF "$want" "$work/err" && ok "reported: $want" || bad "not reported: $want ($(cat "$work/err"))"
done
[ ! -e "$work/llvm.bin" ] && ok "nothing written for them" || bad "an output file was left"
printf 'bstrins.w $a0, $a1, 5, 3\r\namswap.w $zero, $zero, $a1\namswap.w $a0, $a1, $a2\nadd.w $r0, $r1, $r2' > "$work/llvm-ok.s"
"$as" "$work/llvm-ok.s" > "$work/llvm-ok.hex" 2> "$work/err" &&
	[ "$(tr '\n' ' ' < "$work/llvm-ok.hex")" = "00650ca4 386000a0 386014c4 00100820 " ] &&
	ok "their valid neighbours assemble (CRLF, no final newline)" ||
	bad "valid neighbours: $(cat "$work/llvm-ok.hex" "$work/err" | tr '\n' ' ')"
# A line past the buffer is one bad line, not two.
{ head -c 600 /dev/zero | tr '\0' ' '; echo 'nop'; echo 'nop'; } > "$work/long2.s"
"$as" "$work/long2.s" > "$work/long2.hex" 2> "$work/err"; rc=$?
[ $rc = 1 ] && grep -q "long2.s:1: line longer" "$work/err" && grep -q "1 line not assembled" "$work/err" &&
	ok "a line past the buffer is one bad line" || bad "overlong line: $(cat "$work/err")"
"$as" "$work/missing.s" > /dev/null 2> "$work/err"; rc=$?
[ $rc = 1 ] && grep -q "No such file" "$work/err" && ok "a missing file: exit 1" || bad "missing file: exit $rc"
"$as" --bogus > /dev/null 2>&1; rc=$?
[ $rc = 2 ] && ok "a bad option: exit 2" || bad "bad option: exit $rc"
"$as" -o "$work/no-such-dir/x.bin" "$work/in.s" 2> "$work/err"; rc=$?
[ $rc = 1 ] && ok "an unwritable output: exit 1" || bad "unwritable output: exit $rc"
grep -qx 'la64as [0-9]*\.[0-9]*\.[0-9]* (fairlock-toolkit)' <<<"$("$as" --version)" && ok "--version" || bad "--version"
exit $fail
