#!/usr/bin/env python3
"""check_exports: a libcudart replacement exports the names a program may link against.

Usage:
  check_exports.py LIB --reference NVIDIA_LIB
      every function NVIDIA_LIB exports must be exported by LIB with the same version node
  check_exports.py LIB --node NODE --names FILE...
      every name listed in the FILEs ('#' starts a comment) must be exported by LIB under NODE
Either way LIB must export nothing but cuda*/__cuda* functions (and its version node).
Prints one line per problem and "N passed, M failed"; exit status 1 when anything failed.
"""

import argparse
import subprocess
import sys


def exports(lib):
    """{name: version node} of the functions `lib` defines, and the names of anything else."""
    out = subprocess.run(["nm", "-D", "--defined-only", "--with-symbol-versions", lib],
                         capture_output=True, text=True, check=True).stdout
    functions, others = {}, []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        kind, symbol = fields[1], fields[2]
        name, _, version = symbol.partition("@")
        version = version.lstrip("@")
        if kind in "TW":
            functions[name] = version
        elif kind != "A":  # A: the version node itself
            others.append(symbol)
    return functions, others


def read_names(paths):
    names = set()
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    names.add(line)
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("lib")
    parser.add_argument("--reference")
    parser.add_argument("--node")
    parser.add_argument("--names", nargs="+")
    args = parser.parse_args()

    ours, others = exports(args.lib)
    if args.reference:
        expected = exports(args.reference)[0]
    elif args.node and args.names:
        expected = {name: args.node for name in read_names(args.names)}
    else:
        parser.error("give --reference, or --node and --names")

    missing = 0
    for name, node in sorted(expected.items()):
        if name not in ours:
            print(f"missing: {name}@{node}")
            missing += 1
        elif ours[name] != node:
            print(f"wrong version node: {name}@{ours[name]}, expected @{node}")
            missing += 1
    strays = others + [n for n in ours if not n.startswith(("cuda", "__cuda"))]
    for name in sorted(strays):
        print(f"exported but not CUDA API: {name}")
    # One check per expected name, and one that nothing else is exported.
    failed = missing + (1 if strays else 0)
    passed = len(expected) - missing + (0 if strays else 1)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
