"""The metrics compared: each a hardware Nsight Compute metric beside a warpsim figure.

kind "relative": errors are sim / hw - 1 (kernels whose hardware value is 0 are left out of the
statistics and counted); kind "absolute": errors are sim - hw, in the metric's unit (percentage
points for the hit rates). `goal`: whether the metric counts toward the fidelity goals (the PTX
instruction count does not: SASS expands PTX). `scale`: the axes of its scatter plot. A metric
whose `sim` is None has no exact warpsim counterpart: it is listed as skipped with `note`.
"""

from dataclasses import dataclass
from typing import Callable, Optional

import simout


@dataclass(frozen=True)
class Metric:
    name: str
    hw: str  # the Nsight Compute metric
    sim: Optional[Callable]  # warpsim kernel record -> value or None
    kind: str  # "relative" or "absolute"
    scale: str  # "log" or "linear"
    unit: str
    goal: bool = True
    note: str = ""


def _tag_hit_rate(name):
    """Percent of a cache's accesses that found their line's tag: hits plus hits on a line
    already being fetched (hit_reserved), as Nsight Compute counts sector hits."""
    def get(kernel):
        group = kernel.get(name) or {}
        accesses = group.get("accesses")
        if not accesses:
            return None
        return 100.0 * (group.get("hits", 0) + group.get("hit_reserved", 0)) / accesses
    return get


def _group(name, key, factor=1.0):
    def get(kernel):
        value = (kernel.get(name) or {}).get(key)
        return None if value is None else value * factor
    return get


METRICS = (
    Metric("cycles", "sm__cycles_active.max", simout.active_cycles, "relative", "log", "cycles",
           note="the busiest SM's active cycles; warpsim's sm_active_cycles (its kernel cycles "
                "where it does not report them)"),
    Metric("elapsed", "gpc__cycles_elapsed.max", lambda k: k.get("cycles"), "relative", "log",
           "cycles", note="the kernel's elapsed cycles, launch and drain included"),
    Metric("warp_insts", "smsp__inst_executed.sum", lambda k: k.get("warp_insts"), "relative",
           "log", "warp instructions", goal=False,
           note="SASS on hardware, PTX in warpsim: the ratio is PTX over SASS, not an error"),
    Metric("issue_slots", "smsp__inst_executed.sum", _group("sm", "issue_slots"), "relative",
           "log", "warp instructions", goal=False,
           note="warpsim: scheduler issue slots, PTX instructions weighed by the preset's "
                "sm.issue_costs (SASS per PTX instruction; without a table, warp_insts)"),
    Metric("l1_hit_rate", "l1tex__t_sector_hit_rate.pct", _tag_hit_rate("l1d"),
           "absolute", "linear", "%",
           note="hardware: sectors; warpsim: L1D accesses that found their line (hits and "
                "hits on a line in flight)"),
    Metric("l2_hit_rate", "lts__t_sector_hit_rate.pct", _tag_hit_rate("l2"),
           "absolute", "linear", "%",
           note="hardware: sectors; warpsim: L2 accesses that found their line (hits and hits "
                "on a line in flight)"),
    Metric("dram_read_bytes", "dram__bytes_read.sum", _group("l2", "bytes_from_dram"),
           "relative", "log", "bytes", note="warpsim: l2.bytes_from_dram"),
    Metric("dram_write_bytes", "dram__bytes_write.sum", None, "relative", "log", "bytes",
           note="warpsim counts DRAM write requests (dram.writes), not bytes: a write-back "
                "carries only its dirty sectors, so there is no exact counterpart"),
)

BY_NAME = {m.name: m for m in METRICS}


def compared():
    """The metrics with a warpsim counterpart."""
    return [m for m in METRICS if m.sim is not None]


def skipped():
    return [m for m in METRICS if m.sim is None]
