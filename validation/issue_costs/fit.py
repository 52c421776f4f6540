#!/usr/bin/env python3
"""fit: an sm.issue_costs table from real-GPU instruction counts.

The hardware counts SASS instructions (Nsight Compute's smsp__inst_executed.sum), warpsim PTX
ones. For one data set of validation/correlate/datasets.yaml this runs warpsim on its programs
with sm.count_issue_keys (each kernel's warp instructions by issue-cost key, sm/issue_cost.h),
pairs the kernels with the hardware's as the correlator does, and fits each key's average SASS
count: ridge regression towards 1 (an instruction is one SASS instruction unless the data say
otherwise) with non-negative costs, on relative errors. Keys seen in fewer than --min-programs
programs fall back to their opcode, then to `*`, as the simulator's lookup does. The ridge
weight is the one with the smallest leave-one-program-out error; that error (each program's
kernels predicted by a fit on the other programs) is what the table's header reports.

    validation/issue_costs/fit.py --dataset h100-flushed --out configs/issue_costs/h100.yaml
"""

import argparse
import json
import math
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "validation", "correlate"))
sys.path.insert(0, HERE)

import expansion  # noqa: E402
import manifest  # noqa: E402
import match  # noqa: E402
import ncu  # noqa: E402
import runner  # noqa: E402

HW_METRIC = "smsp__inst_executed.sum"
RIDGE = (0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0)
MAX_SLOTS = 64.0


def collect(args):
    """Rows (program, kernel, hardware SASS count, {key: warp instructions})."""
    datasets = manifest.load(args.manifest, ROOT)
    dataset = next((d for d in datasets if d.id == args.dataset), None)
    if dataset is None:
        sys.exit(f"fit: no data set {args.dataset}")
    dataset.sets = list(dataset.sets) + ["sm.count_issue_keys=true", "sm.issue_costs=''"]
    hw = {p.name: ncu.read(p.hw) for p in dataset.programs}
    sim = runner.run_dataset(args.warpsim, dataset, args.programs_root, args.jobs, args.sim_dir)
    rows = []
    for program in dataset.programs:
        aligned = match.align(program.name, hw[program.name], sim[program.name])
        for h, s in aligned.pairs:
            sass = h.metrics.get(HW_METRIC)
            keys = s.get("issue_keys")
            if sass and keys:
                rows.append((program.name, s["name"], float(sass), keys))
    return dataset, rows


def features_of(rows, min_programs, priors=None):
    """key -> fitted name: the key where enough programs run it or it has a prior, else its
    opcode, else `*`."""
    priors = priors or {}
    programs, op_programs = {}, {}
    for program, _, _, keys in rows:
        for key in keys:
            programs.setdefault(key, set()).add(program)
            op_programs.setdefault(key.split(".")[0], set()).add(program)
    mapping = {}
    for key, seen in programs.items():
        op = key.split(".")[0]
        if len(seen) >= min_programs or key in priors:
            mapping[key] = key
        elif len(op_programs[op]) >= min_programs:
            mapping[key] = op
        else:
            mapping[key] = "*"
    return mapping, sorted(set(mapping.values()))


def design(rows, mapping, names):
    index = {n: i for i, n in enumerate(names)}
    xs, ys = [], []
    for _, _, sass, keys in rows:
        x = [0.0] * len(names)
        for key, n in keys.items():
            x[index[mapping.get(key, "*")]] += n
        xs.append(x)
        ys.append(sass)
    return xs, ys


def ridge_nnls(xs, ys, lam, prior=None, iterations=20000):
    """min sum(((y - x.w) / y)^2) / rows + lam * sum((w - prior)^2) over 0 <= w <= MAX_SLOTS
    (prior: 1 for every cost unless given), by cyclic coordinate descent on the normal
    equations."""
    n = len(xs[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in zip(xs, ys):
        weight = 1.0 / (y * y * len(ys))
        nz = [(j, v) for j, v in enumerate(x) if v]
        for j, v in nz:
            b[j] += weight * v * y
            for k, u in nz:
                a[j][k] += weight * v * u
    prior = prior or [1.0] * n
    for j in range(n):
        a[j][j] += lam
        b[j] += lam * prior[j]
    w = list(prior)
    for _ in range(iterations):
        change = 0.0
        for j in range(n):
            grad = b[j] - sum(a[j][k] * w[k] for k in range(n))
            new = min(MAX_SLOTS, max(0.0, w[j] + grad / a[j][j]))
            change = max(change, abs(new - w[j]))
            w[j] = new
        if change < 1e-10:
            break
    return w


def predict(x, w):
    return sum(v * c for v, c in zip(x, w))


def held_out(rows, mapping, names, lam, prior=None):
    """Each row's relative error when its program is left out of the fit."""
    xs, ys = design(rows, mapping, names)
    errors = [0.0] * len(rows)
    for program in sorted({r[0] for r in rows}):
        train = [i for i, r in enumerate(rows) if r[0] != program]
        w = ridge_nnls([xs[i] for i in train], [ys[i] for i in train], lam, prior)
        for i, r in enumerate(rows):
            if r[0] == program:
                errors[i] = abs(predict(xs[i], w) - ys[i]) / ys[i]
    return errors


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def prior_costs(args):
    """expansion.py's isolated SASS counts per key, where ptxas is installed ({} otherwise)."""
    if args.no_prior:
        return {}
    if not os.path.exists(args.ptxas):
        print(f"fit: no ptxas at {args.ptxas}: every cost pulled towards 1", file=sys.stderr)
        return {}
    costs = expansion.measure(args.ptxas, args.arch)
    costs.pop("copy")
    return costs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", default="h100-flushed")
    ap.add_argument("--manifest", default=os.path.join(ROOT, "validation", "correlate",
                                                       "datasets.yaml"))
    ap.add_argument("--warpsim", default=os.path.join(ROOT, "build", "warpsim"))
    ap.add_argument("--programs-root", default=ROOT)
    ap.add_argument("--sim-dir", help="keep (and reuse) warpsim's runs here")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--min-programs", type=int, default=3)
    ap.add_argument("--arch", default="sm_90", help="ptxas -arch for the priors (sm_90)")
    ap.add_argument("--ptxas", default=os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas"))
    ap.add_argument("--no-prior", action="store_true",
                    help="pull every cost towards 1 instead of expansion.py's counts")
    ap.add_argument("--out", help="write the YAML table here (default: stdout)")
    args = ap.parse_args()
    dataset, rows = collect(args)
    if not rows:
        sys.exit("fit: no kernel has both counts")
    priors = prior_costs(args)
    mapping, names = features_of(rows, args.min_programs, priors)
    prior = [priors.get(n, 1.0) for n in names]
    xs, ys = design(rows, mapping, names)
    ptx_err = [abs(sum(x) - y) / y for x, y in zip(xs, ys)]
    prior_err = [abs(predict(x, prior) - y) / y for x, y in zip(xs, ys)]
    scored = []
    for lam in RIDGE:
        err = held_out(rows, mapping, names, lam, prior)
        scored.append((statistics.median(err), lam, err))
    _, lam, cv_err = min(scored)
    w = ridge_nnls(xs, ys, lam, prior)
    fit_err = [abs(predict(x, w) - y) / y for x, y in zip(xs, ys)]
    ratio_ptx = geomean([sum(x) / y for x, y in zip(xs, ys)])
    ratio_fit = geomean([predict(x, w) / y for x, y in zip(xs, ys)])
    warp_insts = {n: 0.0 for n in names}
    for x in xs:
        for n, v in zip(names, x):
            warp_insts[n] += v
    programs = len({r[0] for r in rows})
    towards = (f"ptxas's count for the key alone (expansion.py, {args.arch}) or 1"
               if priors else "1")
    lines = [
        "# Issue slots per PTX instruction key (sm/issue_cost.h): the average number of SASS",
        "# instructions each becomes, fitted by validation/issue_costs/fit.py on data set",
        f"# {dataset.id} ({len(rows)} kernels of {programs} programs; "
        f"{os.path.relpath(dataset.hardware, ROOT)}):",
        f"# ridge (weight {lam}) towards {towards};",
        f"# other keys run by fewer than {args.min_programs} programs fall back to their opcode "
        "or `*`.",
        "# Warp instructions per kernel against the hardware's SASS count, median error: PTX",
        f"# alone {statistics.median(ptx_err):.0%} (geomean ratio {ratio_ptx:.2f}), the prior "
        f"alone {statistics.median(prior_err):.0%}, this table {statistics.median(fit_err):.0%} "
        f"({ratio_fit:.2f}),",
        f"# each program predicted by a fit on the others {statistics.median(cv_err):.0%}. "
        "Regenerate: make issue-costs.",
        "# KEY: slots  # prior, warp instructions of the data set with this key",
    ]
    for n, v, p in zip(names, w, prior):
        lines.append(f"{json.dumps(n)}: {v:.2f}  # {p:g}, {int(warp_insts[n])}")
    text = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    for median, weight, _ in scored:
        print(f"fit: ridge {weight}: held-out median error {median:.1%}", file=sys.stderr)
    print(f"fit: {len(rows)} kernels, {len(names)} keys; median error PTX "
          f"{statistics.median(ptx_err):.1%}, prior {statistics.median(prior_err):.1%}, fit "
          f"{statistics.median(fit_err):.1%}, held out {statistics.median(cv_err):.1%}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
