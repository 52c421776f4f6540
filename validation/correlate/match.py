"""Pairing a program's hardware kernels with warpsim's.

Names are compared in a normal form: Nsight Compute writes demangled signatures
(`void matmul_tiled<float, 16>(const T1 *, const T1 *, T1 *, int, int, int)`), warpsim the
name without parameters (`matmul_tiled<float,16>`). The normal form drops the parameter list
(the balanced parentheses that end the name), a return type before the name (`void `) and all
whitespace. The two launch sequences are aligned by their longest common subsequence of names, so
a kernel that only one side has is reported as unmatched and the others still pair up in order.
"""

from dataclasses import dataclass, field


class ShapeMismatch(ValueError):
    """A matched pair of kernels whose grid or block differs."""


@dataclass
class Alignment:
    pairs: list = field(default_factory=list)  # (hw kernel, sim kernel)
    hw_only: list = field(default_factory=list)
    sim_only: list = field(default_factory=list)


def _strip_parameters(name):
    """`f<a, b>(int, (*)(int))` -> `f<a, b>`: the trailing balanced parenthesized group."""
    name = name.strip()
    if not name.endswith(")"):
        return name
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        if name[i] == ")":
            depth += 1
        elif name[i] == "(":
            depth -= 1
            if depth == 0:
                return name[:i].rstrip() if name[:i].strip() else name
    return name


def _strip_return_type(name):
    """`void ns::f<unsigned int, 4>` -> `ns::f<unsigned int, 4>`: everything up to the last space
    outside template brackets and parentheses."""
    depth = 0
    cut = 0
    for i, c in enumerate(name):
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        elif c == " " and depth == 0:
            cut = i + 1
    return name[cut:]


def normalize(name):
    """The form in which hardware and warpsim kernel names are compared."""
    return "".join(_strip_return_type(_strip_parameters(name)).split())


def _lcs_pairs(a, b):
    """Index pairs of a longest common subsequence of sequences a and b (earliest matches first
    where there is a choice)."""
    n, m = len(a), len(b)
    length = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if a[i] == b[j]:
                length[i][j] = length[i + 1][j + 1] + 1
            else:
                length[i][j] = max(length[i + 1][j], length[i][j + 1])
    pairs = []
    i = j = 0
    while i < n and j < m:
        if a[i] == b[j]:
            pairs.append((i, j))
            i += 1
            j += 1
        elif length[i + 1][j] >= length[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def shape_text(grid, block):
    return f"({', '.join(map(str, grid))}) x ({', '.join(map(str, block))})"


def align(program, hw_kernels, sim_kernels):
    """Pairs hardware kernels (ncu.HwKernel) with warpsim's (launch records), in launch order.
    Raises ShapeMismatch for a pair whose grid or block differs."""
    hw_names = [normalize(k.name) for k in hw_kernels]
    sim_names = [normalize(k["name"]) for k in sim_kernels]
    if hw_names == sim_names:
        index_pairs = [(i, i) for i in range(len(hw_names))]
    else:
        index_pairs = _lcs_pairs(hw_names, sim_names)
    result = Alignment()
    for i, j in index_pairs:
        hw, sim = hw_kernels[i], sim_kernels[j]
        sim_grid, sim_block = tuple(sim["grid"]), tuple(sim["block"])
        if tuple(hw.grid) != sim_grid or tuple(hw.block) != sim_block:
            raise ShapeMismatch(
                f"{program}: kernel {sim['name']} (hardware ID {hw.id}, warpsim launch "
                f"{sim.get('launch', j)}): hardware {shape_text(hw.grid, hw.block)}, "
                f"warpsim {shape_text(sim_grid, sim_block)}")
        result.pairs.append((hw, sim))
    matched_hw = {i for i, _ in index_pairs}
    matched_sim = {j for _, j in index_pairs}
    result.hw_only = [k for i, k in enumerate(hw_kernels) if i not in matched_hw]
    result.sim_only = [k for j, k in enumerate(sim_kernels) if j not in matched_sim]
    return result
