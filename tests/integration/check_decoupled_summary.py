#!/usr/bin/env python3
"""check_decoupled_summary.py SUMMARY: runs experiments/decoupled-l1d/summary on a hand-made
report and checks its tables. rodinia/nw (a CNF application): BL 1000 cycles at IPC 1.0, BALL
800 at 1.25 (N-IPC 1.25: CNF), MRPB 1000 (1.000), PDP 4 and 16 at 1250 and 900 (PDP-best 1.111,
pd 16), Profiled-BYPASS 2 and 4 at 1000 and 500 (best 2.000, threshold 4), Decoupled 800
(1.250), dueling 1000; BL's 10 hits and 10 write hits (a share of 0.5) and 30 + 20 failures
per 100 reads (500 per thousand). rodinia/srad (thesis CNF): BALL at BL's IPC (N-IPC 1.000: CI
by ours), MRPB 500 (2.000), Decoupled 1000. rodinia/backprop (CF): BALL at half BL's IPC (0.500),
MRPB 1250 (0.800), Decoupled 1000. CNF geometric means: BALL sqrt(1.25) = 1.118, MRPB sqrt(2) =
1.414, Decoupled 1.118; Decoupled over MRPB 1.25 and 0.5: mean 0.791, max 1.250. Reservation
failures on CNF: BL 50 and 100 (mean 75), Decoupled 10 and 20 (15): -80.0%; its CNF means of
hit rate 0.2, failures per thousand reads 125 and 25, L2 APKI 150 and MPKI 75. A report with an
application that lacks its BL run makes it exit 1."""
import os
import subprocess
import sys
import tempfile

HEADER = ("index,scheme,workload,status,cycles,ipc,warp_insts,l1d_reads,l1d_hits,l1d_write_hits,"
          "l1d_hit_rate,l1d_misses,l1d_bypassed,fail_no_line,fail_resources,l2_accesses,"
          "l2_misses,filtered")
RUNS = [
    "0,bl,rodinia/nw,ok,1000,1.0,1000,100,10,10,0.1,90,0,30,20,200,100,",
    "1,ball,rodinia/nw,ok,800,1.25,1000,100,0,0,0,0,100,0,0,100,50,",
    "2,mrpb,rodinia/nw,ok,1000,1.0,1000,100,10,10,0.1,90,0,30,20,200,100,",
    "3,pdp_4,rodinia/nw,ok,1250,0.8,1000,100,10,10,0.1,90,0,30,20,200,100,",
    "4,pdp_16,rodinia/nw,ok,900,1.1,1000,100,10,10,0.1,90,0,30,20,200,100,",
    "5,profiled_2,rodinia/nw,ok,1000,1.0,1000,100,10,10,0.1,90,0,30,20,200,100,5",
    "6,profiled_4,rodinia/nw,ok,500,2.0,1000,100,10,10,0.1,90,0,30,20,200,100,5",
    "7,decoupled,rodinia/nw,ok,800,1.25,1000,100,30,0,0.3,10,60,5,5,100,50,60",
    "8,dueling,rodinia/nw,ok,1000,1.0,1000,100,10,10,0.1,90,0,30,20,200,100,10",
    "9,bl,rodinia/srad,ok,1000,1.0,1000,100,10,0,0.1,90,0,100,0,200,100,",
    "10,ball,rodinia/srad,ok,1000,1.0,1000,100,0,0,0,0,100,0,0,100,50,",
    "11,mrpb,rodinia/srad,ok,500,2.0,1000,100,10,0,0.1,90,0,100,0,200,100,",
    "12,decoupled,rodinia/srad,ok,1000,1.0,1000,100,10,0,0.1,90,0,20,0,200,100,",
    "13,bl,rodinia/backprop,ok,1000,2.0,1000,100,50,0,0.5,50,0,0,0,100,10,",
    "14,ball,rodinia/backprop,ok,2000,1.0,1000,100,0,0,0,0,100,0,0,100,10,",
    "15,mrpb,rodinia/backprop,ok,1250,1.6,1000,100,50,0,0.5,50,0,0,0,100,10,",
    "16,decoupled,rodinia/backprop,ok,1000,2.0,1000,100,50,0,0.5,50,0,0,0,100,10,",
    "17,dueling,rodinia/srad,failed,0,0,0,0,0,0,0,0,0,0,0,0,0,",
]
EXPECTED = [
    "| rodinia/nw | CNF | 1.250 | CNF | 0.100 | 0.500 | 500.0 |",
    "| rodinia/srad | CNF | 1.000 | CI | 0.100 | 0.000 | 1000.0 |",
    "| rodinia/backprop | CF | 0.500 | CF | 0.500 | 0.000 | 0.0 |",
    "| rodinia/nw | 1.250 | 1.000 | 1.111 (16) | 2.000 (4) | 1.250 | 1.000 |",
    "| rodinia/srad | 1.000 | 2.000 | - | - | 1.000 | - |",
    "| rodinia/backprop | 0.500 | 0.800 | - | - | 1.000 | - |",
    "| gmean CNF | 1.118 | 1.414 | 1.111 | 2.000 | 1.118 | 1.000 |",
    "| gmean CF | 0.500 | 0.800 | - | - | 1.000 | - |",
    "Decoupled over MRPB on CNF: mean 0.791, max 1.250",
    "| decoupled | 0.200 | 125.0 | 25.0 | 150.0 | 75.0 |",
    "Decoupled L1D's reservation failures on CNF (mean count per application): 15 against BL's 75 "
    "(-80.0%)",
]


def run(summary, rows):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "runs.csv")
        with open(path, "w") as f:
            f.write("\n".join([HEADER] + rows) + "\n")
        return subprocess.run([sys.executable, summary, path], capture_output=True, text=True)


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__)
    result = run(argv[0], RUNS)
    if result.returncode != 0:
        sys.exit(f"summary exited {result.returncode}:\n{result.stdout}{result.stderr}")
    lines = result.stdout.splitlines()
    missing = [line for line in EXPECTED if line not in lines]
    if missing:
        sys.exit("missing lines:\n" + "\n".join(missing) + "\n--- output:\n" + result.stdout)
    bad = run(argv[0], RUNS + ["18,decoupled,x,ok,1000,1.0,1000,100,10,0,0.1,90,0,0,0,1,1,"])
    if bad.returncode != 1 or "x: no BL run" not in bad.stderr:
        sys.exit(f"without a BL run: exit {bad.returncode}, stderr {bad.stderr!r}")
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1:])
