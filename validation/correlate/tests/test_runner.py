import os
import tempfile
import unittest

import support
import manifest
import runner

PEAK = {"sms": 1, "schedulers_per_sm": 1, "dram_bytes_per_s": 1e9}


def dataset(cache_control, sets=(), programs=None):
    (d,) = manifest.parse({"datasets": [{
        "id": "d", "gpu": "g", "preset": "h100", "hardware": "hw", "cache_control": cache_control,
        "peak": PEAK, "set": list(sets),
        "programs": programs or [{"hw": "ncu-a.csv", "program": "bin/a", "args": ["7"]}]}]},
        "/repo")
    return d


class CommandTest(unittest.TestCase):
    def test_flushed_data_set_asks_for_the_flush(self):
        d = dataset("flush", sets=["gpu.kernel_launch_latency=100"])
        cmd = runner.command("warpsim", d, d.programs[0], "/tmp/o", "/root")
        self.assertEqual(cmd, ["warpsim", "run", "--mode", "timing", "--gpu", "h100",
                               "--set", "gpu.cache_control=flush",
                               "--set", "gpu.kernel_launch_latency=100",
                               "--out", "/tmp/o", "--", "/root/bin/a", "7"])

    def test_kept_data_set_sets_nothing(self):
        d = dataset("keep")
        cmd = runner.command("/bin/warpsim", d, d.programs[0], "/tmp/o", "/root")
        self.assertNotIn("--set", cmd)

    def test_workload(self):
        d = dataset("keep", programs=[{"hw": "w.csv", "workload": "polybench/atax:small",
                                       "set": ["sm.x=1"]}])
        cmd = runner.command("warpsim", d, d.programs[0], "/tmp/o", "/root")
        self.assertEqual(cmd[-6:], ["--set", "sm.x=1", "--out", "/tmp/o", "--workload",
                                    "polybench/atax:small"])
        self.assertNotIn("--", cmd)

    def test_relative_binary_becomes_absolute(self):
        d = dataset("keep")
        cmd = runner.command("build/warpsim", d, d.programs[0], "/tmp/o", "/root")
        self.assertEqual(cmd[0], os.path.abspath("build/warpsim"))

    def test_dir_name(self):
        self.assertEqual(runner.dir_name("polybench/atax:small"), "polybench_atax_small")


class ReuseTest(unittest.TestCase):
    def test_kept_runs_are_read_not_rerun(self):
        d = dataset("keep")
        with tempfile.TemporaryDirectory() as tmp:
            support.write_sim_dir(os.path.join(tmp, "d", "a"),
                                  [{"name": "k", "grid": [1, 1, 1], "block": [32, 1, 1],
                                    "cycles": 10}])
            result = runner.run_dataset("/nonexistent/warpsim", d, "/root", jobs=2, sim_dir=tmp)
        self.assertEqual([k["name"] for k in result["a"]], ["k"])

    def test_failure_names_the_command(self):
        d = dataset("keep")
        with self.assertRaises(runner.RunError) as caught:
            runner.run_dataset("/nonexistent/warpsim", d, "/root")
        self.assertIn("/nonexistent/warpsim run --mode timing --gpu h100", str(caught.exception))

    def test_failing_run_reports_stderr_tail(self):
        d = dataset("keep")
        with tempfile.TemporaryDirectory() as tmp:
            fake = os.path.join(tmp, "warpsim")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\necho 'warpsim: config error: no such key' >&2\nexit 2\n")
            os.chmod(fake, 0o755)
            with self.assertRaises(runner.RunError) as caught:
                runner.run_dataset(fake, d, "/root")
        message = str(caught.exception)
        self.assertIn("exited with 2", message)
        self.assertIn("warpsim: config error: no such key", message)


if __name__ == "__main__":
    unittest.main()
