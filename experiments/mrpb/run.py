#!/usr/bin/env python3
"""Runs seed 004's (MRPB) experiments: every workload x GPU preset x variant in sweep.py under
`warpsim run --mode timing`, then writes OUT/results.json, OUT/results.csv and OUT/summary.csv.

A run's output is OUT/runs/SIZE/PRESET/VARIANT/SUITE-NAME/; a run whose stats.json is already
there is skipped, so an interrupted sweep resumes where it stopped. A failed run (non-zero exit)
is reported with the tail of its stderr, its stats.json (if any) is renamed stats.failed.json so
that the next sweep retries it, the others go on, and the script exits 1 at the end.

  experiments/mrpb/run.py --size small --jobs 2
  experiments/mrpb/run.py --size tiny --only polybench/atax,rodinia/nw --variants baseline,mrpb
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

import results
from sweep import BASELINE, PRESETS, SIZES, VARIANTS, WORKLOADS

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
STDERR_TAIL_LINES = 15


def comma_list(text):
    return [item for item in text.split(",") if item]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--warpsim", default=os.path.join(REPO, "build", "warpsim"),
                   help="the warpsim binary (default: build/warpsim)")
    p.add_argument("--size", choices=SIZES, default="paper", help="workload size (default paper)")
    p.add_argument("--jobs", type=int, default=1, help="runs in parallel (default 1)")
    p.add_argument("--out", default=os.path.join(HERE, "out"),
                   help="output folder (default experiments/mrpb/out)")
    p.add_argument("--only", type=comma_list, help="workloads SUITE/NAME,... (default all)")
    p.add_argument("--presets", type=comma_list, default=PRESETS,
                   help=f"GPU presets (default {','.join(PRESETS)})")
    p.add_argument("--variants", type=comma_list, default=list(VARIANTS),
                   help=f"variants of sweep.py VARIANTS (default {','.join(VARIANTS)})")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a config override for every run, as warpsim run's --set (repeatable), "
                        "e.g. sm.scheduler_turns=fixed for results from before 2026-11-27")
    args = p.parse_args(argv)
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    unknown = [v for v in args.variants if v not in VARIANTS]
    if unknown:
        p.error(f"unknown variant(s) {','.join(unknown)}; choose from {','.join(VARIANTS)}")
    known = {f"{suite}/{name}" for suite, name, _ in WORKLOADS}
    unknown = [w for w in args.only or [] if w not in known]
    if unknown:
        p.error(f"unknown workload(s) {','.join(unknown)}; choose from {','.join(sorted(known))}")
    if not os.access(args.warpsim, os.X_OK):
        p.error(f"no warpsim binary at {args.warpsim} (run `make build` or pass --warpsim)")
    args.warpsim = os.path.abspath(args.warpsim)
    args.out = os.path.abspath(args.out)
    return args


def plan(args):
    """The runs to do, each {"run": identity, "dir": output folder, "argv": command}."""
    runs = []
    for suite, name, category in WORKLOADS:
        if args.only and f"{suite}/{name}" not in args.only:
            continue
        for preset in args.presets:
            for variant in args.variants:
                out = os.path.join(args.out, "runs", args.size, preset, variant, f"{suite}-{name}")
                argv = [args.warpsim, "run", "--mode", "timing", "--gpu", preset,
                        "--workload", f"{suite}/{name}:{args.size}", *VARIANTS[variant],
                        *[arg for kv in args.set for arg in ("--set", kv)], "--out", out]
                identity = {"suite": suite, "workload": name, "category": category,
                            "preset": preset, "variant": variant, "size": args.size}
                runs.append({"run": identity, "dir": out, "argv": argv})
    return runs


def label(run):
    r = run["run"]
    return f"{r['suite']}/{r['workload']} {r['preset']} {r['variant']}"


def execute(run):
    """Runs one simulation unless its stats.json exists. Returns (status, seconds, message)."""
    stats = os.path.join(run["dir"], "stats.json")
    if os.path.exists(stats):
        return "skipped", 0.0, ""
    os.makedirs(run["dir"], exist_ok=True)
    start = time.monotonic()
    proc = subprocess.run(run["argv"], cwd=REPO, capture_output=True, text=True)
    seconds = time.monotonic() - start
    with open(os.path.join(run["dir"], "warpsim.log"), "w") as log:
        log.write(f"$ {' '.join(run['argv'])}\n{proc.stdout}{proc.stderr}")
    if proc.returncode == 0 and os.path.exists(stats):
        return "ok", seconds, ""
    if os.path.exists(stats):
        os.replace(stats, os.path.join(run["dir"], "stats.failed.json"))
    tail = "\n".join(proc.stderr.rstrip().splitlines()[-STDERR_TAIL_LINES:])
    return "failed", seconds, f"exit {proc.returncode}: {' '.join(run['argv'])}\n{tail}"


def sweep(runs, jobs):
    """Runs everything, `jobs` at a time, printing one line per run. Returns the failures."""
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(execute, run): run for run in runs}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            run = futures[future]
            status, seconds, message = future.result()
            print(f"[{done}/{len(runs)}] {status:7} {label(run)} ({seconds:.1f} s)", flush=True)
            if status == "failed":
                print(f"FAILED {label(run)}: {message}", file=sys.stderr, flush=True)
                failures.append(label(run))
    return failures


def collect(runs):
    rows = []
    for run in runs:
        stats = os.path.join(run["dir"], "stats.json")
        if os.path.exists(stats):
            rows.append(results.read_row(stats, run["run"]))
    return results.derive(rows)


def fmt(value, spec):
    return "-" if value is None else format(value, spec)


def print_summary(summary):
    print(f"{'suite':10} {'preset':14} {'variant':9} {'n':>3} {'IPC gmean':>10} "
          f"{'L1D miss -%':>11} {'L1D fill -%':>11} {'reply pkt -%':>12}")
    for s in summary:
        print(f"{s['suite']:10} {s['preset']:14} {s['variant']:9} {s['benchmarks']:3} "
              f"{fmt(s['ipc_norm_gmean'], '10.3f')} {fmt(s['l1d_miss_reduction_pct'], '11.1f')} "
              f"{fmt(s['l1d_fill_reduction_pct'], '11.1f')} "
              f"{fmt(s['reply_packet_reduction_pct'], '12.1f')}")


def main(argv):
    args = parse_args(argv)
    if BASELINE not in args.variants:
        print(f"note: without the {BASELINE} variant nothing is normalised", file=sys.stderr)
    runs = plan(args)
    failures = sweep(runs, args.jobs)
    rows = collect(runs)
    summary = results.summarise(rows)
    meta = {"size": args.size, "presets": args.presets, "warpsim": args.warpsim,
            "variants": {v: VARIANTS[v] for v in args.variants}, "failed": failures}
    os.makedirs(args.out, exist_ok=True)
    results.write_all(args.out, meta, rows, summary)
    print_summary(summary)
    print(f"{len(rows)} of {len(runs)} runs in {args.out}/results.json")
    if failures:
        print(f"{len(failures)} run(s) failed:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
