#!/usr/bin/env python3
"""check_probe.py OUT.json -- COMMAND...

Runs COMMAND (`warpsim probe --gpu PRESET --only PARTS --json OUT.json`), which must exit 0,
then checks that what the probe inferred for each part the command's --only names (texture,
readonly, l1d, l2, tlb) is what the preset configures (the resolved config the probe writes
under "config"):
- texture and readonly (both the L1T on the simulator: tex and ld.global.nc go there): size,
  line (the sector where lines are sectored: each miss fetches one), ways per set counted in
  such lines, sets, and LRU or not; where sm.ldst.readonly_in_l1d sends ld.global.nc (or
  sm.ldst.texture_in_l1d sends tex) through the L1D, readonly (texture) must be the cache the
  probe found for l1d;
- l1d the same where global loads are cached, and null where they are not. Where L1 and shared
  memory share one array (sm.l1d.unified_bytes), the L1D is what the probe kernels' shared
  memory carve-out left of it (the JSON's "shared_carveout", stats.json's
  occupancy.shared_carveout), rounded down to whole sets;
- l2: the L2 of all slices (dram.channels x memory.slices_per_channel) the same way, its size
  exactly what the JSON's "l2_fit" says the configured L2 holds of a contiguous array at the
  address the probe chased (probe/sim/l2_fit.h): the whole capacity where slices and sets fill evenly.
  Where the slices are not a power of two and sets are hashed (IPOLY) they do not
  (docs/validation.md, "The L2 of every preset"): the array that fits is then 95-100 % of the
  capacity, and the probe's sets (that size over ways x line, assuming equal sets) are checked
  as that quotient. Where l2.prefetch_degree > 0, lines fetched past the array's end overflow
  other sets, so ways, sets and replacement are not compared (the tests run those presets again
  with it 0);
- tlb: L1 and L2 entries, sets and page size when tlb.enabled, an empty list otherwise.
Expected values come from the config only."""
import json
import subprocess
import sys


def expected_cache(cache):
    line, sector = cache["line"], cache["sector"]
    unit = sector if sector < line else line
    per_line = line // unit
    set_ways = cache.get("set_ways") or []
    if set_ways:
        ways = [w * per_line for w in set_ways]
        sets = len(set_ways)
    else:
        ways = [cache["ways"] * per_line]
        sets = cache["size"] // (line * cache["ways"])
    lru = cache["replacement"]["impl"] == "lru"
    return {"size_bytes": cache["size"], "line_bytes": unit, "sets": sets, "ways": ways,
            "lru": lru}


def compare_cache(name, got, want, keys=("size_bytes", "line_bytes", "sets", "ways", "lru")):
    if got is None:
        return [f"{name}: not inferred (expected {want})"]
    problems = []
    ways = got.get("ways")
    ways = [ways] if isinstance(ways, int) else ways
    for key in ("size_bytes", "line_bytes", "sets"):
        if key in keys and got.get(key) != want[key]:
            problems.append(f"{name}.{key}: inferred {got.get(key)}, configured {want[key]}")
    if "ways" in keys and ways != want["ways"]:
        problems.append(f"{name}.ways: inferred {ways}, configured {want['ways']}")
    if "lru" in keys and (got.get("replacement") == "lru") != want["lru"]:
        problems.append(f"{name}.replacement: inferred {got.get('replacement')}, "
                        f"configured lru={want['lru']}")
    return problems


def unified_l1d(l1d, carveout):
    """The L1D a launch with `carveout` bytes of shared memory gets from the unified array."""
    set_bytes = l1d["line"] * l1d["ways"]
    left = max(l1d["unified_bytes"] - carveout, 0)
    return dict(l1d, size=max(set_bytes, left // set_bytes * set_bytes))


def check_l2(config, got, fit):
    l2 = config["l2"]
    slices = config["dram"]["channels"] * config["memory"]["slices_per_channel"]
    want = expected_cache(l2)
    want["size_bytes"] *= slices
    want["sets"] *= slices
    if fit is None:
        return ["l2: no l2_fit in the probe's JSON to compare with"]
    if fit["capacity_bytes"] != want["size_bytes"]:
        return [f"l2_fit.capacity_bytes {fit['capacity_bytes']}, configured {want['size_bytes']}"]
    uneven = l2["set_index"]["impl"] != "linear" and slices & (slices - 1) != 0
    problems = []
    if uneven:
        if not 0.95 * want["size_bytes"] <= fit["array_bytes"] <= want["size_bytes"]:
            problems.append(f"l2_fit.array_bytes {fit['array_bytes']}, not within 95-100 % of "
                            f"the configured {want['size_bytes']}")
    elif fit["array_bytes"] != want["size_bytes"]:
        problems.append(f"l2_fit.array_bytes {fit['array_bytes']} where the L2 fills evenly")
    want["size_bytes"] = fit["array_bytes"]
    keys = ["size_bytes", "line_bytes"]
    if l2["prefetch_degree"] == 0:
        keys += ["ways", "lru", "sets"]
        if uneven:
            want["sets"] = want["size_bytes"] // (want["ways"][0] * want["line_bytes"])
    problems += compare_cache("l2", got, want, keys)
    if got is not None and got.get("array_address") != fit["array_address"]:
        problems.append(f"l2.array_address {got.get('array_address')}, l2_fit's "
                        f"{fit['array_address']}")
    return problems


def same_as_l1d(part, doc):
    """Problems unless what the probe inferred for `part` is the cache it found for l1d."""
    problems = []
    l1d, found = doc.get("l1d") or {}, doc.get(part) or {}
    for key in ("size_bytes", "line_bytes", "sets", "ways", "replacement"):
        if found.get(key) is None or found.get(key) != l1d.get(key):
            problems.append(f"{part}.{key}: inferred {found.get(key)}, but the L1D "
                            f"it goes through has {l1d.get(key)}")
    return problems


def check_texture(doc, config):
    sm = config["sm"]
    if sm["ldst"].get("texture_in_l1d"):
        return same_as_l1d("texture", doc)
    return compare_cache("texture", doc.get("texture"), expected_cache(sm["l1t"]))


def check_readonly(doc, config):
    sm = config["sm"]
    if sm["ldst"].get("readonly_in_l1d"):
        return same_as_l1d("readonly", doc)
    return compare_cache("readonly", doc.get("readonly"), expected_cache(sm["l1t"]))


def check_l1d(doc, config):
    sm = config["sm"]
    if not sm["ldst"]["cache_global_loads"]:
        if doc.get("l1d") is not None:
            return [f"l1d: inferred {doc['l1d']} where global loads are not cached"]
        return []
    l1d = sm["l1d"]
    if l1d.get("unified_bytes", 0) != 0:
        l1d = unified_l1d(l1d, doc["shared_carveout"]["chase_ca"])
    return compare_cache("l1d", doc.get("l1d"), expected_cache(l1d))


def check_tlb(doc, config):
    tlb = config["tlb"]
    levels = doc.get("tlb") or []
    if not tlb["enabled"]:
        return [f"tlb: inferred {levels} with tlb.enabled false"] if levels else []
    problems = []
    for level, key in ((0, "l1"), (1, "l2")):
        if len(levels) <= level:
            problems.append(f"tlb level {level + 1}: not inferred")
            continue
        got, want = levels[level], tlb[key]
        sets = len(want["set_ways"]) if want.get("set_ways") else 1
        for name, value in (("entries", want["entries"]), ("sets", sets),
                            ("page_bytes", tlb["page_size"])):
            if got.get(name) != value:
                problems.append(f"tlb level {level + 1} {name}: inferred {got.get(name)}, "
                                f"configured {value}")
    return problems


CHECKS = {"texture": check_texture, "readonly": check_readonly, "l1d": check_l1d,
          "l2": lambda doc, config: check_l2(config, doc.get("l2"), doc.get("l2_fit")),
          "tlb": check_tlb}


def check(doc, parts):
    problems = []
    for part, check_part in CHECKS.items():
        if part in parts:
            problems += check_part(doc, doc["config"])
    return problems


def main():
    args = sys.argv[1:]
    if "--" not in args or args.index("--") != 1:
        print(__doc__)
        return 64
    out, command = args[0], args[2:]
    result = subprocess.run(command)
    if result.returncode != 0:
        print(f"check_probe: the probe exited {result.returncode}")
        return 1
    parts = set(CHECKS)
    if "--only" in command and command.index("--only") + 1 < len(command):
        only = command[command.index("--only") + 1]
        if only != "all":
            parts = set(only.split(","))
    with open(out) as f:
        problems = check(json.load(f), parts)
    for p in problems:
        print(f"check_probe: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
