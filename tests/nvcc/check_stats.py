#!/usr/bin/env python3
"""check_stats.py OUT_DIR NAME GRID_X...: stats.json in OUT_DIR is a functional-mode document
with one kernel entry per expected launch, in order, each of kernel NAME with the given grid.x,
and totals equal to the sums of the entries. The peak resident set is the program's own, a few
MB for this small one: not the tens of MB that warpsim held before it started the program (a
forked child starts with its parent's resident pages)."""
import json
import sys

PEAK_RSS_MB = 40  # vector_add's is about 10 MB; warpsim's own, with a GPU built, about 100 MB


def main():
    out, name, grids = sys.argv[1], sys.argv[2], [int(g) for g in sys.argv[3:]]
    with open(f"{out}/stats.json") as f:
        doc = json.load(f)
    problems = []
    if doc.get("mode") != "functional":
        problems.append(f"mode is {doc.get('mode')!r}")
    kernels = doc["kernels"]
    if [k["grid"][0] for k in kernels] != grids:
        problems.append(f"grids {[k['grid'] for k in kernels]}, expected x = {grids}")
    for i, k in enumerate(kernels):
        if k["name"] != name or k["launch"] != i or k["cycles"] is not None:
            problems.append(f"kernel entry {i}: {k}")
        if k["warp_insts"] <= 0 or k["thread_insts"] < k["warp_insts"]:
            problems.append(f"kernel entry {i} counts: {k}")
    total = doc["total"]
    if total["warp_insts"] != sum(k["warp_insts"] for k in kernels) or total["kernels"] != len(grids):
        problems.append(f"total {total} does not sum the kernels")
    if not 0 < doc["sim"]["peak_rss_mb"] < PEAK_RSS_MB:
        problems.append(f"peak RSS {doc['sim']['peak_rss_mb']} MB, expected under {PEAK_RSS_MB}")
    for key in ("warpsim", "config", "sim"):
        if key not in doc:
            problems.append(f"no {key!r} section")
    for p in problems:
        print("check_stats:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
