#!/usr/bin/env python3
"""Draws seed 004's figures from run.py's results.json, as PNGs beside it (or in --out):

  ipc_PRESET.png         IPC normalised to the preset's baseline, per benchmark and suite, one
                         bar per variant, geometric mean last (Figs. 13/14)
  l1d_misses_PRESET.png  L1D read misses (bypassed reads included) normalised to the baseline,
                         arithmetic mean last (the miss-reduction figure)
  unshared.png           srad vs srad-u and hotspot vs hotspot-u on both presets without and
                         with MRPB, normalised to the original on the first preset without MRPB
                         (Fig. 15); top row IPC, bottom row 1 / cycles (the /U versions run
                         other instructions, so IPC alone is not their speed)

  experiments/mrpb/plot.py experiments/mrpb/out/results.json
"""
import argparse
import json
import math
import os
import sys

from sweep import BASELINE, MRPB, SUITE_TITLES

UNSHARED_PAIRS = [("srad", "srad-u"), ("hotspot", "hotspot-u")]
BAR_GROUP_WIDTH = 0.8


def load_pyplot():
    try:
        import matplotlib
    except ImportError:
        sys.exit(f"plot.py: matplotlib is missing for {sys.executable}; install python3-matplotlib"
                 " (scripts/install-deps) or run plot.py with the interpreter that has it")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def index(runs):
    return {(r["suite"], r["workload"], r["preset"], r["variant"]): r for r in runs}


def value(table, key, column):
    row = table.get(key)
    return math.nan if row is None or row[column] is None else row[column]


def geomean(values):
    values = [v for v in values if v > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else math.nan


def mean(values):
    values = [v for v in values if not math.isnan(v)]
    return sum(values) / len(values) if values else math.nan


def draw_bars(ax, labels, series, rotation=60):
    """Grouped bars: `series` maps a legend name to one value per label."""
    width = BAR_GROUP_WIDTH / max(1, len(series))
    for i, (name, values) in enumerate(series.items()):
        offset = (i - (len(series) - 1) / 2) * width
        ax.bar([x + offset for x in range(len(labels))], values, width, label=name)
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=rotation, ha="right" if rotation else "center", fontsize=8)
    ax.axhline(1.0, color="black", linewidth=0.8)


def suite_panel(ax, table, workloads, preset, variants, column, aggregate):
    """One suite's benchmarks plus the aggregate bar, one series per variant."""
    suite = workloads[0][0]
    labels = [f"{name} ({cat})" if cat else name for _, name, cat in workloads]
    series = {}
    for variant in variants:
        values = [value(table, (suite, name, preset, variant), column) for _, name, _ in workloads]
        series[variant] = values + [aggregate[1](values)]
    draw_bars(ax, labels + [aggregate[0]], series)
    ax.set_title(SUITE_TITLES.get(suite, suite))


def benchmark_figure(plt, doc, preset, column, ylabel, aggregate, path):
    """Figs. 13/14 style: one panel per suite, bars per variant other than the baseline."""
    runs = [r for r in doc["runs"] if r["preset"] == preset]
    variants = [v for v in doc["variants"] if v != BASELINE] or [BASELINE]
    suites = {}
    for r in runs:
        suites.setdefault(r["suite"], {})[r["workload"]] = (r["suite"], r["workload"],
                                                            r["category"])
    if not suites:
        return None
    widths = [len(w) + 1 for w in suites.values()]
    figsize = (3 + 0.22 * sum(widths) * (1 + 0.25 * len(variants)), 4.5)
    fig, axes = plt.subplots(1, len(suites), figsize=figsize, squeeze=False,
                             gridspec_kw={"width_ratios": widths})
    for ax, workloads in zip(axes[0], suites.values()):
        suite_panel(ax, index(runs), list(workloads.values()), preset, variants, column,
                    aggregate)
    axes[0][0].set_ylabel(ylabel)
    axes[0][-1].legend(fontsize=8)
    fig.suptitle(f"{preset}, size {doc['size']}")
    return save(plt, fig, path)


def unshared_figure(plt, doc, path):
    """Fig. 15: the original and /U program in 4 scenarios (preset x without/with MRPB)."""
    table = index(doc["runs"])
    scenarios = [(p, v) for p in doc["presets"] for v in (BASELINE, MRPB) if v in doc["variants"]]
    labels = [f"{p}\n{'MRPB' if v == MRPB else 'no MRPB'}" for p, v in scenarios]
    metrics = [("ipc", "IPC", lambda x: x), ("cycles", "performance (1/cycles)", lambda x: 1 / x)]
    fig, axes = plt.subplots(len(metrics), len(UNSHARED_PAIRS), squeeze=False,
                             figsize=(4.5 * len(UNSHARED_PAIRS), 3.5 * len(metrics)))
    for col, pair in enumerate(UNSHARED_PAIRS):
        for row, (column, ylabel, transform) in enumerate(metrics):
            measure = lambda name, p, v: transform(value(table, ("rodinia", name, p, v), column))
            reference = measure(pair[0], *scenarios[0]) if scenarios else math.nan
            series = {name: [measure(name, p, v) / reference for p, v in scenarios]
                      for name in pair}
            ax = axes[row][col]
            draw_bars(ax, labels, series, rotation=0)
            ax.set_ylabel(f"{ylabel}, normalised")
            ax.set_title(f"{pair[0]} vs {pair[1]}")
            ax.legend(fontsize=8)
    fig.suptitle(f"/U versions, size {doc['size']} (1.0 = original, first preset, no MRPB)")
    return save(plt, fig, path)


def save(plt, fig, path):
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("results", help="results.json written by run.py")
    p.add_argument("--out", help="folder for the PNGs (default: the folder of results.json)")
    args = p.parse_args(argv)
    if not os.path.exists(args.results):
        sys.exit(f"plot.py: no {args.results}; run experiments/mrpb/run.py first")
    with open(args.results) as f:
        doc = json.load(f)
    out = args.out or os.path.dirname(os.path.abspath(args.results))
    os.makedirs(out, exist_ok=True)
    plt = load_pyplot()
    written = []
    for preset in doc["presets"]:
        written.append(benchmark_figure(plt, doc, preset, "ipc_norm", "IPC / baseline IPC",
                                        ("GM", geomean), f"{out}/ipc_{preset}.png"))
        written.append(benchmark_figure(plt, doc, preset, "l1d_misses_norm",
                                        "L1D misses / baseline", ("mean", mean),
                                        f"{out}/l1d_misses_{preset}.png"))
    written.append(unshared_figure(plt, doc, f"{out}/unshared.png"))
    for path in filter(None, written):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
