#!/usr/bin/env python3
"""check_place_summary.py SUMMARY: runs experiments/placement/summary on hand-made place.json
folders and checks its rows. GPU "g-small": HS kept two P1 versions and P3 at C_Factor 4 (block
divisor 1,4,1): 2.000x, 5 of 40 versions; SR1 kept nothing: 1.000x with its failed v1 named;
MM kept C_Factor 4 along y and then 2 along x (divisor 2,4,1, written 2x4): 1.250x. The geometric
mean over Table 3.3 is (2 x 1 x 1.25)^(1/3) = 1.357x; the other nine benchmarks are missing, so
the summary exits 1 and says which."""
import json
import os
import subprocess
import sys
import tempfile


def version(name, pas, change, kept, cycles=None, divisor=(1, 1, 1), error=None):
    v = {"name": name, "pass": pas, "change": change, "block_divisor": list(divisor), "kept": kept}
    if error:
        v["error"] = error
    else:
        v["cycles"] = cycles
    return v


DOCS = {
    "HS": {"kernel": "hotspot_calculate_temp", "speedup": 2.0,
           "search_space": {"full": 40, "evaluated": 5},
           "versions": [version("v0", "original", "as written", True, 100),
                        version("v1", "P1", "next_tile -> registers (...)", True, 90),
                        version("v2", "P1", "power_tile -> registers (...)", True, 80),
                        version("v3", "P2-global", "temp_tile -> global (...)", False, 85),
                        version("v4", "P3", "C_Factor 4 along y", True, 50, (1, 4, 1))]},
    "SR1": {"kernel": "srad", "speedup": 1.0, "search_space": {"full": 5, "evaluated": 2},
            "versions": [version("v0", "original", "as written", True, 100),
                         version("v1", "P3", "C_Factor 2 along x", False, error="check failed",
                                 divisor=(2, 1, 1))]},
    "MM": {"kernel": "mm", "speedup": 1.25, "search_space": {"full": 50, "evaluated": 5},
           "versions": [version("v0", "original", "as written", True, 100),
                        version("v1", "P3", "C_Factor 2 along y", False, 90, (1, 2, 1)),
                        version("v2", "P3", "C_Factor 4 along y", True, 85, (1, 4, 1)),
                        version("v3", "P3", "C_Factor 2 along x", True, 80, (2, 4, 1)),
                        version("v4", "P3", "C_Factor 4 along x", False, 95, (4, 4, 1))]},
}
EXPECTED = [
    "| HS | hotspot_calculate_temp | 2.000x (P1 next_tile, P1 power_tile, P3 C=4; 5/40 versions)"
    " | 1.64x GTX680 (P1 +4.8%, P3 +59.4%); space 48 -> 8 |",
    "| SR1 | srad | 1.000x (original; 2/5 versions); failed: v1 | 4.14x GTX480, best C_Factor 16;"
    " space 16 -> 5 |",
    "| MM | mm | 1.250x (P3 C=2x4; 5/50 versions) | P3; space 32 -> 5 |",
]


def main():
    summary = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        out_dir = os.path.join(d, "g-small")
        for name, doc in DOCS.items():
            os.makedirs(os.path.join(out_dir, name))
            with open(os.path.join(out_dir, name, "place.json"), "w") as f:
                json.dump(doc, f)
        out = subprocess.run([sys.executable, summary, out_dir], capture_output=True, text=True)
    lines = out.stdout.splitlines()
    missing = [e for e in EXPECTED if e not in lines]
    gmean = [l for l in lines if l.startswith("geometric mean over Table 3.3: g-small 1.357x over 3")]
    if missing or not gmean or "missing BP1 BP2" not in out.stdout or " MM" in out.stdout.split("missing")[-1] or out.returncode != 1:
        sys.exit("missing lines:\n" + "\n".join(missing) + "\n--- output (status %d):\n%s%s"
                 % (out.returncode, out.stdout, out.stderr))
    print("ok")


if __name__ == "__main__":
    main()
