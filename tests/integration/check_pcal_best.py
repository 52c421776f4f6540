#!/usr/bin/env python3
"""check_pcal_best.py BEST: runs experiments/pcal/best on hand-made reports and checks its table.
Application a: warp-max (24 warps) takes 1200 cycles, warp-opt (EBTNum 0) 600: 2.00; the l1
scheme is fastest at EBTNum -2 (400 cycles: 3.00) and ties there with +2 (the nearer-to-0 rule
keeps -2, the smaller on an exact tie of distance); bto is fastest at +1 (300: 4.00); l1_l2 at
-2 takes 500 cycles against the l1 scheme's 400 there: 0.80. Application b: warp-max 1000,
warp-opt 1000 and nothing faster (PCAL 1.00 at 0), no bto or l1_l2 runs ('-'). Geometric
means: sqrt(2 x 1) = 1.41, sqrt(3 x 1) = 1.73, and the single values 4.00 and 0.80. A report
whose application lacks its warp-opt run makes it exit 1."""
import os
import subprocess
import sys
import tempfile

THROTTLE = """index,workload,warps,status,cycles
0,a,8,ok,600
1,a,24,ok,1200
2,b,24,ok,1000
"""
PCAL = """index,scheme,ebt,workload,status,cycles
0,l1,-2,a,ok,400
1,l1,0,a,ok,600
2,l1,2,a,ok,400
3,bto,0,a,ok,500
4,bto,1,a,ok,300
5,l1_l2,-2,a,ok,500
6,l1,0,b,ok,1000
7,l1,-1,b,ok,1100
8,l1,3,c,failed,0
"""
EXPECTED = [
    "| a | 2.00 | 3.00 (-2) | 4.00 (+1) | 0.80 |",
    "| b | 1.00 | 1.00 (+0) | - | - |",
    "| geometric mean | 1.41 | 1.73 | 4.00 | 0.80 |",
]


def run(best, pcal, throttle):
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, text in (("pcal.csv", pcal), ("throttle.csv", throttle)):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            paths.append(path)
        return subprocess.run([sys.executable, best, *paths], capture_output=True, text=True)


def main():
    best = sys.argv[1]
    problems = []
    result = run(best, PCAL, THROTTLE)
    rows = [line for line in result.stdout.splitlines() if line.startswith(("| a |", "| b |", "| geometric"))]
    if result.returncode != 0:
        problems.append(f"exit {result.returncode}: {result.stderr}")
    if rows != EXPECTED:
        problems.append("table:\n" + "\n".join(rows) + "\nexpected:\n" + "\n".join(EXPECTED))
    broken = run(best, PCAL.replace("6,l1,0,b,ok,1000\n", ""), THROTTLE)
    if broken.returncode != 1:
        problems.append(f"a missing warp-opt run: exit {broken.returncode}, expected 1")
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
