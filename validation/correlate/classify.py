"""Kernel classes, from the hardware's numbers only.

Issue utilization: u_issue = smsp__inst_executed.sum / (sm__cycles_active.max x SMs x schedulers
per SM), the share of the GPU's issue slots the kernel used while its busiest SM was active.
Memory utilization: u_mem = (dram__bytes_read.sum + dram__bytes_write.sum) /
(gpc__cycles_elapsed.max / clock) / peak DRAM bandwidth, the clock being the data set's or else
the kernel's sm__cycles_elapsed.avg.per_second.

A kernel is memory-bound if u_mem >= MEMORY_BOUND and u_mem >= u_issue, else compute-bound if
u_issue >= COMPUTE_BOUND, else latency-bound; "unknown" where a number is missing. Short kernels
ran fewer than LONG_CYCLES SM-active cycles on the hardware, long ones at least that.
"""

MEMORY_BOUND = 0.3
COMPUTE_BOUND = 0.3
LONG_CYCLES = 20000

CLASSES = ("compute", "memory", "latency")
LENGTHS = ("long", "short")


def utilizations(metrics, gpu):
    """(u_issue, u_mem), each None where the hardware data lacks a number it needs.
    `gpu`: sms, schedulers_per_sm, peak_dram_bytes_per_s and optionally clock_hz."""
    insts = metrics.get("smsp__inst_executed.sum")
    active = metrics.get("sm__cycles_active.max")
    u_issue = None
    if insts is not None and active:
        u_issue = insts / (active * gpu["sms"] * gpu["schedulers_per_sm"])
    reads = metrics.get("dram__bytes_read.sum")
    writes = metrics.get("dram__bytes_write.sum")
    elapsed = metrics.get("gpc__cycles_elapsed.max")
    clock = gpu.get("clock_hz") or metrics.get("sm__cycles_elapsed.avg.per_second")
    u_mem = None
    if reads is not None and writes is not None and elapsed and clock:
        u_mem = (reads + writes) / (elapsed / clock) / gpu["peak_dram_bytes_per_s"]
    return u_issue, u_mem


def bound(u_issue, u_mem):
    if u_issue is None or u_mem is None:
        return "unknown"
    if u_mem >= MEMORY_BOUND and u_mem >= u_issue:
        return "memory"
    if u_issue >= COMPUTE_BOUND:
        return "compute"
    return "latency"


def length(metrics):
    cycles = metrics.get("sm__cycles_active.max")
    if cycles is None:
        return "unknown"
    return "long" if cycles >= LONG_CYCLES else "short"
