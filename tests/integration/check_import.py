#!/usr/bin/env python3
"""check_import.py WARPSIM OUTDIR PARTS CONFIG [CONFIG...]

Imports the GPGPU-Sim configuration files CONFIG... with `WARPSIM config import`, runs
`WARPSIM probe --only PARTS` on the preset it wrote, and checks what the probe inferred against
the cache strings in the files, parsed here (not by warpsim):
- texture and readonly against -gpgpu_tex_cache:l1, l1d against -gpgpu_cache:dl1 and l2 against
  -gpgpu_cache:dl2 times the memory partitions (-gpgpu_n_mem x -gpgpu_n_sub_partition_per_mchannel):
  capacity, line (the 32-byte sector of a sectored cache, which is what each miss fetches), sets,
  ways (counted in such lines) and LRU or FIFO;
- a cache with more ways than warpsim's 64 keeps its capacity and line, its sets x ways, and the
  importer must say it folded them;
- with -gpgpu_adaptive_cache_config 1 the L1 is what the kernel's shared-memory option leaves of
  -gpgpu_unified_l1d_size: the probe's L1 must be one of those sizes, in sets of the string's ways.
It also checks scalar translations through the resolved config the probe writes (SM count,
clocks, DRAM channels and timing, latencies, scheduler)."""
import json
import pathlib
import re
import subprocess
import sys


def read_options(paths):
    """GPGPU-Sim option files as its option parser reads them: '#' to the end of a line is a
    comment (inside quotes too); a value in quotes may run over several lines, its words joined
    by single spaces; -name value pairs, a later value replaces an earlier one."""
    options = {}
    for path in paths:
        text = pathlib.Path(path).read_text()
        words = " ".join(line.split("#", 1)[0] for line in text.splitlines()).split()
        tokens = []
        while words:
            word = words.pop(0)
            if word.startswith('"'):
                while not (len(word) >= 2 and word.endswith('"')):
                    word += " " + words.pop(0)
                word = word[1:-1]
            tokens.append(word)
        for name, value in zip(tokens[0::2], tokens[1::2]):
            assert name.startswith("-"), f"{path}: unexpected token {name}"
            options[name[1:]] = value
    return options


def parse_cache(text):
    groups = text.split(",")
    geometry = groups[0].split(":")
    sectored = False
    if len(geometry) == 4:
        sectored = geometry.pop(0) == "S"
    sets, line, ways = (int(v) for v in geometry)
    replacement = groups[1].split(":")[0]
    return {"sets": sets, "line": line, "ways": ways, "sectored": sectored,
            "lru": replacement == "L"}


def expected(cache, copies=1):
    unit = 32 if cache["sectored"] else cache["line"]
    per_line = cache["line"] // unit
    return {"size_bytes": cache["sets"] * cache["line"] * cache["ways"] * copies,
            "line_bytes": unit, "sets": cache["sets"] * copies,
            "ways": cache["ways"] * per_line, "lru": cache["lru"], "per_line": per_line}


def compare(name, got, want, folded_ok):
    if got is None:
        return [f"{name}: not inferred (expected {want})"]
    problems = []
    ways = got.get("ways")
    if isinstance(ways, list):
        ways = ways[0] if len(set(ways)) == 1 else ways
    for key in ("size_bytes", "line_bytes"):
        if got.get(key) != want[key]:
            problems.append(f"{name}.{key}: inferred {got.get(key)}, cache string {want[key]}")
    if (got.get("sets"), ways) != (want["sets"], want["ways"]):
        lines = want["sets"] * want["ways"]
        if folded_ok and isinstance(ways, int) and got.get("sets", 0) * ways == lines:
            print(f"{name}: {want['sets']} sets x {want['ways']} ways folded into "
                  f"{got['sets']} x {ways} (same capacity), as the importer reported")
        else:
            problems.append(f"{name}: inferred {got.get('sets')} sets x {ways} ways, cache "
                            f"string {want['sets']} x {want['ways']}")
    if (got.get("replacement") == "lru") != want["lru"]:
        problems.append(f"{name}.replacement: inferred {got.get('replacement')}, cache string "
                        f"lru={want['lru']}")
    return problems


def check_caches(doc, options, parts, import_log):
    problems = []
    if {"texture", "readonly"} & parts:
        tex = parse_cache(options["gpgpu_tex_cache:l1"])
        folded = tex["ways"] > 64 and "become" in import_log
        for part in ("texture", "readonly"):
            if part in parts:
                problems += compare(part, doc.get(part), expected(tex), folded)
    if "l1d" in parts:
        dl1 = parse_cache(options["gpgpu_cache:dl1"])
        want = expected(dl1)
        got = doc.get("l1d")
        if options.get("gpgpu_gmem_skip_L1D", "0") == "1":
            if got is not None:
                problems.append(f"l1d: inferred {got} where global loads skip the L1")
        elif options.get("gpgpu_adaptive_cache_config", "0") == "1":
            unified = int(options["gpgpu_unified_l1d_size"]) * 1024
            sizes = [unified - int(kb) * 1024 for kb in options["gpgpu_shmem_option"].split(",")]
            if got is None or got.get("size_bytes") not in sizes:
                problems.append(f"l1d: inferred {got and got.get('size_bytes')} bytes, expected "
                                f"one of {sizes} (unified array minus a shared-memory option)")
            else:
                lines_per_set = want["ways"]
                want = dict(want, size_bytes=got["size_bytes"],
                            sets=got["size_bytes"] // (want["line_bytes"] * lines_per_set))
                problems += compare("l1d", got, want, False)
        else:
            problems += compare("l1d", got, want, False)
    if "l2" in parts:
        partitions = int(options["gpgpu_n_mem"]) * int(
            options.get("gpgpu_n_sub_partition_per_mchannel", "1"))
        problems += compare("l2", doc.get("l2"), expected(parse_cache(options["gpgpu_cache:dl2"]),
                                                          partitions), False)
    return problems


def check_scalars(config, options):
    """Translations the probe does not see, read from the resolved config."""
    problems = []
    # GPGPU-Sim reads the timing string with '=', ':' and ';' as separators, white space too.
    timing = dict(field.split("=")
                  for field in re.split(r"[:;\s]+", options["gpgpu_dram_timing_opt"]) if field)
    clocks = [float(v) for v in options["gpgpu_clock_domains"].split(":")]
    checks = [
        ("sm.count", config["sm"]["count"],
         int(options["gpgpu_n_clusters"]) * int(options.get("gpgpu_n_cores_per_cluster", "1"))),
        ("clocks", [config["clocks"][k] for k in ("core_mhz", "icnt_mhz", "l2_mhz", "dram_mhz")],
         clocks),
        ("sm.schedulers", config["sm"]["schedulers"], int(options["gpgpu_num_sched_per_core"])),
        ("sm.warp_scheduler", config["sm"]["warp_scheduler"]["impl"], options["gpgpu_scheduler"]),
        ("sm.l1d.hit_latency", config["sm"]["l1d"]["hit_latency"],
         int(options["gpgpu_l1_latency"])),
        ("l2.latency", config["l2"]["latency"], int(options["gpgpu_l2_rop_latency"])),
        ("dram.channels", config["dram"]["channels"], int(options["gpgpu_n_mem"])),
        ("dram.banks", config["dram"]["banks"], int(timing["nbk"])),
        ("dram.timing.cl", config["dram"]["timing"]["cl"], int(timing["CL"])),
        ("dram.timing.rcd", config["dram"]["timing"]["rcd"], int(timing["RCD"])),
        ("dram.timing.rc", config["dram"]["timing"]["rc"], int(timing["RC"])),
        ("sm.ops.fp64_div.latency", config["sm"]["ops"]["fp64_div"]["latency"],
         int(options["ptx_opcode_latency_dp"].split(",")[4])),
    ]
    if "gpgpu_kernel_launch_latency" in options:
        checks.append(("gpu.kernel_launch_latency", config["gpu"]["kernel_launch_latency"],
                       int(options["gpgpu_kernel_launch_latency"])))
    if "gpgpu_max_concurrent_kernel" in options:
        checks.append(("gpu.max_concurrent_kernels", config["gpu"]["max_concurrent_kernels"],
                       int(options["gpgpu_max_concurrent_kernel"])))
    if "gpgpu_inst_fetch_throughput" in options:
        checks.append(("sm.fetch.warps_per_cycle", config["sm"]["fetch"]["warps_per_cycle"],
                       int(options["gpgpu_inst_fetch_throughput"])))
    if "trace_opcode_latency_initiation_sp" in options:
        lat, interval = (int(v) for v in options["trace_opcode_latency_initiation_sp"].split(","))
        checks.append(("sm.ops.fp32", [config["sm"]["ops"]["fp32"]["latency"],
                                      config["sm"]["ops"]["fp32"]["interval"]], [lat, interval]))
    for name, got, want in checks:
        if got != want:
            problems.append(f"{name}: preset has {got}, the configuration says {want}")
    return problems


def main():
    warpsim, outdir, parts, configs = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3], \
        sys.argv[4:]
    outdir.mkdir(parents=True, exist_ok=True)
    preset = outdir / "preset.yaml"
    imported = subprocess.run([warpsim, "config", "import", *configs, "-o", str(preset)],
                              capture_output=True, text=True)
    print(imported.stderr, end="")
    if imported.returncode != 0:
        print(f"FAIL: config import exited {imported.returncode}")
        return 1
    probe_json = outdir / "probe.json"
    probe = subprocess.run([warpsim, "probe", "-q", "--gpu", str(preset), "--only", parts,
                            "--json", str(probe_json)], capture_output=True, text=True)
    print(probe.stdout, end="")
    if probe.returncode != 0:
        print(probe.stderr, end="")
        print(f"FAIL: probe exited {probe.returncode}")
        return 1
    doc = json.loads(probe_json.read_text())
    options = read_options(configs)
    problems = check_caches(doc, options, set(parts.split(",")), imported.stderr)
    problems += check_scalars(doc["config"], options)
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print("ok: the probe recovers the cache strings; the scalars match the options")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
