# SPDX-License-Identifier: MIT
"""The instruction sets objlitmus.py reads: arm64, RISC-V and Power.

Each class says, for the instructions the lock paths contain, what kind an
instruction is, which registers it writes and reads, and how herd7 spells
it (the rules are in objlitmus.py's docstring)."""
import re


class Unknown(Exception):
    """An instruction or a path the rules do not know."""


def imm(text):
    """An immediate as herd7 reads it: decimal."""
    return str(int(text.lstrip("#"), 0))


# reg(name) gives a register's identity (w5 and x5 are one); regs(insn)
# the identities it writes and reads ('nzcv' and 'cr0' are the flags);
# render(insn, r) spells the instruction with every register passed
# through r; retry, standin and done spell the branches and marks that
# objlitmus.py adds.

class AArch64:
    name, model, arg = "AArch64", "aarch64.cat", "x0"
    RMW = re.compile(r"^(ldadd|ldset|ldclr|ldeor|swp|cas)(a|al|l)?[bh]?$")

    def reg(self, op):
        m = re.match(r"^([wx])(\d+)$", op)
        return ("r", int(m.group(2))) if m else None

    def spell(self, key, like="x"):
        return f"{'W' if like == 'w' else 'X'}{key[1]}"

    def is_stack(self, i):
        return any(re.match(r"^\[(sp|x29)\b", o) for o in i.ops)

    def kind(self, i):
        mn = i.mn
        if mn in ("nop", "bti", "hint", "paciasp", "autiasp"):
            return "skip"
        if mn == "ret":
            return "ret"
        if mn == "bl":
            return "call"
        if mn == "b":
            return "jump"
        if mn.startswith("b.") or mn in ("cbz", "cbnz", "tbz", "tbnz"):
            return "cond"
        if mn in ("dmb", "dsb", "isb"):
            return "fence"
        if mn in ("stp", "ldp") or self.is_stack(i):
            return "stack" if self.is_stack(i) else "unknown"
        if mn == "adrp" or (mn.startswith("ld") or mn.startswith("st")
                            or self.RMW.match(mn)) and i.ops and "[" in i.ops[-1]:
            return "mem"
        if mn in ("mov", "add", "sub", "and", "orr", "eor", "lsr", "lsl",
                  "cmp", "cmn", "tst"):
            return "alu"
        return "unknown"

    def target(self, i):
        return int(i.ops[-1], 16)

    def regs(self, i):
        """(written, read) register keys; 'nzcv' is the flags."""
        rs = [self.reg(re.sub(r"[\[\]!]", "", o).split()[0].rstrip(","))
              for o in i.ops]
        rs = [r for r in rs if r]
        mn = i.mn
        if mn in ("cmp", "cmn", "tst"):
            return ["nzcv"], rs
        if mn.startswith("b."):
            return [], ["nzcv"]
        if mn in ("cbz", "cbnz", "tbz", "tbnz"):
            return [], rs[:1]
        if mn.startswith("st") and mn[:4] in ("stlx", "stxr"):
            return rs[:1], rs[1:]
        if mn.startswith("st"):
            return [], rs
        if self.RMW.match(mn):
            if mn.startswith("cas"):
                return rs[:1], rs
            return rs[1:2], [rs[0], rs[2]]
        if mn == "adrp":
            return rs[:1], []
        return rs[:1], rs[1:]

    def render(self, i, r):
        def op(o):
            o = re.sub(r"\b([wx])(\d+)\b", lambda m: r(m.group(0)), o)
            o = re.sub(r"#(-?0x[0-9a-f]+|-?\d+)", lambda m: "#" + imm(m.group(1)), o)
            return o.upper().replace(" ", "")
        ops = [op(o) for o in i.ops]
        mn = i.mn.upper()
        # herd7 takes no shifted immediate: add w3, w1, #0x10, lsl #12
        if i.mn in ("add", "sub") and len(ops) == 4 and ops[3].startswith("LSL#"):
            val = int(ops[2][1:]) << int(ops[3][4:])
            tmp = r("__shift")
            return [f"MOV {tmp},#{val}", f"{mn} {ops[0]},{ops[1]},{tmp}"]
        return [f"{mn} {','.join(ops)}"]

    def retry(self, i, r, label):
        return [f"{i.mn.upper()} {r(i.ops[0])},{label}"]

    def standin(self, reg, r, label):
        t = r("__dep")
        return [f"EOR {t},{reg},{reg}", f"CBNZ {t},{label}"]

    def done(self, reg):
        return [f"MOV {reg},#1"]

    def store(self, v, addr, tmp):
        return [f"MOV {tmp},#{v}", f"STR {tmp},[{addr}]"]

    def load(self, addr, res):
        return [f"LDR {res},[{addr}]"]

    def mb(self):
        return ["DMB ISH"]

    def harness_reg(self, n, addr=False):
        return f"{'X' if addr else 'W'}{n}"

    def cond_reg(self, n):
        return f"X{n}"

    pool = list(range(1, 29))


class RISCV:
    name, model, arg = "RISCV", "riscv.cat", "a0"
    ABI = {"zero": 0, "ra": 1, "sp": 2, "gp": 3, "tp": 4, "t0": 5, "t1": 6,
           "t2": 7, "s0": 8, "fp": 8, "s1": 9}
    ABI.update({f"a{n}": 10 + n for n in range(8)})
    ABI.update({f"s{n}": 16 + n for n in range(2, 12)})
    ABI.update({f"t{n}": 25 + n for n in range(3, 7)})

    def reg(self, op):
        if op in self.ABI:
            return ("r", self.ABI[op]) if op != "zero" else None
        m = re.match(r"^x(\d+)$", op)
        return ("r", int(m.group(1))) if m and m.group(1) != "0" else None

    def spell(self, key, like=None):
        return f"x{key[1]}"

    def is_stack(self, i):
        return any(re.search(r"\((sp|s0|fp)\)$", o) for o in i.ops)

    def kind(self, i):
        mn = i.mn
        if mn in ("nop", "c.nop"):
            return "skip"
        if mn == "ret":
            return "ret"
        if mn in ("j",):
            return "jump"
        if mn in ("jr", "jalr", "call", "tail"):
            return "call"
        if mn == "auipc":
            return "call" if i.reloc else "unknown"
        if re.match(r"^b(eq|ne|lt|ge|ltu|geu|eqz|nez)$", mn):
            return "cond"
        if mn.startswith("fence"):
            return "fence"
        if self.is_stack(i):
            return "stack"
        if re.match(r"^(l[bhwd]u?|s[bhwd]|lr\.[wd]|sc\.[wd]|amo[a-z]+\.[wd])(\.|$)", mn):
            return "mem"
        if mn in ("lui", "li", "mv", "addi", "addiw", "add", "addw", "sub",
                  "subw", "and", "andi", "or", "ori", "xor", "xori", "slli",
                  "srli", "srliw", "slliw", "sext.w", "zext.h"):
            return "alu"
        return "unknown"

    def target(self, i):
        return int(i.ops[-1], 16)

    def _regs(self, ops):
        out = []
        for o in ops:
            m = re.match(r"^-?(0x[0-9a-f]+|\d+)?\((\w+)\)$", o)
            key = self.reg(m.group(2) if m else o)
            if key:
                out.append(key)
        return out

    def regs(self, i):
        rs, mn = self._regs(i.ops), i.mn
        if self.kind(i) == "cond":
            return [], rs
        if re.match(r"^s[bhwd]$", mn):
            return [], rs
        if mn.startswith("sc.") or mn.startswith("amo"):
            return rs[:1], rs[1:]
        return rs[:1], rs[1:]

    def render(self, i, r):
        mn = i.mn

        def op(o):
            m = re.match(r"^(-?(?:0x[0-9a-f]+|\d+))?\((\w+)\)$", o)
            if m and m.group(1) is None:
                return f"({r(m.group(2))})"      # an atomic's address
            if m:
                return f"{imm(m.group(1))}({r(m.group(2))})"
            if re.match(r"^-?(0x[0-9a-f]+|\d+)$", o):
                return imm(o)
            return "x0" if o == "zero" else r(o)
        if mn.startswith("fence"):
            if mn == "fence.tso":
                return ["fence.tso"]
            sets = [s.replace("i", "").replace("o", "") or "rw" for s in i.ops] or ["rw", "rw"]
            return [f"fence {sets[0]},{sets[1]}"]
        ops = [op(o) for o in i.ops]
        # No mixed-size RISC-V model: a 16-bit access is one of its word.
        if mn in ("lh", "lhu", "sh"):
            mn = "lw" if mn != "sh" else "sw"
            off, base = re.match(r"^(-?\d+)\((.*)\)$", ops[1]).groups()
            ops[1] = f"{int(off) & ~3}({base})"
        # herd7 7.57 implements neither srliw nor sext.w; on the values
        # here (below 2^31) srli and addiw 0 compute the same.
        if mn == "srliw":
            mn = "srli"
        if mn == "sext.w":
            mn, ops = "addiw", ops + ["0"]
        if mn.startswith("amo") or mn.startswith("lr.") or mn.startswith("sc."):
            mn = mn.replace(".aqrl", ".aq.rl")
        return [f"{mn} {','.join(ops)}"]

    def retry(self, i, r, label):
        ops = [("x0" if o == "zero" else r(o)) for o in i.ops[:-1]]
        return [f"{i.mn} {','.join(ops)},{label}"]

    def standin(self, reg, r, label):
        t = r("__dep")
        return [f"xor {t},{reg},{reg}", f"bne {t},x0,{label}"]

    def done(self, reg):
        return [f"ori {reg},x0,1"]

    def store(self, v, addr, tmp):
        return [f"ori {tmp},x0,{v}", f"sw {tmp},0({addr})"]

    def load(self, addr, res):
        return [f"lw {res},0({addr})"]

    def mb(self):
        return ["fence rw,rw"]

    def harness_reg(self, n, addr=False):
        return f"x{n}"

    cond_reg = harness_reg
    pool = list(range(5, 32))


class PPC:
    name, model, arg = "PPC", "ppc.cat", "3"
    # operand kinds: R register, Z register or literal 0, I immediate,
    # M displacement(register), C condition field or bit, T target
    SIG = {"lwarx": "RZR", "stwcx.": "RZR", "lwz": "RM", "lhz": "RM",
           "stw": "RM", "sth": "RM", "lbz": "RM", "stb": "RM",
           "addi": "RRI", "addis": "RRI", "ori": "RRI", "xori": "RRI",
           "lis": "RI", "li": "RI", "add": "RRR", "subf": "RRR", "xor": "RRR",
           "or": "RRR", "and": "RRR", "mr": "RR", "clrlwi": "RRI",
           "srwi": "RRI", "cmpw": "RR", "cmplw": "RR", "cmpwi": "RI",
           "cmplwi": "RI", "stwu": "RM", "mflr": "R", "mtlr": "R"}

    def reg(self, op):
        return ("r", int(op)) if re.match(r"^\d+$", op) else None

    def spell(self, key, like=None):
        return f"r{key[1]}"

    def is_stack(self, i):
        return any(re.search(r"\(1\)$", o) for o in i.ops) or i.mn in ("mflr", "mtlr")

    def kind(self, i):
        mn = i.mn
        if mn == "nop":
            return "skip"
        if mn == "blr":
            return "ret"
        if mn == "bclr":
            return "cret"
        if mn in ("bl", "bcl"):
            return "call"
        if mn == "b":
            return "jump"
        if mn in ("bf", "bt", "bne", "beq"):
            return "cond"
        if mn in ("sync", "lwsync", "hwsync", "isync", "eieio"):
            return "fence"
        if self.is_stack(i):
            return "stack"
        sig = self.SIG.get(mn)
        if sig is None:
            return "unknown"
        return "mem" if ("M" in sig or mn in ("lwarx", "stwcx.")) else "alu"

    def target(self, i):
        return int(i.ops[-1], 16)

    def _keys(self, i):
        sig = self.SIG[i.mn]
        if i.mn in ("cmpw", "cmplw") and len(i.ops) == 3:
            ops = i.ops[1:]       # cmpw 1, 9, 10: a CR field first
        else:
            ops = i.ops
        out = []
        for s, o in zip(sig, ops):
            if s == "R" or (s == "Z" and o != "0"):
                out.append(self.reg(o))
            elif s == "M":
                out.append(self.reg(re.match(r"^-?\d+\((\d+)\)$", o).group(1)))
        return out

    def regs(self, i):
        mn = i.mn
        if mn in ("bf", "bt", "bne", "beq", "bclr"):
            return [], ["cr0"]
        rs = self._keys(i)
        if mn.startswith("cmp"):
            return ["cr0"], rs
        if mn == "stwcx.":
            return ["cr0"], rs
        if mn.startswith("st"):
            return [], rs
        return rs[:1], rs[1:]

    def render(self, i, r):
        if self.kind(i) == "fence":
            return [i.mn]
        mn, sig = i.mn, self.SIG[i.mn]
        ops = i.ops[1:] if mn in ("cmpw", "cmplw") and len(i.ops) == 3 else i.ops
        out = []
        for s, o in zip(sig, ops):
            if s == "R" or (s == "Z" and o != "0"):
                out.append(r(o))
            elif s == "Z":
                out.append("r0")
            elif s == "M":
                d, base = re.match(r"^(-?\d+)\((\d+)\)$", o).groups()
                out.append(f"{d}({r(base)})")
            else:
                out.append(imm(o))
        # No mixed-size Power model: a 16-bit access is one of its word
        # (big-endian: the owner half is at offset 2 of the word at 0).
        if mn in ("lhz", "sth"):
            mn = "lwz" if mn == "lhz" else "stw"
            d, base = re.match(r"^(-?\d+)\((.*)\)$", out[1]).groups()
            out[1] = f"{int(d) & ~3}({base})"
        if mn == "cmplw":
            mn = "cmpw"   # on the values here (below 2^31) the same
        return [f"{mn} {','.join(out)}"]

    def retry(self, i, r, label):
        # bf 2 / bne: CR0's EQ bit clear, i.e. the stwcx. failed
        if i.mn in ("bf", "bne") and (i.mn == "bne" or i.ops[0] == "2"):
            return [f"bne {label}"]
        raise Unknown(f"retry branch {i}")

    def standin(self, reg, r, label):
        t = r("__dep")
        return [f"xor {t},{reg},{reg}", f"cmpwi {t},0", f"bne {label}"]

    def done(self, reg):
        return [f"li {reg},1"]

    def store(self, v, addr, tmp):
        return [f"li {tmp},{v}", f"stw {tmp},0({addr})"]

    def load(self, addr, res):
        return [f"lwz {res},0({addr})"]

    def mb(self):
        return ["sync"]

    def harness_reg(self, n, addr=False):
        return f"r{n}"

    cond_reg = harness_reg
    pool = list(range(2, 32))


ARCHES = {"aarch64": AArch64, "riscv": RISCV, "ppc": PPC}
