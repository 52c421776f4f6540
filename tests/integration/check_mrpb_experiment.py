#!/usr/bin/env python3
"""check_mrpb_experiment.py WARPSIM

Checks the seed 004 experiment harness (experiments/mrpb/) end to end in seconds: a tiny sweep
of polybench/atax and rodinia/nw, baseline and MRPB, on both presets gives rows with positive
cycles, a baseline normalised IPC of exactly 1.0, and MRPB faster than the baseline on atax, the
intra-warp-contention kernel of seed 004's Fig. 2; running it again skips every run (resume); a run that
fails makes run.py say FAILED with warpsim's message and exit 1; --set reaches every run's
command line; plot.py writes its PNGs (when matplotlib is installed for this interpreter)."""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "experiments",
                       "mrpb")
WORKLOADS = ["polybench/atax", "rodinia/nw"]
PRESETS = ["c2050-base-s", "c2050-base-l"]
VARIANTS = ["baseline", "mrpb"]


def harness(script, *args):
    proc = subprocess.run([sys.executable, os.path.join(HARNESS, script), *args],
                          capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def sweep(warpsim, out, *extra):
    return harness("run.py", "--warpsim", warpsim, "--size", "tiny", "--only",
                   ",".join(WORKLOADS), "--variants", "baseline,mrpb", "--out", out, *extra)


def check_results(out):
    with open(os.path.join(out, "results.json")) as f:
        doc = json.load(f)
    problems = []
    got = {(f"{r['suite']}/{r['workload']}", r["preset"], r["variant"]) for r in doc["runs"]}
    want = {(w, p, v) for w in WORKLOADS for p in PRESETS for v in VARIANTS}
    if got != want:
        problems.append(f"runs {sorted(got)}, expected {sorted(want)}")
    for r in doc["runs"]:
        where = f"{r['suite']}/{r['workload']} {r['preset']} {r['variant']}"
        if not (r["cycles"] or 0) > 0 or not (r["warp_insts"] or 0) > 0:
            problems.append(f"{where}: cycles {r['cycles']}, warp_insts {r['warp_insts']}")
        if r["variant"] == "baseline" and (r["ipc_norm"] != 1.0 or r["l1d_misses_norm"] != 1.0):
            problems.append(f"{where}: baseline normalised to {r['ipc_norm']}, "
                            f"{r['l1d_misses_norm']}")
        if r["variant"] == "mrpb" and r["workload"] == "atax" and not r["ipc_norm"] > 1.0:
            problems.append(f"{where}: MRPB normalised IPC {r['ipc_norm']}, expected above 1")
        if r["check"] != "passed":
            problems.append(f"{where}: check {r['check']}")
    atax = [r["category"] for r in doc["runs"] if r["workload"] == "atax"]
    if set(atax) != {"IW"}:
        problems.append(f"atax category {atax}, expected IW (seed 004 Table 2)")
    gmeans = [s["ipc_norm_gmean"] for s in doc["summary"] if s["variant"] == "baseline"]
    if len(gmeans) != 4 or any(abs(g - 1.0) > 1e-12 for g in gmeans):
        problems.append(f"summary baseline IPC geometric means {gmeans}, expected four 1.0")
    return problems


def check_set(warpsim, out):
    status, output = harness("run.py", "--warpsim", warpsim, "--size", "tiny", "--only",
                             "polybench/atax", "--presets", "c2050-base-s", "--variants",
                             "baseline", "--set", "sm.scheduler_turns=fixed", "--out", out)
    log = os.path.join(out, "runs", "tiny", "c2050-base-s", "baseline", "polybench-atax",
                       "warpsim.log")
    if status != 0 or not os.path.exists(log):
        return [f"run.py --set: exit {status}, no {log}:\n{output}"]
    with open(log) as f:
        command = f.readline()
    if "--set sm.scheduler_turns=fixed" not in command:
        return [f"run.py --set did not reach the command line: {command}"]
    return []


def check_plots(out):
    if importlib.util.find_spec("matplotlib") is None:
        print(f"plot.py not checked: no matplotlib for {sys.executable}")
        return []
    status, output = harness("plot.py", os.path.join(out, "results.json"))
    names = [f"{kind}_{p}.png" for kind in ("ipc", "l1d_misses") for p in PRESETS]
    missing = [n for n in names + ["unshared.png"]
               if not os.path.exists(os.path.join(out, n))
               or os.path.getsize(os.path.join(out, n)) == 0]
    if status != 0 or missing:
        return [f"plot.py exit {status}, missing or empty {missing}:\n{output}"]
    return []


def main():
    warpsim = sys.argv[1]
    problems = []
    with tempfile.TemporaryDirectory(prefix="mrpb-harness-") as tmp:
        out = os.path.join(tmp, "out")
        status, output = sweep(warpsim, out)
        if status != 0:
            sys.exit(f"run.py exit {status}:\n{output}")
        problems += check_results(out)
        status, output = sweep(warpsim, out)
        if status != 0 or output.count(" skipped ") != len(WORKLOADS) * len(PRESETS) * len(VARIANTS):
            problems.append(f"second sweep did not skip every run (exit {status}):\n{output}")
        status, output = sweep(warpsim, os.path.join(tmp, "bad"), "--presets", "no-such-preset")
        if status != 1 or "FAILED" not in output or "no-such-preset" not in output:
            problems.append(f"a failing run: exit {status}, expected 1 and a FAILED line:\n{output}")
        problems += check_set(warpsim, os.path.join(tmp, "set"))
        problems += check_plots(out)
    for p in problems:
        print(f"FAIL: {p}", file=sys.stderr)
    if not problems:
        print("mrpb experiment harness: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
