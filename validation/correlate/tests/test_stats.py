import math
import unittest

import support  # noqa: F401  (the import path)
import stats


class HelpersTest(unittest.TestCase):
    def test_median(self):
        self.assertEqual(stats.median([3, 1, 2]), 2)
        self.assertEqual(stats.median([1, 4, 2, 3]), 2.5)
        self.assertIsNone(stats.median([]))

    def test_ranks_average_ties(self):
        self.assertEqual(stats.ranks([10, 20, 20, 30]), [1, 2.5, 2.5, 4])
        self.assertEqual(stats.ranks([5, 5, 5]), [2, 2, 2])
        self.assertEqual(stats.ranks([3, 1, 2]), [3, 1, 2])

    def test_spearman_with_ties(self):
        # ranks (1, 2.5, 2.5, 4) and (1, 2, 3, 4): sxy = 4.5, sxx = 4.5, syy = 5
        self.assertAlmostEqual(stats.spearman([1, 2, 2, 3], [1, 2, 3, 4]), math.sqrt(0.9),
                               places=12)

    def test_pearson_degenerate(self):
        self.assertIsNone(stats.pearson([1], [2]))
        self.assertIsNone(stats.pearson([1, 1, 1], [1, 2, 3]))
        self.assertAlmostEqual(stats.pearson([1, 2, 3], [2, 4, 6]), 1.0, places=12)
        self.assertAlmostEqual(stats.pearson([1, 2, 3], [3, 2, 1]), -1.0, places=12)


class RelativeTest(unittest.TestCase):
    # errors 0.1, -0.25, 1.0; the kernel with hw = 0 is left out and counted
    PAIRS = [(100, 110), (200, 150), (50, 100), (0, 5)]

    def test_summary(self):
        s = stats.summarize(self.PAIRS, "relative")
        self.assertEqual(s["kernels"], 3)
        self.assertEqual(s["hw_zero"], 1)
        self.assertAlmostEqual(s["median_error"], 0.25, places=12)
        self.assertAlmostEqual(s["mean_abs_error"], 0.45, places=12)
        self.assertAlmostEqual(s["within_10"], 1 / 3, places=12)
        self.assertAlmostEqual(s["within_25"], 2 / 3, places=12)
        self.assertAlmostEqual(s["geomean_ratio"], 1.65 ** (1 / 3), places=12)
        # hw (100, 200, 50), sim (110, 150, 100): sxy = 4000, sxx = 35000/3, syy = 1400
        self.assertAlmostEqual(s["pearson_r"], 4 * math.sqrt(3) / 7, places=12)
        self.assertAlmostEqual(s["spearman_r"], 1.0, places=12)

    def test_geomean_skips_zero_sim(self):
        self.assertAlmostEqual(stats.geomean_ratio([(10, 20), (10, 5), (10, 0)]), 1.0,
                               places=12)

    def test_empty(self):
        s = stats.summarize([(0, 1)], "relative")
        self.assertEqual((s["kernels"], s["hw_zero"]), (0, 1))
        for key in ("median_error", "mean_abs_error", "within_10", "within_25",
                    "geomean_ratio", "pearson_r", "spearman_r"):
            self.assertIsNone(s[key], key)


class AbsoluteTest(unittest.TestCase):
    PAIRS = [(50, 55), (80, 60), (10, 10)]  # errors +5, -20, 0 points

    def test_summary(self):
        s = stats.summarize(self.PAIRS, "absolute")
        self.assertEqual((s["kernels"], s["hw_zero"]), (3, 0))
        self.assertEqual(s["median_error"], 5)
        self.assertAlmostEqual(s["mean_abs_error"], 25 / 3, places=12)
        self.assertAlmostEqual(s["within_10"], 2 / 3, places=12)
        self.assertEqual(s["within_25"], 1.0)
        self.assertIsNone(s["geomean_ratio"])
        # deviations (10, 100, -110)/3 and (40, 55, -95)/3
        self.assertAlmostEqual(s["pearson_r"], 16350 / math.sqrt(22200 * 13650), places=12)
        self.assertAlmostEqual(s["spearman_r"], 1.0, places=12)

    def test_zero_hardware_values_count(self):
        s = stats.summarize([(0.0, 4.0), (0.0, 0.0)], "absolute")
        self.assertEqual((s["kernels"], s["hw_zero"], s["median_error"]), (2, 0, 2.0))


if __name__ == "__main__":
    unittest.main()
