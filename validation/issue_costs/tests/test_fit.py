"""validation/issue_costs/fit.py's fitting on hand-made kernels."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import expansion  # noqa: E402
import fit  # noqa: E402


def row(program, sass, **keys):
    return (program, "k", float(sass), {k.replace("_", "."): v for k, v in keys.items()})


class FeaturesTest(unittest.TestCase):
    def test_keys_fall_back_to_opcode_then_star(self):
        rows = [row("a", 1, add_64=1, div_32=1, tex=1), row("b", 1, add_64=1, div_u=1),
                row("c", 1, add_64=1, add_32=1)]
        mapping, names = fit.features_of(rows, 3)
        self.assertEqual(mapping["add.64"], "add.64")   # in 3 programs
        self.assertEqual(mapping["add.32"], "add")      # 1 program, but add in 3
        self.assertEqual(mapping["div.32"], "*")        # div in 2 programs
        self.assertEqual(mapping["tex"], "*")
        self.assertEqual(names, ["*", "add", "add.64"])

    def test_design_sums_keys_into_their_feature(self):
        rows = [row("a", 10, add_64=2, add_32=3, tex=4)]
        mapping = {"add.64": "add.64", "add.32": "add", "tex": "*"}
        xs, ys = fit.design(rows, mapping, ["*", "add", "add.64"])
        self.assertEqual(xs, [[4.0, 3.0, 2.0]])
        self.assertEqual(ys, [10.0])


class RidgeTest(unittest.TestCase):
    # SASS = 2 x add.64 + 0 x cvta + 1 x ld: exact data with independent columns.
    XS = [[1, 0, 1], [2, 1, 1], [1, 3, 2], [4, 1, 1], [1, 1, 5]]
    TRUE = [2.0, 0.0, 1.0]

    def ys(self):
        return [sum(x * w for x, w in zip(xs, self.TRUE)) for xs in self.XS]

    def test_a_small_ridge_recovers_exact_costs(self):
        w = fit.ridge_nnls(self.XS, self.ys(), 1e-9)
        for got, want in zip(w, self.TRUE):
            self.assertAlmostEqual(got, want, places=4)

    def test_a_large_ridge_pulls_every_cost_to_one(self):
        w = fit.ridge_nnls(self.XS, self.ys(), 1e6)
        for got in w:
            self.assertAlmostEqual(got, 1.0, places=3)

    def test_costs_stay_non_negative(self):
        # SASS below what any positive cvta cost allows: cvta's cost would go negative.
        xs = [[1, 5], [2, 1], [1, 2]]
        ys = [1.0, 2.0, 1.0]
        w = fit.ridge_nnls(xs, ys, 1e-9)
        self.assertGreaterEqual(min(w), 0.0)
        self.assertAlmostEqual(w[1], 0.0, places=6)

    def test_held_out_error_predicts_each_program_from_the_others(self):
        rows = [row(p, 2 * a + l, add_64=a, ld_global=l)
                for p, a, l in (("a", 1, 2), ("b", 3, 1), ("c", 2, 2), ("d", 1, 4))]
        mapping, names = fit.features_of(rows, 3)
        errors = fit.held_out(rows, mapping, names, 1e-9)
        self.assertEqual(len(errors), 4)
        for e in errors:  # the data are exact: every program is predicted from the others
            self.assertLess(e, 1e-4)


PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")


@unittest.skipUnless(os.path.exists(PTXAS), "needs ptxas (the CUDA toolkit)")
class ExpansionTest(unittest.TestCase):
    def test_isolated_counts_subtract_the_loads_and_the_store(self):
        costs = expansion.measure(PTXAS, "sm_90")
        self.assertEqual(costs["copy"], 0)     # load, store: nothing else
        self.assertEqual(costs["add.32"], 1)   # one IADD3
        self.assertGreaterEqual(costs["add.64"], 2)  # low and high halves with the carry
        self.assertGreater(costs["div.32"], 8)  # a reciprocal and its corrections


if __name__ == "__main__":
    unittest.main()
