import os
import tempfile
import unittest

import support
import simout


class ReadDirTest(unittest.TestCase):
    def test_records_with_stats_groups(self):
        with tempfile.TemporaryDirectory() as tmp:
            support.write_sim_dir(tmp, [
                {"name": "a", "grid": [1, 1, 1], "block": [32, 1, 1], "cycles": 100},
                {"name": "b<1>", "grid": [2, 1, 1], "block": [64, 1, 1], "cycles": 200,
                 "sm_active_cycles": 150}],
                [{"l2": {"hit_rate": 0.5}}, {"stalls": {"issued": 1, "scheduler_cycles": 4}}])
            kernels = simout.read_dir(tmp)
        self.assertEqual([k["name"] for k in kernels], ["a", "b<1>"])  # no summary line
        self.assertEqual(kernels[0]["l2"], {"hit_rate": 0.5})
        self.assertEqual(kernels[1]["stalls"]["scheduler_cycles"], 4)
        self.assertEqual(simout.active_cycles(kernels[0]), 100)
        self.assertEqual(simout.active_cycles(kernels[1]), 150)

    def test_missing_dir(self):
        with tempfile.TemporaryDirectory() as tmp:
            with self.assertRaises(simout.SimOutputError):
                simout.read_dir(os.path.join(tmp, "none"))


if __name__ == "__main__":
    unittest.main()
