#!/usr/bin/env python3
"""Kernel by kernel: cycles and warp instructions measured on a GPU (Nsight Compute CSVs that
microbench/native/collect.sh writes, ncu-PROGRAM.csv) beside warpsim's timing model running the
same tests/cuda programs on a preset. Prints a Markdown table and a summary.

    validation/hw/compare_kernels.py --ncu validation/hw/h100/run1 --gpu h100 \
        --warpsim build/warpsim --programs build/tests/cuda [--json FILE]

Kernels are matched by launch order within a program; a grid or block that differs between the
two is an error. Hardware cycles: gpc__cycles_elapsed.max (the kernel's duration in SM clock
cycles, launch and drain included) and sm__cycles_active.max (the busiest SM's cycles with work,
where the CSV has it: the figure warpsim's kernel cycles compare with, as warpsim models no launch
overhead); warp instructions smsp__inst_executed.sum (SASS). warpsim's: its kernel cycles and
warp instructions (PTX)."""

import argparse
import csv
import json
import math
import os
import pathlib
import subprocess
import sys
import tempfile


def number(text):
    return float(text.replace(",", ""))


def read_ncu(path):
    """Kernels in launch order: name, grid, block and the metrics, from one ncu --csv file."""
    lines = [line for line in path.read_text().splitlines() if line.startswith('"')]
    kernels = {}
    for row in csv.DictReader(lines):
        kernel = kernels.setdefault(
            int(row["ID"]),
            {"name": row["Kernel Name"], "grid": row["Grid Size"], "block": row["Block Size"],
             "metrics": {}})
        kernel["metrics"][row["Metric Name"]] = number(row["Metric Value"])
    return [kernels[k] for k in sorted(kernels)]


def shape(dims):
    return "(" + ", ".join(str(d) for d in dims) + ")"


def run_warpsim(warpsim, gpu, program, env):
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([warpsim, "run", "--mode", "timing", "--gpu", gpu, "--out", out, "--",
                        program], check=True, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        with open(os.path.join(out, "launches.jsonl")) as f:
            records = [json.loads(line) for line in f if line.strip()]
            return [r for r in records if "name" in r]  # the last line sums up the run


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ncu", required=True, type=pathlib.Path)
    parser.add_argument("--gpu", required=True)
    parser.add_argument("--warpsim", required=True)
    parser.add_argument("--programs", required=True, type=pathlib.Path)
    parser.add_argument("--json")
    args = parser.parse_args()
    env = dict(os.environ)
    rows = []
    for path in sorted(args.ncu.glob("ncu-*.csv")):
        program = path.stem[len("ncu-"):]
        hw = read_ncu(path)
        sim = run_warpsim(args.warpsim, args.gpu, str(args.programs / program), env)
        if len(hw) != len(sim):
            sys.exit(f"{program}: {len(hw)} kernels measured, {len(sim)} simulated")
        for i, (h, s) in enumerate(zip(hw, sim)):
            if h["grid"] != shape(s["grid"]) or h["block"] != shape(s["block"]):
                sys.exit(f"{program} kernel {i}: hardware {h['grid']}x{h['block']}, "
                         f"warpsim {shape(s['grid'])}x{shape(s['block'])}")
            rows.append({"program": program, "kernel": s["name"], "grid": s["grid"],
                         "block": s["block"],
                         "hw_elapsed": h["metrics"]["gpc__cycles_elapsed.max"],
                         "hw_cycles": h["metrics"].get("sm__cycles_active.max",
                                                       h["metrics"]["gpc__cycles_elapsed.max"]),
                         "sim_cycles": s["cycles"],
                         "hw_warp_insts": h["metrics"]["smsp__inst_executed.sum"],
                         "sim_warp_insts": s["warp_insts"],
                         "hw_clock_hz": h["metrics"].get("sm__cycles_elapsed.avg.per_second")})
    print("| program | kernel | grid x block | hw elapsed | hw SM active | warpsim cycles |"
          " warpsim / hw active | hw warp insts (SASS) | warpsim warp insts (PTX) |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        ratio = r["sim_cycles"] / r["hw_cycles"]
        print(f"| {r['program']} | `{r['kernel']}` | {shape(r['grid'])} x {shape(r['block'])} |"
              f" {r['hw_elapsed']:,.0f} | {r['hw_cycles']:,.0f} | {r['sim_cycles']:,} | {ratio:.2f} |"
              f" {r['hw_warp_insts']:,.0f} | {r['sim_warp_insts']:,} |")
    ratios = [r["sim_cycles"] / r["hw_cycles"] for r in rows]
    mean_log = sum(math.log(x) for x in ratios) / len(ratios)
    errors = sorted(abs(x - 1) for x in ratios)
    print(f"\n{len(rows)} kernels: warpsim/hw cycles geometric mean {math.exp(mean_log):.2f}, "
          f"median |error| {errors[len(errors) // 2] * 100:.0f} %, "
          f"within 25 %: {sum(e <= 0.25 for e in errors)}, "
          f"Pearson r of the cycles {pearson([r['hw_cycles'] for r in rows], [r['sim_cycles'] for r in rows]):.3f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


def pearson(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


if __name__ == "__main__":
    main()
