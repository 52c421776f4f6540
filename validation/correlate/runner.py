"""Running warpsim on a data set's programs, several at a time, each in its own directory.

With a run directory (--sim-dir), each program's output is kept in RUN_DIR/DATASET/NAME and a
directory that already has launches.jsonl is read instead of running warpsim again.
"""

import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed

import simout

STDERR_TAIL_LINES = 20


class RunError(RuntimeError):
    pass


def command(warpsim, dataset, program, out, programs_root):
    """The warpsim command line for one program of a data set."""
    if os.sep in warpsim:  # a path, not a name to look up in PATH; the run's cwd is elsewhere
        warpsim = os.path.abspath(warpsim)
    cmd = [warpsim, "run", "--mode", "timing", "--gpu", dataset.preset]
    for option in dataset.warpsim_sets() + list(program.sets):
        cmd += ["--set", option]
    cmd += ["--out", out]
    if program.workload:
        return cmd + ["--workload", program.workload]
    return cmd + ["--", os.path.abspath(os.path.join(programs_root, program.program))] + \
        list(program.args)


def dir_name(name):
    """A directory name for a program name (workloads have / and :)."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def _tail(text, lines=STDERR_TAIL_LINES):
    return "\n".join(text.rstrip().splitlines()[-lines:])


def _run_one(warpsim, dataset, program, programs_root, keep_dir):
    if keep_dir and os.path.exists(os.path.join(keep_dir, "launches.jsonl")):
        return simout.read_dir(keep_dir)
    work = tempfile.mkdtemp(prefix=f"correlate-{dir_name(program.name)}-")
    try:
        out = os.path.join(work, "out")
        cmd = command(warpsim, dataset, program, out, programs_root)
        try:
            proc = subprocess.run(cmd, cwd=work, stdin=subprocess.DEVNULL, capture_output=True,
                                  text=True, errors="replace", check=False)
        except OSError as e:
            raise RunError(f"{dataset.id} {program.name}: cannot run `{' '.join(cmd)}`: {e}") \
                from e
        if proc.returncode != 0:
            raise RunError(f"{dataset.id} {program.name}: `{' '.join(cmd)}` exited with "
                           f"{proc.returncode}:\n{_tail(proc.stderr or proc.stdout)}")
        kernels = simout.read_dir(out)
        if keep_dir:
            if os.path.exists(keep_dir):
                shutil.rmtree(keep_dir)
            os.makedirs(os.path.dirname(keep_dir), exist_ok=True)
            shutil.move(out, keep_dir)
        return kernels
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_dataset(warpsim, dataset, programs_root, jobs=2, sim_dir=None):
    """{program name: warpsim kernels} for every program of the data set."""
    def task(program):
        keep = os.path.join(sim_dir, dataset.id, dir_name(program.name)) if sim_dir else None
        return _run_one(warpsim, dataset, program, programs_root, keep)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(task, p): p.name for p in dataset.programs}
        results, failures = {}, []
        for future in as_completed(futures):
            if future.cancelled():
                continue
            try:
                results[futures[future]] = future.result()
            except (RunError, OSError, ValueError) as e:
                failures.append(str(e))
                for other in futures:  # runs not started yet are not worth starting
                    other.cancel()
    if failures:
        raise RunError("\n\n".join(failures))
    return results
