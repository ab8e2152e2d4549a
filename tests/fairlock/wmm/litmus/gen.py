#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the herd7 litmus files of this directory: the kernel's lock
litmus tests on the instructions fairlock's ticket lock compiles to on
arm64, RISC-V and Power (tests/fairlock/cross/codegen.sh prints them), and
controls with one ordering removed.  Each file says what it expects;
tests/fairlock/wmm/herd.sh checks it.  Run from this directory.  The mixed-size
files (MS+*), the qspinlock's (HO+qspin*) and the arm64 fast path's with
and without LSE (SB+ticket-lock-*, the LL/SC one as ARMv8.0 CPUs run
libgcc's outline helper) are written by hand."""

NOTE = {
    'AArch64': "GCC 12 -O2 -march=armv8.1-a: lock (fast path) MOV #65536;\n"
               "   LDADDAL; unlock LDRH; ADD; STLRH on the owner half (16 bits) of\n"
               "   the 32-bit word, mixed-size (Variant=mixed).  The LDRH reads the\n"
               "   holder's own owner value: here a MOV of owner + 1.",
    'RISCV': "clang 19 -O2, riscv64: lock (fast path) lui; amoadd.w.aqrl; unlock\n"
             "   lh; addi; fence rw,w; sh.  herd7 7.57 has no mixed-size RISC-V\n"
             "   model (Variant=mixed gives no executions), so lh/sh are lw/sw of\n"
             "   the whole word: in the executions asked about nobody takes a\n"
             "   ticket between the unlock's load and store, so the bytes match.",
    'PPC': "clang 19 -O2, powerpc64le: lock (fast path) sync; lwarx; add;\n"
           "   stwcx.; lwsync; unlock lhz; lwsync; sth.  No mixed-size Power\n"
           "   model in herd7 7.57: lhz/sth are lwz/stw of the whole word (see\n"
           "   the RISC-V files).  One lwarx/stwcx. attempt; the final lock value\n"
           "   in the condition keeps the executions where it succeeded.",
}
MODEL = {'AArch64': 'aarch64.cat', 'RISCV': 'riscv.cat', 'PPC': 'ppc.cat'}


class Arch:
    def __init__(self, name, weaken=None):
        self.name, self.weaken = name, weaken or set()

    def r(self, n):
        return {'AArch64': 'X', 'RISCV': 'x', 'PPC': 'r'}[self.name] + str(n)

    def lock(self, l, t, res):
        if self.name == 'AArch64':
            return [f"MOV W{t},#65536", f"LDADDAL W{t},W{res},[X{l}]"]
        if self.name == 'RISCV':
            return [f"lui x{t},16", f"amoadd.w.aq.rl x{res},x{t},(x{l})"]
        pre = 'lwsync' if 'lock-sync' in self.weaken else 'sync'
        return [f"lis r{t},1", pre, f"lwarx r{res},r0,r{l}",
                f"add r{t + 20},r{t},r{res}", f"stwcx. r{t + 20},r0,r{l}", "lwsync"]

    def unlock(self, l, t, owner=0):
        if self.name == 'AArch64' and 'word' in self.weaken:
            # Whole-word form for the three-thread tests, whose mixed-size
            # search takes herd7 too long: the word the holder writes is
            # owner + 1 with the next ticket it knows (nobody takes one
            # between the two in the executions asked about).
            # (W{t} holds that word from the test's initial state).
            return [f"STLR W{t},[X{l}]"]
        if self.name == 'AArch64':
            st = 'STRH' if 'unlock-release' in self.weaken else 'STLRH'
            # The LDRH of the owner half reads the holder's own last
            # store; its value (owner + 1) is written as a constant to
            # keep herd7's mixed-size search small.
            return [f"MOV W{t},#{owner + 1}", f"{st} W{t},[X{l}]"]
        keep = 'unlock-release' not in self.weaken
        if self.name == 'RISCV':
            return ([f"lw x{t},0(x{l})", f"addi x{t},x{t},1"] +
                    (["fence rw,w"] if keep else []) + [f"sw x{t},0(x{l})"])
        return ([f"lwz r{t},0(r{l})"] + (["lwsync"] if keep else []) +
                [f"addi r{t},r{t},1", f"stw r{t},0(r{l})"])

    def store(self, v, a, t):
        return {'AArch64': [f"MOV W{t},#{v}", f"STR W{t},[X{a}]"],
                'RISCV': [f"ori x{t},x0,{v}", f"sw x{t},0(x{a})"],
                'PPC': [f"li r{t},{v}", f"stw r{t},0(r{a})"]}[self.name]

    def load(self, a, res):
        return {'AArch64': [f"LDR W{res},[X{a}]"],
                'RISCV': [f"lw x{res},0(x{a})"],
                'PPC': [f"lwz r{res},0(r{a})"]}[self.name]

    def mb(self):
        return {'AArch64': ["DMB ISH"], 'RISCV': ["fence rw,rw"],
                'PPC': ["sync"]}[self.name]


def emit(name, arch, what, mem, regs, procs, cond, expect, ppc_final=None):
    typ = "uint32_t " if arch.name == 'AArch64' and 'word' not in arch.weaken else ""
    if arch.name == 'PPC' and ppc_final:
        cond += f" /\\ {ppc_final}"
    width = max(len(i) for p in procs for i in p) + 1
    rows = [" " + " | ".join(f"P{i}".ljust(width) for i in range(len(procs))) + " ;"]
    for k in range(max(len(p) for p in procs)):
        rows.append(" " + " | ".join((p[k] if k < len(p) else "").ljust(width)
                                     for p in procs) + " ;")
    with open(f"{name}.{arch.name}.litmus", "w") as f:
        note = NOTE[arch.name]
        if 'word' in arch.weaken:
            note = note.split(" on the owner half")[0] + " (here STLR of the word)."
        f.write(f"{arch.name} {name}.{arch.name}\n(* {what}\n   {note}\n"
                f"   model: {MODEL[arch.name]}\n   expect: {expect} *)\n")
        if arch.name == 'AArch64' and 'word' not in arch.weaken:
            f.write("Variant=mixed\n")
        f.write("{\n" + "; ".join(f"{typ}{k}={v}" for k, v in mem) + ";\n")
        for p, rs in enumerate(regs):
            f.write("; ".join(f"{p}:{arch.r(r)}={v}" for r, v in rs) + ";\n")
        f.write("}\n" + "\n".join(rows) + f"\nexists ({cond})\n")


def res(arch, p, n):
    return f"{p}:{arch.r(n)}"


def sb(arch, name, expect, extra=""):
    a = arch
    p0 = a.store(1, 1, 2) + a.unlock(3, 4) + a.lock(5, 6, 7) + a.load(8, 9)
    p1 = a.store(1, 1, 2) + a.mb() + a.load(3, 4)
    emit(name, a, "SB through an unlock and a lock of another lock (LKMM:\n"
         "   Sometimes; Never with smp_mb__after_unlock_lock()):\n"
         "   P0: x = 1; unlock(a); lock(b); r0 = y   (a held by P0, b free)\n"
         "   P1: y = 1; smp_mb(); r1 = x" + extra,
         [('a', 65536), ('b', 0), ('x', 0), ('y', 0)],
         [[(1, 'x'), (3, 'a'), (5, 'b'), (8, 'y')], [(1, 'y'), (3, 'x')]],
         [p0, p1], f"{res(a,0,7)}=0 /\\ {res(a,0,9)}=0 /\\ {res(a,1,4)}=0",
         expect, "b=65536")


def handover(arch, name, expect, extra=""):
    a = arch
    p0 = a.lock(3, 4, 5) + a.store(1, 1, 2) + a.unlock(3, 7)
    p1 = a.lock(3, 4, 5) + a.load(1, 7)
    emit(name, a, "Hand-over: the next holder sees the critical section:\n"
         "   P0: lock(l); x = 1; unlock(l)\n"
         "   P1: lock(l) [after P0's unlock]; r0 = x" + extra,
         [('l', 0), ('x', 0)], [[(1, 'x'), (3, 'l')], [(1, 'x'), (3, 'l')]],
         [p0, p1], f"{res(a,0,5)}=0 /\\ {res(a,1,5)}=65537 /\\ {res(a,1,7)}=0",
         expect, "l=131073")


def mp(arch):
    a = arch
    p0 = a.store(1, 1, 2) + a.lock(3, 4, 5) + a.store(1, 6, 2) + a.unlock(3, 7)
    p1 = a.lock(3, 4, 5) + a.load(6, 7) + a.unlock(3, 8, 1) + a.load(1, 9)
    emit("MP+ticket-locks", a, "MP+polocks (LKMM: Never):\n"
         "   P0: x = 1; lock(l); y = 1; unlock(l)\n"
         "   P1: lock(l) [after P0's unlock]; r0 = y; unlock(l); r1 = x",
         [('l', 0), ('x', 0), ('y', 0)],
         [[(1, 'x'), (3, 'l'), (6, 'y')], [(1, 'x'), (3, 'l'), (6, 'y')]],
         [p0, p1],
         f"{res(a,0,5)}=0 /\\ {res(a,1,5)}=65537 /\\ {res(a,1,7)}=1 /\\ {res(a,1,9)}=0",
         "Never", "l=131074")


def three(arch, test, expect):
    a = arch
    p0 = a.lock(3, 4, 5) + a.store(1, 1, 2) + a.store(1, 6, 2) + a.unlock(3, 7)
    p1 = a.lock(3, 4, 5) + a.load(6, 7) + a.store(1, 8, 2) + a.unlock(3, 9, 1)
    if test == 'Z6.0':
        p2 = a.store(2, 8, 2) + a.mb() + a.load(1, 4)
        last, lkmm, see = "z=2", "Sometimes", "z = 2; smp_mb(); r1 = x"
    else:
        p2 = a.load(8, 5) + a.mb() + a.load(1, 4)
        last, lkmm, see = f"{res(a,2,5)}=1", "Never", "r2 = z; smp_mb(); r1 = x"
    word = ("\n   The unlock is a whole-word STLR here (see the SB and HO files for\n"
            "   the 16-bit store): herd7's mixed-size search of three threads\n"
            "   takes too long.") if a.name == 'AArch64' else ""
    emit(f"{test}+ticket-locks", a,
         f"{test}+pooncelock+pooncelock+pombonce (LKMM: {lkmm}):\n"
         "   P0: lock(l); x = 1; y = 1; unlock(l)\n"
         "   P1: lock(l) [after P0]; r0 = y; z = 1; unlock(l)\n   P2: " + see + word,
         [('l', 0), ('x', 0), ('y', 0), ('z', 0)],
         [[(1, 'x'), (3, 'l'), (6, 'y')] + ([(7, 65537)] if word else []),
          [(3, 'l'), (6, 'y'), (8, 'z')] + ([(9, 131074)] if word else []),
          [(1, 'x'), (8, 'z')]],
         [p0, p1, p2],
         f"{res(a,0,5)}=0 /\\ {res(a,1,5)}=65537 /\\ {res(a,1,7)}=1 /\\ {last} /\\ {res(a,2,4)}=0",
         expect, "l=131074")


VERDICT = {  # what herd7 answers; the files assert it (tests/fairlock/wmm/herd.sh)
    ('Z6.0', 'AArch64'): 'Never', ('Z6.0', 'RISCV'): 'Never', ('Z6.0', 'PPC'): 'Sometimes',
}
for name in ('AArch64', 'RISCV', 'PPC'):
    arch = Arch(name)
    sb(arch, "SB+ticket-unlock-lock", "Never")
    handover(arch, "HO+ticket", "Never")
    mp(arch)
    word = Arch(name, {'word'})
    three(word, 'Z6.0', VERDICT[('Z6.0', name)])
    three(word, 'ISA2', "Never")
    handover(Arch(name, {'unlock-release'}), "HO+ticket-relaxed-unlock", "Sometimes",
             "\n   Control: the unlock's store without its release ordering (the\n"
             "   code of a RELAXED owner store): the outcome becomes reachable.")
sb(Arch('PPC', {'lock-sync'}), "SB+ticket-unlock-lock-acqrel", "Sometimes",
   "\n   Control: the lock's leading sync as lwsync, the code of an ACQ_REL\n"
   "   fetch-add (mutant ticket_take_sc): the outcome becomes reachable.")
