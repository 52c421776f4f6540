#!/usr/bin/env python3
"""seed003.py PROBE_DIR > table.md

Puts seed 003's measurements (Mei & Chu, "Dissecting GPU Memory Hierarchy through
Microbenchmarking": Table V structures, Fig. 14 global latencies, shared-memory latency and
Table VIII conflicts, Tables VI and VII throughput) beside what `warpsim probe --json` inferred
for the presets modelled on the same GPUs. PROBE_DIR holds gtx560ti.json, gtx780.json and
gtx980.json (and, when present, gtx560ti-l1off.json and gtx980-l1on.json for the L1 on/off rows
of Fig. 14). Structures must match exactly; latencies and throughputs within 10 %.
Exit status 1 when an entry misses its tolerance (the table still prints)."""
import json
import pathlib
import sys

KB = 1024
MB = 1024 * 1024

# Table V (structures). texture: Fermi/Kepler texture L1, Kepler read-only; Maxwell 24 KB.
TEXTURE_12K = {"size_bytes": 12 * KB, "line_bytes": 32, "sets": 4, "ways": [96], "replacement": "lru"}
UNIFIED_24K = {"size_bytes": 24 * KB, "line_bytes": 32, "sets": 4, "ways": [192], "replacement": "lru"}
STRUCTURES = {
    "gtx560ti": {
        "l1d": {"size_bytes": 16 * KB, "line_bytes": 128, "sets": 32, "ways": [4], "replacement": "non-lru"},
        "texture": TEXTURE_12K,
    },
    "gtx780": {"texture": TEXTURE_12K, "readonly": TEXTURE_12K},
    "gtx980": {"texture": UNIFIED_24K, "readonly": UNIFIED_24K},
}
TLBS = [  # L1 TLB: 32 MB / 2 MB pages, one set; L2 TLB: 130 MB, 7 sets (17 + 6 x 8), LRU
    {"entries": 16, "page_bytes": 2 * MB, "sets": 1},
    {"entries": 65, "page_bytes": 2 * MB, "sets": 7},
]
# Fig. 14: P1..P6 in cycles (None: not reported / not possible on that GPU).
GLOBAL = {
    "gtx980-l1on": [82, None, None, 385, 2439, 2740],
    "gtx980": [214, 225, 289, 383, 2461, 2750],  # L1 off, the default
    "gtx780": [198, 204, 257, 339, 702, 968],
    "gtx560ti": [96, 384, 468, 635, 1239, None],  # L1 on, the default
    "gtx560ti-l1off": [351, 378, 462, 619, 1225, None],
}
SHARED_LATENCY = {"gtx560ti": 50, "gtx780": 47, "gtx980": 28}
CONFLICTS = {  # Table VIII: degree -> cycles
    "gtx980": {2: 30, 4: 34, 8: 42, 16: 58, 32: 90},
    "gtx780": {2: 82, 4: 96, 8: 158, 16: 257, 32: 484},
    "gtx560ti": {2: 87, 4: 162, 8: 311, 16: 611, 32: 1209},
}
GLOBAL_GB_S = {"gtx560ti": 109.38, "gtx780": 215.92, "gtx980": 156.25}  # Table VI
SHARED_GB_S = {"gtx560ti": 34.90, "gtx780": 83.81, "gtx980": 137.41}  # Table VII, per SM


class Table:
    def __init__(self):
        self.rows = []
        self.misses = 0

    def exact(self, what, paper, ours):
        ok = paper == ours
        self.misses += not ok
        self.rows.append((what, paper, ours, "yes" if ok else "**no**"))

    def near(self, what, paper, ours, tolerance=0.10):
        if paper is None:
            self.rows.append((what, "n/a", fmt(ours), ""))
            return
        ok = ours is not None and abs(ours - paper) <= tolerance * paper
        self.misses += not ok
        err = "" if ours is None else f" ({100 * (ours - paper) / paper:+.1f} %)"
        self.rows.append((what, paper, fmt(ours) + err, "yes" if ok else "**no**"))

    def markdown(self):
        out = ["| entry | seed 003 | warpsim | match |", "|---|---|---|---|"]
        out += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in self.rows]
        return "\n".join(out)


def fmt(value):
    if value is None:
        return "null"
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def load(directory, name):
    path = pathlib.Path(directory) / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def compare(directory):
    table = Table()
    for gpu, caches in STRUCTURES.items():
        doc = load(directory, gpu)
        if doc is None:
            table.rows.append((f"{gpu}: probe output missing", "", "", "**no**"))
            table.misses += 1
            continue
        for cache, expected in caches.items():
            got = doc.get(cache) or {}
            for key, value in expected.items():
                ours = got.get(key)
                if key == "ways" and isinstance(ours, int):
                    ours = [ours]  # one number when every set has the same ways
                table.exact(f"{gpu} {cache} {key}", value, ours)
        for level, expected in enumerate(TLBS):
            got = (doc.get("tlb") or [{}] * 2)[level] if len(doc.get("tlb") or []) > level else {}
            for key, value in expected.items():
                table.exact(f"{gpu} L{level + 1} TLB {key}", value, got.get(key))
        shared = doc.get("shared") or {}
        table.near(f"{gpu} shared latency", SHARED_LATENCY[gpu], shared.get("latency"))
        conflicts = shared.get("conflict_latency") or []
        for degree, cycles in CONFLICTS[gpu].items():
            ours = conflicts[degree - 1] if len(conflicts) >= degree else None
            table.near(f"{gpu} shared {degree}-way conflict", cycles, ours)
        bandwidth = doc.get("bandwidth") or {}
        table.near(f"{gpu} global throughput GB/s", GLOBAL_GB_S[gpu], bandwidth.get("global_gb_s"))
        table.near(f"{gpu} shared throughput GB/s per SM", SHARED_GB_S[gpu],
                   bandwidth.get("shared_gb_s_per_sm"))
    for run, paper in GLOBAL.items():
        doc = load(directory, run)
        if doc is None:
            continue
        got = doc.get("global") or {}
        for i, cycles in enumerate(paper):
            table.near(f"{run} P{i + 1}", cycles, got.get(f"p{i + 1}"))
    return table


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 64
    table = compare(sys.argv[1])
    print(table.markdown())
    return 1 if table.misses else 0


if __name__ == "__main__":
    sys.exit(main())
