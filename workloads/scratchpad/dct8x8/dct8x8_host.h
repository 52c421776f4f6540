#pragma once

// Host side of scratchpad/dct8x8 and scratchpad/dct8x8-t64 (dct8x8.cu): the image, the four
// launches and the checks, with the float kernels' tile a parameter.
// scratchpad/dct8x8: 8x8 DCT and inverse DCT of an image, after the CUDA SDK's dct8x8 sample as
// seed 002 (Jatala et al., scratchpad sharing) runs it: its Table 1 kernels DCT1-DCT4
// (CUDAkernel2DCT, CUDAkernel2IDCT: float, 64-thread blocks (8,4,2), 2112 B shared;
// CUDAkernelShortDCT, CUDAkernelShortIDCT: 16-bit fixed point, 128-thread blocks (8,4,4),
// 2176 B shared), each launched once (its Table 3 sets the SDK's numIterations 100 -> 1). Grids
// as the SDK's: (W/32, H/16) blocks of 32x16 pixels for float, (W/32, H/32) of 32x32 for short.
// Our kernels (dct8x8.cu) are our own transform: an even/odd split of the orthonormal DCT-II.
// The float pair runs DCT1 on the image, then DCT2 on DCT1's output; the short pair likewise.
// Sizes: paper = 512 x 512, the SDK sample's input image (teapot512.bmp, 512 x 512 grey; seed
// 002's Table 4 counts 32,768 threads for each DCT kernel: 512 x 512 / 8 pixels per thread).
// Input: a deterministic integer pattern in 0..255, level-shifted by -128 (no image file).
// Fixed-point formats of the short pair: pixels are integers; the forward row pass writes Q6, the
// column pass Q4 coefficients; the inverse reads Q4, writes Q6 rows, then integer pixels.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <numbers>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::scratchpad_dct {

constexpr std::int32_t kSide[] = {64, 384, 512};  // W = H: tiny, small, paper
constexpr func::Dim3 kShortBlock{8, 4, 4};

// The workload with the float kernels' tile `tile_w` x `tile_h` (dct8x8.cu's FLOAT_TILE_W/H):
// blocks (8, tile_w / 8, tile_h / 8).
class Dct8x8Base : public Workload {
 public:
  Dct8x8Base(std::uint32_t tile_w, std::uint32_t tile_h) : tile_w_(tile_w), tile_h_(tile_h) {}
  std::string dimensions(Size size) const override {
    const std::int32_t n = for_size(kSide, size);
    return fmt::format("{}x{} image", n, n);
  }
  void run(Host& host, Size size) const override;

 private:
  std::uint32_t tile_w_;
  std::uint32_t tile_h_;
};

// c(k) cos((2n + 1) k pi / 16) for n = 0..3 (the other half follows by symmetry).
inline double dct_coefficient(int k, int n) {
  const double c = k == 0 ? std::sqrt(0.125) : 0.5;
  return c * std::cos((2 * n + 1) * k * std::numbers::pi / 16);
}

struct Tables {
  float f[8][4];
  std::int32_t q[8][4];  // Q13
  Tables() {
    for (int k = 0; k < 8; ++k) {
      for (int n = 0; n < 4; ++n) {
        f[k][n] = static_cast<float>(dct_coefficient(k, n));
        q[k][n] = static_cast<std::int32_t>(std::lround(dct_coefficient(k, n) * 8192));
      }
    }
  }
};

// One 8-point forward transform of v[0], v[stride], ..., as the float kernel computes it: the
// even outputs from s_n = x_n + x_{7-n}, the odd ones from d_n = x_n - x_{7-n}.
inline void fdct8(const Tables& t, Bounded* v, std::size_t stride) {
  Bounded s[4], d[4];
  for (std::size_t n = 0; n < 4; ++n) {
    s[n] = v[n * stride] + v[(7 - n) * stride];
    d[n] = v[n * stride] - v[(7 - n) * stride];
  }
  for (std::size_t k = 0; k < 8; ++k) {
    const Bounded* in = k % 2 == 0 ? s : d;
    Bounded sum = Bounded::exact(t.f[k][0]) * in[0];
    for (std::size_t n = 1; n < 4; ++n) sum += Bounded::exact(t.f[k][n]) * in[n];
    v[k * stride] = sum;
  }
}

// The inverse: x_n = e_n + o_n, x_{7-n} = e_n - o_n.
inline void idct8(const Tables& t, Bounded* v, std::size_t stride) {
  Bounded e[4], o[4];
  for (std::size_t n = 0; n < 4; ++n) {
    e[n] = Bounded::exact(t.f[0][n]) * v[0];
    o[n] = Bounded::exact(t.f[1][n]) * v[stride];
    for (std::size_t k = 2; k < 8; k += 2) e[n] += Bounded::exact(t.f[k][n]) * v[k * stride];
    for (std::size_t k = 3; k < 8; k += 2) o[n] += Bounded::exact(t.f[k][n]) * v[k * stride];
  }
  for (std::size_t n = 0; n < 4; ++n) {
    v[n * stride] = e[n] + o[n];
    v[(7 - n) * stride] = e[n] - o[n];
  }
}

// The fixed-point transforms, exactly as the short kernels compute them: Q13 constants, int32
// sums, (sum + 2^(shift-1)) >> shift, stored as int16 (wrapping).
inline void fdct8_fixed(const Tables& t, std::int16_t* v, std::size_t stride, int shift) {
  std::int32_t s[4], d[4];
  for (std::size_t n = 0; n < 4; ++n) {
    s[n] = v[n * stride] + v[(7 - n) * stride];
    d[n] = v[n * stride] - v[(7 - n) * stride];
  }
  for (std::size_t k = 0; k < 8; ++k) {
    const std::int32_t* in = k % 2 == 0 ? s : d;
    std::int32_t sum = 1 << (shift - 1);
    for (std::size_t n = 0; n < 4; ++n) sum += t.q[k][n] * in[n];
    v[k * stride] = static_cast<std::int16_t>(sum >> shift);
  }
}

inline void idct8_fixed(const Tables& t, std::int16_t* v, std::size_t stride, int shift) {
  std::int32_t e[4] = {}, o[4] = {};
  for (std::size_t n = 0; n < 4; ++n) {
    for (std::size_t k = 0; k < 8; k += 2) e[n] += t.q[k][n] * v[k * stride];
    for (std::size_t k = 1; k < 8; k += 2) o[n] += t.q[k][n] * v[k * stride];
  }
  const std::int32_t half = 1 << (shift - 1);
  for (std::size_t n = 0; n < 4; ++n) {
    v[n * stride] = static_cast<std::int16_t>((e[n] + o[n] + half) >> shift);
    v[(7 - n) * stride] = static_cast<std::int16_t>((e[n] - o[n] + half) >> shift);
  }
}

// Applies `row` to every row of every 8x8 block of a side x side image, then `col` to every
// column.
template <typename T, typename Row, typename Col>
void transform_image(std::vector<T>& image, std::size_t side, Row row, Col col) {
  for (std::size_t r = 0; r < side; ++r)
    for (std::size_t c = 0; c < side; c += 8) row(&image[r * side + c], 1);
  for (std::size_t r = 0; r < side; r += 8)
    for (std::size_t c = 0; c < side; ++c) col(&image[r * side + c], side);
}

// The reference's own sanity check: its forward transform must be the DCT-II of the definition
// (to float accuracy), so that kernel and reference cannot share a wrong constant.
inline void check_is_dct(const std::vector<std::int32_t>& pixels, const std::vector<Bounded>& coeff,
                         std::size_t side) {
  for (std::size_t r = 0; r < side; ++r) {
    for (std::size_t c = 0; c < side; ++c) {
      const std::size_t br = r / 8 * 8, bc = c / 8 * 8, u = r % 8, v = c % 8;
      double sum = 0;
      for (std::size_t i = 0; i < 8; ++i) {
        for (std::size_t j = 0; j < 8; ++j) {
          const double cu = (u == 0 ? std::sqrt(0.125) : 0.5) *
                            std::cos(static_cast<double>((2 * i + 1) * u) * std::numbers::pi / 16);
          const double cv = (v == 0 ? std::sqrt(0.125) : 0.5) *
                            std::cos(static_cast<double>((2 * j + 1) * v) * std::numbers::pi / 16);
          sum += cu * cv * pixels[(br + i) * side + bc + j];
        }
      }
      if (std::fabs(sum - coeff[r * side + c].value) > 1e-2)
        throw std::logic_error(fmt::format("dct8x8 reference is not the DCT at [{}][{}]", r, c));
    }
  }
}

inline void Dct8x8Base::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto side = static_cast<std::size_t>(n);
  const Tables tables;
  // Pixels: a deterministic pattern of gradients, stripes and hashed noise, then level shifted.
  std::vector<std::int32_t> pixels(side * side);
  for (std::size_t r = 0; r < side; ++r) {
    for (std::size_t c = 0; c < side; ++c) {
      std::uint32_t h = static_cast<std::uint32_t>(r * 73856093u ^ c * 19349663u);
      h ^= h >> 13;
      h *= 0x5bd1e995u;
      h ^= h >> 15;
      const std::size_t p = (r * 3 + c * 5 + ((r / 16 + c / 16) % 2) * 60 + h % 40) % 256;
      pixels[r * side + c] = static_cast<std::int32_t>(p) - 128;
    }
  }
  std::vector<float> image_f(pixels.begin(), pixels.end());
  std::vector<std::int16_t> image_s(pixels.begin(), pixels.end());

  host.load_workload_ptx(name());
  const std::int32_t pitch = n;
  const Addr img_f = host.alloc_copy(image_f);
  const Addr coeff_f = host.alloc(side * side * sizeof(float));
  const Addr back_f = host.alloc(side * side * sizeof(float));
  const Addr img_s = host.alloc_copy(image_s);
  const Addr coeff_s = host.alloc(side * side * sizeof(std::int16_t));
  const Addr back_s = host.alloc(side * side * sizeof(std::int16_t));
  const auto blocks = [&](std::size_t pixels_per_block) {
    return static_cast<std::uint32_t>(side / pixels_per_block);
  };
  const func::Dim3 float_grid{blocks(tile_w_), blocks(tile_h_), 1};
  const func::Dim3 float_block{8, tile_w_ / 8, tile_h_ / 8};
  const func::Dim3 short_grid{blocks(32), blocks(32), 1};
  host.launch("dct_float_fwd", float_grid, float_block, 0, coeff_f, img_f, pitch);
  host.launch("dct_float_inv", float_grid, float_block, 0, back_f, coeff_f, pitch);
  host.launch("dct_short_fwd", short_grid, kShortBlock, 0, coeff_s, img_s, pitch);
  host.launch("dct_short_inv", short_grid, kShortBlock, 0, back_s, coeff_s, pitch);
  const std::vector<float> got_coeff_f = host.read<float>(coeff_f, side * side);
  const std::vector<float> got_back_f = host.read<float>(back_f, side * side);
  const std::vector<std::int16_t> got_coeff_s = host.read<std::int16_t>(coeff_s, side * side);
  const std::vector<std::int16_t> got_back_s = host.read<std::int16_t>(back_s, side * side);

  // DCT1: from the image; DCT2: from DCT1's results as read back (already checked).
  std::vector<Bounded> want_coeff_f = exact(image_f);
  transform_image(
      want_coeff_f, side, [&](Bounded* v, std::size_t s) { fdct8(tables, v, s); },
      [&](Bounded* v, std::size_t s) { fdct8(tables, v, s); });
  check_is_dct(pixels, want_coeff_f, side);
  check_close("dct1", got_coeff_f, want_coeff_f, side);
  std::vector<Bounded> want_back_f = exact(got_coeff_f);
  transform_image(
      want_back_f, side, [&](Bounded* v, std::size_t s) { idct8(tables, v, s); },
      [&](Bounded* v, std::size_t s) { idct8(tables, v, s); });
  check_close("dct2", got_back_f, want_back_f, side);

  // DCT3 and DCT4, exactly; DCT4's reference starts from the reference's DCT3 output (equal to
  // the device's once DCT3 passed) and must reconstruct the image to within rounding.
  std::vector<std::int16_t> want_coeff_s = image_s;
  transform_image(
      want_coeff_s, side, [&](std::int16_t* v, std::size_t s) { fdct8_fixed(tables, v, s, 7); },
      [&](std::int16_t* v, std::size_t s) { fdct8_fixed(tables, v, s, 15); });
  check_equal("dct3", got_coeff_s, want_coeff_s, side);
  std::vector<std::int16_t> want_back_s = want_coeff_s;
  transform_image(
      want_back_s, side, [&](std::int16_t* v, std::size_t s) { idct8_fixed(tables, v, s, 11); },
      [&](std::int16_t* v, std::size_t s) { idct8_fixed(tables, v, s, 19); });
  for (std::size_t i = 0; i < want_back_s.size(); ++i) {
    if (std::abs(want_back_s[i] - pixels[i]) > 2)
      throw std::logic_error(fmt::format("dct8x8 fixed-point reference does not invert at {}", i));
  }
  check_equal("dct4", got_back_s, want_back_s, side);
}

}  // namespace warpsim::workload::scratchpad_dct
