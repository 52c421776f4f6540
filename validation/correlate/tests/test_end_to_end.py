"""The correlator's report step on a tiny hand-made data set: Nsight Compute files in two forms
and fake warpsim output directories (--sim-dir), so no simulator runs."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import support
import plots

SCRIPT = os.path.join(support.CORRELATE_DIR, "correlate")


def metrics(active, elapsed, insts, l1, l2, reads, writes):
    units = {"sm__cycles_active.max": "cycle", "gpc__cycles_elapsed.max": "cycle",
             "smsp__inst_executed.sum": "inst", "l1tex__t_sector_hit_rate.pct": "%",
             "lts__t_sector_hit_rate.pct": "%", "dram__bytes_read.sum": "byte",
             "dram__bytes_write.sum": "byte", "sm__cycles_elapsed.avg.per_second": "hz"}
    values = dict(zip(units, (active, elapsed, insts, l1, l2, reads, writes, 1e9)))
    return values, {k: (units[k], f"{v:,}") for k, v in values.items()}


def sim_kernel(name, grid, block, cycles, insts, l1, l2, dram, active=None):
    record = {"name": name, "grid": grid, "block": block, "cycles": cycles, "warp_insts": insts}
    if active is not None:
        record["sm_active_cycles"] = active
    # Hit rates as the tags found them: half hits, half hits on a line in flight.
    def cache(rate):
        return {"accesses": 100, "hits": rate * 50, "hit_reserved": rate * 50}
    groups = {"l1d": cache(l1), "l2": dict(cache(l2), bytes_from_dram=dram),
              "stalls": {"issued": 10, "idle": 30, "no_instruction": 60, "barrier": 0,
                         "scheduler_cycles": 100}}
    return record, groups


class EndToEndTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        root = cls.tmp.name
        hw_dir = os.path.join(root, "hw")
        os.makedirs(hw_dir)
        _, k1 = metrics(1000, 5000, 800, 50.0, 80.0, 1000, 0)
        _, k2 = metrics(30000, 34000, 1000, 0.0, 0.0, 0, 0)
        _, k3 = metrics(100, 4000, 10, 0.0, 0.0, 0, 0)
        with open(os.path.join(hw_dir, "ncu-a.csv"), "w") as f:
            f.write(support.long_csv([
                (0, "void k1<float, 4>(const float *, int)", "(2, 1, 1)", "(64, 1, 1)", k1),
                (1, "k2(int)", "(1, 1, 1)", "(32, 1, 1)", k2),
                (2, "k3(int)", "(1, 1, 1)", "(32, 1, 1)", k3)]))
        w, _ = metrics(2000, 6000, 100, 10.0, 20.0, 500, 500)
        with open(os.path.join(hw_dir, "ncu-b.json"), "w") as f:
            json.dump({"kernels": [{"id": 0, "name": "w(float *)", "grid": [1, 1, 1],
                                    "block": [128, 1, 1], "metrics": w}]}, f)
        sim_dir = os.path.join(root, "sim")
        a = [sim_kernel("k1<float,4>", [2, 1, 1], [64, 1, 1], 1200, 900, 0.4, 0.9, 2000, 1100),
             sim_kernel("k2", [1, 1, 1], [32, 1, 1], 36000, 1000, 0.0, 0.0, 0)]
        support.write_sim_dir(os.path.join(sim_dir, "tiny", "a"), [r for r, _ in a],
                              [g for _, g in a])
        b = [sim_kernel("w", [1, 1, 1], [128, 1, 1], 2000, 120, 0.1, 0.2, 500, 1500),
             sim_kernel("extra", [1, 1, 1], [1, 1, 1], 10, 1, 0.0, 0.0, 0)]
        support.write_sim_dir(os.path.join(sim_dir, "tiny", "fake_w_tiny"), [r for r, _ in b],
                              [g for _, g in b])
        cls.manifest = os.path.join(root, "datasets.json")
        with open(cls.manifest, "w") as f:
            json.dump({"datasets": [{
                "id": "tiny", "gpu": "fake", "preset": "h100", "hardware": hw_dir,
                "cache_control": "flush",
                "peak": {"sms": 1, "schedulers_per_sm": 1, "dram_bytes_per_s": 1e12},
                "programs": [{"hw": "ncu-a.csv", "program": "bin/a"},
                             {"hw": "ncu-b.json", "workload": "fake/w:tiny"}]}]}, f)
        cls.out = os.path.join(root, "report")
        cls.json = os.path.join(root, "correlation.json")
        cls.with_plots = plots.available()
        args = [sys.executable, SCRIPT, "--manifest", cls.manifest, "--warpsim",
                "/nonexistent/warpsim", "--sim-dir", sim_dir, "--out", cls.out,
                "--json", cls.json] + ([] if cls.with_plots else ["--no-plots"])
        cls.proc = subprocess.run(args, capture_output=True, text=True, check=False)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_runs_and_prints_the_summary(self):
        self.assertEqual(self.proc.returncode, 0, self.proc.stderr)
        self.assertIn("tiny: cycles all: n=3, median error 20 %, within 25 % 100 %",
                      self.proc.stdout)

    def test_json(self):
        with open(self.json) as f:
            entry = json.load(f)["datasets"]["tiny"]
        self.assertEqual((entry["kernels"], entry["unmatched"], entry["cache_control"]),
                         (3, 2, "flush"))
        cycles = entry["metrics"]["cycles"]
        # ratios 1100/1000, 36000/30000 (k2 has no sm_active_cycles), 1500/2000
        self.assertEqual(cycles["all"]["kernels"], 3)
        self.assertEqual(cycles["all"]["median_error"], 0.2)
        self.assertEqual(cycles["all"]["within_10"], 0.3333)
        self.assertEqual(cycles["all"]["within_25"], 1.0)
        self.assertEqual(cycles["all"]["geomean_ratio"], round(0.99 ** (1 / 3), 4))
        self.assertEqual((cycles["long"]["kernels"], cycles["short"]["kernels"]), (1, 2))
        self.assertIsNone(cycles["long"]["pearson_r"])
        dram = entry["metrics"]["dram_read_bytes"]["all"]
        self.assertEqual((dram["kernels"], dram["hw_zero"], dram["median_error"]), (2, 1, 0.5))
        l2 = entry["metrics"]["l2_hit_rate"]["all"]
        # errors |90 - 80|, |0 - 0|, |20 - 20| points
        self.assertEqual((l2["median_error"], l2["mean_abs_error"]), (0.0, 3.333))

    def test_report(self):
        with open(os.path.join(self.out, "tiny.md")) as f:
            text = f.read()
        self.assertIn("# tiny: fake beside warpsim's h100 preset", text)
        self.assertIn("--set gpu.cache_control=flush", text)
        self.assertIn("| all | median error <= 30 % | 20 % | met |", text)
        self.assertIn("| `k1<float,4>` |", text)
        self.assertIn("## Unmatched kernels", text)
        self.assertIn("| a | hardware | `k3(int)` | 2 |", text)
        self.assertIn("| fake/w:tiny | warpsim | `extra` | 1 |", text)
        self.assertIn("dram_write_bytes: skipped", text)
        # furthest off first: 36000/30000 (log 0.182) after 1500/2000 (0.288)
        worst = text.split("furthest off (cycles)")[1]
        self.assertLess(worst.index("`w`"), worst.index("`k2`"))
        header = next(line for line in worst.splitlines() if line.startswith("| program"))
        self.assertTrue(header.endswith("| issued | idle | no_instruction |"), header)

    def test_plots(self):
        names = sorted(os.listdir(self.out))
        if self.with_plots:
            self.assertIn("tiny-cycles.png", names)
            self.assertIn("tiny-l2_hit_rate.png", names)
        else:
            self.assertEqual(names, ["tiny.md"])


if __name__ == "__main__":
    unittest.main()
