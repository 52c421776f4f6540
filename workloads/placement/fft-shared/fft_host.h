#pragma once

// Host code shared by placement/fft-shared and placement/fft-dcache (seed 000 Ch. 2's FFT case
// study): sizes, inputs, twiddle table, launch and the CPU reference are the same; the D-cache
// kernel also takes a global scratch buffer for its exchanges.
// Launch: one block of 64 threads per 1024-point transform, a 1-D grid of `batch` blocks (seed
// 000 Table 2.2: threads (64,1), blocks (4096,1), "4k x 1k (1k-point, batch 4k)").
// Sizes: paper = batch 4096 (Table 2.2); small = 512; tiny = 32 (about two blocks per SM of a
// 15-SM Fermi, every pass and barrier).
//
// Reference: the kernels' float operations in the same order (fft_device.cuh writes every one
// with a correctly rounded intrinsic: fma.rn, mul.rn, add.rn and sub.rn in the PTX, nothing
// fused by the compiler), each correctly rounded here too, so the device's results must be
// identical. The reference itself is checked against a double-precision radix-2 FFT of the same
// input (a float FFT of length 1024 is within a few units of roundoff times the input's norm), so
// a decomposition both sides got wrong the same way cannot pass.

#include <cmath>
#include <complex>
#include <cstdint>
#include <numbers>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/staged.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_fft {

inline constexpr std::int32_t kBatch[] = {32, 512, 4096};  // transforms: tiny, small, paper
inline constexpr std::size_t kN = 1024;
inline constexpr std::uint32_t kThreads = 64;
inline constexpr std::size_t kExchangeWords = 1088;  // per part and block (fft_device.cuh)

inline std::string dimensions(Size size) {
  return fmt::format("1024-point complex FFT, batch {}", for_size(kBatch, size));
}

struct Cpx {
  float x = 0;
  float y = 0;
};

// The device's operations (fft_device.cuh), each correctly rounded.
inline Cpx c_add(Cpx a, Cpx b) { return {a.x + b.x, a.y + b.y}; }
inline Cpx c_sub(Cpx a, Cpx b) { return {a.x - b.x, a.y - b.y}; }
inline Cpx c_mul(Cpx a, Cpx w) {
  return {std::fma(a.x, w.x, -(a.y * w.y)), std::fma(a.x, w.y, a.y * w.x)};
}
inline void fft4(Cpx& v0, Cpx& v1, Cpx& v2, Cpx& v3) {
  const Cpx s02 = c_add(v0, v2);
  const Cpx d02 = c_sub(v0, v2);
  const Cpx s13 = c_add(v1, v3);
  const Cpx d13 = c_sub(v1, v3);
  v0 = c_add(s02, s13);
  v2 = c_sub(s02, s13);
  v1 = {d02.x + d13.y, d02.y - d13.x};
  v3 = {d02.x - d13.y, d02.y + d13.x};
}
inline Cpx w16(int e) {
  const float c8 = 0.923879532511286756f;
  const float s8 = 0.382683432365089772f;
  const float r2 = 0.707106781186547524f;
  switch (e) {
    case 1:
      return {c8, -s8};
    case 2:
      return {r2, -r2};
    case 3:
      return {s8, -c8};
    case 4:
      return {0.0f, -1.0f};
    case 6:
      return {-r2, -r2};
    default:
      return {-c8, s8};
  }
}
inline void fft16(Cpx* v) {
  for (int a = 0; a < 4; ++a) fft4(v[a], v[a + 4], v[a + 8], v[a + 12]);
  for (int a = 1; a < 4; ++a) {
    for (int c = 1; c < 4; ++c) v[a + 4 * c] = c_mul(v[a + 4 * c], w16(a * c));
  }
  for (int c = 0; c < 4; ++c) fft4(v[4 * c], v[4 * c + 1], v[4 * c + 2], v[4 * c + 3]);
}
inline int fft16_slot(int k) { return 4 * (k & 3) + (k >> 2); }
inline void twiddle16(Cpx* v, Cpx w) {
  Cpx wk = w;
  for (int k = 1; k < 16; ++k) {
    v[fft16_slot(k)] = c_mul(v[fft16_slot(k)], wk);
    if (k < 15) wk = c_mul(wk, w);
  }
}

// The kernels' transform of x[0..1023] (fft_device.cuh, in the same float operations).
inline std::vector<Cpx> reference_fft(const Cpx* x, const std::vector<Cpx>& base) {
  Cpx a[64][16];  // pass 1: a[t][k1]
  for (int t = 0; t < 64; ++t) {
    Cpx v[16];
    for (int j = 0; j < 16; ++j) v[j] = x[t + 64 * j];
    fft16(v);
    twiddle16(v, base[static_cast<std::size_t>(t)]);
    for (int k1 = 0; k1 < 16; ++k1) a[t][k1] = v[fft16_slot(k1)];
  }
  Cpx b[16][4][16];  // pass 2: b[k1][r][m]
  for (int k1 = 0; k1 < 16; ++k1) {
    for (int r = 0; r < 4; ++r) {
      Cpx v[16];
      for (int s = 0; s < 16; ++s) v[s] = a[r + 4 * s][k1];
      fft16(v);
      twiddle16(v, base[static_cast<std::size_t>(16 * r)]);
      for (int m = 0; m < 16; ++m) b[k1][r][m] = v[fft16_slot(m)];
    }
  }
  std::vector<Cpx> out(kN);  // pass 3
  for (int k1 = 0; k1 < 16; ++k1) {
    for (int m = 0; m < 16; ++m) {
      Cpx w[4] = {b[k1][0][m], b[k1][1][m], b[k1][2][m], b[k1][3][m]};
      fft4(w[0], w[1], w[2], w[3]);
      for (int q = 0; q < 4; ++q) out[static_cast<std::size_t>(k1 + 16 * m + 256 * q)] = w[q];
    }
  }
  return out;
}

// The DFT of x[0..1023] in double (iterative radix-2).
inline std::vector<std::complex<double>> double_fft(const Cpx* x) {
  std::vector<std::complex<double>> v(kN);
  for (std::size_t i = 0, j = 0; i < kN; ++i) {  // bit-reversed copy
    v[j] = {x[i].x, x[i].y};
    for (std::size_t bit = kN >> 1; (j ^= bit) < bit; bit >>= 1) {
    }
  }
  for (std::size_t len = 2; len <= kN; len <<= 1) {
    for (std::size_t i = 0; i < kN; i += len) {
      for (std::size_t k = 0; k < len / 2; ++k) {
        const auto w = std::polar(
            1.0, -2 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(len));
        const auto u = v[i + k];
        const auto t = w * v[i + k + len / 2];
        v[i + k] = u + t;
        v[i + k + len / 2] = u - t;
      }
    }
  }
  return v;
}

// A value in [-1, 1) from a fixed integer hash of i.
inline float input_value(std::uint32_t i) {
  const std::uint32_t h = fmix32(i * 0x9E3779B9u + 0x7F4A7C15u);
  return static_cast<float>(h & 0xFFFFFFu) / static_cast<float>(1 << 23) - 1.0f;
}

// Stages `kernel` (fft1024_shared_kernel, or fft1024_dcache_kernel with `global_scratch`) of
// workload `name`; the check compares every transform.
inline Staged stage(Host& host, std::string_view name, std::string_view kernel, bool global_scratch,
                    Size size) {
  const std::int32_t batch = for_size(kBatch, size);
  const std::size_t count = static_cast<std::size_t>(batch) * kN;
  std::vector<Cpx> in(count);
  for (std::size_t i = 0; i < count; ++i) {
    in[i] = {input_value(static_cast<std::uint32_t>(2 * i)),
             input_value(static_cast<std::uint32_t>(2 * i + 1))};
  }
  std::vector<Cpx> base(64);  // W1024^j, j = 0..63
  for (std::size_t j = 0; j < base.size(); ++j) {
    const double angle = -2 * std::numbers::pi * static_cast<double>(j) / kN;
    base[j] = {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))};
  }
  host.load_workload_ptx(name);
  const Addr in_dev = host.alloc_copy(in);
  const Addr out_dev = host.alloc(count * sizeof(Cpx));
  const Addr base_dev = host.alloc_copy(base);
  const Addr scratch =
      global_scratch ? host.alloc(static_cast<std::size_t>(batch) * 2 * kExchangeWords * 4) : 0;
  Staged staged;
  staged.launch = [&host, kernel = std::string(kernel), batch, in_dev, out_dev, base_dev,
                   scratch](std::uint64_t stream) {
    const func::Dim3 grid{static_cast<std::uint32_t>(batch), 1, 1};
    if (scratch != 0) {
      host.launch_on(stream, kernel, grid, {kThreads, 1, 1}, 0, in_dev, out_dev, base_dev, scratch);
    } else {
      host.launch_on(stream, kernel, grid, {kThreads, 1, 1}, 0, in_dev, out_dev, base_dev);
    }
  };
  staged.check = [&host, batch, count, out_dev, in = std::move(in), base = std::move(base)] {
    const std::vector<Cpx> got = host.read<Cpx>(out_dev, count);
    std::vector<float> got_parts(2 * count);
    std::vector<float> want_parts(2 * count);
    for (std::size_t f = 0; f < static_cast<std::size_t>(batch); ++f) {
      const Cpx* x = &in[f * kN];
      const std::vector<Cpx> want = reference_fft(x, base);
      const std::vector<std::complex<double>> exact_dft = double_fft(x);
      double norm = 0;
      for (std::size_t i = 0; i < kN; ++i)
        norm += double{x[i].x} * x[i].x + double{x[i].y} * x[i].y;
      const double tolerance = 16 * 10 * kFloatUnitRoundoff * std::sqrt(norm);  // 16 log2(N) u |x|
      for (std::size_t k = 0; k < kN; ++k) {
        const double error = std::abs(std::complex<double>(want[k].x, want[k].y) - exact_dft[k]);
        if (!(error <= tolerance)) {
          throw CheckFailed(fmt::format(
              "the CPU reference itself is wrong: transform {}, X[{}] = ({}, {}) differs from the "
              "double-precision DFT ({}, {}) by {} (tolerance {})",
              f, k, want[k].x, want[k].y, exact_dft[k].real(), exact_dft[k].imag(), error,
              tolerance));
        }
        const std::size_t at = 2 * (f * kN + k);
        want_parts[at] = want[k].x;
        want_parts[at + 1] = want[k].y;
        got_parts[at] = got[f * kN + k].x;
        got_parts[at + 1] = got[f * kN + k].y;
      }
    }
    // exact(): error bound 0, so check_close demands identical results. Row = transform, column =
    // 2 k (real part) or 2 k + 1 (imaginary part) of X[k].
    check_close("X", got_parts, exact(want_parts), 2 * kN);
  };
  return staged;
}

inline void run(Host& host, std::string_view name, std::string_view kernel, bool global_scratch,
                Size size) {
  stage(host, name, kernel, global_scratch, size).run();
}

}  // namespace warpsim::workload::placement_fft
