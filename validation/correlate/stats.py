"""Statistics of (hardware, warpsim) value pairs.

For a relative metric the error of a pair is sim / hw - 1 and pairs whose hardware value is 0 are
left out (and counted as `hw_zero`); for an absolute one it is sim - hw. `within_10` and
`within_25` are the shares of pairs whose |error| is at most 10 % and 25 % (relative) or 10 and
25 units, percentage points for the hit rates (absolute), the limits included. The
geometric-mean ratio (relative only) is over the pairs with both values above 0. Pearson's r is
of the raw values; Spearman's is Pearson's r of their ranks, tied values taking the average of
their ranks. Correlations of fewer than two pairs or of a constant series are None.
"""

import math

WITHIN = {"relative": (0.10, 0.25), "absolute": (10.0, 25.0)}
TOLERANCE = 1e-9  # 110 / 100 - 1 is 0.10000000000000009 in floating point: within 10 %


def mean(xs):
    return sum(xs) / len(xs) if xs else None


def median(xs):
    if not xs:
        return None
    s = sorted(xs)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def errors(pairs, kind):
    if kind == "relative":
        return [sim / hw - 1 for hw, sim in pairs if hw != 0]
    return [sim - hw for hw, sim in pairs]


def geomean_ratio(pairs):
    logs = [math.log(sim / hw) for hw, sim in pairs if hw > 0 and sim > 0]
    return math.exp(sum(logs) / len(logs)) if logs else None


def share_within(errs, limit):
    return sum(abs(e) <= limit + TOLERANCE for e in errs) / len(errs) if errs else None


def pearson(xs, ys):
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def ranks(xs):
    """1-based ranks, tied values sharing the average of the ranks they span."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    result = [0.0] * len(xs)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and xs[order[end + 1]] == xs[order[start]]:
            end += 1
        for k in range(start, end + 1):
            result[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs, ys):
    return pearson(ranks(xs), ranks(ys)) if len(xs) >= 2 else None


def summarize(pairs, kind):
    """The statistics of one metric over (hw, sim) pairs (values not None)."""
    used = [(hw, sim) for hw, sim in pairs if kind != "relative" or hw != 0]
    errs = errors(used, kind)
    low, high = WITHIN[kind]
    hws = [hw for hw, _ in used]
    sims = [sim for _, sim in used]
    result = {
        "kernels": len(used),
        "hw_zero": len(pairs) - len(used),
        "median_error": median([abs(e) for e in errs]),
        "mean_abs_error": mean([abs(e) for e in errs]),
        "within_10": share_within(errs, low),
        "within_25": share_within(errs, high),
        "geomean_ratio": geomean_ratio(used) if kind == "relative" else None,
        "pearson_r": pearson(hws, sims),
        "spearman_r": spearman(hws, sims),
    }
    return result
