import json
import os
import unittest

import support
import ncu

METRICS = {"sm__cycles_active.max": ("cycle", "1,901"),
           "dram__bytes_read.sum": ("Kbyte", "527.5"),
           "l1tex__t_sector_hit_rate.pct": ("%", "n/a")}


class LongFormTest(unittest.TestCase):
    def setUp(self):
        self.text = support.long_csv([
            (1, "void scale<float, 2>(float *, int)", "(4, 1, 1)", "(128, 1, 1)",
             {"sm__cycles_active.max": ("cycle", "12,345")}),
            (0, "vec_add_f32(const float *, const float *, float *, int)", "(256, 1, 1)",
             "(64, 2, 1)", METRICS),
        ])

    def test_detected(self):
        self.assertEqual(ncu.detect(self.text), "long")

    def test_kernels_in_id_order_with_shapes(self):
        kernels = ncu.parse(self.text)
        self.assertEqual([k.id for k in kernels], [0, 1])
        self.assertEqual(kernels[0].name,
                         "vec_add_f32(const float *, const float *, float *, int)")
        self.assertEqual(kernels[0].grid, (256, 1, 1))
        self.assertEqual(kernels[0].block, (64, 2, 1))
        self.assertEqual(kernels[1].name, "void scale<float, 2>(float *, int)")

    def test_numbers_units_and_missing_values(self):
        kernels = ncu.parse(self.text)
        self.assertEqual(kernels[0].metrics["sm__cycles_active.max"], 1901.0)
        self.assertEqual(kernels[0].metrics["dram__bytes_read.sum"], 527500.0)
        self.assertNotIn("l1tex__t_sector_hit_rate.pct", kernels[0].metrics)
        self.assertEqual(kernels[1].metrics, {"sm__cycles_active.max": 12345.0})

    def test_log_lines_between_rows_are_skipped(self):
        lines = self.text.splitlines()
        lines.insert(3, "vector_ops: PASS")
        self.assertEqual(len(ncu.parse("\n".join(lines))), 2)


class WideFormTest(unittest.TestCase):
    TEXT = "\n".join([
        "==PROF== Connected to process 7 (/tmp/p)",
        '"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream",'
        '"Block Size","Grid Size","Device","CC","dram__bytes_read.sum","sm__cycles_active.max"',
        '"","","","","","","","","","","","Mbyte","cycle"',
        '"0","7","p","h","k(int)","1","7","(32, 1, 1)","(2, 2, 1)","0","9.0","1.5","2,000"',
        '"1","7","p","h","void t<1>(int)","1","7","(64, 1, 1)","(1, 1, 1)","0","9.0","0","n/a"',
        "==PROF== Disconnected from process 7",
    ])

    def test_detected(self):
        self.assertEqual(ncu.detect(self.TEXT), "wide")

    def test_kernels(self):
        kernels = ncu.parse(self.TEXT)
        self.assertEqual([(k.id, k.name, k.grid, k.block) for k in kernels],
                         [(0, "k(int)", (2, 2, 1), (32, 1, 1)),
                          (1, "void t<1>(int)", (1, 1, 1), (64, 1, 1))])
        self.assertEqual(kernels[0].metrics,
                         {"dram__bytes_read.sum": 1.5e6, "sm__cycles_active.max": 2000.0})
        self.assertEqual(kernels[1].metrics, {"dram__bytes_read.sum": 0.0})


class JsonFormTest(unittest.TestCase):
    def test_kernels(self):
        text = json.dumps({"kernels": [
            {"id": 3, "name": "b(int)", "grid": [1, 2, 3], "block": [32, 1, 1],
             "metrics": {"sm__cycles_active.max": 10}},
            {"id": 2, "name": "a(int)", "grid": [4], "block": [8, 8],
             "metrics": {"sm__cycles_active.max": 5.5, "dram__bytes_read.sum": None}}]})
        self.assertEqual(ncu.detect(text), "json")
        kernels = ncu.parse(text)
        self.assertEqual([(k.id, k.name, k.grid, k.block) for k in kernels],
                         [(2, "a(int)", (4, 1, 1), (8, 8, 1)),
                          (3, "b(int)", (1, 2, 3), (32, 1, 1))])
        self.assertEqual(kernels[0].metrics, {"sm__cycles_active.max": 5.5})

    def test_bad_json(self):
        with self.assertRaises(ncu.NcuError):
            ncu.parse('{"kernels": [{"id": 0}]}')


class ErrorsTest(unittest.TestCase):
    def test_no_header(self):
        with self.assertRaises(ncu.NcuError):
            ncu.parse("==PROF== nothing profiled\n")

    def test_missing_column(self):
        with self.assertRaises(ncu.NcuError):
            ncu.parse('"ID","Kernel Name","Metric Name","Metric Value"\n"0","k","m","1"\n')

    def test_units(self):
        self.assertEqual(ncu.unit_factor("Gbyte"), 1e9)
        self.assertEqual(ncu.unit_factor("Ghz"), 1e9)
        self.assertEqual(ncu.unit_factor("byte"), 1.0)
        self.assertEqual(ncu.unit_factor("ns"), 1.0)
        self.assertEqual(ncu.unit_factor("%"), 1.0)


class CommittedDataTest(unittest.TestCase):
    PATH = os.path.join(support.REPO, "validation/hw/h100/run3/ncu-vector_ops.csv")

    @unittest.skipUnless(os.path.exists(PATH), "no committed H100 data")
    def test_reads_a_committed_file(self):
        kernels = ncu.read(self.PATH)
        self.assertEqual(kernels[0].name,
                         "vec_add_f32(const float *, const float *, float *, int)")
        self.assertEqual(kernels[0].metrics["sm__cycles_active.max"], 1901.0)
        self.assertEqual(kernels[0].metrics["sm__cycles_elapsed.avg.per_second"],
                         1948712745.59)


if __name__ == "__main__":
    unittest.main()
