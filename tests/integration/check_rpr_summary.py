#!/usr/bin/env python3
"""check_rpr_summary.py SUMMARY: runs experiments/rpr/summary on hand-made reports and checks
its table. CTA sweep: app a max CTAs 1000 cycles (miss 0.8), cap 1 1200, cap 2 500 (miss 0.4):
CTA-opt 2 at 2.00; app lonestar/bfs max 1000, cap 1 1000 (a tie: no cap, 0, at 1.00).
RPR runs at CTA-opt: a's cta_opt 500 (miss 0.4), AgeLRU 400 (1.25, miss 0.3 -> 0.75),
RPR-age 500 (1.00), RPR-RD 250 (2.00, miss 0.2 -> 0.50), RPR-counter 1000 (0.50); bfs's
cta_opt 1000, AgeLRU 1000 (1.00), RPR-RD 2000 (0.50), the rest missing. Means over both: CTA-opt
sqrt(2) = 1.41, AgeLRU sqrt(1.25) = 1.12, RPR-age 1.00, RPR-RD 1.00, RPR-counter 0.50; RD over
AgeLRU 1.00 / 1.118 = 0.89, over counter 2.00. Regular (a alone): 2.00, 1.25, 1.00, 2.00, 0.50;
RD over AgeLRU 1.60, over counter 4.00. --caps with a's cap 3 makes it exit 1, as does a
missing cta_opt run."""
import os
import subprocess
import sys
import tempfile

CTA = """index,workload,ctas,status,cycles,l1d_miss_rate
0,a,0,ok,1000,0.8
1,a,1,ok,1200,0.9
2,a,2,ok,500,0.4
3,lonestar/bfs,0,ok,1000,0.5
4,lonestar/bfs,1,ok,1000,0.5
"""
RPR = """index,app,scheme,status,cycles,l1d_miss_rate
0,a,cta_opt,ok,500,0.4
1,a,age_lru,ok,400,0.3
2,a,rpr_age,ok,500,0.4
3,a,rpr_rd,ok,250,0.2
4,a,rpr_counter,ok,1000,0.4
5,lonestar/bfs,cta_opt,ok,1000,0.5
6,lonestar/bfs,age_lru,ok,1000,0.5
7,lonestar/bfs,rpr_rd,ok,2000,0.6
"""
EXPECTED = [
    "| a | 2 | 2.00 | 0.80 / 0.40 | 1.25 | 1.00 | 2.00 | 0.50 | 0.75 / 1.00 / 0.50 / 1.00 |",
    "| lonestar/bfs | 0 | 1.00 | 0.50 / 0.50 | 1.00 | - | 0.50 | - | 1.00 / - / 1.20 / - |",
    "| geometric mean, all (2) | | 1.41 | | 1.12 | 1.00 | 1.00 | 0.50 | |",
    "| RPR-RD over AgeLRU, all | | | | | | 0.89 | | |",
    "| RPR-RD over RPR-counter, all | | | | | | 2.00 | | |",
    "| geometric mean, regular (1) | | 2.00 | | 1.25 | 1.00 | 2.00 | 0.50 | |",
    "| RPR-RD over AgeLRU, regular | | | | | | 1.60 | | |",
    "| RPR-RD over RPR-counter, regular | | | | | | 4.00 | | |",
]


def run(summary, cta, rpr, *extra):
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, text in (("cta.csv", cta), ("rpr.csv", rpr)):
            paths.append(os.path.join(tmp, name))
            with open(paths[-1], "w") as f:
                f.write(text)
        return subprocess.run([sys.executable, summary, *paths, *extra], capture_output=True,
                              text=True)


def main():
    summary = sys.argv[1]
    problems = []
    result = run(summary, CTA, RPR, "--caps=a=2,lonestar/bfs=0")
    rows = [line for line in result.stdout.splitlines()
            if line.startswith(("| a |", "| lonestar/bfs |", "| geometric", "| RPR-RD"))]
    if result.returncode != 0:
        problems.append(f"exit {result.returncode}: {result.stderr}")
    if rows != EXPECTED:
        problems.append("table:\n" + "\n".join(rows) + "\nexpected:\n" + "\n".join(EXPECTED))
    if run(summary, CTA, RPR, "--caps=a=3").returncode != 1:
        problems.append("a cap that is not CTA-opt: expected exit 1")
    if run(summary, CTA, RPR.replace("0,a,cta_opt,ok,500,0.4\n", "")).returncode != 1:
        problems.append("a missing cta_opt run: expected exit 1")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
