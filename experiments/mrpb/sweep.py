"""What seed 004's experiments run: workloads, GPU presets and MRPB variants.

Edit this file to change the sweep. Every table is read by run.py; plot.py reads results.json.
"""

# PolyBench/GPU (seed 004 Table 2) with the paper's category: CI = cache-insensitive,
# IW = intra-warp contention, XW = cross-warp contention. fdtd-2d is the paper's "fdtd".
POLYBENCH = [
    ("2dconv", "CI"), ("2mm", "CI"), ("3dconv", "CI"), ("3mm", "CI"), ("fdtd-2d", "CI"),
    ("gemm", "CI"), ("atax", "IW"), ("bicg", "IW"), ("gesummv", "IW"), ("mvt", "IW"),
    ("syr2k", "XW"), ("syrk", "XW"),
]

# Rodinia (seed 004 Table 3); "-u" is the paper's "/U" (global memory instead of shared).
# The paper gives Rodinia no category.
RODINIA = [
    "backprop", "backprop-u", "bfs", "btree", "gaussian", "hotspot", "hotspot-u", "kmeans",
    "lud", "lud-u", "nw", "nw-u", "pathfinder", "pathfinder-u", "srad", "srad-u",
]

# (suite, name, category), in the order the figures show them.
WORKLOADS = ([("polybench", name, category) for name, category in POLYBENCH] +
             [("rodinia", name, "") for name in RODINIA])

SUITE_TITLES = {"polybench": "PolyBench", "rodinia": "Rodinia"}

# Table 1: Base-S (16 KB L1D, 48 KB shared) and Base-L (48 KB L1D, 16 KB shared).
PRESETS = ["c2050-base-s", "c2050-base-l"]

# Variant name -> extra `warpsim run` arguments. "baseline" must stay: everything is
# normalised to it. configs/overlays/mrpb.yaml is the final design (warp-ID queues, fixed-order
# drain, flush, 8 entries, 5 cycles, bypass on associativity stalls; seed 004 Table 4) and
# mrpb_bypass.yaml the bypass-only single slot of §5.4 (Fig. 13).
VARIANTS = {
    "baseline": [],
    "mrpb": ["-c", "mrpb"],
    "reorder": ["-c", "mrpb", "--set", "sm.l1d.bypass=never"],
    "bypass": ["-c", "mrpb_bypass"],
}
BASELINE = "baseline"
MRPB = "mrpb"  # the variant Fig. 15 (the /U comparison) calls "with MRPB"

SIZES = ["tiny", "small", "paper"]
