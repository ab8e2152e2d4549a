#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Derive the table of LoongArch extension encodings (LSX, LASX, LBT, LVZ)
from what llvm-objdump-19 decodes, and write it as include/la64/
opcodes_ext.def and include/la64/formats_ext.def.

The encodings are facts of the ISA; this asks LLVM for them instead of
copying its tables:

 1. every word with bits [9:0] zero (4M words) is disassembled; each
    mnemonic that la64's base table lacks is a candidate, with the
    smallest such word;
 2. for each candidate, each of the 32 bits is flipped: a flip that keeps
    the mnemonic and changes one printed operand belongs to that operand
    (its position, width, sign and scale follow from the values printed);
    a flip that gives another mnemonic, not yet known, adds a candidate
    (LBT keeps opcode bits in [4:0]); repeated until nothing new appears.

A bit whose flip keeps the mnemonic and the text is opcode that LLVM
ignores; the script fails on it rather than guess.  Run from the top of
the tree:  python3 src/la64/gen/probe_llvm.py  (needs llvm-objdump-19,
llvm-objcopy-19; about a minute).  tests/la64/diff_llvm.sh then checks
every generated entry against LLVM again.
"""
import array
import os
import re
import subprocess
import sys
import tempfile

OBJDUMP = "llvm-objdump-19"
OBJCOPY = "llvm-objcopy-19"
LVZ = {"gcsrrd", "gcsrwr", "gcsrxchg", "gtlbflush", "hvcl"}


def disassemble(words):
    """The text LLVM prints for each word (None where it cannot decode)."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "w.bin")
        elf = os.path.join(tmp, "w.o")
        with open(raw, "wb") as f:
            f.write(array.array("I", words).tobytes())
        subprocess.run([OBJCOPY, "-I", "binary", "-O", "elf64-loongarch",
                        "--rename-section", ".data=.text,code", raw, elf],
                       check=True)
        out = subprocess.run([OBJDUMP, "-d", "-M", "numeric", elf],
                             check=True, capture_output=True, text=True).stdout
    texts = []
    for line in out.splitlines():
        m = re.match(r"^\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} ){4}\s*(.*)$", line)
        if not m:
            continue
        t = " ".join(m.group(1).split("\t")).strip()
        t = re.sub(r"\s+", " ", t)
        texts.append(None if t.startswith("<unknown>") else t)
    if len(texts) != len(words):
        sys.exit("probe: %d words gave %d lines" % (len(words), len(texts)))
    return texts


def split(text):
    mnem, _, rest = text.partition(" ")
    return mnem, [o.strip() for o in rest.split(",")] if rest else []


REG = [("$vr", "VR"), ("$xr", "XR"), ("$scr", "SCR"), ("$fcc", "FCC"),
       ("$fcsr", "FCSR"), ("$f", "FPR"), ("$r", "GPR")]


def reg_kind(op):
    for prefix, kind in REG:
        if op.startswith(prefix) and op[len(prefix):].isdigit():
            return kind, int(op[len(prefix):])
    return None, int(op, 0)


def base_mnemonics():
    # LLVM 19 cannot turn its aliases off for LoongArch: la64 prints the
    # same four (src/la64/format.c), and they are base instructions.
    names = {"jr", "move", "nop", "ret"}
    with open("include/la64/opcodes.def") as f:
        for line in f:
            m = re.match(r'LA64_INSN\(\w+,\s*"([^"]+)"', line)
            if m:
                names.add(m.group(1))
    return names


def infer(mnem, word, text, flips):
    """Operand descriptors of one encoding from its 32 one-bit flips."""
    _, ops = split(text)
    fields = [dict(bits=[], deltas={}) for _ in ops]
    opcode_mask = 0
    for b, t in enumerate(flips):
        if t is None or split(t)[0] != mnem:
            opcode_mask |= 1 << b
            continue
        _, new = split(t)
        changed = [i for i in range(len(ops)) if new[i] != ops[i]]
        if len(changed) != 1:
            sys.exit("probe: %s 0x%08x bit %d changes %s" % (mnem, word, b, changed))
        i = changed[0]
        fields[i]["bits"].append(b)
        fields[i]["deltas"][b] = reg_kind(new[i])[1] - reg_kind(ops[i])[1]
    descs = []
    for i, f in enumerate(fields):
        kind, _ = reg_kind(ops[i])
        bits = sorted(f["bits"])
        if not bits:
            sys.exit("probe: %s operand %d has no bits" % (mnem, i))
        runs = [[bits[0]]]
        for b in bits[1:]:
            if b == runs[-1][-1] + 1:
                runs[-1].append(b)
            else:
                runs.append([b])
        if len(runs) == 2 and not kind:
            # jiscr0/1: an offset split as 1RI21's, low bits first in
            # value, printed in bytes; from $scr0/1, not the pc, so not a
            # branch target (SIMM, not BRANCH).
            lo, hi = sorted(runs, key=lambda r: f["deltas"][r[0]])
            if f["deltas"][lo[0]] != 4:
                sys.exit("probe: %s split operand scale %d" % (mnem, f["deltas"][lo[0]]))
            descs.append(("SPLIT", "SIMM", lo[0], len(lo), hi[0], len(hi)))
            continue
        if len(runs) != 1:
            # gcsrxchg: rj 0 and 1 are gcsrrd and gcsrwr, as for csrxchg;
            # the register field is whole, the more specific entries win.
            if not kind:
                sys.exit("probe: %s operand %d bits %s" % (mnem, i, bits))
            for b in range(bits[0], bits[-1] + 1):
                opcode_mask &= ~(1 << b)
            bits = list(range(bits[0], bits[-1] + 1))
        lsb, width = bits[0], len(bits)
        low, top = f["deltas"][bits[0]], f["deltas"].get(bits[-1], 0)
        if kind:
            if low != 1:
                sys.exit("probe: %s register operand %d delta %d" % (mnem, i, low))
            descs.append(("U", kind, lsb, width, 1))
        elif top < 0:
            descs.append(("S", "SIMM", lsb, width, low))
        else:
            if low != 1:
                sys.exit("probe: %s unsigned operand %d scale %d" % (mnem, i, low))
            descs.append(("U", "UIMM", lsb, width, 1))
    return descs, opcode_mask


def format_name(descs):
    letter = {"GPR": "R", "FPR": "F", "FCC": "C", "FCSR": "FCSR", "VR": "V",
              "XR": "X", "SCR": "T", "CSR": "CSR"}
    parts = []
    for form, kind, lsb, width, scale, *_ in descs:
        if form == "SPLIT":
            parts.append("OFFS%d" % (width + _[0]))
        elif kind in letter:
            parts.append(letter[kind])
        else:
            parts.append(("S" if form == "S" else "U") + "I%d" % width +
                         ("X%d" % scale if scale != 1 else ""))
    # Same printed signature at other bit positions: make the name unique.
    return "".join(parts) or "NONE"


def group(mnem):
    if mnem in LVZ:
        return "LVZ"
    if mnem.startswith("xv"):
        return "LASX"
    if mnem.startswith("v"):
        return "LSX"
    return "LBT"


def main():
    base = base_mnemonics()
    # Pass 1: every word with bits [9:0] zero, then every word below 2^24,
    # where LBT keeps opcode bits among the low ten (x86srli.d, armmov.w).
    found = {}
    seeds = {}
    regions = [("bits [9:0] zero", range(0, 1 << 32, 1 << 10))]
    regions += [("below 2^24, part %d" % (k + 1), range(k << 22, (k + 1) << 22))
                for k in range(4)]
    for what, words in regions:
        print("probe: pass 1, %d words, %s" % (len(words), what), file=sys.stderr)
        for w, t in zip(words, disassemble(words)):
            if t is None:
                continue
            m = split(t)[0]
            if m in base:
                seeds.setdefault(m, w)
            elif m not in found:
                found[m] = (w, t)
    todo = sorted(found)
    # Flips of base words reach extension words too (gtlbflush is
    # tlbflush with bit 0 set): flip each base mnemonic's first word once.
    batch = [w ^ (1 << b) for w in seeds.values() for b in range(32)]
    for w, t in zip(batch, disassemble(batch)):
        if t is not None and split(t)[0] not in base and split(t)[0] not in found:
            found[split(t)[0]] = (w, t)
            todo.append(split(t)[0])
    todo = sorted(set(todo))
    result = {}
    while todo:
        print("probe: %d candidates to flip" % len(todo), file=sys.stderr)
        batch = []
        for m in todo:
            w = found[m][0]
            batch += [w ^ (1 << b) for b in range(32)]
        texts = disassemble(batch)
        new = []
        for k, m in enumerate(todo):
            flips = texts[32 * k:32 * k + 32]
            descs, opmask = infer(m, found[m][0], found[m][1], flips)
            result[m] = (found[m][0] & opmask, descs)
            for b, t in enumerate(flips):
                if t is None:
                    continue
                n = split(t)[0]
                if n not in base and n not in found:
                    found[n] = (found[m][0] ^ (1 << b), t)
                    new.append(n)
        todo = sorted(set(new))
    # A flip can land on a word whose operand fields are not all zero:
    # the match is the word with every operand bit cleared.
    formats = {}
    entries = []
    base_formats = read_base_formats()
    for m, (match, descs) in result.items():
        for form, kind, lsb, width, *rest in descs:
            match &= ~(((1 << width) - 1) << lsb)
            if form == "SPLIT":
                match &= ~(((1 << rest[1]) - 1) << rest[0])
        if kind_csr(m):
            descs = [d if d[1] != "UIMM" or d[3] != 14 else ("U", "CSR", d[2], d[3], 1)
                     for d in descs]
        text = ops_text(descs)
        if text in base_formats:
            # The same operands as a base format (gtlbflush and tlbflush,
            # gcsrrd and csrrd): one format, printed one way.
            entries.append((match, m, base_formats[text]))
            continue
        name = "V_" + format_name(descs)
        while name in formats and formats[name] != text:
            name += "_"
        formats[name] = text
        entries.append((match, m, name))
    entries.sort()
    write_formats(formats)
    write_opcodes(entries)
    print("probe: %d encodings, %d formats" % (len(entries), len(formats)),
          file=sys.stderr)


def kind_csr(mnem):
    return mnem.startswith("gcsr")


def ops_text(descs):
    """The operands as formats.def writes them."""
    return " ".join(
        "SPLIT(%s, %d, %d, %d, %d)" % (k, lsb, w, s, hw) if form == "SPLIT" else
        "S(%s, %d, %d, %d)" % (k, lsb, w, s) if form == "S" else
        "U(%s, %d, %d)" % (k, lsb, w)
        for form, k, lsb, w, s, *more in descs
        for hw in [more[0] if more else 0]) or "NOOP"


def read_base_formats():
    """The base formats (src/la64/formats.def), by their operand text."""
    found = {}
    with open("src/la64/formats.def") as f:
        for line in f:
            m = re.match(r"LA64_FORMAT\((\w+), (.*)\)\s*$", line)
            if m:
                found.setdefault(re.sub(r"\s+", " ", m.group(2)), m.group(1))
    return found


def write_formats(formats):
    with open("include/la64/formats_ext.def", "w") as f:
        f.write("/* SPDX-License-Identifier: MIT */\n"
                "/*\n * Generated by src/la64/gen/probe_llvm.py: do not edit, rerun it.\n"
                " * The operand formats of the LSX, LASX, LBT and LVZ encodings that\n"
                " * no base format has, as formats.def writes them.\n */\n")
        for name in sorted(formats):
            f.write("LA64_FORMAT(%s, %s)\n" % (name, formats[name]))


def write_opcodes(entries):
    with open("include/la64/opcodes_ext.def", "w") as f:
        f.write("/* SPDX-License-Identifier: MIT */\n"
                "/*\n * Generated by src/la64/gen/probe_llvm.py: do not edit, rerun it.\n"
                " * The LSX, LASX, LBT and LVZ encodings, as opcodes.def writes the\n"
                " * base ones, from what llvm-objdump-19 decodes;\n"
                " * tests/la64/diff_llvm.sh checks every line against it.\n */\n")
        for match, m, name in entries:
            ident = re.sub(r"[^A-Za-z0-9]", "_", m).upper()
            f.write('LA64_INSN(%-18s %-20s 0x%08x, %-14s %s)\n' %
                    (ident + ",", '"%s",' % m, match, name + ",", group(m)))


if __name__ == "__main__":
    main()
