#!/usr/bin/env python3
"""check_cnn_summary.py SUMMARY: runs experiments/cnn/summary on a hand-made report and checks
its rows. On "g": CV1 (N 128, C 1: the heuristic says CHWN) CHWN 1000 cycles, NCHW 3000: CHWN
faster by 3.00x, heuristic right; CV10 (N 32, C 128: NCHW) CHWN 1000, NCHW 2000: CHWN faster by
2.00x, the heuristic wrong. Right on 1 of 2; geometric mean sqrt(3 x 2) = 2.45x, mean 2.50x. A
failed run stops it with a non-zero status. Transform report: CV1 naive 900 cycles, opt1 300
(3.00x), opt2 100 (9.00x); CV9 naive 800, opt1 400 (2.00x), no opt2: means opt1 2.50x over 2
layers, opt2 9.00x over 1. Softmax report: class1 base 1200 cycles, fused 600 (2.00x), opt 150
(4.00x over fused, 8.00x over base); c10000 base 800, fused 800 (1.00x), opt 100 (8.00x): geometric
means fusion sqrt(2 x 1) = 1.41x, injection sqrt(4 x 8) = 5.66x. Pooling report, PL3: NCHW 4000,
CHWN 2000 (2.00x), e2x2 1000, e3x2 800 (faster: EX goes on), e4x2 900 (slower: EX stops at 3),
e3x3 850 (slower: EY stops): the climb ends at e3x2, 2.50x over CHWN; e2x3 400 is faster still
but off the climb's path, so it does not count."""
import os
import subprocess
import sys
import tempfile

RUNS = ["index,gpu,workload,status,cycles,warp_insts,dram_reads",
        "0,g,cnn/conv-chwn-cv1,ok,1000,10,1", "1,g,cnn/conv-nchw-cv1,ok,3000,10,1",
        "2,g,cnn/conv-chwn-cv10,ok,1000,10,1", "3,g,cnn/conv-nchw-cv10,ok,2000,10,1"]
TRANSFORM = ["index,gpu,workload,status,cycles", "0,g,cnn/transform-naive-cv1,ok,900",
             "1,g,cnn/transform-opt1-cv1,ok,300", "2,g,cnn/transform-opt2-cv1,ok,100",
             "3,g,cnn/transform-naive-cv9,ok,800", "4,g,cnn/transform-opt1-cv9,ok,400"]
TRANSFORM_EXPECTED = ["| CV1 | 900 | 3.00x | 9.00x |", "| CV9 | 800 | 2.00x | - |",
                      "mean speedup over naive: opt1 2.50x over 2 layers, opt2 9.00x over 1 layers"]
SOFTMAX = ["index,gpu,workload,status,cycles", "0,g,cnn/softmax-base-class1,ok,1200",
           "1,g,cnn/softmax-fused-class1,ok,600", "2,g,cnn/softmax-opt-class1,ok,150",
           "3,g,cnn/softmax-base-c10000,ok,800", "4,g,cnn/softmax-fused-c10000,ok,800",
           "5,g,cnn/softmax-opt-c10000,ok,100"]
POOL = ["index,gpu,workload,status,cycles", "0,g,cnn/pool-nchw-pl3,ok,4000",
        "1,g,cnn/pool-chwn-pl3,ok,2000", "2,g,cnn/pool-chwn-e2x2-pl3,ok,1000",
        "3,g,cnn/pool-chwn-e3x2-pl3,ok,800", "4,g,cnn/pool-chwn-e4x2-pl3,ok,900",
        "5,g,cnn/pool-chwn-e3x3-pl3,ok,850", "6,g,cnn/pool-chwn-e2x3-pl3,ok,400"]
POOL_EXPECTED = ["| PL3 | 4000 | 2000 | 2.00x | - | e2x2 1000, **e3x2 800**, e4x2 900, e3x3 850 |"
                 " 2.50x |",
                 "geometric mean over 1 layers: CHWN over NCHW 2.00x (max 2.00x; thesis up to"
                 " 16.3x), climbed over CHWN 2.50x (thesis +14.3% on average)"]
SOFTMAX_EXPECTED = ["| class1 | 1200 | 2.00x | 4.00x | 8.00x |",
                    "| c10000 | 800 | 1.00x | 8.00x | 8.00x |",
                    "geometric mean over 2 configurations: fusion 1.41x, injection 5.66x"
                    " (thesis 2.81x, 5.13x)"]
EXPECTED = ["| CV1 | 128 | 1 | 1000 | 3000 | CHWN | 3.00x | CHWN | CHWN |",
            "| CV10 | 32 | 128 | 1000 | 2000 | CHWN | 2.00x | NCHW (wrong) | NCHW |",
            "heuristic right on 1 of 2 layers; the faster layout wins by 2.45x (geometric mean),"
            " 2.50x (mean)"]


def run(summary, rows):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "runs.csv")
        with open(path, "w") as f:
            f.write("\n".join(rows) + "\n")
        return subprocess.run([sys.executable, summary, path], capture_output=True, text=True)


def main():
    summary = sys.argv[1]
    out = run(summary, RUNS)
    if out.returncode != 0:
        sys.exit(f"summary failed: {out.stderr}")
    lines = out.stdout.splitlines()
    missing = [e for e in EXPECTED if e not in lines]
    if missing:
        sys.exit("missing lines:\n" + "\n".join(missing) + "\n--- output:\n" + out.stdout)
    out = run(summary, TRANSFORM)
    missing = [e for e in TRANSFORM_EXPECTED if e not in out.stdout.splitlines()]
    if out.returncode != 0 or missing:
        sys.exit("transform report: missing lines:\n" + "\n".join(missing) + "\n--- output:\n"
                 + out.stdout + out.stderr)
    out = run(summary, POOL)
    missing = [e for e in POOL_EXPECTED if e not in out.stdout.splitlines()]
    if out.returncode != 0 or missing:
        sys.exit("pool report: missing lines:\n" + "\n".join(missing) + "\n--- output:\n"
                 + out.stdout + out.stderr)
    out = run(summary, SOFTMAX)
    missing = [e for e in SOFTMAX_EXPECTED if e not in out.stdout.splitlines()]
    if out.returncode != 0 or missing:
        sys.exit("softmax report: missing lines:\n" + "\n".join(missing) + "\n--- output:\n"
                 + out.stdout + out.stderr)
    failed = run(summary, RUNS + ["4,g,cnn/conv-chwn-cv2,failed,,,"])
    if failed.returncode == 0:
        sys.exit("a failed run did not stop the summary")
    print("ok")


if __name__ == "__main__":
    main()
