#!/usr/bin/env python3
"""check_agelru_summary.py SUMMARY: runs experiments/agelru/summary on a hand-made report and
checks its table. Application a: LRU 1000 cycles, BIP 800 (1.25; DIP 1.25), AgeLRU 500 (2.00),
bypass 400 (2.50), bypass_bto 250 (4.00); miss ratios 0.9 / 0.8 / 0.5; 90 of LRU's 100 hits
intra-warp (90%). Application b: LRU 1000, BIP 1250 (0.80, so DIP keeps LRU: 1.00), AgeLRU
1000 (1.00), no bypass runs ('-'); 100 of 100 hits intra-warp. Application polybench/gemm (in
the losses set, left out of the means): LRU 1000, AgeLRU 2000 (0.50). Means over a and b:
BIP sqrt(1.25 x 0.8) = 1.00, DIP sqrt(1.25) = 1.12, AgeLRU sqrt(2) = 1.41, bypass 2.50 and
bypass+BTO 4.00 (one value each); intra-warp (90% + 100%) / 2 = 95%, 1 of 2 above 90%. A report
without an application's LRU run makes it exit 1. The Dynamic-AgeLRU table: a's dynamic 1000
(1.00; 1 of 2 votes won), dynamic_bypass 500 (2.00), dynamic_bypass_bto 250 (4.00; 3 of 3);
gemm's dynamic 1000 (1.00, no votes column: 0 of 0), so the worst AgeLRU is gemm's 0.50 and the
worst dynamic a's 1.00; the means are over a alone (b has no dynamic runs)."""
import os
import subprocess
import sys
import tempfile

RUNS = """index,scheme,workload,status,cycles,l1d_miss_rate,l1d_hits,hits_intra_warp,votes,votes_age_lru
0,lru,a,ok,1000,0.9,100,90
1,bip,a,ok,800,0.8,150,140
2,age_lru,a,ok,500,0.5,300,290
3,bypass,a,ok,400,0.4,300,290
4,bypass_bto,a,ok,250,0.4,300,290
5,lru,b,ok,1000,0.5,100,100
6,bip,b,ok,1250,0.6,80,80
7,age_lru,b,ok,1000,0.5,100,100
8,lru,polybench/gemm,ok,1000,0.1,10,10
9,age_lru,polybench/gemm,ok,2000,0.1,10,10
10,bypass,c,failed,0,0,0,0
11,dynamic,a,ok,1000,0.9,100,90,2,1
12,dynamic_bypass,a,ok,500,0.5,100,90,,
13,dynamic_bypass_bto,a,ok,250,0.5,100,90,3,3
14,dynamic,polybench/gemm,ok,1000,0.1,10,10,,
"""
EXPECTED = [
    "| a | 1.25 | 1.25 | 2.00 | 2.50 | 4.00 | 90% / 80% / 50% | 90% |",
    "| b | 0.80 | 1.00 | 1.00 | - | - | 50% / 60% / 50% | 100% |",
    "| polybench/gemm | - | - | 0.50 | - | - | 10% / - / 10% | 100% |",
    "| geometric mean (without polybench/3mm, polybench/gemm) | 1.00 | 1.12 | 1.41 | 2.50 | 4.00 |"
    " | 95%, 1 of 2 above 90% |",
]
DYNAMIC = [
    "| a | 2.00 | 1.00 | 2.50 | 2.00 | 4.00 | 4.00 | 4 of 5 |",
    "| b | 1.00 | - | - | - | - | - | 0 of 0 |",
    "| polybench/gemm | 0.50 | 1.00 | - | - | - | - | 0 of 0 |",
    "| geometric mean (without polybench/3mm, polybench/gemm) | 1.41 | 1.00 | 2.50 | 2.00 | 4.00 |"
    " 4.00 | |",
    "| worst (all) | 0.50 | 1.00 | 2.50 | 2.00 | 4.00 | 4.00 | |",
]


def run(summary, text):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "runs.csv")
        with open(path, "w") as f:
            f.write(text)
        return subprocess.run([sys.executable, summary, path], capture_output=True, text=True)


def main():
    summary = sys.argv[1]
    problems = []
    result = run(summary, RUNS)
    tables = result.stdout.split("\n\n")
    rows = [line for line in tables[0].splitlines()
            if line.startswith(("| a |", "| b |", "| polybench/gemm |", "| geometric"))]
    dynamic = [line for line in (tables[1] if len(tables) > 1 else "").splitlines()
               if line.startswith(("| a |", "| b |", "| polybench/gemm |", "| geometric", "| worst"))]
    if dynamic != DYNAMIC:
        problems.append("dynamic table:\n" + "\n".join(dynamic) + "\nexpected:\n" +
                        "\n".join(DYNAMIC))
    if result.returncode != 0:
        problems.append(f"exit {result.returncode}: {result.stderr}")
    if rows != EXPECTED:
        problems.append("table:\n" + "\n".join(rows) + "\nexpected:\n" + "\n".join(EXPECTED))
    broken = run(summary, RUNS.replace("5,lru,b,ok,1000,0.5,100,100\n", ""))
    if broken.returncode != 1:
        problems.append(f"a missing LRU run: exit {broken.returncode}, expected 1")
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
