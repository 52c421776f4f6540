// lonestar/bh: Barnes-Hut n-body simulation, after LonestarGPU's BH (Burtscher and Pingali, GPU
// Computing Gems Emerald Edition, 2011; bh.cu). Per time step six kernels: bounding box, tree
// building, summarization, sort, force calculation, integration. Launch shapes as the Fermi
// settings of the authors' code: threads per block 512, 512, 128, 64, 256, 512 and blocks per SM
// 3, 3, 6, 6, 5, 1; grid = blocks per SM x SMs of the simulated GPU, fewer where an SM holds
// fewer or where the extra blocks would find no body (cell) and leave at once.
// The kernels are persistent and the summarization and sort kernels wait for other blocks'
// results, so every block must be resident at once, as on the hardware they were written for; in
// functional mode the driver therefore lets the functional runner interleave all of them.
// Parameters: theta 0.5, softening 0.05, dt 0.025 (reference.h); nodes = 2 x bodies.
// Sizes (ours; docs/workloads-bh.md): paper = 65536 bodies, 2 steps, about 5 MB of node data.
// Input: a Plummer model (Aarseth, Henon and Wielen 1974) in standard units (G = M = 1,
// E = -1/4), equal masses, from a fixed-seed LCG; sampled with arithmetic and square roots only.
// Check: reference.cc, after every step.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "reference.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

using bh::Bodies;
using bh::StepResult;

struct Dims {
  std::int32_t bodies;
  std::int32_t steps;
};
constexpr Dims kDims[] = {{512, 2}, {8192, 1}, {65536, 2}};  // tiny, small, paper

struct Shape {
  std::uint32_t threads;
  std::uint32_t per_sm;
};
constexpr Shape kBox{512, 3}, kTree{512, 3}, kSummary{128, 6}, kSort{64, 6}, kForce{256, 5},
    kIntegrate{512, 1};

class Bh final : public Workload {
 public:
  std::string_view name() const override { return "lonestar/bh"; }
  std::string_view description() const override {
    return "LonestarGPU Barnes-Hut n-body: octree built with atomicCAS locks, bottom-up "
           "summarization, tree-order sort, warp-cooperative force walk (irregular)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} bodies (Plummer model), {} time step{}, theta 0.5", d.bodies, d.steps,
                       d.steps == 1 ? "" : "s");
  }
  void run(Host& host, Size size) const override;
};

// Uniform in (0, 1).
double uniform(Lcg& lcg) { return (lcg.next() + 0.5) * 0x1p-31; }

// A random unit vector times `length` (rejection from the cube, so only a square root).
void direction(Lcg& lcg, double length, double& x, double& y, double& z) {
  double r2 = 0;
  do {
    x = 2 * uniform(lcg) - 1;
    y = 2 * uniform(lcg) - 1;
    z = 2 * uniform(lcg) - 1;
    r2 = x * x + y * y + z * z;
  } while (r2 > 1 || r2 < 1e-6);
  const double s = length / std::sqrt(r2);
  x *= s;
  y *= s;
  z *= s;
}

// Plummer model: radius r = 1 / sqrt(X^(-2/3) - 1) for X uniform, i.e. r = t / sqrt(1 - t^2)
// with t = X^(1/3), drawn as the largest of three uniforms (radii above 8 are drawn again);
// speed q v_esc with v_esc = sqrt(2) (1 + r^2)^(-1/4) and q from q^2 (1 - q^2)^(7/2) by
// rejection; both directions isotropic. Plummer units scaled to standard units: lengths by
// 3 pi / 16, velocities by its inverse square root.
Bodies plummer(std::int32_t n) {
  constexpr double kPi = 3.14159265358979323846;
  const double length = 3 * kPi / 16;
  const double speed = 1 / std::sqrt(length);
  Lcg lcg(0xB0D1E5ull);
  Bodies b;
  const auto un = static_cast<std::size_t>(n);
  for (auto* v : {&b.x, &b.y, &b.z, &b.vx, &b.vy, &b.vz, &b.ax, &b.ay, &b.az, &b.m}) {
    v->assign(un, 0.0f);
  }
  for (std::size_t i = 0; i < un; ++i) {
    double r = 0;
    do {
      const double t = std::max({uniform(lcg), uniform(lcg), uniform(lcg)});
      r = t / std::sqrt(1 - t * t);
    } while (r > 8);
    double q = 0;
    for (;;) {
      q = uniform(lcg);
      const double g = 0.1 * uniform(lcg);
      const double s = 1 - q * q;
      if (g < q * q * s * s * s * std::sqrt(s)) break;
    }
    const double v = q * std::sqrt(2.0) / std::sqrt(std::sqrt(1 + r * r));
    double x, y, z;
    direction(lcg, r * length, x, y, z);
    b.x[i] = static_cast<float>(x);
    b.y[i] = static_cast<float>(y);
    b.z[i] = static_cast<float>(z);
    direction(lcg, v * speed, x, y, z);
    b.vx[i] = static_cast<float>(x);
    b.vy[i] = static_cast<float>(y);
    b.vz[i] = static_cast<float>(z);
    b.m[i] = 1.0f / static_cast<float>(n);
  }
  return b;
}

void Bh::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::int32_t n = d.bodies;
  const std::int32_t nnodes = 2 * n;
  const auto un = static_cast<std::size_t>(n);
  const auto nodes = static_cast<std::size_t>(nnodes) + 1;
  Bodies before = plummer(n);

  const GpuDescription& gpu = host.gpu();
  // Blocks per SM x SMs, but no more blocks than give each of `items` (bodies, or cells: at most
  // n + 1) a thread: the others would only start and leave.
  auto grid = [&](Shape s, std::int32_t items) {
    const std::uint32_t per_sm =
        std::min({s.per_sm, gpu.max_ctas_per_sm, gpu.max_threads_per_sm / s.threads});
    return func::Dim3{std::min(std::max(per_sm, 1u) * gpu.sm_count,
                               blocks_for(static_cast<std::uint64_t>(items), s.threads))};
  };
  const func::Dim3 box_grid = grid(kBox, n), tree_grid = grid(kTree, n),
                   sum_grid = grid(kSummary, n + 1), sort_grid = grid(kSort, n + 1),
                   force_grid = grid(kForce, n), int_grid = grid(kIntegrate, n);
  std::uint32_t most = 0;
  for (const func::Dim3& g : {box_grid, tree_grid, sum_grid, sort_grid, force_grid, int_grid}) {
    most = std::max(most, g.x);
  }
  host.device().set_resident_ctas(most);

  host.load_workload_ptx(name());
  auto node_array = [&](const std::vector<float>& bodies) {
    std::vector<float> v(nodes, 0.0f);
    std::copy(bodies.begin(), bodies.end(), v.begin());
    return host.alloc_copy(v);
  };
  const Addr posx = node_array(before.x), posy = node_array(before.y), posz = node_array(before.z),
             mass = node_array(before.m);
  const Addr velx = host.alloc_copy(before.vx), vely = host.alloc_copy(before.vy),
             velz = host.alloc_copy(before.vz);
  const Addr accx = host.alloc_copy(before.ax), accy = host.alloc_copy(before.ay),
             accz = host.alloc_copy(before.az);
  const Addr child = host.alloc_copy(std::vector<std::int32_t>(8 * nodes, -1));
  const Addr count = host.alloc_copy(std::vector<std::int32_t>(nodes, 0));
  const Addr start = host.alloc_copy(std::vector<std::int32_t>(nodes, -1));
  const Addr sorted = host.alloc_copy(std::vector<std::int32_t>(un, 0));
  const Addr partial =
      host.alloc_copy(std::vector<float>(6 * static_cast<std::size_t>(box_grid.x)));
  const Addr box = host.alloc_copy(std::vector<float>(8, 0.0f));
  const Addr ctl = host.alloc_copy(std::vector<std::int32_t>{0, nnodes, 0, 0});

  for (std::int32_t step = 0; step < d.steps; ++step) {
    host.launch("bh_bounding_box", box_grid, {kBox.threads}, 0, posx, posy, posz, mass, child,
                start, partial, box, ctl, n, nnodes);
    host.launch("bh_build_tree", tree_grid, {kTree.threads}, 0, posx, posy, posz, mass, child,
                start, box, ctl, n, nnodes);
    host.launch("bh_summarize", sum_grid, {kSummary.threads}, 0, posx, posy, posz, mass, child,
                count, ctl, n, nnodes);
    host.launch("bh_sort", sort_grid, {kSort.threads}, 0, child, count, start, sorted, ctl, n,
                nnodes);
    host.launch("bh_force", force_grid, {kForce.threads}, 0, posx, posy, posz, mass, child, sorted,
                velx, vely, velz, accx, accy, accz, box, n, nnodes, step, bh::kDtHalf, bh::kEpsSq,
                bh::kItolSq);
    host.launch("bh_integrate", int_grid, {kIntegrate.threads}, 0, posx, posy, posz, velx, vely,
                velz, accx, accy, accz, n, bh::kDt, bh::kDtHalf);

    StepResult got;
    got.x = host.read<float>(posx, nodes);
    got.y = host.read<float>(posy, nodes);
    got.z = host.read<float>(posz, nodes);
    got.mass = host.read<float>(mass, nodes);
    got.vx = host.read<float>(velx, un);
    got.vy = host.read<float>(vely, un);
    got.vz = host.read<float>(velz, un);
    got.ax = host.read<float>(accx, un);
    got.ay = host.read<float>(accy, un);
    got.az = host.read<float>(accz, un);
    got.child = host.read<std::int32_t>(child, 8 * nodes);
    got.count = host.read<std::int32_t>(count, nodes);
    got.start = host.read<std::int32_t>(start, nodes);
    got.sorted = host.read<std::int32_t>(sorted, un);
    got.box = host.read<float>(box, 7);
    got.bottom = host.read<std::int32_t>(ctl, 2)[1];
    bh::check_step(before, got, n, nnodes, step, step == d.steps - 1);

    // The next step starts from what this one computed (checked).
    std::copy_n(got.x.begin(), un, before.x.begin());
    std::copy_n(got.y.begin(), un, before.y.begin());
    std::copy_n(got.z.begin(), un, before.z.begin());
    before.vx = got.vx;
    before.vy = got.vy;
    before.vz = got.vz;
    before.ax = got.ax;
    before.ay = got.ay;
    before.az = got.az;
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Bh);

}  // namespace warpsim::workload
