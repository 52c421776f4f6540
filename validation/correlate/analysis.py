"""One data set's comparison: the matched kernels (rows) and the statistics of every metric, over
all kernels and per class (long/short, compute/memory/latency-bound)."""

import math
from dataclasses import dataclass, field

import classify
import match
import metrics
import stats

GROUPS = ("all",) + classify.LENGTHS + classify.CLASSES
WORST_COUNT = 10


@dataclass
class Row:
    program: str
    kernel: str  # warpsim's name
    hw_id: int  # Nsight Compute's kernel ID
    hw_name: str
    grid: tuple
    block: tuple
    cls: str
    length: str
    u_issue: float
    u_mem: float
    hw: dict  # metric name -> value or None
    sim: dict
    stalls: dict  # stall reason -> share of scheduler cycles

    def in_group(self, group):
        return group == "all" or group in (self.cls, self.length)


@dataclass
class Unmatched:
    program: str
    side: str  # "hardware" or "warpsim"
    name: str
    index: int  # the hardware ID or warpsim's launch index


@dataclass
class Result:
    dataset: object
    rows: list = field(default_factory=list)
    unmatched: list = field(default_factory=list)
    stats: dict = field(default_factory=dict)  # metric -> group -> summary


def stall_shares(kernel):
    stalls = kernel.get("stalls") or {}
    total = stalls.get("scheduler_cycles")
    if not total:
        return {}
    return {k: v / total for k, v in stalls.items() if k != "scheduler_cycles"}


def _row(program, hw, sim, peak):
    u_issue, u_mem = classify.utilizations(hw.metrics, peak)
    return Row(program=program, kernel=sim["name"], hw_id=hw.id, hw_name=hw.name,
               grid=tuple(hw.grid),
               block=tuple(hw.block), cls=classify.bound(u_issue, u_mem),
               length=classify.length(hw.metrics), u_issue=u_issue, u_mem=u_mem,
               hw={m.name: hw.metrics.get(m.hw) for m in metrics.compared()},
               sim={m.name: m.sim(sim) for m in metrics.compared()},
               stalls=stall_shares(sim))


def build_rows(dataset, hw_by_program, sim_by_program):
    """Rows and unmatched kernels of the data set's programs, in the manifest's program order."""
    rows, unmatched = [], []
    for program in dataset.programs:
        aligned = match.align(program.name, hw_by_program[program.name],
                              sim_by_program[program.name])
        rows += [_row(program.name, hw, sim, dataset.peak) for hw, sim in aligned.pairs]
        unmatched += [Unmatched(program.name, "hardware", k.name, k.id) for k in aligned.hw_only]
        unmatched += [Unmatched(program.name, "warpsim", k["name"], k.get("launch", -1))
                      for k in aligned.sim_only]
    return rows, unmatched


def pairs(rows, metric, group="all"):
    return [(r.hw[metric], r.sim[metric]) for r in rows
            if r.in_group(group) and r.hw[metric] is not None and r.sim[metric] is not None]


def statistics(rows):
    return {m.name: {g: stats.summarize(pairs(rows, m.name, g), m.kind) for g in GROUPS}
            for m in metrics.compared()}


def analyze(dataset, hw_by_program, sim_by_program):
    rows, unmatched = build_rows(dataset, hw_by_program, sim_by_program)
    return Result(dataset=dataset, rows=rows, unmatched=unmatched, stats=statistics(rows))


def worst(rows, metric="cycles", count=WORST_COUNT):
    """The rows furthest off in `metric`, by |log(sim / hw)|, furthest first."""
    scored = [(abs(math.log(r.sim[metric] / r.hw[metric])), i, r) for i, r in enumerate(rows)
              if r.hw[metric] and r.sim[metric] and r.hw[metric] > 0 and r.sim[metric] > 0]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [r for _, _, r in scored[:count]]
