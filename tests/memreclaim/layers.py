#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""memreclaim's layers (issue 41): fail on an include or a call from a
lower layer up to a higher one, an include or call cycle between files, a
function longer than 100 lines, or a cgroup file written outside
cgroup_write.c.

  0 cgroup   the cgroup files: read, written (each from one place), parsed
  1 policy   settings, config, control law: no I/O
  2 daemon   loop, tick, writers, metrics, reload, endpoint, log, signals
  3 cli      the command line and the one-shot commands

Each layer is a folder: src/memreclaim/cgroup, policy and daemon, and the
command line tools/memreclaim; a file in another layer's folder fails too.
Calls are read off the object files with nm, includes off the sources.
usage: layers.py TOP OBJECT...  (TOP: the source tree; an argument may hold
a CMake list, a;b)
"""
import collections
import os
import re
import sys

from call_graph import object_calls  # beside this file

LAYERS = {
    0: "cgroup cgroup_parse cgroup_write exit_codes",
    1: "settings config config_parse control",
    2: "daemon daemon_config tick writers metrics http log stop",
    3: "main commands cmd_common cmd_reclaim cmd_stat cmd_zswap",
}
LAYER = {name: n for n, names in LAYERS.items() for name in names.split()}
NAMES = {0: "cgroup", 1: "policy", 2: "daemon", 3: "cli"}
FOLDERS = {0: "src/memreclaim/cgroup", 1: "src/memreclaim/policy",
           2: "src/memreclaim/daemon", 3: "tools/memreclaim"}
MAX_LINES = 100


def stem(path):
    """A file's module: foo.c and foo.h are one; daemon_int.h, the header
    the daemon's files share, is the daemon's."""
    base = os.path.basename(path)
    for suffix in (".c.o", ".c", ".h"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
            break
    return "daemon" if base == "daemon_int" else base


def sources(top, suffixes=(".c", ".h")):
    """(layer, path) of every source file in the layers' folders."""
    return [(n, os.path.join(top, d, f)) for n, d in sorted(FOLDERS.items())
            for f in sorted(os.listdir(os.path.join(top, d))) if f.endswith(suffixes)]


def misplaced(top):
    return ["%s is in the %s folder, its layer is %s" % (os.path.relpath(p, top), NAMES[n],
            NAMES[LAYER[stem(p)]] if stem(p) in LAYER else "none (add it to LAYERS)")
            for n, p in sources(top) if LAYER.get(stem(p)) != n]


def includes(top):
    graph = collections.defaultdict(set)
    for _, f in sources(top):
        for line in open(f):
            m = re.match(r'#include "(?:memreclaim/[a-z]+/)?([a-z_]+)\.h"', line)
            if m and stem(m.group(1)) != stem(f):
                graph[stem(f)].add(stem(m.group(1)))
    return graph


def calls(objs):
    return object_calls(objs, stem)


def cycles(graph):
    state, stack, found = {}, [], []

    def visit(n):
        state[n] = "grey"
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == "grey":
                found.append(stack[stack.index(m):] + [m])
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = "black"

    for n in sorted(graph):
        if n not in state:
            visit(n)
    return found


def long_functions(top):
    """Functions in kernel style: the body opens with '{' alone at column 0."""
    found = []
    for _, path in sources(top, (".c",)):
        f = os.path.basename(path)
        lines = open(path).read().split("\n")
        start = None
        for i, line in enumerate(lines):
            if line == "{":
                start = i
                # The signature: back to the line after the last blank one.
                while start > 0 and lines[start - 1].strip() and not lines[start - 1].startswith(("}", "#", " *", "/*")):
                    start -= 1
            elif line == "}" and start is not None:
                if i - start + 1 > MAX_LINES:
                    found.append("%s:%d: %d lines" % (f, start + 1, i - start + 1))
                start = None
    return found


def cgroup_writers(top):
    """Each cgroup file is written from one place: cgroup_write.c."""
    return ["%s writes a cgroup file: only cgroup_write.c does" % os.path.basename(f)
            for _, f in sources(top, (".c",)) if os.path.basename(f) != "cgroup_write.c"
            and "tool_sysfs_write(" in open(f).read()]


def main(src, objs):
    bad = misplaced(src) + cgroup_writers(src)
    inc, cal = includes(src), calls(objs)
    for kind, graph in (("include", inc), ("call", cal)):
        for a in sorted(graph):
            for b in sorted(graph[a]):
                if a not in LAYER or b not in LAYER:
                    bad.append("%s %s -> %s: a file of no layer (add it to LAYERS)" % (kind, a, b))
                elif LAYER[b] > LAYER[a]:
                    bad.append("%s up: %s (%s) -> %s (%s)" % (kind, a, NAMES[LAYER[a]], b, NAMES[LAYER[b]]))
        for c in cycles(graph):
            bad.append("%s cycle: %s" % (kind, " -> ".join(c)))
    bad += ["longer than %d lines: %s" % (MAX_LINES, f) for f in long_functions(src)]
    for n in sorted(LAYERS):
        members = [m for m in LAYERS[n].split()
                   if any(os.path.exists(os.path.join(src, FOLDERS[n], m + x)) for x in (".c", ".h"))]
        print("layer %d %-6s %-22s %s" % (n, NAMES[n], FOLDERS[n], " ".join(members)))
    arrows = sum(len(v) for v in inc.values()) + sum(len(v) for v in cal.values())
    print("%d include and call arrows between files" % arrows)
    for b in bad:
        print("FAIL: " + b)
    if not objs or not cal:
        print("FAIL: no objects read")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], [o for arg in sys.argv[2:] for o in arg.split(";") if o]))
