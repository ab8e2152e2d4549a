#!/usr/bin/env bash
# la64dis on bad input: each case must fail with a clear message and the
# documented exit status, never crash; and the good cases must work.
# usage: tests/la64/cli.sh LA64DIS WORKDIR
set -uo pipefail
dis=$1 work=$2
rm -rf "$work"; mkdir -p "$work"
fail=0
expect() { # status, stderr regex, args...
	local want=$1 re=$2; shift 2
	"$dis" "$@" > "$work/out" 2> "$work/err"
	local got=$?
	if [ "$got" != "$want" ] || ! grep -qE "$re" "$work/err" "$work/out"; then
		echo "FAIL: la64dis $* -> status $got (want $want), output: $(head -c 300 "$work/err" "$work/out")"
		fail=1
	else
		echo "ok: la64dis $* -> $want: $(head -1 "$work/err" "$work/out" | grep -v '^==>' | grep . | head -1)"
	fi
}
printf 'nop\nbeq $a0, $a1, -8\ncsrrd $a0, 0x180\n' > "$work/good.s"
llvm-mc-19 --triple=loongarch64 --filetype=obj -o "$work/good.o" "$work/good.s" 2>/dev/null
size=$(stat -c %s "$work/good.o")
: > "$work/empty"
head -c 40 "$work/good.o" > "$work/short-header"
head -c $((size - 64)) "$work/good.o" > "$work/no-section-headers"
cp "$work/good.o" "$work/bad-shoff"
printf '\xff\xff\xff\xff\xff\xff\xff\x7f' | dd of="$work/bad-shoff" bs=1 seek=40 conv=notrunc 2>/dev/null
cp "$work/good.o" "$work/class32"; printf '\x01' | dd of="$work/class32" bs=1 seek=4 conv=notrunc 2>/dev/null
cp "$work/good.o" "$work/big-endian"; printf '\x02' | dd of="$work/big-endian" bs=1 seek=5 conv=notrunc 2>/dev/null
cp "$work/good.o" "$work/bad-shstrndx"; printf '\xff\x00' | dd of="$work/bad-shstrndx" bs=1 seek=62 conv=notrunc 2>/dev/null
echo 'int f(void) { return 1; }' > "$work/x86.c"; cc -c -o "$work/x86.o" "$work/x86.c"
echo 'just text' > "$work/text"
printf '\x00\x00\x40\x03\x20\x00' > "$work/odd.bin"
mkdir -p "$work/dir"

expect 1 'empty file' "$work/empty"
grep -qx 'la64dis [0-9]*\.[0-9]*\.[0-9]* (fairlock-toolkit)' <<<"$("$dis" --version)" ||
	{ echo "FAIL: la64dis --version"; fail=1; }
expect 1 'is a directory' "$work/dir"
expect 1 'No such file' "$work/missing"
expect 1 'not an ELF file' "$work/text"
expect 1 'truncated ELF header' "$work/short-header"
expect 1 'outside the file' "$work/no-section-headers"
expect 1 'outside the file' "$work/bad-shoff"
expect 1 'not a 64-bit ELF' "$work/class32"
expect 1 'not a little-endian' "$work/big-endian"
expect 1 'bad section name table index' "$work/bad-shstrndx"
# An input the fuzzer found (tests/la64/corpus): .text past the file's end.
expect 1 'section \.text lies outside the file' "$(dirname "$0")/corpus/section-outside-file"
expect 1 'machine 62 is not LoongArch' "$work/x86.o"
expect 1 'empty file' --binary "$work/empty"
expect 2 'not a 32-bit hex word' --words xyz
expect 2 'not a 32-bit hex word' --words 123456789
expect 2 'not a 32-bit hex word' --words 0x
expect 2 'bad address' --binary --address nope "$work/odd.bin"
expect 2 'usage' --bogus
expect 2 'usage'
expect 2 'usage' --binary --words 0
# A failing file does not stop the next one, and still sets the status.
expect 1 'csrrd	\$a0, 384	# DMW0' "$work/empty" "$work/good.o"
expect 0 '^nop$' --words 03400000
expect 0 '^\.word	0xffffffff$' -w ffffffff
expect 0 'andi	\$r0, \$r0, 0' --raw -w 0x03400000
expect 0 '^ *4: 20 00  	<trailing bytes, not a whole instruction>$' --binary "$work/odd.bin"
expect 0 'beq	\$a0, \$a1, -8 <\.text\+0xfffffffffffffffc>' "$work/good.o"
expect 0 '^ *8: 04 00 06 04  	csrrd	\$a0, 384$' --no-csr-names "$work/good.o"
exit $fail
