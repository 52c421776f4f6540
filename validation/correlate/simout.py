"""warpsim's results for one program: the kernels of a `warpsim run --out DIR`, in launch order.

`DIR/launches.jsonl` has one JSON object per kernel and a last line that sums up the run (it has
no "name"); `DIR/stats.json` has `kernels: [...]` with the stat groups (`l1d`, `l2`, `dram`,
`stalls`, ...). Each kernel returned is its launches.jsonl record with the stat groups of the
stats.json kernel of the same launch index added where the record lacks them.
"""

import json
import os


class SimOutputError(ValueError):
    """A run directory without launches.jsonl, or one that does not parse."""


def read_dir(path):
    launches = os.path.join(path, "launches.jsonl")
    if not os.path.exists(launches):
        raise SimOutputError(f"{path}: no launches.jsonl")
    try:
        with open(launches, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
    except json.JSONDecodeError as e:
        raise SimOutputError(f"{launches}: {e}") from e
    kernels = [r for r in records if "name" in r]
    stats_path = os.path.join(path, "stats.json")
    if os.path.exists(stats_path):
        with open(stats_path, encoding="utf-8") as f:
            stats = json.load(f)
        by_launch = {k.get("launch", i): k for i, k in enumerate(stats.get("kernels", []))}
        for i, kernel in enumerate(kernels):
            extra = by_launch.get(kernel.get("launch", i), {})
            for key, value in extra.items():
                kernel.setdefault(key, value)
    kernels.sort(key=lambda k: k.get("launch", 0))
    return kernels


def active_cycles(kernel):
    """The busiest SM's cycles with a CTA of the kernel resident where warpsim reports them
    (`sm_active_cycles`), else the kernel's cycles."""
    value = kernel.get("sm_active_cycles")
    return kernel.get("cycles") if value is None else value
