"""The data sets file (datasets.yaml, or the same structure as JSON).

    datasets:
      - id: h100-flushed            # names the report, the plots and the JSON entry
        gpu: h100                   # the GPU measured
        preset: h100                # the warpsim preset it is compared with (--gpu)
        hardware: validation/hw/h100/run3   # relative to the repository root
        cache_control: flush        # flush: ncu's default --cache-control all; keep: none
        set: [key=value, ...]       # optional: more warpsim --set options
        peak: {sms: 132, schedulers_per_sm: 4, dram_bytes_per_s: 3.35e+12, clock_hz: null}
        programs:
          - {hw: ncu-vector_ops.csv, program: build/tests/cuda/vector_ops, args: []}
          - {hw: ncu-atax.csv, workload: "polybench/atax:small"}

A program entry has `hw` (the Nsight Compute file, relative to `hardware`) and either `program`
(an executable, relative to the programs root, with optional `args`) or `workload` (a built-in
workload NAME:SIZE); optional `name` (default: the program's file name or the workload) and
`set` (more --set options for this program only). `clock_hz: null` takes each kernel's clock
from the hardware data (sm__cycles_elapsed.avg.per_second).
"""

import json
import os
from dataclasses import dataclass, field

CACHE_CONTROLS = ("flush", "keep")


class ManifestError(ValueError):
    pass


@dataclass
class Program:
    name: str
    hw: str  # path of the Nsight Compute file
    program: str = None  # path relative to the programs root
    args: list = field(default_factory=list)
    workload: str = None
    sets: list = field(default_factory=list)


@dataclass
class Dataset:
    id: str
    gpu: str
    preset: str
    hardware: str
    cache_control: str
    peak: dict
    programs: list
    sets: list = field(default_factory=list)

    def warpsim_sets(self):
        """The --set options every run of this data set gets."""
        extra = ["gpu.cache_control=flush"] if self.cache_control == "flush" else []
        return extra + list(self.sets)


def _require(entry, key, where):
    if entry.get(key) in (None, ""):
        raise ManifestError(f"{where}: no `{key}`")
    return entry[key]


def _number(value, where):
    try:
        return float(value)
    except (TypeError, ValueError) as e:
        raise ManifestError(f"{where}: {value!r} is not a number") from e


def _program(entry, hardware, where):
    if not isinstance(entry, dict):
        raise ManifestError(f"{where}: a program is a mapping with `hw`")
    hw = os.path.join(hardware, _require(entry, "hw", where))
    if ("program" in entry) == ("workload" in entry):
        raise ManifestError(f"{where}: give either `program` or `workload`")
    if "program" in entry:
        name = entry.get("name") or os.path.basename(entry["program"])
        return Program(name=name, hw=hw, program=entry["program"],
                       args=[str(a) for a in entry.get("args") or []],
                       sets=list(entry.get("set") or []))
    return Program(name=entry.get("name") or entry["workload"], hw=hw,
                   workload=entry["workload"], sets=list(entry.get("set") or []))


def _peak(entry, where):
    peak = _require(entry, "peak", where)
    result = {
        "sms": int(_number(_require(peak, "sms", where + " peak"), where)),
        "schedulers_per_sm": int(_number(_require(peak, "schedulers_per_sm", where + " peak"),
                                         where)),
        "peak_dram_bytes_per_s": _number(_require(peak, "dram_bytes_per_s", where + " peak"),
                                         where),
        "clock_hz": None,
    }
    if peak.get("clock_hz") is not None:
        result["clock_hz"] = _number(peak["clock_hz"], where)
    return result


def parse(data, root):
    """Data sets from the loaded file; `hardware` paths are taken relative to `root`."""
    if not isinstance(data, dict) or not isinstance(data.get("datasets"), list):
        raise ManifestError("the file needs a `datasets:` list")
    datasets = []
    for i, entry in enumerate(data["datasets"]):
        where = f"data set {entry.get('id', i) if isinstance(entry, dict) else i}"
        if not isinstance(entry, dict):
            raise ManifestError(f"{where}: not a mapping")
        cache_control = _require(entry, "cache_control", where)
        if cache_control not in CACHE_CONTROLS:
            raise ManifestError(f"{where}: cache_control is {cache_control!r}, not one of "
                                f"{', '.join(CACHE_CONTROLS)}")
        hardware = os.path.join(root, _require(entry, "hardware", where))
        programs = [_program(p, hardware, f"{where} program {j}")
                    for j, p in enumerate(_require(entry, "programs", where))]
        names = [p.name for p in programs]
        if len(set(names)) != len(names):
            raise ManifestError(f"{where}: two programs share a name")
        datasets.append(Dataset(
            id=str(_require(entry, "id", where)), gpu=str(_require(entry, "gpu", where)),
            preset=str(_require(entry, "preset", where)), hardware=hardware,
            cache_control=cache_control, peak=_peak(entry, where), programs=programs,
            sets=[str(s) for s in entry.get("set") or []]))
    ids = [d.id for d in datasets]
    if len(set(ids)) != len(ids):
        raise ManifestError("two data sets share an id")
    return datasets


def load(path, root):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        data = json.loads(text)
    else:
        try:
            import yaml
        except ImportError as e:
            raise ManifestError(f"{path}: reading YAML needs PyYAML (Debian: python3-yaml); "
                                "or give the same structure as a .json file") from e
        data = yaml.safe_load(text)
    try:
        return parse(data, root)
    except ManifestError as e:
        raise ManifestError(f"{path}: {e}") from e
