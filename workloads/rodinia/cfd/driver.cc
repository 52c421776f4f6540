// rodinia/cfd: Rodinia 3.x's CFD solver (euler3d, CUDA): the 3-D Euler equations on an
// unstructured tetrahedral mesh, one thread per element in 192-thread blocks over nelr elements
// (nel padded to a multiple of 192 with copies of the last element, as Rodinia pads). Each
// iteration: the host saves the variables as old_variables, cfd_compute_step_factor, then RK = 3
// stages of cfd_compute_flux and cfd_time_step(j) (j = 0, 1, 2).
// Mesh (ours; Rodinia reads fvcorr.domn.097K, 97,046 elements): a box of nx x ny x nz cubes of
// edge 1/64, each cut into 6 tetrahedra around its main diagonal (Kuhn's subdivision, conforming
// across cubes), numbered cube by cube (x fastest), 6 per cube, then shuffled within each run of
// 768 consecutive numbers (4 blocks' worth): a generated mesh is numbered locally but not
// regularly, and a fully regular numbering is barely cache-sensitive (docs/workloads-md.md).
// Face neighbours come from matching the faces' vertex triples; boundary faces on the z = 0 and
// z = top planes are walls (-1), the others far field (-2). Normals are area-scaled and point
// into the element; `areas` holds each element's volume (Rodinia's file supplies both).
// Sizes: paper = 25 x 25 x 26 cubes (97,500 elements, the size of fvcorr.domn.097K), 10
// iterations (Rodinia runs 2000; seed 001 simulates long runs only until IPC settles); small =
// 20^3 cubes (48,000), 2 iterations; tiny = 6^3 (1,296), 1 iteration.
// Inputs: Rodinia's far-field state (Mach 1.2, angle of attack 0, density 1.4, pressure 1) with
// every element's density, momentum and energy perturbed by up to +-5 % (a fixed-seed LCG), so
// that the fluxes do not cancel (Rodinia starts from the uniform far-field state).
// Check: every launch's outputs against running error bounds (bounded.h) computed from its own
// inputs as read back from the device (the variables, step factors and fluxes it was given).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t nx, ny, nz;  // cubes
  std::int32_t iterations;
};
constexpr Dims kDims[] = {{6, 6, 6, 1}, {20, 20, 20, 2}, {25, 25, 26, 10}};
constexpr std::uint32_t kBlock = 192;
constexpr int kVars = 5;
constexpr int kFaces = 4;
constexpr int kRk = 3;
constexpr double kEdge = 1.0 / 64;
constexpr std::size_t kWindow = 4 * kBlock;  // elements renumbered together
constexpr float kGamma = 1.4f;
constexpr float kSmoothing = 0.2f;

class Cfd final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/cfd"; }
  std::string_view description() const override {
    return "Rodinia CFD (euler3d): finite-volume Euler solver on an unstructured tetrahedral mesh, "
           "neighbour variables through an indirection array (irregular, cache-sensitive)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format(
        "{} elements ({} x {} x {} cubes x 6 tetrahedra), {} iteration(s) of {} "
        "RK stages",
        6 * d.nx * d.ny * d.nz, d.nx, d.ny, d.nz, d.iterations, kRk);
  }
  void run(Host& host, Size size) const override;
};

struct Mesh {
  std::size_t nel = 0, nelr = 0;
  std::vector<std::int32_t> neighbours;  // [face][nelr]
  std::vector<float> normals;            // [face][3][nelr]
  std::vector<float> areas;              // [nelr]
};

Mesh make_mesh(const Dims& d) {
  using V3 = std::array<double, 3>;
  const std::int64_t vx = d.nx + 1, vy = d.ny + 1, vz = d.nz + 1;
  const auto vertex_id = [&](std::int64_t x, std::int64_t y, std::int64_t z) {
    return (z * vy + y) * vx + x;
  };
  const auto position = [&](std::int64_t id) {
    return V3{static_cast<double>(id % vx) * kEdge, static_cast<double>((id / vx) % vy) * kEdge,
              static_cast<double>(id / (vx * vy)) * kEdge};
  };
  constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::vector<std::array<std::int64_t, 4>> tets;
  for (std::int64_t z = 0; z < d.nz; ++z) {
    for (std::int64_t y = 0; y < d.ny; ++y) {
      for (std::int64_t x = 0; x < d.nx; ++x) {
        for (const auto& perm : kPerms) {
          std::int64_t c[3] = {x, y, z};
          std::array<std::int64_t, 4> t;
          t[0] = vertex_id(c[0], c[1], c[2]);
          for (int s = 0; s < 3; ++s) {
            ++c[perm[s]];
            t[static_cast<std::size_t>(s + 1)] = vertex_id(c[0], c[1], c[2]);
          }
          tets.push_back(t);
        }
      }
    }
  }
  // Renumber: a random permutation (fixed-seed LCG, Fisher-Yates) within each run of kWindow
  // consecutive elements, so that neighbours are near in number but not in order.
  Lcg lcg(0xCFD00002ull);
  for (std::size_t lo = 0; lo < tets.size(); lo += kWindow) {
    const std::size_t n = std::min(kWindow, tets.size() - lo);
    for (std::size_t k = n; k > 1; --k)
      std::swap(tets[lo + k - 1], tets[lo + lcg.below(static_cast<std::uint32_t>(k))]);
  }
  Mesh m;
  m.nel = tets.size();
  m.nelr = blocks_for(m.nel, kBlock) * static_cast<std::size_t>(kBlock);
  m.neighbours.assign(kFaces * m.nelr, 0);
  m.normals.assign(kFaces * 3 * m.nelr, 0.0f);
  m.areas.assign(m.nelr, static_cast<float>(kEdge * kEdge * kEdge / 6.0));
  const std::int64_t nv = vx * vy * vz;
  std::unordered_map<std::int64_t, std::int64_t> open;  // face key -> element * 4 + face
  const double top = d.nz * kEdge;
  for (std::size_t e = 0; e < tets.size(); ++e) {
    for (int f = 0; f < kFaces; ++f) {
      std::array<std::int64_t, 3> v;
      int n = 0;
      for (int k = 0; k < 4; ++k) {
        if (k != f) v[static_cast<std::size_t>(n++)] = tets[e][static_cast<std::size_t>(k)];
      }
      const V3 a = position(v[0]), b = position(v[1]), c = position(v[2]);
      const V3 opp = position(tets[e][static_cast<std::size_t>(f)]);
      const V3 ab{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, ac{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
      V3 normal{0.5 * (ab[1] * ac[2] - ab[2] * ac[1]), 0.5 * (ab[2] * ac[0] - ab[0] * ac[2]),
                0.5 * (ab[0] * ac[1] - ab[1] * ac[0])};
      const double inward =
          normal[0] * (opp[0] - a[0]) + normal[1] * (opp[1] - a[1]) + normal[2] * (opp[2] - a[2]);
      for (int k = 0; k < 3; ++k) {
        if (inward < 0) normal[static_cast<std::size_t>(k)] = -normal[static_cast<std::size_t>(k)];
        m.normals[(static_cast<std::size_t>(f) * 3 + static_cast<std::size_t>(k)) * m.nelr + e] =
            static_cast<float>(normal[static_cast<std::size_t>(k)]);
      }
      std::sort(v.begin(), v.end());
      const std::int64_t key = (v[0] * nv + v[1]) * nv + v[2];
      const auto slot = static_cast<std::size_t>(f) * m.nelr + e;
      const auto found = open.find(key);
      if (found == open.end()) {
        open.emplace(key, static_cast<std::int64_t>(e) * kFaces + f);
        // Boundary unless matched later: a wall on the bottom and top planes, else far field.
        const bool wall =
            (a[2] == 0 && b[2] == 0 && c[2] == 0) || (a[2] == top && b[2] == top && c[2] == top);
        m.neighbours[slot] = wall ? -1 : -2;
      } else {
        const auto other = static_cast<std::size_t>(found->second / kFaces);
        const auto other_face = static_cast<std::size_t>(found->second % kFaces);
        m.neighbours[slot] = static_cast<std::int32_t>(other);
        m.neighbours[other_face * m.nelr + other] = static_cast<std::int32_t>(e);
        open.erase(found);
      }
    }
  }
  // Padding: copies of the last element.
  for (std::size_t e = m.nel; e < m.nelr; ++e) {
    for (int f = 0; f < kFaces; ++f) {
      const auto fs = static_cast<std::size_t>(f);
      m.neighbours[fs * m.nelr + e] = m.neighbours[fs * m.nelr + m.nel - 1];
      for (std::size_t k = 0; k < 3; ++k)
        m.normals[(fs * 3 + k) * m.nelr + e] = m.normals[(fs * 3 + k) * m.nelr + m.nel - 1];
    }
  }
  return m;
}

// The far-field state and its flux rows (Rodinia computes them on the host in float).
struct FarField {
  float m[3];
  float de;
  float fmx[3], fmy[3], fmz[3], fde[3];
};

FarField make_far_field() {
  const float mach = 1.2f;
  const float density = 1.4f;
  const float pressure = 1.0f;
  const float c = std::sqrt(kGamma * pressure / density);
  const float v[3] = {mach * c, 0.0f, 0.0f};  // angle of attack 0
  FarField ff;
  for (int k = 0; k < 3; ++k) ff.m[k] = density * v[k];
  const float speed_sqd = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  ff.de = density * (0.5f * speed_sqd) + pressure / (kGamma - 1.0f);
  for (int k = 0; k < 3; ++k) {
    ff.fmx[k] = v[k] * ff.m[0] + (k == 0 ? pressure : 0.0f);
    ff.fmy[k] = v[k] * ff.m[1] + (k == 1 ? pressure : 0.0f);
    ff.fmz[k] = v[k] * ff.m[2] + (k == 2 ? pressure : 0.0f);
    ff.fde[k] = v[k] * (ff.de + pressure);
  }
  return ff;
}

// ---- CPU reference: the kernels' expressions on bounded values ----

Bounded ex(float v) { return Bounded::exact(v); }

struct State {
  Bounded density, m[3], de, v[3], speed_sqd, pressure, c;
};

State state_of(const std::vector<float>& vars, std::size_t nelr, std::size_t i) {
  State s;
  s.density = ex(vars[i]);
  for (std::size_t k = 0; k < 3; ++k) s.m[k] = ex(vars[(k + 1) * nelr + i]);
  s.de = ex(vars[4 * nelr + i]);
  for (int k = 0; k < 3; ++k) s.v[k] = s.m[k] / s.density;
  s.speed_sqd = s.v[0] * s.v[0] + s.v[1] * s.v[1] + s.v[2] * s.v[2];
  s.pressure = ex(kGamma - 1.0f) * (s.de - ex(0.5f) * s.density * s.speed_sqd);
  s.c = sqrt(ex(kGamma) * s.pressure / s.density);
  return s;
}

// Flux rows: [0..2] momentum x, y, z; [3] density-energy; each a 3-vector.
std::array<std::array<Bounded, 3>, 4> flux_rows(const State& s) {
  std::array<std::array<Bounded, 3>, 4> f;
  for (int row = 0; row < 3; ++row) {
    for (int k = 0; k < 3; ++k) {
      f[static_cast<std::size_t>(row)][static_cast<std::size_t>(k)] =
          row == k ? s.v[k] * s.m[row] + s.pressure : s.v[k] * s.m[row];
    }
  }
  const Bounded dep = s.de + s.pressure;
  for (std::size_t k = 0; k < 3; ++k) f[3][k] = s.v[k] * dep;
  return f;
}

std::vector<Bounded> reference_step_factors(const std::vector<float>& vars, const Mesh& m) {
  std::vector<Bounded> out(m.nelr);
  for (std::size_t i = 0; i < m.nelr; ++i) {
    const State s = state_of(vars, m.nelr, i);
    out[i] = ex(0.5f) / (sqrt(ex(m.areas[i])) * (sqrt(s.speed_sqd) + s.c));
  }
  return out;
}

// Fluxes in the kernel's variable order: density, momentum x, y, z, density-energy.
std::vector<Bounded> reference_fluxes(const std::vector<float>& vars, const Mesh& m,
                                      const FarField& ff) {
  const std::size_t nelr = m.nelr;
  std::vector<Bounded> out(kVars * nelr);
  std::array<std::array<Bounded, 3>, 4> ff_rows;
  for (std::size_t k = 0; k < 3; ++k) {
    ff_rows[0][k] = ex(ff.fmx[k]);
    ff_rows[1][k] = ex(ff.fmy[k]);
    ff_rows[2][k] = ex(ff.fmz[k]);
    ff_rows[3][k] = ex(ff.fde[k]);
  }
  for (std::size_t i = 0; i < nelr; ++i) {
    const State s = state_of(vars, nelr, i);
    const Bounded speed = sqrt(s.speed_sqd);
    const auto own = flux_rows(s);
    Bounded flux[kVars];  // density, mx, my, mz, de
    for (std::size_t f = 0; f < kFaces; ++f) {
      const std::int32_t nb = m.neighbours[f * nelr + i];
      Bounded n[3];
      for (std::size_t k = 0; k < 3; ++k) n[k] = ex(m.normals[(f * 3 + k) * nelr + i]);
      if (nb >= 0) {
        const State o = state_of(vars, nelr, static_cast<std::size_t>(nb));
        const auto other = flux_rows(o);
        const Bounded normal_len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        const Bounded damp = Bounded{-normal_len.value, normal_len.error} * ex(kSmoothing) *
                             ex(0.5f) * (speed + sqrt(o.speed_sqd) + s.c + o.c);
        flux[0] += damp * (s.density - o.density);
        flux[4] += damp * (s.de - o.de);
        for (int k = 0; k < 3; ++k) flux[k + 1] += damp * (s.m[k] - o.m[k]);
        for (std::size_t k = 0; k < 3; ++k) {
          const Bounded half = ex(0.5f) * n[k];
          flux[0] += half * (o.m[k] + s.m[k]);
          flux[4] += half * (other[3][k] + own[3][k]);
          for (std::size_t row = 0; row < 3; ++row)
            flux[row + 1] += half * (other[row][k] + own[row][k]);
        }
      } else if (nb == -1) {
        for (int k = 0; k < 3; ++k) flux[k + 1] += n[k] * s.pressure;
      } else {
        for (std::size_t k = 0; k < 3; ++k) {
          const Bounded half = ex(0.5f) * n[k];
          flux[0] += half * (ex(ff.m[k]) + s.m[k]);
          flux[4] += half * (ff_rows[3][k] + own[3][k]);
          for (std::size_t row = 0; row < 3; ++row)
            flux[row + 1] += half * (ff_rows[row][k] + own[row][k]);
        }
      }
    }
    for (std::size_t v = 0; v < kVars; ++v) out[v * nelr + i] = flux[v];
  }
  return out;
}

std::vector<Bounded> reference_time_step(int j, const std::vector<float>& old,
                                         const std::vector<float>& step_factors,
                                         const std::vector<float>& fluxes, std::size_t nelr) {
  std::vector<Bounded> out(kVars * nelr);
  for (std::size_t i = 0; i < nelr; ++i) {
    const Bounded factor = ex(step_factors[i]) / ex(static_cast<float>(kRk + 1 - j));
    for (std::size_t v = 0; v < kVars; ++v)
      out[v * nelr + i] = ex(old[v * nelr + i]) + factor * ex(fluxes[v * nelr + i]);
  }
  return out;
}

std::vector<float> make_variables(const Mesh& m, const FarField& ff) {
  Lcg lcg(0xCFD00001ull);
  std::vector<float> vars(kVars * m.nelr);
  const float base[kVars] = {1.4f, ff.m[0], ff.m[1], ff.m[2], ff.de};
  for (std::size_t i = 0; i < m.nel; ++i) {
    for (std::size_t v = 0; v < kVars; ++v) {
      const float wobble = (lcg.unit() - 0.5f) * 0.1f;
      // The transverse momenta are 0 in the far field: perturb them on the scale of the flow.
      vars[v * m.nelr + i] = (v == 2 || v == 3) ? wobble * ff.m[0] : base[v] * (1.0f + wobble);
    }
  }
  for (std::size_t i = m.nel; i < m.nelr; ++i) {
    for (std::size_t v = 0; v < kVars; ++v) vars[v * m.nelr + i] = vars[v * m.nelr + m.nel - 1];
  }
  return vars;
}

void Cfd::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const Mesh m = make_mesh(d);
  const FarField ff = make_far_field();
  const std::size_t nelr = m.nelr;
  const auto nelr32 = static_cast<std::int32_t>(nelr);
  const func::Dim3 grid{static_cast<std::uint32_t>(nelr / kBlock)};

  host.load_workload_ptx(name());
  const Addr neighbours_dev = host.alloc_copy(m.neighbours);
  const Addr normals_dev = host.alloc_copy(m.normals);
  const Addr areas_dev = host.alloc_copy(m.areas);
  const Addr variables_dev = host.alloc_copy(make_variables(m, ff));
  const Addr old_dev = host.alloc(kVars * nelr * sizeof(float));
  const Addr fluxes_dev = host.alloc(kVars * nelr * sizeof(float));
  const Addr step_dev = host.alloc(nelr * sizeof(float));

  for (std::int32_t it = 0; it < d.iterations; ++it) {
    // Rodinia copies variables to old_variables on the device; ours goes through the host.
    const std::vector<float> old = host.read<float>(variables_dev, kVars * nelr);
    host.copy_in(old_dev, old.data(), old.size() * sizeof(float));
    host.launch("cfd_compute_step_factor", grid, {kBlock}, 0, nelr32, variables_dev, areas_dev,
                step_dev);
    const std::vector<float> step_factors = host.read<float>(step_dev, nelr);
    check_close(fmt::format("iteration {} step_factors", it), step_factors,
                reference_step_factors(old, m));
    std::vector<float> vars = old;
    for (int j = 0; j < kRk; ++j) {
      host.launch("cfd_compute_flux", grid, {kBlock}, 0, nelr32, neighbours_dev, normals_dev,
                  variables_dev, fluxes_dev, ff.m[0], ff.m[1], ff.m[2], ff.de, ff.fmx[0], ff.fmx[1],
                  ff.fmx[2], ff.fmy[0], ff.fmy[1], ff.fmy[2], ff.fmz[0], ff.fmz[1], ff.fmz[2],
                  ff.fde[0], ff.fde[1], ff.fde[2]);
      const std::vector<float> fluxes = host.read<float>(fluxes_dev, kVars * nelr);
      check_close(fmt::format("iteration {} stage {} fluxes", it, j), fluxes,
                  reference_fluxes(vars, m, ff), nelr);
      host.launch("cfd_time_step", grid, {kBlock}, 0, static_cast<std::int32_t>(j), nelr32, kRk,
                  old_dev, variables_dev, step_dev, fluxes_dev);
      vars = host.read<float>(variables_dev, kVars * nelr);
      check_close(fmt::format("iteration {} stage {} variables", it, j), vars,
                  reference_time_step(j, old, step_factors, fluxes, nelr), nelr);
    }
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Cfd);

}  // namespace warpsim::workload
