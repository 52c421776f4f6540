"""validation/correlation.json: every data set's statistics, numbers rounded to 4 significant
digits and keys in a fixed order, so that reruns diff cleanly.

    {"datasets": {ID: {"gpu": ..., "preset": ..., "cache_control": ..., "hardware": DIR,
                       "kernels": N, "unmatched": N, "skipped_metrics": {METRIC: why},
                       "metrics": {METRIC: {GROUP: {kernels, hw_zero, median_error,
                                                    mean_abs_error, within_10, within_25,
                                                    geomean_ratio, pearson_r, spearman_r}}}}}}

Writing keeps the entries of other data sets already in the file when they are still in the
manifest, so one data set can be rerun alone.
"""

import json
import os

import metrics

SIGNIFICANT = 4


def rounded(value):
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return value
    if isinstance(value, float):
        return float(f"{value:.{SIGNIFICANT}g}")
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v) for v in value]
    return value


def dataset_entry(result, root):
    d = result.dataset
    return rounded({
        "gpu": d.gpu,
        "preset": d.preset,
        "cache_control": d.cache_control,
        "hardware": os.path.relpath(d.hardware, root),
        "kernels": len(result.rows),
        "unmatched": len(result.unmatched),
        "skipped_metrics": {m.name: m.note for m in metrics.skipped()},
        "metrics": result.stats,
    })


def build(results, root, order, existing=None):
    """The whole document: `results` (analysis.Result) replace their data sets' entries in
    `existing`; data sets are listed in `order` (the manifest's), others dropped."""
    entries = dict((existing or {}).get("datasets", {}))
    for result in results:
        entries[result.dataset.id] = dataset_entry(result, root)
    return {"datasets": {i: entries[i] for i in order if i in entries}}


def write(path, results, root, order):
    existing = None
    if os.path.exists(path):
        try:
            with open(path, encoding="utf-8") as f:
                existing = json.load(f)
        except json.JSONDecodeError:
            existing = None
    document = build(results, root, order, existing)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1)
        f.write("\n")
    return document
