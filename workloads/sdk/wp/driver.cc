// sdk/wp: Weather Prediction, after the GPGPU-Sim ISPASS-2009 suite's WP (Michalakes and
// Vachharajani's GPU port of WRF's WSM5 microphysics): one thread per grid column runs a
// simplified WSM5 cloud microphysics step down its column (wp.cu, wp_physics.cuh).
//
// Launch: blocks of 16 x 8 threads, a grid of ceil(nx / 16) x ceil(ny / 8) blocks (seed 000
// Table 6.2: block (16,8,1), grid (5,8,1), 63 registers, no shared memory), one launch per
// model time step of dt = 72 s (WRF's CONUS 12 km benchmark step; one microphysics sub-step,
// WSM5's dtcldcr = 120 s), updating the state in place.
// Sizes: paper 80 x 64 columns (Table 6.2's grid) x 35 levels (WRF's CONUS benchmark), 3 time
// steps; small 80 x 64 x 24 levels, 1 step; tiny 16 x 8 x 12 levels, 1 step.
// Inputs: synthetic atmospheric columns (below), deterministic, varying across the grid so that
// columns, and the threads of a warp, take different branches: two "storms" (moist ascending
// columns with cloud water, ice, rain and snow) in a drier, subsiding environment, a surface
// temperature falling with latitude (so the freezing level moves), terrain-like surface
// pressure, and small hashed perturbations everywhere.
// Check: the CPU runs the same column routine (wp_physics.cuh compiled for the host, the same
// float operations in the same order) and every output field must be bit-identical: the six
// state fields, the four diagnostics and the two surface accumulations.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/workload.h"
#include "wp_physics.cuh"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t nx;
  std::int32_t ny;
  std::int32_t nk;
  std::int32_t steps;
};
constexpr Dims kDims[] = {{16, 8, 12, 1}, {80, 64, 24, 1}, {80, 64, 35, 3}};
constexpr std::uint32_t kBlockX = 16;
constexpr std::uint32_t kBlockY = 8;
constexpr float kDt = 72.f;       // s
constexpr double kPtop = 5000.0;  // model top (Pa), WRF's usual 50 hPa
constexpr double kG = 9.81;
constexpr double kRd = 287.0;

// The model state and inputs, each field [level][column], column = j * nx + i.
struct Fields {
  std::vector<float> t, q, qc, qi, qr, qs, p, delz, forc, rain, snow;
};

// Saturation vapour pressure over water (Pa), the scheme's formula in double (inputs only).
double es_water(double t) {
  const double tr = 273.16 / t;
  return 610.78 * std::pow(tr, 5.0771230502599645) * std::exp(24.9041275191716 * (1.0 - tr));
}

Fields make_inputs(const Dims& d) {
  const auto ncol = static_cast<std::size_t>(d.nx) * static_cast<std::size_t>(d.ny);
  const auto nk = static_cast<std::size_t>(d.nk);
  const std::size_t size = ncol * nk;
  Fields f;
  for (auto* v : {&f.t, &f.q, &f.qc, &f.qi, &f.qr, &f.qs, &f.p, &f.delz, &f.forc}) {
    v->assign(size, 0.f);
  }
  f.rain.assign(ncol, 0.f);
  f.snow.assign(ncol, 0.f);
  const double pi = 3.14159265358979323846;
  // Faces of the levels in WRF's terrain-following eta, finer near the ground.
  std::vector<double> eta(nk + 1);
  for (std::size_t k = 0; k <= nk; ++k) {
    eta[k] = 1.0 - std::pow(static_cast<double>(k) / static_cast<double>(nk), 1.35);
  }
  for (std::int32_t j = 0; j < d.ny; ++j) {
    for (std::int32_t i = 0; i < d.nx; ++i) {
      const std::size_t col = static_cast<std::size_t>(j) * d.nx + i;
      const double x = (i + 0.5) / d.nx;
      const double y = (j + 0.5) / d.ny;
      const double storm =
          std::exp(-((x - 0.35) * (x - 0.35) + (y - 0.6) * (y - 0.6)) / 0.06) +
          0.7 * std::exp(-((x - 0.8) * (x - 0.8) + (y - 0.25) * (y - 0.25)) / 0.02);
      const double ps = 100000.0 + 1500.0 * std::sin(2 * pi * x) * std::cos(pi * y) +
                        300.0 * hashed_signed_unit(col, 11);
      const double tsfc = 300.0 - 18.0 * y - 3.0 * storm + 2.0 * hashed_signed_unit(col, 12);
      const double ttrop = 212.0 + 8.0 * y;
      for (std::size_t k = 0; k < nk; ++k) {
        const std::size_t idx = k * ncol + col;
        const std::uint64_t h = idx * 8;
        const double p_lo = kPtop + eta[k] * (ps - kPtop);
        const double p_hi = kPtop + eta[k + 1] * (ps - kPtop);
        const double p = 0.5 * (p_lo + p_hi);
        const double sigma = (p - kPtop) / (ps - kPtop);
        const double t = std::max(tsfc * std::pow(p / ps, kRd * 0.0065 / kG), ttrop) +
                         0.5 * hashed_signed_unit(h, 1);
        double rh =
            0.35 + 0.45 * sigma + 0.65 * storm * std::sqrt(sigma) + 0.04 * hashed_signed_unit(h, 2);
        rh = std::min(std::max(rh, 0.05), 1.08);
        const double es = std::min(es_water(t), 0.5 * p);
        const double qv = rh * 0.6217504332755632 * es / (p - es);
        const double s = std::max(storm, 0.0);
        const double wobble = 1.0 + 0.3 * hashed_signed_unit(h, 3);
        const double qc = (t > 230.0 && rh > 0.9) ? 1.2e-3 * s * sigma * wobble : 0.0;
        const double qi = t < 258.0 ? 3e-4 * s * std::min(1.0, (258.0 - t) / 30.0) * wobble : 0.0;
        const double qr = t > 270.0 ? 2.5e-3 * s * s * sigma * wobble : 0.0;
        const double qs = (t > 238.0 && t < 280.0)
                              ? 1.0e-3 * s * std::sin(pi * (t - 238.0) / 42.0) * wobble
                              : 0.0;
        const double ascent = std::sin(pi * sigma);
        const double forc = -0.003 * s * ascent + 0.0004 * (1.0 - std::min(s, 1.0)) * ascent;
        f.p[idx] = static_cast<float>(p);
        f.t[idx] = static_cast<float>(t);
        f.q[idx] = static_cast<float>(qv);
        f.qc[idx] = static_cast<float>(qc);
        f.qi[idx] = static_cast<float>(qi);
        f.qr[idx] = static_cast<float>(qr);
        f.qs[idx] = static_cast<float>(qs);
        f.forc[idx] = static_cast<float>(forc);
        f.delz[idx] = static_cast<float>(kRd * t * (1.0 + 0.608 * qv) / kG * std::log(p_lo / p_hi));
      }
    }
  }
  return f;
}

// The reference: the column routine on the CPU, step by step.
void reference(Fields& f, std::vector<float>& diag, const Dims& d) {
  const auto ncol = static_cast<std::size_t>(d.nx) * static_cast<std::size_t>(d.ny);
  std::vector<float> scratch(static_cast<std::size_t>(wp::kSlots) * ncol * d.nk, 0.f);
  const wp::Arrays a{f.t.data(),    f.q.data(),
                     f.qc.data(),   f.qi.data(),
                     f.qr.data(),   f.qs.data(),
                     f.p.data(),    f.delz.data(),
                     f.forc.data(), f.rain.data(),
                     f.snow.data(), scratch.data(),
                     diag.data(),   static_cast<int>(ncol),
                     d.nk,          kDt};
  for (std::int32_t step = 0; step < d.steps; ++step) {
    for (std::size_t col = 0; col < ncol; ++col) wp::column(a, static_cast<int>(col));
  }
}

// Exact comparison: equal values (check_close with zero bounds names the first difference)
// and equal bits (also the sign of zero).
void check_identical(std::string_view array, const std::vector<float>& got,
                     const std::vector<float>& want, std::size_t columns) {
  check_close(array, got, exact(want), columns);
  std::vector<std::uint32_t> got_bits(got.size());
  std::vector<std::uint32_t> want_bits(want.size());
  for (std::size_t i = 0; i < got.size(); ++i) got_bits[i] = std::bit_cast<std::uint32_t>(got[i]);
  for (std::size_t i = 0; i < want.size(); ++i) {
    want_bits[i] = std::bit_cast<std::uint32_t>(want[i]);
  }
  check_equal(fmt::format("{} (bits)", array), got_bits, want_bits, columns);
}

class Wp final : public Workload {
 public:
  std::string_view name() const override { return "sdk/wp"; }
  std::string_view description() const override {
    return "GPGPU-Sim suite WP (weather prediction): simplified WSM5 cloud microphysics, one "
           "thread per column, a long branchy kernel (16x8 blocks, no shared memory)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{}x{} columns, {} levels, {} steps of {} s", d.nx, d.ny, d.nk, d.steps,
                       kDt);
  }
  void run(Host& host, Size size) const override {
    const Dims& d = for_size(kDims, size);
    const auto ncol = static_cast<std::size_t>(d.nx) * static_cast<std::size_t>(d.ny);
    const std::size_t cells = ncol * static_cast<std::size_t>(d.nk);
    const Fields in = make_inputs(d);

    host.load_workload_ptx(name());
    const Addr t = host.alloc_copy(in.t);
    const Addr q = host.alloc_copy(in.q);
    const Addr qc = host.alloc_copy(in.qc);
    const Addr qi = host.alloc_copy(in.qi);
    const Addr qr = host.alloc_copy(in.qr);
    const Addr qs = host.alloc_copy(in.qs);
    const Addr p = host.alloc_copy(in.p);
    const Addr delz = host.alloc_copy(in.delz);
    const Addr forc = host.alloc_copy(in.forc);
    const Addr rain = host.alloc_copy(in.rain);
    const Addr snow = host.alloc_copy(in.snow);
    const Addr scratch = host.alloc(static_cast<std::size_t>(wp::kSlots) * cells * sizeof(float));
    const Addr diag = host.alloc(static_cast<std::size_t>(wp::kDiags) * cells * sizeof(float));
    const func::Dim3 grid{blocks_for(static_cast<std::uint64_t>(d.nx), kBlockX),
                          blocks_for(static_cast<std::uint64_t>(d.ny), kBlockY), 1};
    const func::Dim3 block{kBlockX, kBlockY, 1};
    for (std::int32_t step = 0; step < d.steps; ++step) {
      host.launch("wsm5_kernel", grid, block, 0, t, q, qc, qi, qr, qs, p, delz, forc, rain, snow,
                  scratch, diag, d.nx, d.ny, d.nk, kDt);
    }

    Fields want = in;
    std::vector<float> want_diag(static_cast<std::size_t>(wp::kDiags) * cells, 0.f);
    reference(want, want_diag, d);
    check_identical("t", host.read<float>(t, cells), want.t, ncol);
    check_identical("q", host.read<float>(q, cells), want.q, ncol);
    check_identical("qc", host.read<float>(qc, cells), want.qc, ncol);
    check_identical("qi", host.read<float>(qi, cells), want.qi, ncol);
    check_identical("qr", host.read<float>(qr, cells), want.qr, ncol);
    check_identical("qs", host.read<float>(qs, cells), want.qs, ncol);
    check_identical("rain", host.read<float>(rain, ncol), want.rain, 0);
    check_identical("snow", host.read<float>(snow, ncol), want.snow, 0);
    check_identical("diag", host.read<float>(diag, want_diag.size()), want_diag, ncol);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Wp);

}  // namespace warpsim::workload
