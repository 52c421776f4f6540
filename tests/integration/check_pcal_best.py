#!/usr/bin/env python3
"""check_pcal_best.py BEST: runs experiments/pcal/best on hand-made reports and checks its table.
Application a: warp-max (24 warps) takes 1200 cycles, warp-opt (EBTNum 0) 600: 2.00; the l1
scheme is fastest at EBTNum -2 (400 cycles: 3.00) and ties there with +2 (the nearer-to-0 rule
keeps -2, the smaller on an exact tie of distance); bto is fastest at +1 (300: 4.00); l1_l2 at
-2 takes 500 cycles against the l1 scheme's 400 there: 0.80. Application b: warp-max 1000,
warp-opt 1000 and nothing faster (PCAL 1.00 at 0), no bto or l1_l2 runs ('-'). Geometric
means: sqrt(2 x 1) = 1.41, sqrt(3 x 1) = 1.73, and the single values 4.00 and 0.80. A report
whose application lacks its warp-opt run makes it exit 1.
With a CCWS report the second table follows: a's best-SWL is 600 cycles, at 4 and at 8 warps
(the fewer warps win the tie): 2.00 (4); its CCWS run takes 400 cycles: 3.00; b's best-SWL is
its only run, 24 warps: 1.00 (24), and b has no CCWS run ('-'). The PCAL columns repeat the
first table's. Means: 1.41, 3.00, 1.73, 4.00. The figure's first group (application a) holds
warp-opt 2, best-SWL 2, CCWS 3, PCAL 3 and PCAL-BTO 4."""
import json
import os
import subprocess
import sys
import tempfile

THROTTLE = """index,workload,warps,status,cycles
0,a,8,ok,600
1,a,24,ok,1200
2,b,24,ok,1000
3,a,4,ok,600
"""
CCWS = """index,scheme,workload,status,cycles
0,warp_max,a,ok,1200
1,ccws,a,ok,400
2,warp_max,b,ok,1000
"""
EXPECTED_RIVALS = [
    "| a | 2.00 (4) | 3.00 | 3.00 | 4.00 |",
    "| b | 1.00 (24) | - | 1.00 | - |",
    "| geometric mean | 1.41 | 3.00 | 1.73 | 4.00 |",
]
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


def run(best, pcal, throttle, ccws=None, figure=None):
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        files = [("pcal.csv", pcal), ("throttle.csv", throttle)]
        if ccws is not None:
            files.append(("ccws.csv", ccws))
        for name, text in files:
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            paths.append(path)
        if figure is not None:
            paths.append(figure)
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
    with_ccws = run(best, PCAL, THROTTLE, CCWS)
    tables = with_ccws.stdout.split("\n\n")
    rivals = [] if len(tables) != 2 else [
        line for line in tables[1].splitlines() if line.startswith(("| a |", "| b |", "| geometric"))]
    if with_ccws.returncode != 0 or rivals != EXPECTED_RIVALS:
        problems.append(f"with CCWS (exit {with_ccws.returncode}):\n{with_ccws.stdout}{with_ccws.stderr}"
                        "expected second table:\n" + "\n".join(EXPECTED_RIVALS))
    with tempfile.TemporaryDirectory() as tmp:
        figure = os.path.join(tmp, "figures.json")
        run(best, PCAL, THROTTLE, CCWS, figure)
        try:
            with open(figure) as f:
                panel = json.load(f)["figures"][0]["panels"][0]
            got = {s["label"]: s["values"][0] for s in panel["series"]}
            want = {"warp-opt": 2.0, "best-SWL": 2.0, "CCWS": 3.0, "PCAL": 3.0, "PCAL-BTO": 4.0}
            if panel["groups"] != ["a", "b", "gmean"] or got != want:
                problems.append(f"figure: groups {panel['groups']}, application a {got}, expected {want}")
        except (OSError, KeyError, IndexError, ValueError) as e:
            problems.append(f"figure: {e!r}")
    broken = run(best, PCAL.replace("6,l1,0,b,ok,1000\n", ""), THROTTLE)
    if broken.returncode != 1:
        problems.append(f"a missing warp-opt run: exit {broken.returncode}, expected 1")
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
