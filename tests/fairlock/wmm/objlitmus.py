#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Litmus tests made from the compiled ticket lock, checked with herd7.

tests/fairlock/wmm/objlitmus.sh compiles tests/fairlock/cross/codegen_probe.c
for one target and disassembles it (llvm-objdump -d -r).  This program reads
that disassembly, follows probe_lock's and probe_unlock's fast paths
instruction by instruction (into libgcc's outline atomic helper where the
lock calls one, down each of its two bodies), writes the kernel's lock tests
around them in herd7's syntax and runs herd7 on each:

  SB+lock          x = 1; lock(b); r0 = y    || y = 1; smp_mb(); r1 = x
  SB+unlock-lock   x = 1; unlock(a); lock(b); r0 = y || (the same)
  HO               lock(l); x = 1; unlock(l) || lock(l); r0 = x

Each is Never in the Linux kernel memory model for a lock that is a full
barrier (RCsc), which is what fairlock/ticket.h promises; each must be Never
in the architecture's own model for the instructions the compiler emitted.
And each must have executions where every thread got through its fast
path (the "reach" check), or the Never would be vacuous.

How instructions become litmus code (the rules are the same for all
targets and say what is left out):
  - Memory accesses, fences, atomics, LL/SC and the retry branch of an
    LL/SC loop are kept as they are.  A retry branch goes to the end of
    the thread (one attempt: executions where it failed do not reach the
    "done" register the conditions ask for).
  - Register arithmetic is kept when a kept instruction needs its result
    (the unlock's owner + 1, the value an SC stores); the rest, which
    only decides whether the lock was free, is dropped, and the branch it
    fed becomes a branch that depends on the same loaded value and is
    never taken (a control dependency, as the real branch has).  The
    conditions pick the executions where the real branch would go the
    fast way (the value the RMW read).
  - Accesses to the stack frame and prologue/epilogue moves are left
    out: no other thread sees them.  So are hints (nop, bti).
  - The CPU-feature load in libgcc's helper (__aarch64_have_lse_atomics)
    is not modelled: each of the helper's bodies is a test of its own.
  - herd7 7.57 has no mixed-size RISC-V or Power model: there, a 16-bit
    access becomes a 32-bit access of the word that holds it (in the
    executions asked about nobody takes a ticket between the unlock's load
    and store, so the other half is unchanged).  arm64 keeps its 16-bit
    accesses (Variant=mixed).
An instruction the rules do not know stops the program with its name: a
new compiler output is looked at, not guessed.

usage: objlitmus.py ARCH DISASM [--helper DISASM --helper-path lse|llsc]
                    --herd HERD --libdir DIR --work DIR
ARCH: aarch64, riscv or ppc.  Exit status 0 when every test is Never and
reachable, 1 when one is not (its litmus file and herd7's states printed).
"""
import argparse
import os
import re
import subprocess
import sys

from objlitmus_isa import ARCHES, Unknown


class Insn:
    def __init__(self, addr, mn, ops):
        self.addr, self.mn, self.ops, self.reloc = addr, mn, ops, None
        self.dropped = False    # arithmetic no kept instruction needs

    def __str__(self):
        return f"{self.mn} {', '.join(self.ops)}" + (f"  [{self.reloc}]" if self.reloc else "")


def split_ops(text):
    ops, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


def parse(path):
    """Functions of an llvm-objdump -d -r --no-show-raw-insn listing.  GCC's
    local labels (<.L4>) continue the function before them."""
    funcs, cur = {}, None
    for line in open(path):
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            if not (m.group(1).startswith(".L") and cur is not None):
                cur = funcs.setdefault(m.group(1), [])
            continue
        m = re.match(r"^\s+[0-9a-f]+:\s+(R_\S+)\s+(\S+)", line)
        if m and cur:
            # the symbol, not RISC-V's R_RISCV_RELAX *ABS* beside it
            if m.group(2) != "*ABS*":
                cur[-1].reloc = re.sub(r"[+-]0x[0-9a-f]+$", "", m.group(2))
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m and cur is not None:
            ops = re.sub(r"\s*//.*$", "", m.group(3))
            ops = re.sub(r"\s*<[^>]*>", "", ops)
            cur.append(Insn(int(m.group(1), 16), m.group(2), split_ops(ops)))
    return funcs


# --- the fast path of one function -----------------------------------------

FEATURE = "__aarch64_have_lse_atomics"


def fast_path(arch, funcs, name, helper_funcs, helper_path):
    """[(insn, role)] along name's fast path.  Roles: the arch's kind
    ('mem', 'fence', 'alu', 'stack', 'skip'), 'retry' (an LL/SC loop's
    branch back), 'decide' (the branch whose other side is the slow path).
    None when every way through reaches the slow path."""
    if name not in funcs:
        raise Unknown(f"no function {name} in the disassembly")
    code = funcs[name]
    at = {i.addr: n for n, i in enumerate(code)}
    features = set()

    def go(n):
        out = []
        while True:
            if n >= len(code):
                raise Unknown(f"{name}: the path runs off the function's end")
            i = code[n]
            kind = arch.kind(i)
            if i.reloc and "slowpath" in i.reloc:
                return None
            if i.reloc == FEATURE:
                features.update(k for k in arch.regs(i)[0])
                n += 1
                continue
            if kind == "unknown":
                raise Unknown(f"{name}: instruction not modelled: {i}")
            if kind == "ret":
                return out
            if kind == "cret":       # a conditional return: taken returns
                if go(n + 1) is not None:
                    raise Unknown(f"{name}: both ways of {i} are fast")
                return out + [(i, "decide")]
            if kind == "call":
                if i.reloc and i.reloc.startswith("__aarch64_") and helper_funcs:
                    body = fast_path(arch, helper_funcs, i.reloc, None, helper_path)
                    if body is None:
                        raise Unknown(f"{i.reloc}: no way through")
                    out += body
                    n += 1
                    continue
                if i.mn == "bcl" and arch.target(i) == i.addr + 4:
                    n += 1           # Power's PIC idiom: the address of the next insn
                    continue
                raise Unknown(f"{name}: call not modelled: {i}")
            if kind == "jump":
                n = at[arch.target(i)]
                continue
            if kind == "cond":
                t = at.get(arch.target(i))
                if t is None:
                    raise Unknown(f"{name}: branch out of the function: {i}")
                if t <= n:
                    out.append((i, "retry"))
                    n += 1
                    continue
                if set(arch.regs(i)[1]) <= features and arch.regs(i)[1]:
                    # libgcc's helper: LSE when the CPU has it (fall
                    # through), else its LL/SC loop (taken).
                    n = t if helper_path == "llsc" else n + 1
                    continue
                taken, fall = go(t), go(n + 1)
                if taken is None and fall is None:
                    return None
                if taken is not None and fall is not None:
                    raise Unknown(f"{name}: both ways of {i} are fast")
                return out + [(i, "decide")] + (taken if taken is not None else fall)
            out.append((i, kind))
            n += 1
    return go(0)


# --- from a path to herd7 code ---------------------------------------------

class Regs:
    """herd7 register numbers, handed out once per thread."""

    def __init__(self, arch):
        self.free = list(arch.pool)

    def new(self):
        if not self.free:
            raise Unknown("out of registers")
        return self.free.pop(0)


def inline(arch, path, regs, lock_reg, label):
    """herd7 lines for one call along path, its lock's address in register
    number lock_reg.  Returns (lines, take): take is the register number
    that holds the value the lock's first atomic read (None if none)."""
    env = {arch.reg(arch.arg): lock_reg}
    taint, steps, take = {}, [], None
    for i, role in path:
        if role in ("stack", "skip"):
            continue
        writes, reads = arch.regs(i) if role != "fence" else ([], [])
        # A register the path never set (the stack pointer) is an error
        # only if a kept instruction needs it: see the end.
        src = {k: env.get(k, f"unset {k}") for k in reads}
        dst = {}
        for k in writes:
            dst[k] = src[k] if k in src else (k if isinstance(k, str) else regs.new())
            env[k] = dst[k]
        names = dict(src)
        names.update(dst)
        if role == "mem" and writes and i.mn not in ("stlxr", "stxr", "stlxrh", "stxrh", "adrp") \
                and not i.mn.startswith("sc.") and i.mn != "stwcx.":
            for k in writes:
                taint[dst[k]] = {dst[k]}
            if take is None and not isinstance(dst[writes[0]], str):
                take = dst[writes[0]]
        elif role == "alu":
            for k in writes:
                taint[dst[k]] = set().union(*(taint.get(src[s], set()) for s in reads))
        dep = sorted(set().union(*(taint.get(src[s], set()) for s in reads))) \
            if role == "decide" else []
        steps.append((i, role, names, set(src.values()), set(dst.values()), dep))
    # Which arithmetic a kept instruction needs; the rest is dropped.
    needed, keep = set(), []
    for i, role, names, reads, writes, dep in reversed(steps):
        if role == "alu" and not (writes & needed):
            i.dropped = True
            continue
        needed -= writes
        needed |= set(dep) if role == "decide" else reads
        keep.append((i, role, names, dep))
    keep.reverse()
    if needed - {lock_reg}:
        raise Unknown(f"{path[0][0]}...: registers read before the path sets them: "
                      f"{sorted(map(str, needed - {lock_reg}))}")
    lines = []
    for i, role, names, dep in keep:
        def r(op, names=names):
            if op.startswith("__"):
                if op not in names:
                    names[op] = regs.new()
                n = names[op]
            else:
                key = arch.reg(op)
                n = names[key] if key in names else None
                if n is None:
                    raise Unknown(f"{i}: register {op} not tracked")
            like = op[0].lower() if op[0] in "wxWX" else "w"
            return arch.spell(("r", n), like if arch.name == "AArch64" else None)
        if role == "retry":
            lines += arch.retry(i, r, label)
        elif role == "decide":
            for n in dep:
                lines += arch.standin(arch.spell(("r", n), "w"), r, label)
        else:
            lines += arch.render(i, r)
    return lines, take


# --- the tests ---------------------------------------------------------------

class Test:
    """One litmus test being written: threads of herd7 lines, each thread
    with its own registers, its end label and its "done" register."""

    def __init__(self, arch, name, what, memory):
        self.arch, self.name, self.what, self.memory = arch, name, what, memory
        self.threads = []

    def thread(self):
        p = len(self.threads)
        t = {"regs": Regs(self.arch), "lines": [], "init": [], "p": p,
             "label": f"L{p}end"}
        self.threads.append(t)
        return t

    def addr(self, t, loc):
        n = t["regs"].new()
        t["init"].append((self.arch.harness_reg(n, True), loc))
        return n

    def text(self, cond):
        a = self.arch
        mixed = a.name == "AArch64"
        typ = "uint32_t " if mixed else ""
        rows = [t["lines"] for t in self.threads]
        width = max(len(x) for r in rows for x in r) + 1
        table = [" " + " | ".join(f"P{p}".ljust(width) for p in range(len(rows))) + " ;"]
        for k in range(max(len(r) for r in rows)):
            table.append(" " + " | ".join((r[k] if k < len(r) else "").ljust(width)
                                         for r in rows) + " ;")
        init = "; ".join(f"{typ}{k}={v}" for k, v in self.memory) + ";\n"
        for t in self.threads:
            init += "; ".join(f"{t['p']}:{reg}={loc}" for reg, loc in t["init"]) + ";\n"
        return (f"{a.name} {self.name}\n(* {self.what} *)\n"
                + ("Variant=mixed\n" if mixed else "")
                + "{\n" + init + "}\n" + "\n".join(table)
                + "\nexists (" + " /\\ ".join(cond) + ")\n")


def lit(arch, p, n, v):
    return f"{p}:{arch.cond_reg(n)}={v}"


def build(arch, paths, which):
    """The litmus test `which`: (Test, bad outcome, reach outcome) as lists
    of condition literals."""
    a = arch

    def call(test, t, fn, lock):
        lines, take = inline(a, paths[fn], t["regs"], lock, t["label"])
        t["lines"] += lines
        return take

    def end(t):
        d = t["regs"].new()
        t["lines"] += a.done(a.harness_reg(d)) + [f"{t['label']}:"]
        return d

    def observer(test, first, second):
        # second = 1; smp_mb(); r = first
        t = test.thread()
        af, as_ = test.addr(t, first), test.addr(t, second)
        tmp, res = t["regs"].new(), t["regs"].new()
        t["lines"] += (a.store(1, a.harness_reg(as_, True), a.harness_reg(tmp))
                       + a.mb() + a.load(a.harness_reg(af, True), a.harness_reg(res)))
        return res

    if which in ("SB+lock", "SB+unlock-lock"):
        unlock_first = which == "SB+unlock-lock"
        what = ("SB through a lock: P0: x = 1; lock(b); r0 = y (b free)" if not unlock_first else
                "SB through an unlock and a lock of another lock:\n"
                "   P0: x = 1; unlock(a); lock(b); r0 = y (a held by P0, b free)")
        test = Test(a, which, what + "\n   P1: y = 1; smp_mb(); r1 = x",
                    [("a", 65536), ("b", 0), ("x", 0), ("y", 0)])
        t = test.thread()
        ax, ay = test.addr(t, "x"), test.addr(t, "y")
        tmp, r0 = t["regs"].new(), t["regs"].new()
        t["lines"] += a.store(1, a.harness_reg(ax, True), a.harness_reg(tmp))
        if unlock_first:
            call(test, t, "probe_unlock", test.addr(t, "a"))
        take = call(test, t, "probe_lock", test.addr(t, "b"))
        t["lines"] += a.load(a.harness_reg(ay, True), a.harness_reg(r0))
        d = end(t)
        r1 = observer(test, "x", "y")
        reach = [lit(a, 0, d, 1), lit(a, 0, take, 0)]
        return test, reach + [lit(a, 0, r0, 0), lit(a, 1, r1, 0)], reach
    if which == "HO":
        test = Test(a, which, "Hand-over: the next holder sees the critical section:\n"
                    "   P0: lock(l); x = 1; unlock(l)\n"
                    "   P1: lock(l) [after P0's unlock]; r0 = x", [("l", 0), ("x", 0)])
        t0 = test.thread()
        l0, x0 = test.addr(t0, "l"), test.addr(t0, "x")
        tmp = t0["regs"].new()
        take0 = call(test, t0, "probe_lock", l0)
        t0["lines"] += a.store(1, a.harness_reg(x0, True), a.harness_reg(tmp))
        call(test, t0, "probe_unlock", l0)
        d0 = end(t0)
        t1 = test.thread()
        l1, x1 = test.addr(t1, "l"), test.addr(t1, "x")
        r0 = t1["regs"].new()
        take1 = call(test, t1, "probe_lock", l1)
        t1["lines"] += a.load(a.harness_reg(x1, True), a.harness_reg(r0))
        d1 = end(t1)
        reach = [lit(a, 0, d0, 1), lit(a, 1, d1, 1), lit(a, 0, take0, 0),
                 lit(a, 1, take1, 65537)]
        return test, reach + [lit(a, 1, r0, 0)], reach
    raise ValueError(which)


TESTS = ("SB+lock", "SB+unlock-lock", "HO")


def herd_states(out):
    """herd7's final states: a list of {location: value} (only the
    locations the condition names)."""
    states, on = [], False
    for line in out.splitlines():
        if line.startswith("States "):
            on = True
            continue
        if on and re.match(r"^(Ok|No|Loop)\b", line):
            break
        if on:
            states.append(dict(x.strip().split("=", 1)
                               for x in line.split(";") if "=" in x))
    return states


def holds(state, literals):
    return all(state.get(k) == v for k, v in (x.split("=", 1) for x in literals))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("arch", choices=sorted(ARCHES))
    ap.add_argument("disasm")
    ap.add_argument("--helper")
    ap.add_argument("--helper-path", choices=("lse", "llsc"))
    ap.add_argument("--herd", required=True)
    ap.add_argument("--libdir", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--tag", default="")
    args = ap.parse_args()
    arch = ARCHES[args.arch]()
    funcs = parse(args.disasm)
    helpers = parse(args.helper) if args.helper else None
    failed = 0
    try:
        paths = {fn: fast_path(arch, funcs, fn, helpers, args.helper_path)
                 for fn in ("probe_lock", "probe_unlock")}
        for fn, path in paths.items():
            if path is None:
                raise Unknown(f"{fn}: no fast path")
        tests = [build(arch, paths, which) for which in TESTS]
        for fn, path in paths.items():
            print(f"--- {fn}{args.tag}: the fast path as modelled")
            for i, role in path:
                mark = {"stack": "  (frame: left out)", "skip": "  (hint: left out)",
                        "decide": "  (fast-path branch: dependency kept, never taken)",
                        "retry": "  (retry: one attempt)"}.get(role, "")
                if i.dropped:
                    mark = "  (its result unused: left out)"
                print(f"    {i}{mark}")
    except Unknown as e:
        print(f"objlitmus: {e}", file=sys.stderr)
        return 2
    for test, bad, reach in tests:
        path = os.path.join(args.work, f"{test.name}{args.tag}.{arch.name}.litmus")
        with open(path, "w") as f:
            f.write(test.text(bad))
        run = subprocess.run([args.herd, "-I", args.libdir, "-model", arch.model, path],
                             capture_output=True, text=True)
        states = herd_states(run.stdout)
        seen_bad = any(holds(s, bad) for s in states)
        seen_reach = any(holds(s, reach) for s in states)
        verdict = ("herd7 gave no states" if not states else
                   "the outcome is reachable" if seen_bad else
                   "no execution gets through the fast path (vacuous)" if not seen_reach else
                   "Never, and the fast path is reachable")
        ok = states and not seen_bad and seen_reach
        print(f"{'ok' if ok else 'FAIL'}: {test.name}{args.tag} under {arch.model}: {verdict}")
        if not ok:
            failed = 1
            print(open(path).read())
            print(run.stdout[-3000:], run.stderr[-2000:])
    return failed


if __name__ == "__main__":
    sys.exit(main())
