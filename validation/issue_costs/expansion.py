#!/usr/bin/env python3
"""expansion: how many SASS instructions ptxas makes of one PTX instruction, in isolation.

For each template below, a kernel loads its sources from global memory, applies the instruction
K times to independent operands and stores each result; ptxas compiles it for the architecture
and the kernel's SASS instructions are counted in the cubin (16-byte instructions of its .text
section, less the NOP padding and the closing self-branch). The cost is the growth from K = 8
to K = 16 per instance, less one load per source and one store (each one instruction at an
immediate offset; the `copy` template checks that). fit.py uses these as the costs its ridge
pulls towards, for keys the hardware data set runs too rarely to fit.

    validation/issue_costs/expansion.py --arch sm_90 [--ptxas PATH]   # prints KEY: slots
Needs ptxas (CUDA toolkit) and readelf (binutils); no GPU.
"""
import argparse
import os
import struct
import subprocess
import sys
import tempfile

NOP, BRA, INST_BYTES = 0x918, 0x947, 16
STRIDE = 256  # bytes between operands: no two loads ptxas could merge

# key: (PTX instruction with {d} {a} {b} {c} for the destination and sources, register type
# of the operands, sources, store type; extra instructions in "post" turn a predicate into a
# stored value, counted apart)
TEMPLATES = {
    "copy": ("mov.b32 {d}, {a};", "b32", 1),
    "add.64": ("add.s64 {d}, {a}, {b};", "b64", 2),
    "sub.64": ("sub.s64 {d}, {a}, {b};", "b64", 2),
    "mul.lo.64": ("mul.lo.s64 {d}, {a}, {b};", "b64", 2),
    "mul.hi.32": ("mul.hi.u32 {d}, {a}, {b};", "b32", 2),
    "mul.lo.32": ("mul.lo.s32 {d}, {a}, {b};", "b32", 2),
    "mad.lo.32": ("mad.lo.s32 {d}, {a}, {b}, {c};", "b32", 3),
    "shl.64": ("shl.b64 {d}, {a}, 3;", "b64", 1),
    "shr.64": ("shr.u64 {d}, {a}, 7;", "b64", 1),
    "and.64": ("and.b64 {d}, {a}, {b};", "b64", 2),
    "or.64": ("or.b64 {d}, {a}, {b};", "b64", 2),
    "xor.64": ("xor.b64 {d}, {a}, {b};", "b64", 2),
    "not.64": ("not.b64 {d}, {a};", "b64", 1),
    "neg.64": ("neg.s64 {d}, {a};", "b64", 1),
    "min.64": ("min.s64 {d}, {a}, {b};", "b64", 2),
    "max.64": ("max.u64 {d}, {a}, {b};", "b64", 2),
    "min.32": ("min.s32 {d}, {a}, {b};", "b32", 2),
    "max.32": ("max.s32 {d}, {a}, {b};", "b32", 2),
    "div.32": ("div.u32 {d}, {a}, {b};", "b32", 2),
    "rem.32": ("rem.u32 {d}, {a}, {b};", "b32", 2),
    "div.64": ("div.u64 {d}, {a}, {b};", "b64", 2),
    "rem.64": ("rem.u64 {d}, {a}, {b};", "b64", 2),
    "bfe.32": ("bfe.u32 {d}, {a}, 5, 9;", "b32", 1),
    "bfi.32": ("bfi.b32 {d}, {a}, {b}, 5, 9;", "b32", 2),
    "popc.32": ("popc.b32 {d}, {a};", "b32", 1),
    "clz.32": ("clz.b32 {d}, {a};", "b32", 1),
    "brev.32": ("brev.b32 {d}, {a};", "b32", 1),
    "div.rn.f32": ("div.rn.f32 {d}, {a}, {b};", "f32", 2),
    "div.approx.f32": ("div.approx.f32 {d}, {a}, {b};", "f32", 2),
    "div.full.f32": ("div.full.f32 {d}, {a}, {b};", "f32", 2),
    "div.rn.f64": ("div.rn.f64 {d}, {a}, {b};", "f64", 2),
    "sqrt.rn.f32": ("sqrt.rn.f32 {d}, {a};", "f32", 1),
    "sqrt.approx.f32": ("sqrt.approx.f32 {d}, {a};", "f32", 1),
    "rcp.rn.f32": ("rcp.rn.f32 {d}, {a};", "f32", 1),
    "rcp.rn.f64": ("rcp.rn.f64 {d}, {a};", "f64", 1),
    "rsqrt.approx.f32": ("rsqrt.approx.f32 {d}, {a};", "f32", 1),
    "ex2.approx.f32": ("ex2.approx.ftz.f32 {d}, {a};", "f32", 1),
    "lg2.approx.f32": ("lg2.approx.f32 {d}, {a};", "f32", 1),
    "sin.approx.f32": ("sin.approx.f32 {d}, {a};", "f32", 1),
    "cos.approx.f32": ("cos.approx.f32 {d}, {a};", "f32", 1),
    "cvt.f32.32": ("cvt.rn.f32.s32 {d}, {a:b32};", "f32", 1),
    "cvt.32.f32": ("cvt.rzi.s32.f32 {d:b32}, {a};", "f32", 1),
    "cvt.f64.f32": ("cvt.f64.f32 {d:f64}, {a};", "f32", 1),
    "cvt.f32.f64": ("cvt.rn.f32.f64 {d:f32}, {a};", "f64", 1),
    "cvt.64.32": ("cvt.s64.s32 {d:b64}, {a};", "b32", 1),
    "cvt.f64.32": ("cvt.rn.f64.s32 {d:f64}, {a};", "b32", 1),
    "mul.wide.32": ("mul.wide.s32 {d:b64}, {a}, {b};", "b32", 2),
    "add.f64": ("add.f64 {d}, {a}, {b};", "f64", 2),
    "mul.f64": ("mul.f64 {d}, {a}, {b};", "f64", 2),
    "fma.f64": ("fma.rn.f64 {d}, {a}, {b}, {c};", "f64", 3),
    "fma.f32": ("fma.rn.f32 {d}, {a}, {b}, {c};", "f32", 3),
    "add.32": ("add.s32 {d}, {a}, {b};", "b32", 2),
    "add.f32": ("add.f32 {d}, {a}, {b};", "f32", 2),
}

PTX_TYPE = {"b32": "u32", "b64": "u64", "f32": "f32", "f64": "f64"}
REG = {"b32": "r", "b64": "rd", "f32": "f", "f64": "fd"}


def kernel(template, k):
    text, rtype, sources = template
    lines, uses = [], {t: 0 for t in REG}
    offset = 0

    def reg(t):
        uses[t] += 1
        return f"%{REG[t]}{uses[t] + 10}"

    for _ in range(k):
        names = {}
        inst = text
        for slot in ("a", "b", "c")[:sources]:
            t = rtype
            if "{" + slot + ":" in inst:  # a source of another type
                t = inst.split("{" + slot + ":")[1].split("}")[0]
                inst = inst.replace("{" + slot + ":" + t + "}", "{" + slot + "}")
            names[slot] = reg(t)
            lines.append(f"ld.global.{PTX_TYPE[t]} {names[slot]}, [%rd1+{offset}];")
            offset += STRIDE
        dt = rtype
        if "{d:" in inst:
            dt = inst.split("{d:")[1].split("}")[0]
            inst = inst.replace("{d:" + dt + "}", "{d}")
        names["d"] = reg(dt)
        lines.append(inst.format(**names))
        lines.append(f"st.global.{PTX_TYPE[dt]} [%rd2+{offset}], {names['d']};")
        offset += STRIDE
    decls = "\n".join(f"  .reg .{'b32' if t == 'b32' else 'b64' if t == 'b64' else t} "
                      f"%{REG[t]}<{uses[t] + 12}>;" for t in REG)
    body = "\n".join("  " + line for line in lines)
    return (".version 8.0\n.target sm_90\n.address_size 64\n"
            ".visible .entry k(.param .u64 in, .param .u64 out)\n{\n" + decls + "\n"
            "  ld.param.u64 %rd1, [in];\n  ld.param.u64 %rd2, [out];\n"
            "  cvta.to.global.u64 %rd1, %rd1;\n  cvta.to.global.u64 %rd2, %rd2;\n" +
            body + "\n  ret;\n}\n")


def sass_count(ptxas, arch, ptx, tmp):
    src, cubin = os.path.join(tmp, "k.ptx"), os.path.join(tmp, "k.cubin")
    with open(src, "w") as f:
        f.write(ptx)
    subprocess.run([ptxas, f"-arch={arch}", src, "-o", cubin], check=True, capture_output=True,
                   text=True)
    data = open(cubin, "rb").read()
    out = subprocess.run(["readelf", "-S", "-W", cubin], capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        if " .text.k" in line:
            fields = line.split("]", 1)[1].split()
            offset, size = int(fields[3], 16), int(fields[4], 16)
            ops = [struct.unpack_from("<Q", data, offset + i)[0] & 0xFFF
                   for i in range(0, size, INST_BYTES)]
            while ops and ops[-1] == NOP:
                ops.pop()
            if ops and ops[-1] == BRA:
                ops.pop()
            return len(ops)
    raise RuntimeError("no .text.k section")


def measure(ptxas, arch):
    """key -> SASS instructions per instance, less its loads and store."""
    costs = {}
    with tempfile.TemporaryDirectory() as tmp:
        for key, template in TEMPLATES.items():
            small = sass_count(ptxas, arch, kernel(template, 8), tmp)
            large = sass_count(ptxas, arch, kernel(template, 16), tmp)
            costs[key] = (large - small) / 8 - template[2] - 1
    return costs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--ptxas", default=os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas"))
    args = ap.parse_args()
    for key, value in measure(args.ptxas, args.arch).items():
        print(f"{key}: {value:g}")


if __name__ == "__main__":
    sys.exit(main())
