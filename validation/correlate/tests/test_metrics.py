"""The metric table: warpsim's side of the hit rates."""

import unittest

import support  # noqa: F401 (puts the correlator's modules on the path)
import metrics


class HitRateTest(unittest.TestCase):
    def test_counts_hits_on_lines_in_flight(self):
        l1 = metrics.BY_NAME["l1_hit_rate"].sim
        kernel = {"l1d": {"accesses": 200, "hits": 100, "hit_reserved": 50, "hit_rate": 0.5}}
        self.assertEqual(l1(kernel), 75.0)

    def test_no_accesses_has_no_rate(self):
        l2 = metrics.BY_NAME["l2_hit_rate"].sim
        self.assertIsNone(l2({"l2": {"accesses": 0, "hits": 0}}))
        self.assertIsNone(l2({}))


if __name__ == "__main__":
    unittest.main()
