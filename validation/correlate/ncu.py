"""Nsight Compute results: the kernels of one program, in launch order, from any of three forms.

- long CSV (`ncu --csv --metrics ...`): one row per (kernel ID, metric) with the columns "ID",
  "Kernel Name", "Grid Size", "Block Size", "Metric Name", "Metric Unit", "Metric Value";
- wide CSV (`ncu --page raw --csv`): one row per kernel, the metric names as column headers and a
  second row holding their units;
- JSON: {"kernels": [{"id": 0, "name": "...", "grid": [x, y, z], "block": [x, y, z],
  "metrics": {"metric.name": number}}]}.

In the CSV forms, lines before the header that do not start with a double quote are the
profiler's and the program's log lines and are skipped; numbers may carry thousands commas.
Values with a scaled unit (Kbyte, Mbyte, Ghz, ...) are converted to the base unit (factors of
1000); values that are not numbers ("n/a") are left out.
"""

import csv
import json
import re
from dataclasses import dataclass, field

# Columns every CSV form has; the wide form's other columns are metrics.
ID_COLUMN = "ID"
NAME_COLUMN = "Kernel Name"
GRID_COLUMN = "Grid Size"
BLOCK_COLUMN = "Block Size"
LONG_COLUMNS = ("Metric Name", "Metric Value")
INFO_COLUMNS = {"ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Kernel Time",
                "Context", "Stream", "Block Size", "Grid Size", "Device", "CC", "Section Name",
                "Metric Name", "Metric Unit", "Metric Value"}

PREFIXES = {"K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
BASE_UNITS = {"byte", "cycle", "inst", "hz", "sector", "request", "warp", "thread"}


class NcuError(ValueError):
    """Input that is none of the three forms, or a form with a missing column."""


@dataclass
class HwKernel:
    id: int
    name: str
    grid: tuple
    block: tuple
    metrics: dict = field(default_factory=dict)


def number(text):
    """A float from ncu's text ("1,948,712,745.59"), or None for "n/a" and the like."""
    try:
        return float(text.replace(",", "").strip())
    except ValueError:
        return None


def unit_factor(unit):
    """The factor that takes a value in `unit` to its base unit: 1e3 for Kbyte, 1 for byte."""
    unit = (unit or "").strip()
    if unit[:1] in PREFIXES and unit[1:].lower() in BASE_UNITS:
        return PREFIXES[unit[0]]
    return 1.0


def dims(value):
    """(x, y, z) from "(256, 1, 1)", [256, 1, 1] or 256."""
    if isinstance(value, (list, tuple)):
        parts = list(value)
    elif isinstance(value, (int, float)):
        parts = [value]
    else:
        parts = [p for p in re.split(r"[\s,()\[\]]+", str(value)) if p]
    try:
        parts = [int(p) for p in parts]
    except ValueError as e:
        raise NcuError(f"not a grid or block shape: {value!r}") from e
    return tuple(parts + [1] * (3 - len(parts)))


def detect(text):
    """'json', 'long' or 'wide'."""
    if text.lstrip().startswith("{"):
        return "json"
    header = _csv_rows(text)
    if not header:
        raise NcuError("no CSV header (a line starting with '\"') and not JSON")
    return "long" if all(c in header[0] for c in LONG_COLUMNS) else "wide"


def parse(text):
    """The kernels of one Nsight Compute result, in launch (ID) order."""
    form = detect(text)
    kernels = {"json": _parse_json, "long": _parse_long, "wide": _parse_wide}[form](text)
    return sorted(kernels, key=lambda k: k.id)


def read(path):
    with open(path, encoding="utf-8") as f:
        try:
            return parse(f.read())
        except NcuError as e:
            raise NcuError(f"{path}: {e}") from e


def _csv_rows(text):
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith('"')), None)
    if start is None:
        return []
    # After the header, log lines the program printed between kernels are skipped too.
    kept = [lines[start]] + [line for line in lines[start + 1:] if line.startswith('"')]
    return list(csv.reader(kept))


def _columns(header, wanted):
    missing = [c for c in wanted if c not in header]
    if missing:
        raise NcuError(f"CSV header lacks {', '.join(missing)}")
    return {c: header.index(c) for c in wanted}


def _kernel_from_row(row, col):
    return HwKernel(id=int(number(row[col[ID_COLUMN]])), name=row[col[NAME_COLUMN]],
                    grid=dims(row[col[GRID_COLUMN]]), block=dims(row[col[BLOCK_COLUMN]]))


def _parse_long(text):
    rows = _csv_rows(text)
    header = rows[0]
    col = _columns(header, (ID_COLUMN, NAME_COLUMN, GRID_COLUMN, BLOCK_COLUMN) + LONG_COLUMNS)
    unit_col = header.index("Metric Unit") if "Metric Unit" in header else None
    kernels = {}
    for row in rows[1:]:
        kernel = _kernel_from_row(row, col)
        kernel = kernels.setdefault(kernel.id, kernel)
        value = number(row[col["Metric Value"]])
        if value is not None:
            unit = row[unit_col] if unit_col is not None else ""
            kernel.metrics[row[col["Metric Name"]]] = value * unit_factor(unit)
    return list(kernels.values())


def _parse_wide(text):
    rows = _csv_rows(text)
    header = rows[0]
    col = _columns(header, (ID_COLUMN, NAME_COLUMN, GRID_COLUMN, BLOCK_COLUMN))
    units = [""] * len(header)
    body = rows[1:]
    if body and body[0][col[ID_COLUMN]].strip() == "":  # the units row
        units = body[0] + [""] * (len(header) - len(body[0]))
        body = body[1:]
    metric_cols = [i for i, name in enumerate(header) if name not in INFO_COLUMNS]
    kernels = []
    for row in body:
        kernel = _kernel_from_row(row, col)
        for i in metric_cols:
            value = number(row[i]) if i < len(row) else None
            if value is not None:
                kernel.metrics[header[i]] = value * unit_factor(units[i])
        kernels.append(kernel)
    return kernels


def _parse_json(text):
    try:
        data = json.loads(text)
        return [HwKernel(id=int(k.get("id", i)), name=k["name"], grid=dims(k["grid"]),
                         block=dims(k["block"]),
                         metrics={m: float(v) for m, v in k.get("metrics", {}).items()
                                  if v is not None})
                for i, k in enumerate(data["kernels"])]
    except (ValueError, KeyError, TypeError) as e:
        raise NcuError(f"not the JSON form ({e})") from e
