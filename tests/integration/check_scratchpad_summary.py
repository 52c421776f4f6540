#!/usr/bin/env python3
"""check_scratchpad_summary.py SUMMARY: runs experiments/scratchpad/summary on a hand-made report
and checks its tables. backprop-w48's forward kernel: Unshared-LRR in two launches of 100 cycles
and 10,000 thread instructions (IPC 100, one block per SM), Shared-OWF one launch of 100 cycles
and 19,000 (IPC 190; 4 blocks of 8 warps: 1024 threads), Shared-OWF-OPT 100 cycles and 20,000
(IPC 200, two blocks per SM; 50/30/20 cycles before, holding and after the lock, 7 warp-cycles
of waits): OPT over U-LRR 2.00 (the paper's 310.1 / 178.01 = 1.74), 1000 / 1024 = 0.98 more
instructions per thread. BFS: 1000 cycles unshared, 800 with OPT: 1.250. A report without a
finished run makes it exit 1."""
import os
import subprocess
import sys
import tempfile

RUNS = """index,scheme,workload,status,cycles
0,unshared_lrr,rodinia/backprop-w48,ok,200
1,shared_owf,rodinia/backprop-w48,ok,100
2,shared_owf_opt,rodinia/backprop-w48,ok,100
3,unshared_lrr,rodinia/bfs,ok,1000
4,shared_owf_opt,rodinia/bfs,ok,800
5,shared_lrr,rodinia/bfs,failed,
"""
KERNELS = """index,scheme,workload,kernel,name,kernel_cycles,kernel_thread_insts,kernel_ctas,\
kernel_warps_per_cta,kernel_ctas_per_sm,kernel_shared_ctas_per_sm,kernel_lock_wait,\
kernel_before_lock,kernel_holding_lock,kernel_after_release
0,unshared_lrr,rodinia/backprop-w48,0,bpnn_layerforward_CUDA,100,10000,4,8,1,,,,,
0,unshared_lrr,rodinia/backprop-w48,1,bpnn_layerforward_CUDA,100,10000,4,8,1,,,,,
1,shared_owf,rodinia/backprop-w48,0,bpnn_layerforward_CUDA,100,19000,4,8,1,2,,,,
2,shared_owf_opt,rodinia/backprop-w48,0,bpnn_layerforward_CUDA,100,20000,4,8,1,2,7,50,30,20
"""
EXPECTED = [
    "| backprop | 1 | 2 | 1 -> 2 |",
    "| backprop | 100.0 | - | - | - | 190.0 | - | - | 200.0 | 2.00 | 1.74 |",
    "- Shared-OWF-OPT over Unshared-LRR: geometric mean 2.000 over 1 kernels (paper 1.742)",
    "| BFS | 1.250 | - |",
    "| backprop | 1,024 | 0.98 | - | 1,048,576 | 1.94 |",
    "| backprop | 50% | 30% | 20% | 7 |",
]


def run(summary, runs, kernels):
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in (("runs.csv", runs), ("kernels.csv", kernels)):
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        return subprocess.run([sys.executable, summary, tmp], capture_output=True, text=True)


def main():
    summary = sys.argv[1]
    problems = []
    good = run(summary, RUNS, KERNELS)
    if good.returncode != 0:
        problems.append(f"exit {good.returncode}: {good.stderr}")
    lines = good.stdout.splitlines()
    for line in EXPECTED:
        if line not in lines:
            problems.append(f"missing line: {line}")
    empty = run(summary, "index,scheme,workload,status,cycles\n", KERNELS)
    if empty.returncode != 1:
        problems.append(f"no finished run: exit {empty.returncode}")
    for p in problems:
        print(p)
    if problems:
        print(good.stdout)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
