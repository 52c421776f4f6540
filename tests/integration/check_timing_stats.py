#!/usr/bin/env python3
"""check_timing_stats.py OUT_DIR [--resource-source SOURCE] -- COMMAND...

Runs COMMAND (a `warpsim run --mode timing --out OUT_DIR -- PROGRAM`), which must exit 0, then
checks OUT_DIR/stats.json against the invariants of a timing-mode document (docs/stats.md):
every kernel has cycles = end_cycle - start_cycle > 0, ipc = thread_insts / cycles,
thread_insts <= 32 * warp_insts, stall reasons that sum to
scheduler_cycles = cycles x SMs x schedulers, as many cycles issued as issue slots
(sm.issue_slots: the warp instructions, or with sm.issue_costs the slots they took; for kernels
that ran alone; with sm.issue_width W > 1 an issued cycle holds 1 to W slots), as many issue
slots as warp instructions without sm.issue_costs, an occupancy of at least one CTA; the totals sum
the kernels' instructions, count at least the longest kernel's cycles and at most their sum, and
have whole-run stall reasons that sum to their scheduler_cycles. The locality and bottleneck
statistics (docs/stats.md) hold together: intra- plus inter-warp hits are the hits of each
cache level, the L1D's hits by warp age add up to its hits, ipc_per_sm sums to ipc (of a kernel that ran alone), at most one
fetch latency per fill and the DRAM-served ones among them, and every bottleneck ratio lies in
[0, 1].
With --resource-source, every kernel's registers must come from there ("ptxas", "estimate")."""
import json
import subprocess
import sys


RATIOS = ("mem_stall_ratio", "l1_line_stall_ratio", "l1_mshr_stall_ratio", "l1_miss_ratio",
          "intra_warp_hit_share", "global_miss_ratio", "partition_congestion", "dram_utilization")


def locality_problems(where, k, sms, alone):
    problems = []
    for level in ("l1d", "l1t", "l1c", "l2"):
        c = k.get(level)
        if c is None:
            continue
        if c["hits_intra_warp"] + c["hits_inter_warp"] != c["hits"]:
            problems.append(f"{where}: {level} intra {c['hits_intra_warp']} + inter "
                            f"{c['hits_inter_warp']} != hits {c['hits']}")
        fetches = c["fetch_latency"]["count"]
        if not c["fetch_latency_dram"]["count"] <= fetches <= c["fills"]:
            problems.append(f"{where}: {level} fetch latencies {fetches} (DRAM "
                            f"{c['fetch_latency_dram']['count']}), fills {c['fills']}")
    if "l1d" in k and sum(k["l1d"]["hits_by_warp_age"]) != k["l1d"]["hits"]:
        problems.append(f"{where}: l1d hits by warp age sum to {sum(k['l1d']['hits_by_warp_age'])}")
    per_sm = k["sm"]["ipc_per_sm"]
    if len(per_sm) != sms or (alone and abs(sum(per_sm) - k["ipc"]) > 1e-9 * max(1.0, k["ipc"])):
        problems.append(f"{where}: ipc_per_sm {per_sm} vs ipc {k['ipc']}")
    for name in RATIOS:
        value = k["bottleneck"].get(name)
        if value is not None and not 0 <= value <= 1:
            problems.append(f"{where}: bottleneck.{name} = {value}")
    return problems


def check(doc, source):
    problems = []
    if doc.get("mode") != "timing":
        problems.append(f"mode is {doc.get('mode')!r}")
    sms = doc["config"]["sm"]["count"]
    schedulers = doc["config"]["sm"]["schedulers"]
    width = doc["config"]["sm"]["issue_width"]
    costed = doc["config"]["sm"].get("issue_costs", "") != ""

    def issued_fits(issued, warp):
        return issued == warp if width == 1 else issued <= warp <= width * issued
    kernels = doc["kernels"]
    for i, k in enumerate(kernels):
        where = f"kernel {i} ({k.get('name')})"
        cycles, warp, thread = k["cycles"], k["warp_insts"], k["thread_insts"]
        if k["launch"] != i:
            problems.append(f"{where}: launch {k['launch']}")
        if cycles <= 0 or cycles != k["end_cycle"] - k["start_cycle"]:
            problems.append(f"{where}: cycles {cycles}, span {k['start_cycle']}..{k['end_cycle']}")
            continue
        if abs(k["ipc"] - thread / cycles) > 1e-9 * max(1.0, k["ipc"]):
            problems.append(f"{where}: ipc {k['ipc']} != {thread} / {cycles}")
        # An issued instruction whose lanes are all predicated off counts no thread instruction.
        if not (0 < warp and thread <= 32 * warp):
            problems.append(f"{where}: {warp} warp insts, {thread} thread insts")
        stalls = k["stalls"]
        # Every issue slot marks exactly one scheduler cycle as issued (a window also holds
        # what kernels running beside this one issued, docs/stats.md); without sm.issue_costs
        # every warp instruction takes one slot.
        alone = all(o is k or o["end_cycle"] <= k["start_cycle"] or o["start_cycle"] >= k["end_cycle"]
                    for o in kernels)
        slots = k["sm"]["issue_slots"]
        if alone and not issued_fits(stalls["issued"], slots):
            problems.append(f"{where}: {stalls['issued']} cycles issued, {slots} issue slots")
        if alone and not costed and slots != warp:
            problems.append(f"{where}: {slots} issue slots, {warp} warp insts")
        reasons = sum(v for name, v in stalls.items() if name != "scheduler_cycles")
        if not reasons == stalls["scheduler_cycles"] == cycles * sms * schedulers:
            problems.append(f"{where}: stall reasons {reasons}, scheduler_cycles "
                            f"{stalls['scheduler_cycles']}, cycles x SMs x schedulers "
                            f"{cycles * sms * schedulers}")
        if k["occupancy"]["ctas_per_sm"] < 1:
            problems.append(f"{where}: occupancy {k['occupancy']}")
        if source and k["occupancy"]["resource_source"] != source:
            problems.append(f"{where}: resources from {k['occupancy']['resource_source']}")
        problems += locality_problems(where, k, sms, alone)
    total = doc["total"]
    if total["kernels"] != len(kernels):
        problems.append(f"total kernels {total['kernels']}")
    for key in ("warp_insts", "thread_insts"):
        if total[key] != sum(k[key] for k in kernels):
            problems.append(f"total {key} {total[key]} does not sum the kernels")
    if kernels:
        cycles = [k["cycles"] for k in kernels]
        if not max(cycles) <= total["cycles"] <= sum(cycles):
            problems.append(f"total cycles {total['cycles']} outside [{max(cycles)}, {sum(cycles)}]")
    if "stalls" in total:
        stalls = total["stalls"]
        reasons = sum(v for name, v in stalls.items() if name != "scheduler_cycles")
        slots = total["sm"]["issue_slots"]
        if not issued_fits(stalls["issued"], slots):
            problems.append(f"total: {stalls['issued']} cycles issued, {slots} issue slots")
        if not reasons == stalls["scheduler_cycles"] >= total["cycles"] * sms * schedulers:
            problems.append(f"total stall reasons {reasons}, scheduler_cycles "
                            f"{stalls['scheduler_cycles']}, total cycles x SMs x schedulers "
                            f"{total['cycles'] * sms * schedulers}")
    elif kernels:
        problems.append("no whole-run stalls in total")
    for key in ("wall_s", "warp_insts_per_s", "cycles_per_s", "peak_rss_mb"):
        if not isinstance(doc["sim"].get(key), (int, float)):
            problems.append(f"sim.{key} is {doc['sim'].get(key)!r}")
    return problems


def main():
    args = sys.argv[1:]
    if "--" not in args:
        print(__doc__)
        return 64
    split = args.index("--")
    options, command = args[:split], args[split + 1:]
    out = options[0]
    source = options[options.index("--resource-source") + 1] if "--resource-source" in options else None
    status = subprocess.call(command)
    if status != 0:
        print(f"check_timing_stats: the command exited with {status}")
        return 1
    with open(f"{out}/stats.json") as f:
        problems = check(json.load(f), source)
    for p in problems:
        print("check_timing_stats:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
