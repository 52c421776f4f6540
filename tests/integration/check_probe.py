#!/usr/bin/env python3
"""check_probe.py OUT.json -- COMMAND...

Runs COMMAND (`warpsim probe --gpu PRESET --only texture,readonly,l1d,tlb --json OUT.json`),
which must exit 0, then checks that what the probe inferred is what the preset configures (the
resolved config the probe writes under "config"):
- texture and readonly (both the L1T on the simulator: tex and ld.global.nc go there): size,
  line (the sector where lines are sectored: each miss fetches one), ways per set counted in
  such lines, sets, and LRU or not; where sm.ldst.readonly_in_l1d sends ld.global.nc through
  the L1D, readonly must be the cache the probe found for l1d;
- l1d the same, where global loads are cached in an L1 of fixed size (sm.ldst.cache_global_loads
  and no unified L1/shared array, whose L1 size depends on the kernel's shared memory), and null
  where they are not cached;
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


def compare_cache(name, got, want):
    if got is None:
        return [f"{name}: not inferred (expected {want})"]
    problems = []
    ways = got.get("ways")
    ways = [ways] if isinstance(ways, int) else ways
    for key in ("size_bytes", "line_bytes", "sets"):
        if got.get(key) != want[key]:
            problems.append(f"{name}.{key}: inferred {got.get(key)}, configured {want[key]}")
    if ways != want["ways"]:
        problems.append(f"{name}.ways: inferred {ways}, configured {want['ways']}")
    if (got.get("replacement") == "lru") != want["lru"]:
        problems.append(f"{name}.replacement: inferred {got.get('replacement')}, "
                        f"configured lru={want['lru']}")
    return problems


def check(doc):
    config = doc["config"]
    sm = config["sm"]
    problems = []
    l1t = expected_cache(sm["l1t"])
    problems += compare_cache("texture", doc.get("texture"), l1t)
    if sm["ldst"].get("readonly_in_l1d"):
        l1d, readonly = doc.get("l1d") or {}, doc.get("readonly") or {}
        for key in ("size_bytes", "line_bytes", "sets", "ways", "replacement"):
            if readonly.get(key) is None or readonly.get(key) != l1d.get(key):
                problems.append(f"readonly.{key}: inferred {readonly.get(key)}, but the L1D "
                                f"it goes through has {l1d.get(key)}")
    else:
        problems += compare_cache("readonly", doc.get("readonly"), l1t)
    cached = sm["ldst"]["cache_global_loads"]
    unified = sm["l1d"].get("unified_bytes", 0)
    if not cached:
        if doc.get("l1d") is not None:
            problems.append(f"l1d: inferred {doc['l1d']} where global loads are not cached")
    elif unified == 0:
        problems += compare_cache("l1d", doc.get("l1d"), expected_cache(sm["l1d"]))
    tlb = config["tlb"]
    levels = doc.get("tlb") or []
    if not tlb["enabled"]:
        if levels:
            problems.append(f"tlb: inferred {levels} with tlb.enabled false")
    else:
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
    with open(out) as f:
        problems = check(json.load(f))
    for p in problems:
        print(f"check_probe: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
