import unittest

import support  # noqa: F401  (the import path)
import match
from ncu import HwKernel


def hw(kid, name, grid=(1, 1, 1), block=(32, 1, 1)):
    return HwKernel(id=kid, name=name, grid=grid, block=block)


def sim(launch, name, grid=(1, 1, 1), block=(32, 1, 1)):
    return {"name": name, "launch": launch, "grid": list(grid), "block": list(block)}


class NormalizeTest(unittest.TestCase):
    def test_forms(self):
        cases = {
            "vec_add_f32(const float *, const float *, float *, int)": "vec_add_f32",
            "vec_add_f32": "vec_add_f32",
            "void chase_clock64<0>(const unsigned int *, unsigned int, unsigned long long *)":
                "chase_clock64<0>",
            "void matmul_tiled<float, 16>(const T1 *, const T1 *, T1 *, int, int, int)":
                "matmul_tiled<float,16>",
            "matmul_tiled<float,16>": "matmul_tiled<float,16>",
            "void convert<unsigned int, 4>(int (*)(int), float)": "convert<unsignedint,4>",
            "void ns::k<(int)3>(int)": "ns::k<(int)3>",
            "(anonymous namespace)::k(int)": "(anonymousnamespace)::k",
        }
        for name, expected in cases.items():
            with self.subTest(name=name):
                self.assertEqual(match.normalize(name), expected)

    def test_warpsim_and_nsight_spellings_agree(self):
        self.assertEqual(
            match.normalize("void matmul_tiled<double, 8>(const T1 *, const T1 *, T1 *, int)"),
            match.normalize("matmul_tiled<double,8>"))
        self.assertEqual(match.normalize("void transpose_tiled<1>(const float *, float *)"),
                         match.normalize("transpose_tiled<1>"))


class AlignTest(unittest.TestCase):
    def test_same_sequence(self):
        hws = [hw(0, "a(int)"), hw(1, "void b<float, 2>(int)")]
        sims = [sim(0, "a"), sim(1, "b<float,2>")]
        result = match.align("p", hws, sims)
        self.assertEqual([(h.id, s["launch"]) for h, s in result.pairs], [(0, 0), (1, 1)])
        self.assertEqual((result.hw_only, result.sim_only), ([], []))

    def test_kernels_missing_on_either_side(self):
        hws = [hw(0, "a(int)"), hw(1, "b(int)"), hw(2, "c(int)"), hw(3, "d(int)")]
        sims = [sim(0, "a"), sim(1, "c"), sim(2, "x"), sim(3, "d")]
        result = match.align("p", hws, sims)
        self.assertEqual([(h.id, s["launch"]) for h, s in result.pairs],
                         [(0, 0), (2, 1), (3, 3)])
        self.assertEqual([k.id for k in result.hw_only], [1])
        self.assertEqual([k["launch"] for k in result.sim_only], [2])

    def test_repeated_names_pair_in_order(self):
        hws = [hw(i, "k(int)") for i in range(3)]
        sims = [sim(i, "k") for i in range(2)]
        result = match.align("p", hws, sims)
        self.assertEqual([(h.id, s["launch"]) for h, s in result.pairs], [(0, 0), (1, 1)])
        self.assertEqual([k.id for k in result.hw_only], [2])

    def test_one_side_empty(self):
        result = match.align("p", [hw(0, "a(int)")], [])
        self.assertEqual((result.pairs, [k.id for k in result.hw_only]), ([], [0]))

    def test_shape_mismatch_names_program_kernel_and_shapes(self):
        hws = [hw(0, "void m<float, 16>(int)", grid=(5, 6, 1), block=(16, 16, 1))]
        sims = [sim(0, "m<float,16>", grid=(5, 6, 1), block=(16, 8, 1))]
        with self.assertRaises(match.ShapeMismatch) as caught:
            match.align("matmul", hws, sims)
        message = str(caught.exception)
        self.assertIn("matmul", message)
        self.assertIn("m<float,16>", message)
        self.assertIn("(5, 6, 1) x (16, 16, 1)", message)
        self.assertIn("(5, 6, 1) x (16, 8, 1)", message)


if __name__ == "__main__":
    unittest.main()
