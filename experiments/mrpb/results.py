"""Turns the runs' stats.json files into result rows, derived ratios and suite summaries."""
import csv
import json
import math

from sweep import BASELINE

# Column -> path in stats.json (docs/stats.md). Every value is the whole run's ("total"):
# total.cycles is the union of the kernels' spans, i.e. their sum for back-to-back launches.
STATS = [
    ("check", "workload.check"),
    ("kernels", "total.kernels"),
    ("cycles", "total.cycles"),
    ("warp_insts", "total.warp_insts"),
    ("thread_insts", "total.thread_insts"),
    ("ipc", "total.ipc"),
    ("l1d_accesses", "total.l1d.accesses"),
    ("l1d_hits", "total.l1d.hits"),
    ("l1d_hit_reserved", "total.l1d.hit_reserved"),
    ("l1d_misses", "total.l1d.misses"),
    ("l1d_bypassed", "total.l1d.bypassed"),
    ("l1d_forwarded", "total.l1d.forwarded"),
    ("l1d_resfail_no_line", "total.l1d.reservation_fail_no_line"),
    ("l1d_resfail_no_mshr", "total.l1d.reservation_fail_no_mshr"),
    ("l1d_resfail_mshr_merge", "total.l1d.reservation_fail_mshr_merge"),
    ("l1d_resfail_miss_queue", "total.l1d.reservation_fail_miss_queue"),
    ("prioritizer_stalls", "total.sm.ldst.prioritizer_stalls"),
    ("l1_refusals", "total.sm.ldst.l1_refusals"),
    ("l2_accesses", "total.l2.accesses"),
    ("l2_hits", "total.l2.hits"),
    ("l2_misses", "total.l2.misses"),
    ("icnt_reply_packets", "total.icnt.reply.packets"),
    ("icnt_reply_bytes", "total.icnt.reply.bytes"),
    ("dram_reads", "total.dram.reads"),
    ("wall_s", "sim.wall_s"),
]

def lookup(doc, path):
    """The value at a dotted path, or None where the document lacks it."""
    for key in path.split("."):
        if not isinstance(doc, dict) or key not in doc:
            return None
        doc = doc[key]
    return doc


def read_row(stats_path, run):
    """One result row: the run's identity (a dict) followed by its stats."""
    with open(stats_path) as f:
        doc = json.load(f)
    row = dict(run)
    row.update((column, lookup(doc, path)) for column, path in STATS)
    return row


def l1d_read_misses(row):
    """Reads the L1D did not serve: fetched misses plus bypasses (a bypassed read is a miss
    that went to L2 without an L1 line, so counting only `misses` would flatter bypassing)."""
    if row["l1d_misses"] is None:
        return None
    return row["l1d_misses"] + (row["l1d_bypassed"] or 0)


def ratio(value, base):
    if value is None or base is None or base == 0:
        return None
    return value / base


def derive(rows):
    """Adds each row's ratios to the baseline run of the same workload, preset and size."""
    key = lambda r: (r["suite"], r["workload"], r["preset"], r["size"])
    baselines = {key(r): r for r in rows if r["variant"] == BASELINE}
    for row in rows:
        base = baselines.get(key(row), {})
        row["ipc_norm"] = ratio(row["ipc"], base.get("ipc"))
        row["speedup"] = ratio(base.get("cycles"), row["cycles"])
        row["l1d_misses_norm"] = ratio(l1d_read_misses(row), base and l1d_read_misses(base))
        # Misses that allocated an L1 line (bypasses not counted): the other reading of the
        # paper's "L1 misses", where a bypassed read is not a cache miss.
        row["l1d_fills_norm"] = ratio(row["l1d_misses"], base.get("l1d_misses"))
        row["reply_packets_norm"] = ratio(row["icnt_reply_packets"],
                                          base.get("icnt_reply_packets"))
    return rows


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def mean(values):
    return sum(values) / len(values) if values else None


def present(rows, column):
    return [r[column] for r in rows if r[column] is not None]


def positive(rows, column):
    return [v for v in present(rows, column) if v > 0]


def summarise(rows):
    """Per suite x preset x variant: the geometric mean of normalised IPC (the paper's
    averages are geometric means) and the mean per-benchmark L1D-miss and reply-traffic
    reductions (1 - normalised), in percent."""
    groups = {}
    for row in rows:
        groups.setdefault((row["suite"], row["preset"], row["variant"]), []).append(row)
    summary = []
    for (suite, preset, variant), group in groups.items():
        miss = mean([1 - v for v in present(group, "l1d_misses_norm")])
        fills = mean([1 - v for v in present(group, "l1d_fills_norm")])
        reply = mean([1 - v for v in present(group, "reply_packets_norm")])
        summary.append({
            "suite": suite, "preset": preset, "variant": variant,
            "size": group[0]["size"], "benchmarks": len(positive(group, "ipc_norm")),
            "ipc_norm_gmean": geomean(positive(group, "ipc_norm")),
            "speedup_gmean": geomean(positive(group, "speedup")),
            "l1d_miss_reduction_pct": None if miss is None else 100 * miss,
            "l1d_fill_reduction_pct": None if fills is None else 100 * fills,
            "reply_packet_reduction_pct": None if reply is None else 100 * reply,
        })
    return summary


def write_csv(path, rows):
    if not rows:
        open(path, "w").close()
        return
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def write_all(out_dir, meta, rows, summary):
    """OUT/results.json (everything), OUT/results.csv (runs), OUT/summary.csv (summary)."""
    with open(f"{out_dir}/results.json", "w") as f:
        json.dump({**meta, "runs": rows, "summary": summary}, f, indent=1)
        f.write("\n")
    write_csv(f"{out_dir}/results.csv", rows)
    write_csv(f"{out_dir}/summary.csv", summary)
