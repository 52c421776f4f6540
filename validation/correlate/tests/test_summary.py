import json
import os
import tempfile
import unittest

import support  # noqa: F401  (the import path)
import analysis
import manifest
import metrics
import summary

STAT_KEYS = ["kernels", "hw_zero", "median_error", "mean_abs_error", "within_10", "within_25",
             "geomean_ratio", "pearson_r", "spearman_r"]


def result(dataset_id, rows=()):
    (d,) = manifest.parse({"datasets": [{
        "id": dataset_id, "gpu": "h100", "preset": "h100", "hardware": "validation/hw/x",
        "cache_control": "keep", "peak": {"sms": 1, "schedulers_per_sm": 1,
                                          "dram_bytes_per_s": 1.0},
        "programs": [{"hw": "a.csv", "program": "a"}]}]}, "/repo")
    return analysis.Result(dataset=d, rows=list(rows), stats=analysis.statistics(list(rows)))


class RoundedTest(unittest.TestCase):
    def test_four_significant_digits(self):
        self.assertEqual(summary.rounded(1234567.0), 1235000.0)
        self.assertEqual(summary.rounded(0.000123456), 0.0001235)
        self.assertEqual(summary.rounded(2.0 / 3.0), 0.6667)
        self.assertEqual(summary.rounded(7), 7)
        self.assertEqual(summary.rounded({"a": [1.23456, None]}), {"a": [1.235, None]})


class ShapeTest(unittest.TestCase):
    def test_document_shape(self):
        doc = summary.build([result("x")], "/repo", ["x"])
        entry = doc["datasets"]["x"]
        self.assertEqual(list(entry), ["gpu", "preset", "cache_control", "hardware", "kernels",
                                       "unmatched", "skipped_metrics", "metrics"])
        self.assertEqual((entry["gpu"], entry["preset"], entry["cache_control"],
                          entry["hardware"]), ("h100", "h100", "keep", "validation/hw/x"))
        self.assertEqual(list(entry["metrics"]), [m.name for m in metrics.compared()])
        self.assertEqual(list(entry["skipped_metrics"]), [m.name for m in metrics.skipped()])
        for groups in entry["metrics"].values():
            self.assertEqual(list(groups),
                             ["all", "long", "short", "compute", "memory", "latency"])
            for values in groups.values():
                self.assertEqual(list(values), STAT_KEYS)

    def test_write_keeps_other_data_sets_in_manifest_order(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "correlation.json")
            summary.write(path, [result("b")], "/repo", ["a", "b"])
            summary.write(path, [result("a")], "/repo", ["a", "b"])
            with open(path) as f:
                self.assertEqual(list(json.load(f)["datasets"]), ["a", "b"])
            summary.write(path, [result("a")], "/repo", ["a"])  # b left the manifest
            with open(path) as f:
                text = f.read()
            self.assertEqual(list(json.loads(text)["datasets"]), ["a"])
            self.assertTrue(text.endswith("}\n"))


if __name__ == "__main__":
    unittest.main()
