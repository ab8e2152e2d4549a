#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fail if the files of a library call each other in a cycle.

Reads the object files with nm: a file "calls" another when it uses a
symbol the other defines.  Prints the graph, and each cycle found.
usage: call_graph.py OBJECT...  (an argument may hold a CMake list, a;b)
"""
import collections
import os
import subprocess
import sys


def name(obj):
    base = os.path.basename(obj)
    return base[:-4] if base.endswith(".c.o") else base


def object_calls(objs, module):
    """Which modules each module calls, from the objects' symbols: a
    module calls another when it uses a symbol the other defines.
    module(obj) names an object's module (layers.py groups files)."""
    defined, used = {}, collections.defaultdict(set)
    for obj in objs:
        out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "TDBR":
                defined[f[2]] = module(obj)
            elif len(f) == 2 and f[0] == "U":
                used[module(obj)].add(f[1])
    return {n: {defined[s] for s in syms if s in defined} - {n} for n, syms in used.items()}


def main(objs):
    calls = {n: sorted(m) for n, m in object_calls(objs, name).items()}
    for n in sorted(calls):
        print("%s -> %s" % (n, " ".join(calls[n]) or "-"))
    # Depth-first search; a grey node met again closes a cycle.
    state, stack, cycles = {}, [], []

    def visit(n):
        state[n] = "grey"
        stack.append(n)
        for m in calls.get(n, []):
            if state.get(m) == "grey":
                cycles.append(stack[stack.index(m):] + [m])
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = "black"

    for n in sorted(calls):
        if n not in state:
            visit(n)
    for c in cycles:
        print("cycle: " + " -> ".join(c))
    if not objs or not calls:
        print("no objects read")
        return 1
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main([o for arg in sys.argv[1:] for o in arg.split(";") if o]))
