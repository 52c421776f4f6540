import unittest

import support  # noqa: F401  (the import path)
import classify

# 8 issue slots per cycle; 1,000 bytes/s of DRAM bandwidth.
GPU = {"sms": 2, "schedulers_per_sm": 4, "peak_dram_bytes_per_s": 1000.0, "clock_hz": None}


def kernel(insts, reads, writes=0.0, active=100.0, elapsed=1000.0, clock=1000.0):
    # elapsed / clock = 1 s, so u_mem = (reads + writes) / 1000
    return {"smsp__inst_executed.sum": insts, "sm__cycles_active.max": active,
            "dram__bytes_read.sum": reads, "dram__bytes_write.sum": writes,
            "gpc__cycles_elapsed.max": elapsed, "sm__cycles_elapsed.avg.per_second": clock}


class ClassifyTest(unittest.TestCase):
    def test_utilizations(self):
        u_issue, u_mem = classify.utilizations(kernel(800, 300, 100), GPU)
        self.assertAlmostEqual(u_issue, 1.0, places=12)
        self.assertAlmostEqual(u_mem, 0.4, places=12)

    def test_classes(self):
        cases = [
            (kernel(800, 300, 100), "compute"),  # u_issue 1.0, u_mem 0.4
            (kernel(160, 300, 100), "memory"),  # 0.2, 0.4
            (kernel(160, 100), "latency"),  # 0.2, 0.1
            (kernel(240, 300), "memory"),  # 0.3, 0.3: memory wins the tie
            (kernel(400, 300), "compute"),  # 0.5, 0.3
            (kernel(160, 290), "latency"),  # 0.2, 0.29
        ]
        for metrics, expected in cases:
            with self.subTest(metrics=metrics):
                self.assertEqual(classify.bound(*classify.utilizations(metrics, GPU)), expected)

    def test_data_set_clock_overrides_the_kernels(self):
        gpu = dict(GPU, clock_hz=2000.0)  # elapsed 0.5 s: u_mem doubles
        _, u_mem = classify.utilizations(kernel(160, 100), gpu)
        self.assertAlmostEqual(u_mem, 0.2, places=12)

    def test_missing_numbers(self):
        metrics = kernel(160, 100)
        del metrics["dram__bytes_write.sum"]
        u_issue, u_mem = classify.utilizations(metrics, GPU)
        self.assertAlmostEqual(u_issue, 0.2, places=12)
        self.assertIsNone(u_mem)
        self.assertEqual(classify.bound(u_issue, u_mem), "unknown")

    def test_length(self):
        self.assertEqual(classify.length({"sm__cycles_active.max": 19999}), "short")
        self.assertEqual(classify.length({"sm__cycles_active.max": 20000}), "long")
        self.assertEqual(classify.length({}), "unknown")


if __name__ == "__main__":
    unittest.main()
