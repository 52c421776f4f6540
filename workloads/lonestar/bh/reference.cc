// lonestar/bh's CPU reference. Barnes-Hut's answer depends on the tree and, in float, on the order
// of every sum, so the check follows the GPU step by step, each part from the GPU's own inputs to
// it, and accepts exactly what the algorithm allows:
//
//  1. bounding box: min, max and radius equal the CPU's exactly (min/max are exact);
//  2. tree: from the root, every body and every allocated cell (bottom..nnodes) is reached exactly
//     once, no slot is left locked, every body lies in its octant of every cell above it (the
//     cells' centres recomputed from the root as the kernel computes them: exact float), and no
//     cell is deeper than the force kernel's stack;
//  3. summarization: each cell's body count exactly; its mass and centre of mass within the float
//     error bound (bounded.h) of the octant-order sums the kernel makes;
//  4. sort: the sorted bodies and each cell's start equal the depth-first octant order exactly;
//  5. forces: the CPU replays the force kernel's walk for each warp of 32 sorted bodies, making the
//     warp's decisions (interact with a cell when every lane is far enough) from the GPU's cell
//     values, and sums the same interactions in the same order with float error bounds. A
//     decision is certain when every lane's distance is more than 16 u away from the threshold
//     (the GPU's float d^2 is within 6 u of the exact one); for the rare borderline decisions the
//     replay tries both ways and the warp must match one of them in every lane;
//  6. integration: velocities and positions within the float bound of the leapfrog update from
//     the step's start and the GPU's accelerations; masses unchanged;
//  7. with `direct` (the last step): every body's acceleration is within the Barnes-Hut error
//     bound of the direct O(n^2) sum (below, "Direct sum").

#include "reference.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "workload/bounded.h"
#include "workload/check.h"
#include "workload/workload.h"

namespace warpsim::workload::bh {
namespace {

constexpr double kU = kFloatUnitRoundoff;
// rsqrt.approx.f32 may be 2 ulp off (the PTX ISA's bound, func/ops/float/approx.cc): 2^-22
// relative. (The simulator rounds the exact value once.)
constexpr double kRsqrtError = 0x1p-22;
constexpr int kWarp = 32;
constexpr std::size_t kMaxReplays = 64;

int octant(float x, float y, float z, float cx, float cy, float cz) {
  return (x >= cx ? 1 : 0) | (y >= cy ? 2 : 0) | (z >= cz ? 4 : 0);
}

std::vector<std::int32_t> slice(const std::vector<std::int32_t>& v, std::size_t from) {
  return {v.begin() + static_cast<std::ptrdiff_t>(from), v.end()};
}

// The CPU's view of the GPU's tree.
struct Tree {
  std::vector<std::int32_t> order;  // bodies, depth first in octant order
  std::vector<std::int32_t> cells;  // cells in depth-first preorder
  std::vector<std::int32_t> first;  // per node: a cell's first slot in `order`
  std::vector<std::int32_t> count;  // per node: a cell's bodies
};

void check_box(const Bodies& b, const StepResult& got, int n) {
  std::array<float, 7> want{};
  for (int d = 0; d < 3; ++d) {
    const std::vector<float>& p = d == 0 ? b.x : d == 1 ? b.y : b.z;
    const auto [lo, hi] = std::minmax_element(p.begin(), p.begin() + n);
    want[d] = *lo;
    want[3 + d] = *hi;
  }
  want[6] = 0.5f * std::fmax(std::fmax(want[3] - want[0], want[4] - want[1]), want[5] - want[2]);
  static const char* const kNames[] = {"min x", "min y", "min z", "max x",
                                       "max y", "max z", "radius"};
  for (int k = 0; k < 7; ++k) {
    if (got.box[k] != want[k]) {
      throw CheckFailed(fmt::format("bounding box {} = {:.9g}, the CPU gives {:.9g}", kNames[k],
                                    got.box[k], want[k]));
    }
  }
}

// Walks the GPU's tree depth first from the root (node nnodes), checking its structure.
Tree walk_tree(const Bodies& b, const StepResult& got, int n, int nnodes) {
  const std::int32_t bottom = got.bottom;
  if (bottom < n || bottom > nnodes) {
    throw CheckFailed(
        fmt::format("bottom = {}: cells must lie in [{}, {}] (too few nodes?)", bottom, n, nnodes));
  }
  Tree t;
  const auto nodes = static_cast<std::size_t>(nnodes) + 1;
  t.first.assign(nodes, -1);
  t.count.assign(nodes, 0);
  std::vector<char> seen(nodes, 0);
  struct Frame {
    std::int32_t cell;
    int next;             // next octant to visit
    float cx, cy, cz, r;  // centre and half side, as the kernel computes them
  };
  std::vector<Frame> stack;
  const float radius = got.box[6];
  stack.push_back(Frame{nnodes, 0, 0.5f * (got.box[0] + got.box[3]),
                        0.5f * (got.box[1] + got.box[4]), 0.5f * (got.box[2] + got.box[5]),
                        radius});
  seen[static_cast<std::size_t>(nnodes)] = 1;
  t.cells.push_back(nnodes);
  t.first[static_cast<std::size_t>(nnodes)] = 0;
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == 8) {
      const auto c = static_cast<std::size_t>(f.cell);
      t.count[c] = static_cast<std::int32_t>(t.order.size()) - t.first[c];
      stack.pop_back();
      continue;
    }
    const int o = f.next++;
    const std::int32_t ch = got.child[8 * static_cast<std::size_t>(f.cell) + o];
    auto slot = [&] { return fmt::format("child[8 * {} + {}]", f.cell, o); };
    if (ch == -1) continue;
    if (ch >= 0 && ch < n) {
      const auto i = static_cast<std::size_t>(ch);
      if (seen[i]++ != 0)
        throw CheckFailed(fmt::format("{}: body {} is in the tree twice", slot(), ch));
      // The body must lie in its octant of every cell on the path.
      for (std::size_t k = 0; k < stack.size(); ++k) {
        const Frame& a = stack[k];
        const int want = a.next - 1;
        if (octant(b.x[i], b.y[i], b.z[i], a.cx, a.cy, a.cz) != want) {
          throw CheckFailed(fmt::format(
              "body {} at ({:.9g}, {:.9g}, {:.9g}) is in octant {} of cell {} (centre {:.9g}, "
              "{:.9g}, {:.9g}), where it does not belong",
              ch, b.x[i], b.y[i], b.z[i], want, a.cell, a.cx, a.cy, a.cz));
        }
      }
      t.order.push_back(ch);
      continue;
    }
    if (ch < bottom || ch >= nnodes) {
      throw CheckFailed(fmt::format("{} = {}: neither empty, a body nor a cell in [{}, {})", slot(),
                                    ch, bottom, nnodes));
    }
    const auto c = static_cast<std::size_t>(ch);
    if (seen[c]++ != 0)
      throw CheckFailed(fmt::format("{}: cell {} is in the tree twice", slot(), ch));
    if (stack.size() >= static_cast<std::size_t>(kMaxDepth)) {
      throw CheckFailed(fmt::format("{}: cell {} is deeper than the force kernel's {} levels",
                                    slot(), ch, kMaxDepth));
    }
    const float r = f.r * 0.5f;
    const Frame next{
        ch, 0, f.cx + ((o & 1) ? r : -r), f.cy + ((o & 2) ? r : -r), f.cz + ((o & 4) ? r : -r), r};
    t.cells.push_back(ch);
    t.first[c] = static_cast<std::int32_t>(t.order.size());
    stack.push_back(next);
  }
  for (std::int32_t i = 0; i < n; ++i) {
    if (seen[static_cast<std::size_t>(i)] == 0) {
      throw CheckFailed(fmt::format("body {} is not in the tree", i));
    }
  }
  for (std::int32_t c = bottom; c <= nnodes; ++c) {
    if (seen[static_cast<std::size_t>(c)] == 0) {
      throw CheckFailed(fmt::format("cell {} (bottom {}) is not in the tree", c, bottom));
    }
  }
  return t;
}

// Each cell's mass and centre of mass as the summarization kernel sums them (children in octant
// order, the centre as sum(m x) * (1 / m)), with float error bounds, checked against the GPU's.
void check_summary(const Bodies& b, const StepResult& got, const Tree& t, int n, int nnodes,
                   std::vector<Bounded>& mass, std::array<std::vector<Bounded>, 3>& com) {
  const auto nodes = static_cast<std::size_t>(nnodes) + 1;
  mass.assign(nodes, Bounded{});
  for (auto& v : com) v.assign(nodes, Bounded{});
  for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
    mass[i] = Bounded::exact(b.m[i]);
    com[0][i] = Bounded::exact(b.x[i]);
    com[1][i] = Bounded::exact(b.y[i]);
    com[2][i] = Bounded::exact(b.z[i]);
  }
  for (auto it = t.cells.rbegin(); it != t.cells.rend(); ++it) {
    const auto c = static_cast<std::size_t>(*it);
    Bounded m, px, py, pz;
    for (int o = 0; o < 8; ++o) {
      const std::int32_t ch = got.child[8 * c + o];
      if (ch < 0) continue;
      const auto k = static_cast<std::size_t>(ch);
      m += mass[k];
      px += com[0][k] * mass[k];
      py += com[1][k] * mass[k];
      pz += com[2][k] * mass[k];
    }
    const Bounded inv = Bounded::exact(1.0f) / m;
    mass[c] = m;
    com[0][c] = px * inv;
    com[1][c] = py * inv;
    com[2][c] = pz * inv;
  }
  const auto from = static_cast<std::size_t>(got.bottom);
  const std::string cells = fmt::format(" (cells from node {})", got.bottom);
  auto tail = [&](const std::vector<float>& v) {
    return std::span<const float>(v).subspan(from, nodes - from);
  };
  auto want_tail = [&](const std::vector<Bounded>& v) {
    return std::span<const Bounded>(v).subspan(from, nodes - from);
  };
  check_equal("count" + cells, slice(got.count, from), slice(t.count, from));
  check_close("mass" + cells, tail(got.mass), want_tail(mass));
  check_close("centre of mass x" + cells, tail(got.x), want_tail(com[0]));
  check_close("centre of mass y" + cells, tail(got.y), want_tail(com[1]));
  check_close("centre of mass z" + cells, tail(got.z), want_tail(com[2]));
  // The bodies' masses are inputs: unchanged.
  for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
    if (got.mass[i] != b.m[i]) {
      throw CheckFailed(
          fmt::format("mass[{}] = {:.9g} changed (was {:.9g})", i, got.mass[i], b.m[i]));
    }
  }
}

// A cell's exact (double) mass, centre of mass, sum of m |x - com|^2 and largest |x - com| over
// its bodies, for the Barnes-Hut error bound.
struct Exact {
  double m = 0, x = 0, y = 0, z = 0, q = 0, rho = 0;
};

std::vector<Exact> exact_cells(const Bodies& b, const Tree& t, int nnodes) {
  std::vector<Exact> e(static_cast<std::size_t>(nnodes) + 1);
  for (std::int32_t cell : t.cells) {
    const auto c = static_cast<std::size_t>(cell);
    const auto lo = static_cast<std::size_t>(t.first[c]);
    const std::size_t hi = lo + static_cast<std::size_t>(t.count[c]);
    Exact& x = e[c];
    for (std::size_t s = lo; s < hi; ++s) {
      const auto i = static_cast<std::size_t>(t.order[s]);
      x.m += b.m[i];
      x.x += static_cast<double>(b.m[i]) * b.x[i];
      x.y += static_cast<double>(b.m[i]) * b.y[i];
      x.z += static_cast<double>(b.m[i]) * b.z[i];
    }
    x.x /= x.m;
    x.y /= x.m;
    x.z /= x.m;
    for (std::size_t s = lo; s < hi; ++s) {
      const auto i = static_cast<std::size_t>(t.order[s]);
      const double dx = b.x[i] - x.x, dy = b.y[i] - x.y, dz = b.z[i] - x.z;
      const double d2 = dx * dx + dy * dy + dz * dz;
      x.q += b.m[i] * d2;
      x.rho = std::max(x.rho, std::sqrt(d2));
    }
  }
  return e;
}

// One lane's sums in a replay: the interactions' float result with its bound, and (for the direct
// check) the same interactions with exact cell values plus the Barnes-Hut bound of the cells used.
struct LaneSum {
  std::array<Bounded, 3> a;
  std::array<double, 3> exact{};
  double bound = 0;
  bool too_close = false;
};

struct ForceInputs {
  const Bodies& b;
  const StepResult& got;
  int n;
  int nnodes;
  std::array<float, kMaxDepth> dq;
  const std::vector<Exact>* exact;  // null: no direct check
};

// The force kernel's walk for the warp of sorted slots base..base+31. The first prefix.size()
// borderline decisions are taken from `prefix` (true: open the cell), later ones as "interact";
// every borderline decision is appended to `taken`.
std::array<LaneSum, kWarp> replay(const ForceInputs& in, int base, const std::vector<bool>& prefix,
                                  std::vector<bool>& taken) {
  const StepResult& g = in.got;
  std::array<float, kWarp> x{}, y{}, z{};
  for (int l = 0; l < kWarp; ++l) {
    const int idx = std::min(base + l, in.n - 1);
    const auto body = static_cast<std::size_t>(g.sorted[static_cast<std::size_t>(idx)]);
    x[l] = in.b.x[body];
    y[l] = in.b.y[body];
    z[l] = in.b.z[body];
  }
  std::array<LaneSum, kWarp> sums{};
  std::array<std::int32_t, kMaxDepth> stack_node{}, stack_pos{};
  int depth = 0;
  std::int32_t node = in.nnodes;
  std::int32_t pos = 0;
  std::size_t decision = 0;
  const Bounded eps = Bounded::exact(kEpsSq);
  while (depth >= 0) {
    if (pos == 8) {
      if (--depth >= 0) {
        node = stack_node[static_cast<std::size_t>(depth)];
        pos = stack_pos[static_cast<std::size_t>(depth)];
      }
      continue;
    }
    const std::int32_t ch =
        g.child[8 * static_cast<std::size_t>(node) + static_cast<std::size_t>(pos)];
    ++pos;
    if (ch < 0) continue;
    const auto k = static_cast<std::size_t>(ch);
    // What the kernel reads: a body's position at the step's start, a cell's centre of mass.
    const bool body = ch < in.n;
    const float px = body ? in.b.x[k] : g.x[k];
    const float py = body ? in.b.y[k] : g.y[k];
    const float pz = body ? in.b.z[k] : g.z[k];
    bool use = true;
    if (ch >= in.n) {
      const double q = in.dq[static_cast<std::size_t>(depth)];
      const double margin = 16 * kU * q;
      bool reject = false, unsure = false;
      for (int l = 0; l < kWarp; ++l) {
        const double dx = static_cast<double>(px) - x[l];
        const double dy = static_cast<double>(py) - y[l];
        const double dz = static_cast<double>(pz) - z[l];
        const double d2 = dx * dx + dy * dy + dz * dz;
        if (d2 < q - margin)
          reject = true;
        else if (d2 < q + margin)
          unsure = true;
      }
      if (reject) {
        use = false;
      } else if (unsure) {
        const bool open = decision < prefix.size() ? prefix[decision] : false;
        taken.push_back(open);
        ++decision;
        use = !open;
      }
    }
    if (!use) {
      stack_node[static_cast<std::size_t>(depth)] = node;
      stack_pos[static_cast<std::size_t>(depth)] = pos;
      ++depth;
      node = ch;
      pos = 0;
      continue;
    }
    const Bounded m = Bounded::exact(g.mass[k]);
    for (int l = 0; l < kWarp; ++l) {
      LaneSum& s = sums[static_cast<std::size_t>(l)];
      const Bounded dx = Bounded::exact(px) - Bounded::exact(x[l]);
      const Bounded dy = Bounded::exact(py) - Bounded::exact(y[l]);
      const Bounded dz = Bounded::exact(pz) - Bounded::exact(z[l]);
      Bounded rinv = Bounded::exact(1.0f) / sqrt(dx * dx + dy * dy + dz * dz + eps);
      rinv.error += kRsqrtError * std::fabs(rinv.value);
      const Bounded f = m * rinv * rinv * rinv;
      s.a[0] += dx * f;
      s.a[1] += dy * f;
      s.a[2] += dz * f;
      if (in.exact == nullptr) continue;
      // The same interaction with the cell's exact values, and its Barnes-Hut error bound.
      double cm = g.mass[k], cx = px, cy = py, cz = pz;
      if (!body) {
        const Exact& e = (*in.exact)[k];
        cm = e.m;
        cx = e.x;
        cy = e.y;
        cz = e.z;
      }
      const double ex = cx - x[l], ey = cy - y[l], ez = cz - z[l];
      const double d2 = ex * ex + ey * ey + ez * ez;
      const double r2 = d2 + kEpsSq;
      const double fe = cm / (r2 * std::sqrt(r2));
      s.exact[0] += ex * fe;
      s.exact[1] += ey * fe;
      s.exact[2] += ez * fe;
      if (!body) {
        const Exact& e = (*in.exact)[k];
        const double d = std::sqrt(d2);
        if (d <= e.rho) {
          s.too_close = true;
        } else {
          const double gap = (d - e.rho) * (d - e.rho) + kEpsSq;
          s.bound += 3 * e.q / (gap * gap);
        }
      }
    }
  }
  return sums;
}

bool within(float got, const Bounded& want) {
  return !std::isnan(got) &&
         std::fabs(static_cast<double>(got) - want.value) <= 2 * want.error + 1e-30;
}

// Direct sum: a_i = sum_j m_j (x_j - x_i) / (|x_j - x_i|^2 + eps^2)^(3/2) in double, and
// S_i = sum_j m_j / (|x_j - x_i|^2 + eps^2), the scale of its rounding error.
void direct_sum(const Bodies& b, int n, std::vector<std::array<double, 3>>& a,
                std::vector<double>& s) {
  a.assign(static_cast<std::size_t>(n), {0, 0, 0});
  s.assign(static_cast<std::size_t>(n), 0);
  for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
    double ax = 0, ay = 0, az = 0, sum = 0;
    const double xi = b.x[i], yi = b.y[i], zi = b.z[i];
    for (std::size_t j = 0; j < static_cast<std::size_t>(n); ++j) {
      const double dx = b.x[j] - xi, dy = b.y[j] - yi, dz = b.z[j] - zi;
      const double r2 = dx * dx + dy * dy + dz * dz + kEpsSq;
      const double inv = 1 / r2;
      const double f = b.m[j] * inv * std::sqrt(inv);
      ax += dx * f;
      ay += dy * f;
      az += dz * f;
      sum += b.m[j] * inv;
    }
    a[i] = {ax, ay, az};
    s[i] = sum;
  }
}

const char* const kAxis[] = {"x", "y", "z"};

// Direct sum: the replay's interactions with exact cell values differ from the direct sum by at
// most the Barnes-Hut bound B = sum over the cells used of 3 Q / ((d - rho)^2 + eps^2)^2, with Q
// = sum m |x - com|^2 over the cell's bodies, rho their largest distance from the centre of mass
// com and d the body's distance from it. (Taylor's theorem to second order about com: the first
// order term vanishes there; the third derivatives of the softened potential
// -1/sqrt(r^2 + eps^2) are at most 6 / (r^2 + eps^2)^2 in any direction, as for 1/|R| in four
// dimensions with R = (r, eps), Legendre polynomials being at most 1; and every point between a
// body and com lies at least d - rho from the body. Theta = 0.5 keeps d >= 2 side > rho.) The GPU
// differs from the replay with the GPU's cell values by at most twice its float bound, and
// those values differ from the exact ones as the replay shows. So |a_gpu - a_direct| <= B +
// |replay(GPU cells) - replay(exact cells)| + 2 |float bound| + 1e-9 S (the direct sum's own
// rounding, far below). This bound is loose (the true error is mostly far smaller), but it is a
// bound: a tree, mass or opening-test error that both the kernel and the replay share fails it.
void check_direct(const ForceInputs& in, int base, const std::array<LaneSum, kWarp>& sums,
                  const std::vector<std::array<double, 3>>& direct,
                  const std::vector<double>& scale) {
  for (int l = 0; l < kWarp && base + l < in.n; ++l) {
    const LaneSum& s = sums[static_cast<std::size_t>(l)];
    const auto body = static_cast<std::size_t>(in.got.sorted[static_cast<std::size_t>(base + l)]);
    const std::array<float, 3> got = {in.got.ax[body], in.got.ay[body], in.got.az[body]};
    double err2 = 0, replay2 = 0, float2 = 0;
    for (int d = 0; d < 3; ++d) {
      const double e = got[d] - direct[body][static_cast<std::size_t>(d)];
      const double r = s.a[d].value - s.exact[d];
      err2 += e * e;
      replay2 += r * r;
      float2 += 4 * s.a[d].error * s.a[d].error;
    }
    const double tol = s.bound + std::sqrt(replay2) + std::sqrt(float2) + 1e-9 * scale[body];
    if (s.too_close || !(std::sqrt(err2) <= tol)) {
      throw CheckFailed(fmt::format(
          "acceleration of body {} = ({:.9g}, {:.9g}, {:.9g}); the direct sum gives ({:.9g}, "
          "{:.9g}, {:.9g}): off by {:.3g}, more than the Barnes-Hut bound {:.3g}{}",
          body, got[0], got[1], got[2], direct[body][0], direct[body][1], direct[body][2],
          std::sqrt(err2), tol,
          s.too_close ? " (a cell was used from inside its bodies' sphere)" : ""));
    }
  }
}

void check_forces(const Bodies& b, const StepResult& got, const Tree& t, int n, int nnodes,
                  bool direct) {
  ForceInputs in{b, got, n, nnodes, {}, nullptr};
  in.dq[0] = got.box[6] * got.box[6] * kItolSq;
  for (int l = 1; l < kMaxDepth; ++l)
    in.dq[static_cast<std::size_t>(l)] = 0.25f * in.dq[static_cast<std::size_t>(l - 1)];
  std::vector<Exact> exact;
  std::vector<std::array<double, 3>> direct_a;
  std::vector<double> scale;
  if (direct) {
    exact = exact_cells(b, t, nnodes);
    in.exact = &exact;
    direct_sum(b, n, direct_a, scale);
  }
  for (int base = 0; base < n; base += kWarp) {
    // Every combination of the borderline decisions, the plain one first.
    std::vector<std::vector<bool>> pending = {{}};
    std::size_t replays = 0;
    std::array<LaneSum, kWarp> first{};
    bool matched = false;
    while (!pending.empty() && !matched) {
      const std::vector<bool> prefix = pending.back();
      pending.pop_back();
      if (++replays > kMaxReplays) {
        throw CheckFailed(fmt::format(
            "forces: the warp of sorted bodies {}..{} has too many borderline opening decisions "
            "for the reference to replay",
            base, base + kWarp - 1));
      }
      std::vector<bool> taken;
      const std::array<LaneSum, kWarp> sums = replay(in, base, prefix, taken);
      if (replays == 1) first = sums;
      matched = true;
      for (int l = 0; l < kWarp && base + l < n && matched; ++l) {
        const auto body = static_cast<std::size_t>(got.sorted[static_cast<std::size_t>(base + l)]);
        const LaneSum& s = sums[static_cast<std::size_t>(l)];
        matched = within(got.ax[body], s.a[0]) && within(got.ay[body], s.a[1]) &&
                  within(got.az[body], s.a[2]);
      }
      if (matched) {
        if (direct) check_direct(in, base, sums, direct_a, scale);
        break;
      }
      for (std::size_t p = prefix.size(); p < taken.size(); ++p) {
        std::vector<bool> next(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(p));
        next.push_back(true);
        pending.push_back(std::move(next));
      }
    }
    if (matched) continue;
    for (int l = 0; l < kWarp && base + l < n; ++l) {
      const auto body = static_cast<std::size_t>(got.sorted[static_cast<std::size_t>(base + l)]);
      const std::array<float, 3> a = {got.ax[body], got.ay[body], got.az[body]};
      for (int d = 0; d < 3; ++d) {
        const Bounded& w = first[static_cast<std::size_t>(l)].a[static_cast<std::size_t>(d)];
        if (within(a[static_cast<std::size_t>(d)], w)) continue;
        throw CheckFailed(fmt::format(
            "acceleration {} of body {} (sorted slot {}) = {:.9g}, the CPU's Barnes-Hut replay "
            "gives {:.9g} (allowed difference {:.3g}; {} replays of borderline decisions)",
            kAxis[d], body, base + l, a[static_cast<std::size_t>(d)], w.value, 2 * w.error,
            replays));
      }
    }
    throw CheckFailed(fmt::format(
        "forces: no replay of the borderline decisions of the warp of sorted bodies {}..{} "
        "matches all its lanes",
        base, base + kWarp - 1));
  }
}

// Leapfrog: the force kernel's correction (from step 1), then the integration kernel.
void check_integration(const Bodies& b, const StepResult& got, int n, int step) {
  const auto un = static_cast<std::size_t>(n);
  const std::vector<float>* pos[] = {&b.x, &b.y, &b.z};
  const std::vector<float>* vel[] = {&b.vx, &b.vy, &b.vz};
  const std::vector<float>* old_acc[] = {&b.ax, &b.ay, &b.az};
  const std::vector<float>* new_acc[] = {&got.ax, &got.ay, &got.az};
  const std::vector<float>* got_pos[] = {&got.x, &got.y, &got.z};
  const std::vector<float>* got_vel[] = {&got.vx, &got.vy, &got.vz};
  const Bounded dthf = Bounded::exact(kDtHalf);
  const Bounded dt = Bounded::exact(kDt);
  for (int d = 0; d < 3; ++d) {
    std::vector<Bounded> want_x(un), want_v(un);
    for (std::size_t i = 0; i < un; ++i) {
      const Bounded a = Bounded::exact((*new_acc[d])[i]);
      Bounded v = Bounded::exact((*vel[d])[i]);
      if (step > 0) v = v + (a - Bounded::exact((*old_acc[d])[i])) * dthf;
      v = v + a * dthf;
      want_x[i] = Bounded::exact((*pos[d])[i]) + v * dt;
      want_v[i] = v + a * dthf;
    }
    check_close(fmt::format("position {}", kAxis[d]),
                std::span<const float>(*got_pos[d]).subspan(0, un), want_x);
    check_close(fmt::format("velocity {}", kAxis[d]), *got_vel[d], want_v);
  }
}

}  // namespace

void check_step(const Bodies& before, const StepResult& got, int n, int nnodes, int step,
                bool direct) {
  check_box(before, got, n);
  const Tree tree = walk_tree(before, got, n, nnodes);
  std::vector<Bounded> mass;
  std::array<std::vector<Bounded>, 3> com;
  check_summary(before, got, tree, n, nnodes, mass, com);
  check_equal("sorted", got.sorted, tree.order);
  const auto from = static_cast<std::size_t>(got.bottom);
  check_equal(fmt::format("start (cells from node {})", got.bottom), slice(got.start, from),
              slice(tree.first, from));
  check_forces(before, got, tree, n, nnodes, direct);
  check_integration(before, got, n, step);
}

}  // namespace warpsim::workload::bh
