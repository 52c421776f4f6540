#!/usr/bin/env python3
"""check_throttle_classify.py CLASSIFY: runs experiments/throttle/classify on hand-made reports
and checks its table. Workload a: 2 warps is fastest (600 cycles); from 2 to 4 warps the NoC
latency rises 12 -> 30 (> 1.3x and > 20) and the MSHR stall ratio 0.10 -> 0.30 (> 1.3x and > 0.2),
the line stall ratio stays 0; its L1D misses at 2 warps (300) are more than twice those at 1
(100) with a miss ratio of 0.4 > 0.3. Its one kernel has 16 CTAs of 8 warps and room for 2 per
SM: min(2, ceil(16 / 15) = 2) x 8 / 2 schedulers = 8 warps per scheduler at most (warp-max 8;
with --sms 16, min(2, 1) x 8 / 2 = 4); speedup 800 / 600. Workload b: fastest at 4 (ties with 24: the fewer warps win), nothing rises from 4 to 24 and
its misses are flat: no flag with 8 warps available, ParStrv with 4 (--sms 16). A report with a failed
run makes it exit 1."""
import os
import subprocess
import sys
import tempfile

HEADER = ("index,workload,warps,status,cycles,l1d_misses,l1d_miss_ratio,noc_latency,"
          "l1_line_stall_ratio,l1_mshr_stall_ratio,partition_congestion\n")
ROWS = """0,a,1,ok,1000,100,0.1,10,0,0.05,0
1,a,2,ok,600,300,0.4,12,0,0.10,0
2,a,4,ok,800,500,0.5,30,0,0.30,0
3,a,24,ok,800,500,0.5,30,0,0.30,0
4,b,1,ok,900,10,0.1,5,0,0,0
5,b,2,ok,500,10,0.1,5,0,0,0
6,b,4,ok,400,10,0.1,5,0,0,0
7,b,24,ok,400,10,0.1,5,0,0,0
"""
KERNELS = "index,workload,warps,kernel,ctas,ctas_per_sm,warps_per_cta\n" + "".join(
    f"{i},{'a' if i < 4 else 'b'},0,0,16,2,8\n" for i in range(9))
EXPECTED = ["| a | 8 | 2 | 1.33 | NoC, L1MSHR, L1Thrash |", "| b | 8 | 4 | 1.00 | - |"]
EXPECTED_16_SMS = ["| a | 4 | 2 | 1.33 | NoC, L1MSHR, L1Thrash |", "| b | 4 | 4 | 1.00 | ParStrv |"]


def run(classify, text, *options):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "runs.csv")
        with open(path, "w") as f:
            f.write(text)
        with open(os.path.join(tmp, "kernels.csv"), "w") as f:
            f.write(KERNELS)
        return subprocess.run([sys.executable, classify, path, *options], capture_output=True,
                              text=True)


def table(result):
    return [line for line in result.stdout.splitlines() if line.startswith(("| a", "| b"))]


def main():
    classify = sys.argv[1]
    problems = []
    for options, expected in (((), EXPECTED), (("--sms", "16"), EXPECTED_16_SMS)):
        good = run(classify, HEADER + ROWS, *options)
        if good.returncode != 0 or table(good) != expected:
            problems.append(f"{options}: exit {good.returncode}, rows {table(good)}, "
                            f"stderr {good.stderr}")
    bad = run(classify, HEADER + ROWS + "8,c,1,failed,,,,,,,\n")
    if bad.returncode != 1 or "c at 1 warps: failed" not in bad.stderr:
        problems.append(f"failed run: exit {bad.returncode}, stderr {bad.stderr}")
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
