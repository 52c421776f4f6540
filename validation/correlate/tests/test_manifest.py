import json
import os
import tempfile
import unittest

import support
import manifest

PEAK = {"sms": 132, "schedulers_per_sm": 4, "dram_bytes_per_s": 3.35e12, "clock_hz": None}


def entry(**changes):
    base = {"id": "gpu-flushed", "gpu": "gpu", "preset": "h100", "hardware": "hw/run1",
            "cache_control": "flush", "peak": PEAK,
            "programs": [{"hw": "ncu-a.csv", "program": "build/tests/cuda/a"},
                         {"hw": "ncu-w.json", "workload": "polybench/atax:small",
                          "set": ["sm.x=1"]},
                         {"hw": "ncu-b.csv", "program": "bin/b", "args": [1, "x"],
                          "name": "b-small"}]}
    base.update(changes)
    return base


class ParseTest(unittest.TestCase):
    def test_fields(self):
        (d,) = manifest.parse({"datasets": [entry(set=["gpu.kernel_launch_latency=10"])]},
                              "/repo")
        self.assertEqual((d.id, d.gpu, d.preset, d.cache_control),
                         ("gpu-flushed", "gpu", "h100", "flush"))
        self.assertEqual(d.hardware, "/repo/hw/run1")
        self.assertEqual(d.peak, {"sms": 132, "schedulers_per_sm": 4,
                                  "peak_dram_bytes_per_s": 3.35e12, "clock_hz": None})
        a, w, b = d.programs
        self.assertEqual((a.name, a.hw, a.program, a.args, a.workload),
                         ("a", "/repo/hw/run1/ncu-a.csv", "build/tests/cuda/a", [], None))
        self.assertEqual((w.name, w.workload, w.program, w.sets),
                         ("polybench/atax:small", "polybench/atax:small", None, ["sm.x=1"]))
        self.assertEqual((b.name, b.args), ("b-small", ["1", "x"]))

    def test_cache_control_sets(self):
        (flushed,) = manifest.parse({"datasets": [entry(set=["a.b=1"])]}, "/r")
        (kept,) = manifest.parse({"datasets": [entry(cache_control="keep")]}, "/r")
        self.assertEqual(flushed.warpsim_sets(), ["gpu.cache_control=flush", "a.b=1"])
        self.assertEqual(kept.warpsim_sets(), [])

    def test_errors(self):
        bad = [
            {"datasets": [entry(cache_control="all")]},
            {"datasets": [entry(programs=[{"hw": "x.csv"}])]},
            {"datasets": [entry(programs=[{"hw": "x.csv", "program": "p", "workload": "w"}])]},
            {"datasets": [entry(peak={"sms": 1})]},
            {"datasets": [entry(), entry()]},
            {"datasets": [entry(id=None)]},
            {"sets": []},
        ]
        for data in bad:
            with self.subTest(data=data), self.assertRaises(manifest.ManifestError):
                manifest.parse(data, "/r")

    def test_json_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "sets.json")
            with open(path, "w") as f:
                json.dump({"datasets": [entry()]}, f)
            self.assertEqual([d.id for d in manifest.load(path, tmp)], ["gpu-flushed"])


def have_yaml():
    try:
        import yaml  # noqa: F401
        return True
    except ImportError:
        return False


@unittest.skipUnless(have_yaml(), "PyYAML is not installed")
class CommittedManifestTest(unittest.TestCase):
    def test_datasets_yaml(self):
        path = os.path.join(support.CORRELATE_DIR, "datasets.yaml")
        datasets = {d.id: d for d in manifest.load(path, support.REPO)}
        self.assertIn("h100-flushed", datasets)
        self.assertEqual(datasets["h100-flushed"].cache_control, "flush")
        self.assertEqual(datasets["h100-kept"].cache_control, "keep")
        self.assertEqual(datasets["h100-flushed"].peak["peak_dram_bytes_per_s"], 3.35e12)
        for d in datasets.values():
            self.assertEqual(len(d.programs), 12, d.id)
            for p in d.programs:
                self.assertTrue(os.path.exists(p.hw), p.hw)


if __name__ == "__main__":
    unittest.main()
