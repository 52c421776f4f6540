import unittest

import support  # noqa: F401  (the import path)
import analysis
import goals


def row(name, hw_cycles, sim_cycles, cls="latency", length="short"):
    return analysis.Row(program="p", kernel=name, hw_id=0, hw_name=name, grid=(1, 1, 1),
                        block=(32, 1, 1), cls=cls, length=length, u_issue=0.0, u_mem=0.0,
                        hw={"cycles": hw_cycles}, sim={"cycles": sim_cycles}, stalls={})


class AnalysisTest(unittest.TestCase):
    def test_stall_shares(self):
        shares = analysis.stall_shares({"stalls": {"issued": 25, "idle": 50, "barrier": 25,
                                                   "scheduler_cycles": 200}})
        self.assertEqual(shares, {"issued": 0.125, "idle": 0.25, "barrier": 0.125})
        self.assertEqual(analysis.stall_shares({}), {})

    def test_worst_is_symmetric_in_log(self):
        rows = [row("a", 100, 150), row("b", 100, 25), row("c", 100, 400), row("d", 0, 5),
                row("e", 100, 100)]
        # |log 4| for b and c (b comes first, the earlier row), then 1.5, then 1
        self.assertEqual([r.kernel for r in analysis.worst(rows, count=3)], ["b", "c", "a"])

    def test_groups(self):
        rows = [row("a", 100, 110, "memory", "long"), row("b", 100, 200, "compute", "short")]
        self.assertEqual(analysis.pairs(rows, "cycles", "memory"), [(100, 110)])
        self.assertEqual(analysis.pairs(rows, "cycles", "short"), [(100, 200)])
        self.assertEqual(analysis.pairs(rows, "cycles", "all"), [(100, 110), (100, 200)])

    def test_goals(self):
        stats = {"cycles": {
            "all": {"median_error": 0.3, "within_25": 0.5, "geomean_ratio": 1.16,
                    "pearson_r": 0.95},
            "long": {"median_error": None, "within_25": None, "geomean_ratio": None,
                     "pearson_r": None}}}
        met = [(scope, key, ok) for scope, key, _, _, ok in goals.check(stats)]
        self.assertEqual(met, [("all", "median_error", True), ("all", "within_25", True),
                               ("all", "geomean_ratio", False), ("all", "pearson_r", True),
                               ("long", "median_error", False), ("long", "within_25", False),
                               ("long", "geomean_ratio", False), ("long", "pearson_r", False)])


if __name__ == "__main__":
    unittest.main()
