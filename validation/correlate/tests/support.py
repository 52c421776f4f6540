"""Puts validation/correlate on the import path, and builds hand-made inputs for the tests."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORRELATE_DIR = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(CORRELATE_DIR))
if CORRELATE_DIR not in sys.path:
    sys.path.insert(0, CORRELATE_DIR)

LONG_HEADER = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream",'
               '"Block Size","Grid Size","Device","CC","Section Name","Metric Name",'
               '"Metric Unit","Metric Value"')


def long_csv(kernels, log_lines=("==PROF== Connected to process 1 (/tmp/p)",)):
    """ncu --csv --metrics text: kernels are (id, name, grid, block, {metric: (unit, text)})."""
    lines = list(log_lines) + [LONG_HEADER]
    for kid, name, grid, block, metrics in kernels:
        for metric, (unit, value) in metrics.items():
            cells = [str(kid), "1", "p", "127.0.0.1", name, "1", "7", block, grid, "0", "9.0",
                     "Command line profiler metrics", metric, unit, value]
            lines.append(",".join(f'"{c}"' for c in cells))
    return "\n".join(lines) + "\n"


def write_sim_dir(path, kernels, stats_groups=None):
    """A fake `warpsim run --out` directory: launches.jsonl (kernels, then a summary line) and
    stats.json (kernels with the stat groups `stats_groups[i]` added)."""
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "launches.jsonl"), "w", encoding="utf-8") as f:
        for i, k in enumerate(kernels):
            f.write(json.dumps(dict(k, launch=i)) + "\n")
        f.write(json.dumps({"run": {"cycles": sum(k.get("cycles", 0) for k in kernels)}}) + "\n")
    stats_kernels = []
    for i, k in enumerate(kernels):
        entry = dict(k, launch=i)
        entry.update((stats_groups or [{}] * len(kernels))[i])
        stats_kernels.append(entry)
    with open(os.path.join(path, "stats.json"), "w", encoding="utf-8") as f:
        json.dump({"mode": "timing", "kernels": stats_kernels}, f)
