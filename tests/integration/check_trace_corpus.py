#!/usr/bin/env python3
"""warpsim run --trace on the corpus scripts/gen-trace-corpus writes.

    check_trace_corpus.py WARPSIM GEN_SCRIPT [GPU]

Instruction counts are taken from the trace text here, independently of warpsim's reader.
Checks: every good trace runs; per kernel, warp_insts is the number of instruction lines and
thread_insts the sum of their masks' lanes; the same kernel written in every address mode, xz
compressed, in the tracer-v2 layout and with line info gives identical timing; opcodes land in
their op classes and memory spaces; a program of three kernels runs them in order and its
first kernel matches the same kernel alone; runs repeat exactly; malformed traces fail with
exit 2 and FILE:LINE.
"""
import json
import lzma
import os
import re
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def read_text(path):
    data = open(path, "rb").read()
    return (lzma.decompress(data) if path.endswith(".xz") else data).decode()


def count_trace(path):
    """(instruction lines, active lanes, lines per opcode base) of one kernel trace."""
    text = read_text(path)
    version = re.search(r"-accelsim tracer version = (\d+)", text).group(1)
    lineinfo = "-enable lineinfo = 1" in text
    skip = (4 if int(version) < 3 else 0) + (1 if lineinfo else 0)
    lines = lanes = 0
    ops = {}
    body = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#BEGIN_TB"):
            body = True
        if not body or not line or line.startswith("#") or "=" in line:
            continue
        f = line.split()
        lines += 1
        lanes += bin(int(f[skip + 1], 16)).count("1")
        ndst = int(f[skip + 2])
        base = f[skip + 3 + ndst].split(".")[0]
        ops[base] = ops.get(base, 0) + 1
    return lines, lanes, ops


def run(warpsim, gpu, args, out):
    cmd = [warpsim, "run", "--gpu", gpu, "--out", out] + args
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def stats(out):
    with open(os.path.join(out, "stats.json")) as f:
        return json.load(f)


def timing_view(s):
    return {"kernels": s["kernels"], "total": s["total"]}


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    warpsim, gen = sys.argv[1], sys.argv[2]
    gpu = sys.argv[3] if len(sys.argv) == 4 else "gtx480"
    tmp = tempfile.mkdtemp(prefix="warpsim-trace-corpus-")
    corpus = os.path.join(tmp, "corpus")
    subprocess.run([sys.executable, gen, corpus], check=True)
    results = {}
    ops_of = {}  # name -> per kernel: trace lines per opcode base
    for name in sorted(os.listdir(corpus)):
        if name.startswith("bad-"):
            continue
        folder = os.path.join(corpus, name)
        out = os.path.join(tmp, "out-" + name)
        code, log = run(warpsim, gpu, ["--trace", os.path.join(folder, "kernelslist.g")], out)
        check(code == 0, "%s: exit %d: %s" % (name, code, log[-2000:]))
        if code != 0:
            continue
        s = stats(out)
        results[name] = s
        files = [l.strip() for l in open(os.path.join(folder, "kernelslist.g")) if
                 l.startswith("kernel")]
        check(len(s["kernels"]) == len(files), "%s: %d kernels in stats.json, %d in the list" %
              (name, len(s["kernels"]), len(files)))
        ops_of[name] = []
        for k, f in zip(s["kernels"], files):
            # A .tracez holds the same body as the version-6 text trace of vecadd-v6.
            path = (os.path.join(corpus, "vecadd-v6", f.replace(".tracez", ".traceg"))
                    if f.endswith(".tracez") else os.path.join(folder, f))
            lines, lanes, ops = count_trace(path)
            check(k["warp_insts"] == lines, "%s/%s: warp_insts %d, trace lines %d" %
                  (name, f, k["warp_insts"], lines))
            check(k["thread_insts"] == lanes, "%s/%s: thread_insts %d, trace lanes %d" %
                  (name, f, k["thread_insts"], lanes))
            check(k["cycles"] > 0, "%s/%s: no cycles" % (name, f))
            ops_of[name].append(ops)
        check(s["trace"]["unknown_opcodes"] == [], "%s: unknown opcodes %s" %
              (name, s["trace"]["unknown_opcodes"]))

    # One kernel, nine encodings: the same timing.
    ref = results.get("vecadd-tracer")
    for name in ("vecadd-list", "vecadd-stride", "vecadd-delta", "vecadd-xz", "vecadd-v2",
                 "vecadd-lineinfo", "vecadd-v6", "vecadd-tracez"):
        if ref and name in results:
            check(timing_view(results[name]) == timing_view(ref),
                  "%s: timing differs from vecadd-tracer" % name)

    if "compute" in results:
        k = results["compute"]["kernels"][0]
        ops = ops_of["compute"][0]
        check(k["sm"]["ops"]["fp32"] == ops["FFMA"], "compute: fp32 ops %d, FFMA lines %d" %
              (k["sm"]["ops"]["fp32"], ops["FFMA"]))
        check(k["sm"]["ops"]["control"] == ops["BRA"] + ops["EXIT"],
              "compute: control ops %d" % k["sm"]["ops"]["control"])
        check(k["sm"]["ops"]["memory"] == 0, "compute: memory ops")
        check(k["stalls"]["scoreboard_alu"] > 0, "compute: the FFMA chains never waited")

    if "reduce" in results:
        k = results["reduce"]["kernels"][0]
        ldst = k["sm"]["ldst"]
        ops = ops_of["reduce"][0]
        blocks = 6
        check(ldst["tex_accesses"] > 0, "reduce: LDG.E.CONSTANT did not take the read-only path")
        check(ldst["shared_accesses"] > 0, "reduce: no shared accesses")
        check(k["stalls"]["barrier"] > 0, "reduce: no barrier stalls")
        # Generic LD.E in the shared window counts as shared: the LDS, LD.E and STS lines with
        # lanes, plus the first STS; local STL/LDL and the global LDG and RED do not.
        check(k["sm"]["ops"]["memory"] == sum(ops[o] for o in ("LDG", "STS", "STL", "LDS", "LD",
                                                               "LDL", "RED")),
              "reduce: memory ops %d" % k["sm"]["ops"]["memory"])
        check(ldst["mem_atomic_requests"] == blocks, "reduce: atomic requests %d, blocks %d" %
              (ldst["mem_atomic_requests"], blocks))

    if "program" in results and ref:
        p = results["program"]
        check([k["mangled"] for k in p["kernels"]] ==
              ["_Z6vecAddPfS_S_i", "_Z7computev", "_Z6reducePf"], "program: kernel order")
        check(p["trace"]["memcpy_h2d"] == 2, "program: MemcpyHtoD lines")
        check(p["kernels"][0]["cycles"] == ref["kernels"][0]["cycles"],
              "program: its first kernel's cycles differ from the kernel alone")
        check(p["kernels"][1]["start_cycle"] >= p["kernels"][0]["end_cycle"],
              "program: kernels overlapped")

    # Determinism.
    out = os.path.join(tmp, "again")
    code, log = run(warpsim, gpu, ["--trace", os.path.join(corpus, "reduce", "kernelslist.g")],
                    out)
    check(code == 0 and "reduce" in results and
          timing_view(stats(out)) == timing_view(results["reduce"]), "reduce: a second run differs")

    # Malformed traces: exit 2 with the file and line.
    expect = {"bad-count": "kernel-1.traceg:", "bad-exit": "EXIT", "bad-pc": "FMUL"}
    for name, word in expect.items():
        out = os.path.join(tmp, "out-" + name)
        code, log = run(warpsim, gpu, ["--trace", os.path.join(corpus, name, "kernelslist.g")],
                        out)
        check(code == 2, "%s: exit %d, expected 2: %s" % (name, code, log[-500:]))
        check(re.search(r"kernel-1\.traceg:\d+: ", log) is not None and word in log,
              "%s: no FILE:LINE message with '%s': %s" % (name, word, log[-500:]))
    code, log = run(warpsim, gpu, ["--mode", "functional", "--trace",
                                   os.path.join(corpus, "compute", "kernelslist.g")],
                    os.path.join(tmp, "functional"))
    check(code == 2 and "--mode timing" in log, "functional --trace: exit %d: %s" % (code, log))

    if failures:
        print("%d failures (outputs kept in %s)" % (len(failures), tmp))
        sys.exit(1)
    subprocess.run(["rm", "-rf", tmp])
    print("trace corpus: %d traces ran, all checks passed" % len(results))


if __name__ == "__main__":
    main()
