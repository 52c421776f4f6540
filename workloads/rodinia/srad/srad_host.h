#pragma once

// Host side shared by rodinia/srad and its "/U" variant rodinia/srad-u, after Rodinia 3.x's
// SRAD v2 (srad_v2/srad.cu): the image J = exp(I) for I uniform in [0, 1]; per iteration the
// host computes the ROI statistic q0sqr (variance / mean^2 of J over rows r1..r2, columns
// c1..c2, in float as the original's host loop does) from the image it reads back, then
// launches the two kernels on a grid of (cols / 16) x (rows / 16) blocks of 16 x 16 threads.
// Sizes: paper 1024 x 1024 pixels (seed 004 Table 3, "1024 x 1024 px") with the ROI, lambda and
// iteration count of Rodinia's run script (`srad 2048 2048 0 127 0 127 0.5 2`: rows 0..127,
// columns 0..127, lambda 0.5, 2 iterations); small 512 x 512 with the same ROI; tiny 64 x 64
// with ROI 0..31 x 0..31 (the script's ROI does not fit). Inputs: I from a fixed integer hash
// of the pixel's index (the original uses rand() / RAND_MAX with seed 7).
//
// The reference repeats the kernels' float and double operations in the same order, each
// correctly rounded as the PTX instructions are (div.rn.f32, rcp.rn.f64, cvt.rn.f32.f64) and
// fused where the committed PTX fuses them (fma.rn.f32 in the sums of products, fma.rn.f64 in
// the double steps), and demands identical results, as polybench/fdtd-2d does: the diffusion
// coefficient divides by small differences and is clamped, so first-order error bounds would
// not stay finite over iterations. Each float operation is written as a helper that rounds a
// double result to float: double rounding is harmless for +, -, * and / of floats (53 >= 2*24+2
// bits), and the explicit roundings keep the host compiler from contracting a product and a sum
// into an FMA the PTX does not have.

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/rounded.h"
#include "workload/workload.h"

namespace warpsim::workload::srad {

struct Dims {
  std::int32_t rows;
  std::int32_t cols;
  std::int32_t roi_last;  // r1 = c1 = 0, r2 = c2 = roi_last
  std::int32_t iterations;
};
inline constexpr Dims kDims[] = {{64, 64, 31, 2}, {512, 512, 127, 2}, {1024, 1024, 127, 2}};
inline constexpr std::uint32_t kTile = 16;  // BLOCK_SIZE
inline constexpr float kLambda = 0.5f;

inline std::string dimensions(Size size, const Dims (&dims)[3] = kDims) {
  const Dims& d = for_size(dims, size);
  return fmt::format("{}x{}, ROI 0..{}, lambda={}, iterations={}", d.rows, d.cols, d.roi_last,
                     kLambda, d.iterations);
}

// Single float operations, correctly rounded.
inline float fadd(float a, float b) { return rounded_add(a, b); }
inline float fsub(float a, float b) { return rounded_sub(a, b); }
inline float fmul(float a, float b) { return rounded_mul(a, b); }
inline float fdiv(float a, float b) { return rounded_div(a, b); }

// The diffusion coefficient of pixel jc with directional derivatives n, s, w, e against the ROI
// statistic q0 (q0sqr), operation for operation as SRAD v2's srad_cuda_1 and v1's srad kernel
// compute it, clamped to [0, 1].
inline float coefficient(float n, float s, float w, float e, float jc, float q0) {
  // (n*n + s*s + w*w + e*e) / (jc*jc): mul.f32 s*s, then fma.rn.f32 for n, w, e.
  const float sq = std::fma(e, e, std::fma(w, w, std::fma(n, n, fmul(s, s))));
  const float g2 = fdiv(sq, fmul(jc, jc));
  const float l = fdiv(fadd(fadd(fadd(n, s), w), e), jc);
  // num = 0.5*g2 - (1/16)*(l*l) in double: mul.f64 by -1/16, fma.rn.f64 with 0.5.
  const auto num = static_cast<float>(std::fma(double{g2}, 0.5, double{fmul(l, l)} * -0.0625));
  const auto den = static_cast<float>(std::fma(double{l}, 0.25, 1.0));
  const float qsqr = fdiv(num, fmul(den, den));
  const float den2 = fdiv(fsub(qsqr, q0), fmul(fadd(q0, 1.0f), q0));
  const auto coef = static_cast<float>(1.0 / (double{den2} + 1.0));  // rcp.rn.f64
  return coef < 0 ? 0.0f : (coef > 1 ? 1.0f : coef);
}

// q0sqr of the ROI, in float as the original's host code computes it.
inline float q0sqr(const std::vector<float>& image, const Dims& d) {
  float sum = 0;
  float sum2 = 0;
  for (std::int32_t i = 0; i <= d.roi_last; ++i) {
    for (std::int32_t j = 0; j <= d.roi_last; ++j) {
      const float v = image[static_cast<std::size_t>(i) * d.cols + j];
      sum = fadd(sum, v);
      sum2 = fadd(sum2, fmul(v, v));
    }
  }
  const auto size_r = static_cast<float>((d.roi_last + 1) * (d.roi_last + 1));
  const float mean = fdiv(sum, size_r);
  const float var = fsub(fdiv(sum2, size_r), fmul(mean, mean));
  return fdiv(var, fmul(mean, mean));
}

// The reference's arrays: the image and the last iteration's coefficients and derivatives.
struct State {
  std::vector<float> j, c, n, s, w, e;
};

// One iteration of srad_cuda_1 and srad_cuda_2 on the CPU, operation for operation.
inline void reference_iteration(State& st, const Dims& d, float q0) {
  const auto rows = static_cast<std::size_t>(d.rows);
  const auto cols = static_cast<std::size_t>(d.cols);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t col = 0; col < cols; ++col) {
      const std::size_t k = r * cols + col;
      const float jc = st.j[k];
      const float n = fsub(st.j[r == 0 ? k : k - cols], jc);
      const float s = fsub(st.j[r == rows - 1 ? k : k + cols], jc);
      const float w = fsub(st.j[col == 0 ? k : k - 1], jc);
      const float e = fsub(st.j[col == cols - 1 ? k : k + 1], jc);
      st.c[k] = coefficient(n, s, w, e, jc, q0);
      st.n[k] = n;
      st.s[k] = s;
      st.w[k] = w;
      st.e[k] = e;
    }
  }
  const double step = double{kLambda} * 0.25;
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t col = 0; col < cols; ++col) {
      const std::size_t k = r * cols + col;
      const float cc = st.c[k];
      const float cs = st.c[r == rows - 1 ? k : k + cols];
      const float ce = st.c[col == cols - 1 ? k : k + 1];
      // cc*N + cs*S + cc*W + ce*E: mul cs*S, then fma.rn.f32 for N, W, E.
      const float d_sum =
          std::fma(ce, st.e[k], std::fma(cc, st.w[k], std::fma(cc, st.n[k], fmul(cs, st.s[k]))));
      st.j[k] = static_cast<float>(std::fma(step, double{d_sum}, double{st.j[k]}));
    }
  }
}

// Runs the workload with kernels `kernel1` and `kernel2` (srad_cuda_1 / _2, or the /U ones) on
// `tile` x `tile` blocks (their BLOCK_SIZE) over the images of `dims` (tiny, small, paper).
inline void run(Host& host, std::string_view workload_name, Size size, std::string_view kernel1,
                std::string_view kernel2, std::uint32_t tile = kTile,
                const Dims (&dims)[3] = kDims) {
  const Dims& d = for_size(dims, size);
  const std::size_t pixels = static_cast<std::size_t>(d.rows) * static_cast<std::size_t>(d.cols);
  std::vector<float> image(pixels);
  for (std::size_t k = 0; k < pixels; ++k) {
    std::uint32_t h = static_cast<std::uint32_t>(k) * 0x9e3779b1u + 0x3c6ef372u;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    h *= 0x297a2d39u;
    h ^= h >> 15;
    const double uniform = static_cast<double>(h >> 8) / static_cast<double>(0xffffff);
    image[k] = static_cast<float>(std::exp(uniform));
  }

  host.load_workload_ptx(workload_name);
  const Addr j_dev = host.alloc_copy(image);
  const Addr c_dev = host.alloc(pixels * sizeof(float));
  const Addr e_dev = host.alloc(pixels * sizeof(float));
  const Addr w_dev = host.alloc(pixels * sizeof(float));
  const Addr s_dev = host.alloc(pixels * sizeof(float));
  const Addr n_dev = host.alloc(pixels * sizeof(float));
  const func::Dim3 grid{static_cast<std::uint32_t>(d.cols) / tile,
                        static_cast<std::uint32_t>(d.rows) / tile, 1};
  const func::Dim3 block{tile, tile, 1};
  std::vector<float> got = image;
  for (std::int32_t it = 0; it < d.iterations; ++it) {
    if (it > 0) got = host.read<float>(j_dev, pixels);  // the original copies J back each time
    const float q0 = q0sqr(got, d);
    host.launch(kernel1, grid, block, 0, e_dev, w_dev, n_dev, s_dev, j_dev, c_dev, d.cols, d.rows,
                q0);
    host.launch(kernel2, grid, block, 0, e_dev, w_dev, n_dev, s_dev, j_dev, c_dev, d.cols, d.rows,
                kLambda, q0);
  }
  got = host.read<float>(j_dev, pixels);

  State want{image,
             std::vector<float>(pixels),
             std::vector<float>(pixels),
             std::vector<float>(pixels),
             std::vector<float>(pixels),
             std::vector<float>(pixels)};
  for (std::int32_t it = 0; it < d.iterations; ++it) reference_iteration(want, d, q0sqr(want.j, d));
  const auto cols = static_cast<std::size_t>(d.cols);
  // exact(): error bound 0, so check_close demands equality.
  check_close("J", got, exact(want.j), cols);
  check_close("C", host.read<float>(c_dev, pixels), exact(want.c), cols);
  check_close("N_C", host.read<float>(n_dev, pixels), exact(want.n), cols);
  check_close("S_C", host.read<float>(s_dev, pixels), exact(want.s), cols);
  check_close("W_C", host.read<float>(w_dev, pixels), exact(want.w), cols);
  check_close("E_C", host.read<float>(e_dev, pixels), exact(want.e), cols);
}

}  // namespace warpsim::workload::srad
