#!/usr/bin/env python3
"""check_trace_roundtrip.py WARPSIM GPU OUT_DIR (--workload NAME:SIZE | -- PROGRAM [ARGS...])

The trace round trip of docs/traces.md: the same run three times on preset GPU,
  1. `warpsim run --mode functional --write-trace OUT_DIR/trace` (writes an Accel-Sim trace),
  2. `warpsim run --mode timing` (the timing model fed by the functional model, from PTX),
  3. `warpsim run --trace OUT_DIR/trace/kernelslist.g` (the timing model fed by the trace),
and checks that 2 and 3 simulated the same thing: every kernel's cycles, warp and thread
instructions, stall reasons, and L1/L2 accesses and misses agree exactly, kernel by kernel.
Only runs whose timing does not change what they execute qualify (no clock reads, no spin
loops, no atomics whose order decides control flow or addresses)."""
import json
import os
import shutil
import subprocess
import sys

# Per-kernel figures that must agree; any that a document lacks are skipped.
EXACT = ["cycles", "warp_insts", "thread_insts"]
NESTED = ["stalls", "l1d", "l2", "icache", "shared", "dram"]


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {proc.returncode}\n{proc.stdout}{proc.stderr}")
    return proc


def load(out):
    with open(os.path.join(out, "stats.json")) as f:
        return json.load(f)


def compare(ptx, trace):
    problems = []
    kp, kt = ptx["kernels"], trace["kernels"]
    if len(kp) != len(kt):
        return [f"{len(kp)} kernels from PTX, {len(kt)} from the trace"]
    for i, (a, b) in enumerate(zip(kp, kt)):
        where = f"kernel {i} ({a.get('name')})"
        for key in EXACT:
            if a.get(key) != b.get(key):
                problems.append(f"{where}: {key} {a.get(key)} from PTX, {b.get(key)} from trace")
        for key in NESTED:
            if key in a and key in b and a[key] != b[key]:
                diff = {k: (a[key].get(k), b[key].get(k)) for k in set(a[key]) | set(b[key])
                        if a[key].get(k) != b[key].get(k)} if isinstance(a[key], dict) else None
                problems.append(f"{where}: {key} differs (PTX, trace): {diff}")
    return problems


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    warpsim, gpu, out = sys.argv[1:4]
    rest = sys.argv[4:]
    if rest[0] == "--workload":
        what = ["--workload", rest[1]]
    elif rest[0] == "--":
        what = ["--"] + rest[1:]
    else:
        sys.exit(__doc__)
    shutil.rmtree(out, ignore_errors=True)
    trace_dir = os.path.join(out, "trace")
    base = [warpsim, "run", "--gpu", gpu]
    written = run(base + ["--mode", "functional", "--write-trace", trace_dir,
                          "--out", os.path.join(out, "functional")] + what)
    if "wrote" not in written.stderr:
        sys.exit(f"FAIL: no 'wrote N kernel trace(s)' line:\n{written.stderr}")
    run(base + ["--mode", "timing", "--out", os.path.join(out, "ptx")] + what)
    run(base + ["--trace", os.path.join(trace_dir, "kernelslist.g"),
                "--out", os.path.join(out, "trace-run")])
    ptx, trace = load(os.path.join(out, "ptx")), load(os.path.join(out, "trace-run"))
    unknown = trace.get("trace", {}).get("unknown_opcodes", [])
    problems = compare(ptx, trace)
    if unknown:
        problems.append(f"the written trace has opcodes the reader does not know: {unknown}")
    if ptx["total"]["cycles"] != trace["total"]["cycles"]:
        problems.append(f"total cycles {ptx['total']['cycles']} from PTX, "
                        f"{trace['total']['cycles']} from the trace")
    if problems:
        print("\n".join(problems))
        sys.exit(f"FAIL: {len(problems)} differences")
    print(f"PASS: {len(ptx['kernels'])} kernels, {ptx['total']['cycles']} cycles, "
          f"{sum(k['warp_insts'] for k in ptx['kernels'])} warp instructions agree")


if __name__ == "__main__":
    main()
