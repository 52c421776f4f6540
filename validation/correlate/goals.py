"""The fidelity goals on the cycles metric, over all kernels and over the long ones."""

METRIC = "cycles"
SCOPES = ("all", "long")

# (statistic, description, test)
GOALS = (
    ("median_error", "median error <= 30 %", lambda v: v <= 0.30),
    ("within_25", ">= 50 % of kernels within 25 %", lambda v: v >= 0.50),
    ("geomean_ratio", "geometric-mean ratio in 0.85-1.15", lambda v: 0.85 <= v <= 1.15),
    ("pearson_r", "Pearson r >= 0.95", lambda v: v >= 0.95),
)


def check(stats):
    """[(scope, statistic, description, value, met)] from one data set's statistics (a value of
    None, no kernels, misses)."""
    result = []
    for scope in SCOPES:
        summary = stats[METRIC][scope]
        for key, text, test in GOALS:
            value = summary[key]
            result.append((scope, key, text, value, value is not None and test(value)))
    return result
