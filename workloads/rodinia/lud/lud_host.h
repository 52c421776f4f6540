#pragma once

// Host code shared by rodinia/lud and its "/U" variant rodinia/lud-u: the sizes, the input, the
// launches (Rodinia 3.x lud_cuda(): per 16 x 16 diagonal block lud_diagonal <<<1, 16>>>,
// lud_perimeter <<<(n - offset) / 16 - 1, 32>>>, lud_internal <<<(g, g), (16, 16)>>> with
// g = (n - offset) / 16 - 1, and a last lud_diagonal for the final block), and the checks.
// Sizes: paper = 512 x 512 (seed 004 Table 3, "LUD, LUD/U | 512 x 512").
// Input: a deterministic, strictly diagonally dominant matrix (no pivoting needed, as Rodinia's
// kernels do none): off-diagonal A[i][j] in [-0.5, 0.5) from an integer hash of (i, j), and
// A[i][i] = n / 2 + 1.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::rodinia_lud {

constexpr std::int32_t kSide[] = {96, 256, 512};  // n: tiny, small, paper
constexpr std::int32_t kBs = 16;                  // Rodinia's BLOCK_SIZE
constexpr std::size_t kTile = kBs;

inline std::string dimensions(Size size, std::int32_t bs = kBs,
                              const std::int32_t (&sides)[3] = kSide) {
  const std::int32_t n = for_size(sides, size);
  return fmt::format("{} x {} (BLOCK_SIZE {})", n, n, bs);
}

inline std::vector<float> input(std::size_t n) {
  std::vector<float> a(n * n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      std::uint32_t x = static_cast<std::uint32_t>(i) * 73856093u ^
                        static_cast<std::uint32_t>(j) * 19349663u ^ 0x9e3779b9u;
      x *= 2654435761u;
      x ^= x >> 15;
      x *= 2246822519u;
      x ^= x >> 13;
      a[i * n + j] = i == j ? static_cast<float>(n / 2 + 1)
                            : static_cast<float>((x >> 8) & 1023u) / 1024.0f - 0.5f;
    }
  }
  return a;
}

// The three kernels on the CPU, in float: the same operations in the same order as the committed
// PTX (mul.f32 then sub.f32 for each `v -= a * b` of lud_diagonal and lud_perimeter, div.rn.f32;
// fma.rn.f32 for lud_internal's dot product, from 0, then sub.f32), each correctly rounded, so the
// results must be identical. The order of the work items inside a kernel does not matter: no
// kernel step reads what the same step writes (lud_diagonal's barriers separate its steps).
// (x86-64 g++ without -mfma never contracts the float expressions below.)
inline void reference_diagonal(std::vector<float>& m, std::size_t n, std::size_t off,
                               std::size_t tile = kTile) {
  auto at = [&](std::size_t r, std::size_t c) -> float& { return m[(off + r) * n + off + c]; };
  for (std::size_t k = 0; k + 1 < tile; ++k) {
    for (std::size_t t = k + 1; t < tile; ++t) {
      float v = at(t, k);
      for (std::size_t j = 0; j < k; ++j) {
        const float p = at(t, j) * at(j, k);
        v = v - p;
      }
      at(t, k) = v / at(k, k);
    }
    for (std::size_t t = k + 1; t < tile; ++t) {
      float v = at(k + 1, t);
      for (std::size_t j = 0; j <= k; ++j) {
        const float p = at(k + 1, j) * at(j, t);
        v = v - p;
      }
      at(k + 1, t) = v;
    }
  }
}

inline void reference_perimeter(std::vector<float>& m, std::size_t n, std::size_t off,
                                std::size_t tile = kTile) {
  auto at = [&](std::size_t r, std::size_t c) -> float& { return m[r * n + c]; };
  for (std::size_t far = off + tile; far < n; far += tile) {
    for (std::size_t c = 0; c < tile; ++c) {  // U block (off, far), column c
      for (std::size_t i = 1; i < tile; ++i) {
        float v = at(off + i, far + c);
        for (std::size_t j = 0; j < i; ++j) {
          const float p = at(off + i, off + j) * at(off + j, far + c);
          v = v - p;
        }
        at(off + i, far + c) = v;
      }
    }
    for (std::size_t r = 0; r < tile; ++r) {  // L block (far, off), row r
      for (std::size_t i = 0; i < tile; ++i) {
        float v = at(far + r, off + i);
        for (std::size_t j = 0; j < i; ++j) {
          const float p = at(far + r, off + j) * at(off + j, off + i);
          v = v - p;
        }
        at(far + r, off + i) = v / at(off + i, off + i);
      }
    }
  }
}

inline void reference_internal(std::vector<float>& m, std::size_t n, std::size_t off,
                               std::size_t tile = kTile) {
  for (std::size_t r = off + tile; r < n; ++r) {
    for (std::size_t c = off + tile; c < n; ++c) {
      float sum = 0.0f;
      for (std::size_t k = 0; k < tile; ++k)
        sum = std::fma(m[r * n + off + k], m[(off + k) * n + c], sum);
      m[r * n + c] = m[r * n + c] - sum;
    }
  }
}

// An independent check that `lu` (unit lower L below the diagonal, U on and above it) factors
// `a`: the backward error bound of Gaussian elimination in float, |A - L U| <= gamma_(n+1) |L| |U|
// elementwise, gamma_k = k u / (1 - k u) (Higham, "Accuracy and Stability of Numerical
// Algorithms", 2nd ed., Thm. 9.3; n + 1 covers the division), whatever the order of the sums.
// Guards the exact reference against sharing a mistake with the kernels.
inline void check_factors(const std::vector<float>& lu, const std::vector<float>& a,
                          std::size_t n) {
  const double ku = static_cast<double>(n + 1) * kFloatUnitRoundoff;
  const double gamma = ku / (1 - ku);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      double sum = 0;
      double abs_sum = 0;
      for (std::size_t k = 0; k <= std::min(i, j); ++k) {
        const double l = k == i ? 1.0 : lu[i * n + k];
        const double term = l * lu[k * n + j];
        sum += term;
        abs_sum += std::fabs(term);
      }
      const double diff = std::fabs(sum - a[i * n + j]);
      if (!(diff <= 2 * gamma * abs_sum + 1e-30)) {
        throw CheckFailed(fmt::format(
            "LU factors: (L U)[{}][{}] = {} differs from A[{}][{}] = {} by {}, more than the "
            "backward error bound 2 * {}",
            i, j, sum, i, j, a[i * n + j], diff, gamma * abs_sum));
      }
    }
  }
}

// Runs the blocked LU decomposition with the kernels of `workload` (rodinia/lud or rodinia/lud-u:
// same kernel names and launches, BLOCK_SIZE 16; rodinia/lud-b22: `bs` 22 on the sides of
// `sides`) and checks it.
inline void run(Host& host, Size size, std::string_view workload, std::int32_t bs = kBs,
                const std::int32_t (&sides)[3] = kSide) {
  const std::int32_t n = for_size(sides, size);
  const auto un = static_cast<std::size_t>(n);
  const auto tile = static_cast<std::size_t>(bs);
  const auto ubs = static_cast<std::uint32_t>(bs);
  const std::vector<float> a = input(un);
  host.load_workload_ptx(workload);
  const Addr m_dev = host.alloc_copy(a);
  std::vector<float> want = a;
  std::int32_t offset = 0;
  for (; offset < n - bs; offset += bs) {
    const auto rest = static_cast<std::uint32_t>((n - offset) / bs - 1);
    host.launch("lud_diagonal", {1}, {ubs}, 0, m_dev, n, offset);
    host.launch("lud_perimeter", {rest}, {2 * ubs}, 0, m_dev, n, offset);
    host.launch("lud_internal", {rest, rest}, {ubs, ubs}, 0, m_dev, n, offset);
    const auto uoff = static_cast<std::size_t>(offset);
    reference_diagonal(want, un, uoff, tile);
    reference_perimeter(want, un, uoff, tile);
    reference_internal(want, un, uoff, tile);
  }
  host.launch("lud_diagonal", {1}, {ubs}, 0, m_dev, n, offset);
  reference_diagonal(want, un, static_cast<std::size_t>(offset), tile);
  const std::vector<float> got = host.read<float>(m_dev, un * un);
  // exact(): error bound 0, so check_close demands equality.
  check_close("m", got, exact(want), un);
  check_factors(got, a, un);
}

}  // namespace warpsim::workload::rodinia_lud
