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
paste -d'|' "$work/all.hex" "$work/text.txt" | grep -v '|\.word' > "$work/valid.txt"
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
"$as" "$work/missing.s" > /dev/null 2> "$work/err"; rc=$?
[ $rc = 1 ] && grep -q "No such file" "$work/err" && ok "a missing file: exit 1" || bad "missing file: exit $rc"
"$as" --bogus > /dev/null 2>&1; rc=$?
[ $rc = 2 ] && ok "a bad option: exit 2" || bad "bad option: exit $rc"
"$as" -o "$work/no-such-dir/x.bin" "$work/in.s" 2> "$work/err"; rc=$?
[ $rc = 1 ] && ok "an unwritable output: exit 1" || bad "unwritable output: exit $rc"
grep -qx 'la64as [0-9]*\.[0-9]*\.[0-9]* (fairlock-toolkit)' <<<"$("$as" --version)" && ok "--version" || bad "--version"
exit $fail
