#pragma once

// Host side of rodinia/myocyte: sizes, inputs, the solver that drives the kernel, the finishing
// step and the CPU reference, after Rodinia 3.x's Myocyte (CUDA, mode 0: main.cu, solver.cu,
// embedded_fehlberg_7_8.cu, master.cu, kernel_fin.cu).
//
// Solver (structure of the original's): the simulated span is `span` ms, advanced in `span`
// intervals of h_init = 1 ms. In interval k the solver tries up to ATTEMPTS = 12 Fehlberg 7(8)
// steps of size h from time k - 1 (13 model evaluations each, stage times x + c_i h); it
// accepts the first whose per-equation error estimate err_j is within tolerance * |y_j|
// (tolerance = 10 / span, y_j = 0 counted as tolerance), and scales h by the smallest of
// 0.8 (tolerance |y_j| / err_j)^(1/7), clamped to [0.125, 4] (the step never exceeds h_init).
// The accepted step's result becomes the state at time k (the original's fixed one-state-per-ms
// layout). Each model evaluation ("master") copies initvalu and params to the device, launches
// myocyte_kernel (2 blocks of 32 threads, timeinst truncated to int as the original's kernel
// argument), copies finavalu and com back, runs the finishing step on the host (kernel_fin:
// adds the CaM modules' Ca fluxes to the ECC Ca rates and exchanges CaM between the
// compartments) and replaces NaN and Inf rates by 0.0001.
//
// Sizes: paper span 100 ms (Rodinia's run script, `myocyte.out 100 1 0`: 100 ms, one instance,
// mode 0); small 50 ms; tiny 1 ms (one Fehlberg step, 13 launches).
//
// Check, exact: every launch's finavalu and com are compared with the same evaluation on the
// CPU (myocyte_model.cuh compiled for the host, the same float operations in the same order),
// and the whole trajectory (span + 1 states of 91 values) with a solver run that evaluates the
// model on the CPU only. The host's solver arithmetic (float, std::pow) is the same code in
// both runs.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "myocyte_model.cuh"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::myocyte {

inline constexpr std::int32_t kSpan[] = {1, 50, 100};  // ms (tiny, small, paper)
inline constexpr std::uint32_t kThreads = 32;          // NUMBER_THREADS
inline constexpr std::uint32_t kBlocks = 2;            // ECC block, CaM block
inline constexpr int kAttempts = 12;
inline constexpr float kMinScale = 0.125f;
inline constexpr float kMaxScale = 4.0f;
inline constexpr int kN = myo::kEquations;

using State = std::array<float, kN>;

inline std::string dimensions(Size size) {
  return fmt::format("span={} ms, 91 equations, 2 blocks x 32 threads per evaluation",
                     for_size(kSpan, size));
}

// Initial state: ECC states near their resting levels (small fixed offsets), Ca 1e-4 mM, each CaM
// module mostly in its first species.
inline State initial_state() {
  State y{};
  for (int i = 0; i < myo::kEcc; ++i) {
    y[i] = static_cast<float>(1 + i % 3) * 0.25f + static_cast<float>(i % 11) * (1.f / 256);
  }
  y[35] = 1e-4f;
  y[36] = 1.2e-4f;
  y[37] = 0.8e-4f;
  for (int m = 0; m < 3; ++m) {
    for (int j = 0; j < myo::kCam; ++j) {
      y[myo::kEcc + myo::kCam * m + j] =
          j == 0 ? 1.0f : static_cast<float>(1 + (j + m) % 4) * (1.f / 64);
    }
  }
  return y;
}

// Parameters: per CaM module (dyad, SL, cytosol) Ca half-saturation (uM), on rate, off rate,
// return rate (1/ms) and Ca flux scale; params[15] the pacing cycle length (ms).
inline std::array<float, myo::kParameters> parameters() {
  std::array<float, myo::kParameters> p{};
  for (int m = 0; m < 3; ++m) {
    p[5 * m + 0] = 0.5f + 0.125f * static_cast<float>(m);
    p[5 * m + 1] = 1.0f;
    p[5 * m + 2] = 0.5f + 0.0625f * static_cast<float>(m);
    p[5 * m + 3] = 0.03125f;
    p[5 * m + 4] = 1e-3f;
  }
  p[15] = 20.0f;
  return p;
}

// The kernel's work on the CPU: finavalu (91) and com (3) from initvalu, as myocyte_kernel.
inline void kernel_cpu(std::int32_t timeinst, const State& y, const float* params, State& f,
                       float* com) {
  myo::ecc(timeinst, y.data(), f.data(), 0, params);
  myo::cam(timeinst, y.data(), f.data(), 46, params, 0, com, 0, myo::mul(y[35], 1e3f));
  myo::cam(timeinst, y.data(), f.data(), 61, params, 5, com, 1, myo::mul(y[36], 1e3f));
  myo::cam(timeinst, y.data(), f.data(), 76, params, 10, com, 2, myo::mul(y[37], 1e3f));
}

// The finishing step on the host (the original's kernel_fin) and the NaN/Inf compensation.
inline void finish(const State& y, State& f, const float* com) {
  // Ca bound by CaM leaves the compartment's free Ca (mM/ms).
  f[35] = f[35] - com[0];
  f[36] = f[36] - com[1];
  f[37] = f[37] - com[2];
  // CaM species 0..2 diffuse dyad <-> SL <-> cytosol (volume-weighted).
  for (int n = 0; n < 3; ++n) {
    const float dyad = y[46 + n];
    const float sl = y[61 + n];
    const float cyt = y[76 + n];
    const float j_ds = 0.015625f * (dyad - sl);
    const float j_sc = 0.0078125f * (sl - cyt);
    f[46 + n] = f[46 + n] - j_ds;
    f[61 + n] = f[61 + n] + (0.5f * j_ds - j_sc);
    f[76 + n] = f[76 + n] + 0.25f * j_sc;
  }
  for (float& v : f) {
    if (std::isnan(v) || std::isinf(v)) v = 0.0001f;
  }
}

// One model evaluation at `timeinst` (the original's master).
using Rhs = std::function<void(std::int32_t, const State&, State&)>;

// One Fehlberg 7(8) step of size h from (x, y): ynew (7th order) and the error estimate
// err_j = |41/840 h (k1 + k11 - k12 - k13)|, in float.
inline void fehlberg_7_8(const Rhs& rhs, float x, float h, const State& y, State& ynew,
                         State& err) {
  static constexpr float c[13] = {0.f,     2.f / 27, 1.f / 9, 1.f / 6, 5.f / 12, 1.f / 2, 5.f / 6,
                                  1.f / 6, 2.f / 3,  1.f / 3, 1.f,     0.f,      1.f};
  // Rows of the Butcher tableau (Fehlberg 1968), a[s][r] for r < s.
  static constexpr float a[13][12] = {
      {},
      {2.f / 27},
      {1.f / 36, 3.f / 36},
      {1.f / 24, 0.f, 3.f / 24},
      {20.f / 48, 0.f, -75.f / 48, 75.f / 48},
      {1.f / 20, 0.f, 0.f, 5.f / 20, 4.f / 20},
      {-25.f / 108, 0.f, 0.f, 125.f / 108, -260.f / 108, 250.f / 108},
      {31.f / 300, 0.f, 0.f, 0.f, 61.f / 225, -2.f / 9, 13.f / 900},
      {2.f, 0.f, 0.f, -53.f / 6, 704.f / 45, -107.f / 9, 67.f / 90, 3.f},
      {-91.f / 108, 0.f, 0.f, 23.f / 108, -976.f / 135, 311.f / 54, -19.f / 60, 17.f / 6,
       -1.f / 12},
      {2383.f / 4100, 0.f, 0.f, -341.f / 164, 4496.f / 1025, -301.f / 82, 2133.f / 4100, 45.f / 82,
       45.f / 164, 18.f / 41},
      {3.f / 205, 0.f, 0.f, 0.f, 0.f, -6.f / 41, -3.f / 205, -3.f / 41, 3.f / 41, 6.f / 41, 0.f},
      {-1777.f / 4100, 0.f, 0.f, -341.f / 164, 4496.f / 1025, -289.f / 82, 2193.f / 4100, 51.f / 82,
       33.f / 164, 12.f / 41, 0.f, 1.f},
  };
  static constexpr float b[13] = {41.f / 840, 0.f,      0.f,      0.f,       0.f,
                                  34.f / 105, 9.f / 35, 9.f / 35, 9.f / 280, 9.f / 280,
                                  41.f / 840, 0.f,      0.f};
  std::array<State, 13> k{};
  State ys{};
  for (int s = 0; s < 13; ++s) {
    for (int j = 0; j < kN; ++j) {
      float acc = 0.f;
      for (int r = 0; r < s; ++r) acc = acc + a[s][r] * k[r][j];
      ys[j] = y[j] + h * acc;
    }
    const float t = x + c[s] * h;
    rhs(static_cast<std::int32_t>(t), ys, k[s]);
  }
  for (int j = 0; j < kN; ++j) {
    float acc = 0.f;
    for (int s = 0; s < 13; ++s) acc = acc + b[s] * k[s][j];
    ynew[j] = y[j] + h * acc;
    err[j] = std::fabs(41.f / 840 * h * (k[0][j] + k[10][j] - k[11][j] - k[12][j]));
  }
}

// The solver: the states at times 0 .. span (ms). Throws CheckFailed if an interval exhausts
// its attempts (the original returns -1).
inline std::vector<State> solve(const Rhs& rhs, std::int32_t span) {
  std::vector<State> ys(static_cast<std::size_t>(span) + 1);
  ys[0] = initial_state();
  const float tolerance = 10.f / static_cast<float>(span);
  float h = 1.f;  // h_init
  State ynew{};
  State err{};
  for (std::int32_t k = 1; k <= span; ++k) {
    const State& y = ys[static_cast<std::size_t>(k) - 1];
    const auto x = static_cast<float>(k - 1);
    bool accepted = false;
    for (int attempt = 0; attempt < kAttempts && !accepted; ++attempt) {
      fehlberg_7_8(rhs, x, h, y, ynew, err);
      bool outside = false;
      float scale_min = kMaxScale;
      for (int j = 0; j < kN; ++j) {
        const float yref = y[j] == 0.f ? tolerance : std::fabs(y[j]);
        if (err[j] > tolerance * yref) outside = true;
        float scale = kMaxScale;
        if (err[j] > 0.f) {
          scale = 0.8f * static_cast<float>(std::pow(tolerance * yref / err[j], 1.0 / 7.0));
        }
        scale_min = std::min(scale_min, std::clamp(scale, kMinScale, kMaxScale));
      }
      accepted = !outside;
      if (accepted) ys[static_cast<std::size_t>(k)] = ynew;
      h = std::min(h * scale_min, 1.f);
    }
    if (!accepted) {
      throw CheckFailed(fmt::format("myocyte: the solver failed at t = {} ms after {} attempts",
                                    k - 1, kAttempts));
    }
  }
  return ys;
}

inline void run(Host& host, std::string_view workload_name, Size size) {
  const std::int32_t span = for_size(kSpan, size);
  const std::array<float, myo::kParameters> params = parameters();

  host.load_workload_ptx(workload_name);
  const Addr d_initvalu = host.alloc(kN * sizeof(float));
  const Addr d_finavalu = host.alloc(kN * sizeof(float));
  const Addr d_params = host.alloc(myo::kParameters * sizeof(float));
  const Addr d_com = host.alloc(3 * sizeof(float));

  // Every launch's outputs (finavalu, com) and the CPU's evaluation of the same input.
  std::vector<float> got_launch;
  std::vector<float> want_launch;
  const Rhs device_rhs = [&](std::int32_t timeinst, const State& y, State& f) {
    host.copy_in(d_initvalu, y.data(), kN * sizeof(float));
    host.copy_in(d_params, params.data(), myo::kParameters * sizeof(float));
    host.launch("myocyte_kernel", {kBlocks}, {kThreads}, 0, timeinst, d_initvalu, d_finavalu,
                d_params, d_com);
    const std::vector<float> fin = host.read<float>(d_finavalu, kN);
    const std::vector<float> com = host.read<float>(d_com, 3);
    std::copy(fin.begin(), fin.end(), f.begin());
    got_launch.insert(got_launch.end(), fin.begin(), fin.end());
    got_launch.insert(got_launch.end(), com.begin(), com.end());
    State fw{};
    float cw[3] = {};
    kernel_cpu(timeinst, y, params.data(), fw, cw);
    want_launch.insert(want_launch.end(), fw.begin(), fw.end());
    want_launch.insert(want_launch.end(), cw, cw + 3);
    finish(y, f, com.data());
  };
  const std::vector<State> got = solve(device_rhs, span);
  // Row = launch, columns 0..90 finavalu, 91..93 com.
  check_close("finavalu+com per launch", got_launch, exact(want_launch), kN + 3);

  const Rhs cpu_rhs = [&](std::int32_t timeinst, const State& y, State& f) {
    float com[3] = {};
    kernel_cpu(timeinst, y, params.data(), f, com);
    finish(y, f, com);
  };
  const std::vector<State> want = solve(cpu_rhs, span);
  std::vector<float> got_flat;
  std::vector<float> want_flat;
  for (const State& s : got) got_flat.insert(got_flat.end(), s.begin(), s.end());
  for (const State& s : want) want_flat.insert(want_flat.end(), s.begin(), s.end());
  // Row = time (ms), column = equation.
  check_close("y", got_flat, exact(want_flat), kN);
}

}  // namespace warpsim::workload::myocyte
