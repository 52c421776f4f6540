"""The Markdown report of one data set: goals, statistics per metric and class, the kernels
furthest off with warpsim's stall breakdown, and every kernel's numbers."""

import os

import classify
import goals
import metrics
from analysis import GROUPS, worst
from match import shape_text

TIME_METRICS = ("cycles", "elapsed", "warp_insts", "issue_slots")  # the first kernel table; the rest: second
GROUP_TITLES = {"all": "all", "long": f"long (>= {classify.LONG_CYCLES:,} hw cycles)",
                "short": "short", "compute": "compute-bound", "memory": "memory-bound",
                "latency": "latency-bound"}


def fmt_value(value, metric):
    if value is None:
        return "-"
    if metric.kind == "absolute":
        return f"{value:.1f}"
    return f"{value:,.0f}"


def fmt_compare(hw, sim, metric):
    """The ratio sim / hw (relative) or the difference sim - hw (absolute)."""
    if hw is None or sim is None:
        return "-"
    if metric.kind == "absolute":
        return f"{sim - hw:+.1f}"
    return f"{sim / hw:.2f}" if hw else "-"


def fmt_error(value, metric):
    if value is None:
        return "-"
    return f"{value:.1f} pp" if metric.kind == "absolute" else f"{value * 100:.0f} %"


def fmt_share(value):
    return "-" if value is None else f"{value * 100:.0f} %"


def fmt_number(value, digits):
    return "-" if value is None else f"{value:.{digits}f}"


def table(header, rows, align=None):
    align = align or ["---"] * len(header)
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def _intro(result, command, root):
    d = result.dataset
    caches = ("caches flushed before each kernel (Nsight Compute's default --cache-control all)"
              if d.cache_control == "flush" else
              "caches kept between kernels (Nsight Compute --cache-control none)")
    programs = len(d.programs)
    return [
        f"# {d.id}: {d.gpu} beside warpsim's {d.preset} preset", "",
        f"Hardware: `{os.path.relpath(d.hardware, root)}`, {caches}. warpsim: `{command}`. "
        f"{len(result.rows)} kernels of {programs} programs matched, "
        f"{len(result.unmatched)} unmatched. Made by `validation/correlate/correlate` "
        "(validation/correlate/README.md says how to read it).", ""]


def _goals(result):
    rows = [(GROUP_TITLES[scope], text,
             "-" if value is None else
             (fmt_error(value, metrics.BY_NAME["cycles"]) if key == "median_error" else
              fmt_share(value) if key == "within_25" else f"{value:.3f}"),
             "met" if met else "missed")
            for scope, key, text, value, met in goals.check(result.stats)]
    return ["## Goals (cycles)", ""] + table(["kernels", "goal", "value", "status"], rows) + [""]


def _statistics(result):
    lines = ["## Statistics", "",
             "Errors: |sim / hw - 1| for relative metrics, |sim - hw| in percentage points for "
             "the hit rates; within 10 % / 25 % means within 10 / 25 points for those. hw = 0: "
             "kernels left out of a relative metric because the hardware counted 0.", ""]
    for m in metrics.compared():
        goal = "" if m.goal else " Not a fidelity goal."
        lines += [f"### {m.name}", "", f"Hardware `{m.hw}`; {m.note}.{goal}", ""]
        rows = []
        for g in GROUPS:
            s = result.stats[m.name][g]
            rows.append([GROUP_TITLES[g], s["kernels"], s["hw_zero"],
                         fmt_error(s["median_error"], m), fmt_error(s["mean_abs_error"], m),
                         fmt_share(s["within_10"]), fmt_share(s["within_25"]),
                         fmt_number(s["geomean_ratio"], 3), fmt_number(s["pearson_r"], 3),
                         fmt_number(s["spearman_r"], 3)])
        lines += table(["kernels", "n", "hw = 0", "median error", "mean error", "within 10 %",
                        "within 25 %", "geomean sim/hw", "Pearson r", "Spearman r"], rows,
                       ["---"] + ["---:"] * 9) + [""]
    for m in metrics.skipped():
        lines += [f"### {m.name}: skipped", "", f"Hardware `{m.hw}`; {m.note}.", ""]
    return lines


def _worst(result):
    rows = worst(result.rows)
    keys = []
    for r in rows:
        keys += [k for k in r.stalls if k not in keys]
    keys = [k for k in keys if any(r.stalls.get(k) for r in rows)]
    lines = [f"## The {len(rows)} kernels furthest off (cycles)", "",
             "Furthest by |log(sim / hw)|; ID: Nsight Compute's kernel ID. The stall columns are "
             "warpsim's: each reason's share of the kernel's scheduler cycles (stats.json "
             "kernels[i].stalls).", ""]
    body = [[r.program, f"`{r.kernel}`", r.hw_id, r.cls, f"{r.hw['cycles']:,.0f}",
             f"{r.sim['cycles']:,.0f}", f"{r.sim['cycles'] / r.hw['cycles']:.2f}"] +
            [f"{r.stalls.get(k, 0) * 100:.0f} %" for k in keys] for r in rows]
    return lines + table(["program", "kernel", "ID", "class", "hw cycles", "warpsim cycles",
                          "sim / hw"] + keys, body,
                         ["---", "---", "---:", "---"] + ["---:"] * (3 + len(keys))) + [""]


def _kernel_tables(result):
    lines = ["## Kernels", "",
             "Ratios are sim / hw; for the hit rates the last column is sim - hw in points. "
             "u_issue and u_mem: the hardware's issue and DRAM utilization (class rule below).",
             ""]
    first = [m for m in metrics.compared() if m.name in TIME_METRICS]
    second = [m for m in metrics.compared() if m.name not in TIME_METRICS]
    for title, group, lead in (("Time and instructions", first, True), ("Memory", second, False)):
        header = ["program", "kernel", "ID"]
        header += ["grid x block", "class", "u_issue", "u_mem"] if lead else []
        for m in group:
            header += [f"{m.name} hw", "sim", "diff" if m.kind == "absolute" else "ratio"]
        body = []
        for r in result.rows:
            row = [r.program, f"`{r.kernel}`", r.hw_id]
            if lead:
                row += [shape_text(r.grid, r.block), r.cls, fmt_number(r.u_issue, 2),
                        fmt_number(r.u_mem, 2)]
            for m in group:
                row += [fmt_value(r.hw[m.name], m), fmt_value(r.sim[m.name], m),
                        fmt_compare(r.hw[m.name], r.sim[m.name], m)]
            body.append(row)
        align = ["---", "---", "---:"] + (["---", "---", "---:", "---:"] if lead else [])
        lines += [f"### {title}", ""] + table(
            header, body, align + ["---:"] * (len(header) - len(align))) + [""]
    return lines


def _unmatched(result):
    if not result.unmatched:
        return []
    body = [[u.program, u.side, f"`{u.name}`", u.index] for u in result.unmatched]
    return ["## Unmatched kernels", "",
            "Kernels that only one side launched (aligned by name in launch order); they are in "
            "no statistic.", ""] + table(["program", "only on", "kernel", "ID / launch"],
                                         body) + [""]


def _classes():
    return ["## Classes", "",
            "From the hardware's numbers: u_issue = smsp__inst_executed.sum / "
            "(sm__cycles_active.max x SMs x schedulers per SM); u_mem = DRAM bytes read and "
            "written / (gpc__cycles_elapsed.max / clock) / peak DRAM bandwidth. Memory-bound if "
            f"u_mem >= {classify.MEMORY_BOUND} and u_mem >= u_issue, else compute-bound if "
            f"u_issue >= {classify.COMPUTE_BOUND}, else latency-bound. Long kernels: at least "
            f"{classify.LONG_CYCLES:,} SM-active cycles on the hardware.", ""]


def _plots(result, plot_files):
    if not plot_files:
        return []
    lines = ["## Plots", ""]
    for metric, path in plot_files:
        lines += [f"![{metric}]({path})", ""]
    return lines


def render(result, command, root, plot_files=()):
    """The report's text. `command`: the warpsim command line (for the reader); `root`: the
    repository, paths are shown relative to it; `plot_files`: (metric, path relative to the
    report) pairs."""
    lines = (_intro(result, command, root) + _goals(result) + _statistics(result) + _worst(result) +
             _unmatched(result) + _plots(result, plot_files) + _kernel_tables(result) +
             _classes())
    return "\n".join(lines).rstrip() + "\n"
