"""Scatter plots, one PNG per data set and metric: warpsim against hardware, y = x drawn, points
coloured by class; log-log axes for cycles, instructions and bytes, linear for hit rates.
matplotlib's Agg backend with no Software tag in the PNG, so a rerun writes the same bytes."""

import os

COLOURS = {"compute": "tab:blue", "memory": "tab:orange", "latency": "tab:green",
           "unknown": "tab:gray"}


def available():
    try:
        import matplotlib  # noqa: F401
        return True
    except ImportError:
        return False


def _points(rows, metric, log):
    kept, dropped = [], 0
    for r in rows:
        hw, sim = r.hw[metric.name], r.sim[metric.name]
        if hw is None or sim is None:
            continue
        if log and (hw <= 0 or sim <= 0):
            dropped += 1
            continue
        kept.append((hw, sim, r.cls))
    return kept, dropped


def scatter(path, dataset_id, rows, metric):
    """Writes one plot; returns False (and writes nothing) when no kernel has both values."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "warpsim-correlate"
    log = metric.scale == "log"
    points, dropped = _points(rows, metric, log)
    if not points:
        return False
    fig, ax = plt.subplots(figsize=(5.5, 5), dpi=100)
    for cls, colour in COLOURS.items():
        xs = [hw for hw, _, c in points if c == cls]
        ys = [sim for _, sim, c in points if c == cls]
        if xs:
            ax.scatter(xs, ys, s=18, c=colour, label=f"{cls} ({len(xs)})", alpha=0.8)
    values = [v for hw, sim, _ in points for v in (hw, sim)]
    if log:
        low, high = min(values) / 1.5, max(values) * 1.5
        ax.set_xscale("log")
        ax.set_yscale("log")
    else:
        low, high = 0.0, max(100.0, max(values))
    ax.plot([low, high], [low, high], color="black", linewidth=0.8, label="y = x")
    ax.set_xlim(low, high)
    ax.set_ylim(low, high)
    ax.set_xlabel(f"hardware: {metric.hw}")
    ax.set_ylabel(f"warpsim ({metric.unit})")
    note = f", {dropped} at 0 not shown" if dropped else ""
    ax.set_title(f"{dataset_id}: {metric.name} ({len(points)} kernels{note})", fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    ax.grid(True, which="major", linewidth=0.3)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.savefig(path, format="png", metadata={"Software": None})
    plt.close(fig)
    return True
