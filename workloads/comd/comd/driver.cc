// comd/comd: CoMD (the ExMatEx molecular-dynamics proxy application; seed 001 Table 3.2) with
// its Lennard-Jones copper: an FCC crystal of n^3 unit cells (4 atoms each, lattice constant
// 3.615 A), sigma 2.315 A, epsilon 0.167 eV, cutoff 2.5 sigma, mass 63.55 amu, time step 1 fs,
// initial temperature 600 K (CoMD's defaults for its LJ potential). Link cells: floor(L / cutoff)
// boxes a side, 64 atom slots a box (MAXATOMS); one thread per atom, 128-thread blocks (CoMD's
// GPU version: THREAD_ATOM_CTA 128). The threads take the atoms row of cells by row and, within a
// row, slot by slot (each cell's first atom, then each cell's second, ...), so a warp holds atoms
// of several cells; listed cell by cell instead, every warp would read one cell's atoms at a
// time and the kernel is hardly cache-sensitive (docs/workloads-md.md).
// The run: comd_lj_force once, then `steps` velocity-Verlet steps (advance_velocity(dt/2),
// advance_position(dt), lj_force, advance_velocity(dt/2)), as CoMD's timestep(). Atoms stay in
// the boxes they start in: CoMD redistributes atoms among boxes every step, but in a few steps
// no atom moves more than a fraction of the slack between box size and cutoff (the driver checks
// that it stays within half the slack, so no pair within the cutoff is missed).
// Sizes: paper = CoMD's default 20^3 unit cells (32,000 atoms), 10 steps (CoMD prints every 10;
// seed 001 gives no size); small 16^3 (16,384 atoms), 1 step; tiny 6^3 (864 atoms), 1 step.
// Inputs: lattice positions displaced by up to 0.01 A per coordinate, momenta from 600 K, from a
// fixed-seed LCG (uniform, with the total momentum removed).
// Check (after the first force and after every step, against the GPU's own inputs read back):
// forces and energies as running error bounds (bounded.h), the pair selection exactly (the
// kernel's distance arithmetic is written with __f*_rn intrinsics and repeated here in float);
// momenta and positions as bounds from the previous step's values.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t cells;  // unit cells a side
  std::int32_t steps;
};
constexpr Dims kDims[] = {{6, 1}, {16, 1}, {20, 10}};
constexpr std::uint32_t kBlock = 128;
constexpr int kMaxAtoms = 64;
constexpr double kLattice = 3.615;  // A
constexpr double kSigma = 2.315;    // A
constexpr double kEpsilon = 0.167;  // eV
constexpr double kCutoff = 2.5 * kSigma;
constexpr double kMass = 63.55 * 103.642697;  // amu -> eV fs^2 / A^2
constexpr double kDt = 1.0;                   // fs
constexpr double kTemperature = 600.0;        // K
constexpr double kBoltzmann = 8.617343e-5;    // eV / K
constexpr float kJitter = 0.01f;              // A

class Comd final : public Workload {
 public:
  std::string_view name() const override { return "comd/comd"; }
  std::string_view description() const override {
    return "CoMD molecular dynamics: Lennard-Jones forces over link cells, one thread per atom, "
           "velocity-Verlet steps (a warp reads a row of cells at once: cache-sensitive)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{}^3 FCC unit cells ({} atoms), {} step(s)", d.cells,
                       4 * d.cells * d.cells * d.cells, d.steps);
  }
  void run(Host& host, Size size) const override;
};

using Vec = std::array<std::vector<float>, 3>;  // x, y, z by slot

struct System {
  std::int32_t nb = 0;              // boxes a side
  float length = 0;                 // the domain's edge, L
  double box = 0;                   // one box's edge
  std::vector<std::int32_t> atoms;  // slots, box by box
  std::vector<std::int32_t> count;  // atoms per box
  Vec r, p;
};

System make_system(const Dims& d) {
  System s;
  const double length = d.cells * kLattice;
  s.length = static_cast<float>(length);
  s.nb = static_cast<std::int32_t>(length / kCutoff);
  s.box = length / s.nb;
  const auto boxes = static_cast<std::size_t>(s.nb) * s.nb * s.nb;
  const std::size_t slots = boxes * kMaxAtoms;
  for (int k = 0; k < 3; ++k) {
    s.r[k].assign(slots, 0.0f);
    s.p[k].assign(slots, 0.0f);
  }
  s.count.assign(boxes, 0);
  Lcg lcg(0xC0AD0001ull);
  constexpr double kBasis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  const double sigma_p = std::sqrt(kMass * kBoltzmann * kTemperature);  // per component
  std::array<double, 3> total{};
  for (int cz = 0; cz < d.cells; ++cz) {
    for (int cy = 0; cy < d.cells; ++cy) {
      for (int cx = 0; cx < d.cells; ++cx) {
        for (const auto& b : kBasis) {
          const int cell[3] = {cx, cy, cz};
          float pos[3];
          int c[3];
          for (int k = 0; k < 3; ++k) {
            const double ideal = (cell[k] + b[k] + 0.25) * kLattice;
            pos[k] = static_cast<float>(ideal) + (lcg.unit() - 0.5f) * 2.0f * kJitter;
            c[k] = std::min(static_cast<int>(pos[k] / s.box), s.nb - 1);
          }
          const auto box = static_cast<std::size_t>((c[2] * s.nb + c[1]) * s.nb + c[0]);
          if (s.count[box] == kMaxAtoms) throw std::logic_error("comd: a link cell overflows");
          const std::size_t slot = box * kMaxAtoms + static_cast<std::size_t>(s.count[box]++);
          for (int k = 0; k < 3; ++k) {
            s.r[k][slot] = pos[k];
            // Uniform with the variance of a Maxwell-Boltzmann component.
            const double v = (lcg.unit() - 0.5) * std::sqrt(12.0) * sigma_p;
            s.p[k][slot] = static_cast<float>(v);
            total[k] += s.p[k][slot];
          }
        }
      }
    }
  }
  // The threads' atoms: row of link cells by row (x fastest), and within a row slot by slot, so
  // that a warp holds a few atoms of each of the row's cells.
  for (std::int32_t row = 0; row < s.nb * s.nb; ++row) {
    for (std::int32_t k = 0; k < kMaxAtoms; ++k) {
      for (std::int32_t x = 0; x < s.nb; ++x) {
        const std::int32_t box = row * s.nb + x;
        if (k < s.count[static_cast<std::size_t>(box)]) s.atoms.push_back(box * kMaxAtoms + k);
      }
    }
  }
  // Remove the total momentum.
  const double n = static_cast<double>(s.atoms.size());
  for (std::int32_t slot : s.atoms) {
    for (int k = 0; k < 3; ++k)
      s.p[k][static_cast<std::size_t>(slot)] -= static_cast<float>(total[k] / n);
  }
  return s;
}

struct Params {
  float cutoff2, sigma6, shift, four_eps, two_eps, half_dt, dt_over_mass;
};

Params make_params() {
  const double s6 = std::pow(kSigma, 6);
  const double rc6 = std::pow(kSigma / kCutoff, 6);
  return Params{static_cast<float>(kCutoff * kCutoff), static_cast<float>(s6),
                static_cast<float>(rc6 * (rc6 - 1.0)), static_cast<float>(4.0 * kEpsilon),
                static_cast<float>(2.0 * kEpsilon),    static_cast<float>(kDt / 2.0),
                static_cast<float>(kDt / kMass)};
}

// comd_lj_force for every atom: the pair selection repeats the kernel's float arithmetic
// exactly; the force and energy are bounded values.
void reference_forces(const System& s, const Vec& r, const Params& q,
                      std::array<std::vector<Bounded>, 3>& f, std::vector<Bounded>& e) {
  const std::int32_t nb = s.nb;
  for (int k = 0; k < 3; ++k) f[k].assign(r[0].size(), Bounded{});
  e.assign(r[0].size(), Bounded{});
  const Bounded sigma6 = Bounded::exact(q.sigma6);
  const Bounded shift = Bounded::exact(q.shift);
  const Bounded one = Bounded::exact(1.0f);
  for (std::int32_t i : s.atoms) {
    const auto ui = static_cast<std::size_t>(i);
    const int box = i / kMaxAtoms;
    const int c[3] = {box % nb, (box / nb) % nb, box / (nb * nb)};
    const float ri[3] = {r[0][ui], r[1][ui], r[2][ui]};
    Bounded acc[3];
    Bounded energy;
    for (int dz = -1; dz <= 1; ++dz) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int delta[3] = {dx, dy, dz};
          int n[3];
          float shiftv[3];
          for (int k = 0; k < 3; ++k) {
            n[k] = c[k] + delta[k];
            shiftv[k] = 0.0f;
            if (n[k] < 0) {
              n[k] += nb;
              shiftv[k] = -s.length;
            } else if (n[k] >= nb) {
              n[k] -= nb;
              shiftv[k] = s.length;
            }
          }
          const int other = (n[2] * nb + n[1]) * nb + n[0];
          const int first = other * kMaxAtoms;
          for (int j = first; j < first + s.count[static_cast<std::size_t>(other)]; ++j) {
            if (j == i) continue;
            const auto uj = static_cast<std::size_t>(j);
            float d[3];
            for (int k = 0; k < 3; ++k) d[k] = ri[k] - (r[k][uj] + shiftv[k]);
            const float r2 = std::fma(d[2], d[2], std::fma(d[1], d[1], d[0] * d[0]));
            if (r2 > q.cutoff2) continue;
            const Bounded ir2 = one / Bounded::exact(r2);
            const Bounded r6 = sigma6 * (ir2 * (ir2 * ir2));
            energy += r6 * (r6 - one) - shift;
            const Bounded fr = ir2 * r6 * (r6 * Bounded::exact(12.0f) - Bounded::exact(6.0f));
            for (int k = 0; k < 3; ++k) acc[k] += fr * Bounded::exact(d[k]);
          }
        }
      }
    }
    for (int k = 0; k < 3; ++k) f[k][ui] = Bounded::exact(q.four_eps) * acc[k];
    e[ui] = Bounded::exact(q.two_eps) * energy;
  }
}

// Unused slots hold zeros on both sides; compare only the atoms' slots.
void check_atoms(std::string_view array, const System& s, const std::vector<float>& got,
                 const std::vector<Bounded>& want) {
  std::vector<float> g;
  std::vector<Bounded> w;
  for (std::int32_t i : s.atoms) {
    g.push_back(got[static_cast<std::size_t>(i)]);
    w.push_back(want[static_cast<std::size_t>(i)]);
  }
  check_close(array, g, w);
}

// No atom may leave its box by more than half the slack (box - cutoff) / 2: then every pair
// within the cutoff is still found among the 27 boxes.
void check_in_boxes(const System& s, const Vec& r) {
  const double margin = (s.box - kCutoff) / 2.0;
  for (std::int32_t i : s.atoms) {
    const int box = i / kMaxAtoms;
    const int c[3] = {box % s.nb, (box / s.nb) % s.nb, box / (s.nb * s.nb)};
    for (int k = 0; k < 3; ++k) {
      const double x = r[k][static_cast<std::size_t>(i)];
      if (x < c[k] * s.box - margin || x > (c[k] + 1) * s.box + margin) {
        throw CheckFailed(fmt::format(
            "atom slot {} left its link cell (coordinate {} = {}); CoMD would redistribute", i, k,
            x));
      }
    }
  }
}

void Comd::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  System s = make_system(d);
  const Params q = make_params();
  const std::size_t slots = s.r[0].size();
  const auto natoms = static_cast<std::int32_t>(s.atoms.size());
  const func::Dim3 grid{blocks_for(s.atoms.size(), kBlock)};

  host.load_workload_ptx(name());
  const Addr atoms_dev = host.alloc_copy(s.atoms);
  const Addr count_dev = host.alloc_copy(s.count);
  std::array<Addr, 3> r_dev, p_dev, f_dev;
  for (int k = 0; k < 3; ++k) {
    r_dev[k] = host.alloc_copy(s.r[k]);
    p_dev[k] = host.alloc_copy(s.p[k]);
    f_dev[k] = host.alloc_copy(std::vector<float>(slots, 0.0f));
  }
  const Addr e_dev = host.alloc_copy(std::vector<float>(slots, 0.0f));
  const auto force = [&] {
    host.launch("comd_lj_force", grid, {kBlock}, 0, atoms_dev, natoms, count_dev, r_dev[0],
                r_dev[1], r_dev[2], f_dev[0], f_dev[1], f_dev[2], e_dev, s.nb, s.nb, s.nb, s.length,
                s.length, s.length, q.cutoff2, q.sigma6, q.shift, q.four_eps, q.two_eps);
  };
  const auto velocity = [&] {
    host.launch("comd_advance_velocity", grid, {kBlock}, 0, atoms_dev, natoms, p_dev[0], p_dev[1],
                p_dev[2], f_dev[0], f_dev[1], f_dev[2], q.half_dt);
  };
  const auto read = [&](const std::array<Addr, 3>& dev) {
    Vec v;
    for (int k = 0; k < 3; ++k) v[k] = host.read<float>(dev[k], slots);
    return v;
  };
  std::array<std::vector<Bounded>, 3> want_f;
  std::vector<Bounded> want_e;
  const auto check_forces = [&](const Vec& r, int step) {
    reference_forces(s, r, q, want_f, want_e);
    const Vec f = read(f_dev);
    for (int k = 0; k < 3; ++k)
      check_atoms(fmt::format("step {} f{}", step, "xyz"[k]), s, f[k], want_f[k]);
    check_atoms(fmt::format("step {} energy", step), s, host.read<float>(e_dev, slots), want_e);
    return f;
  };

  force();
  Vec r = s.r;
  Vec p = s.p;
  Vec f = check_forces(r, 0);
  const Bounded half_dt = Bounded::exact(q.half_dt);
  const Bounded dt_over_mass = Bounded::exact(q.dt_over_mass);
  for (std::int32_t step = 1; step <= d.steps; ++step) {
    velocity();
    host.launch("comd_advance_position", grid, {kBlock}, 0, atoms_dev, natoms, r_dev[0], r_dev[1],
                r_dev[2], p_dev[0], p_dev[1], p_dev[2], q.dt_over_mass);
    force();
    velocity();
    const Vec new_r = read(r_dev);
    check_in_boxes(s, new_r);
    const Vec new_f = check_forces(new_r, step);
    const Vec new_p = read(p_dev);
    for (int k = 0; k < 3; ++k) {
      std::vector<Bounded> want_r(slots), want_p(slots);
      for (std::int32_t i : s.atoms) {
        const auto ui = static_cast<std::size_t>(i);
        const Bounded half = Bounded::exact(p[k][ui]) + half_dt * Bounded::exact(f[k][ui]);
        want_r[ui] = Bounded::exact(r[k][ui]) + dt_over_mass * half;
        want_p[ui] = half + half_dt * Bounded::exact(new_f[k][ui]);
      }
      check_atoms(fmt::format("step {} r{}", step, "xyz"[k]), s, new_r[k], want_r);
      check_atoms(fmt::format("step {} p{}", step, "xyz"[k]), s, new_p[k], want_p);
    }
    r = new_r;
    p = new_p;
    f = new_f;
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Comd);

}  // namespace warpsim::workload
