// rodinia/srad-v1: Rodinia 3.x SRAD version 1 (srad_v1), speckle-reducing anisotropic diffusion
// with one thread per pixel in blocks of 512 (srad-v1.cu: extract, prepare, reduce, srad, srad2,
// compress).
//
// Host side, as the original's main.c: the image (Nr rows x Nc columns, stored column by column)
// goes to the device once; extract; then per iteration prepare, the reduce levels (the first over
// ceil(Ne / 512) blocks with mul 1, each next one over ceil(previous blocks / 512) blocks with mul
// times 512, until a level of one block has run), a copy of the two sums back to the host (one
// float each), q0sqr = var / mean^2 over the whole image in float on the host, srad and srad2
// on ceil(Ne / 512) blocks of 512 threads; after the iterations compress and a copy of the image
// back. The neighbour index arrays iN, iS, jW, jE (the row or column before and after, clamped at
// the edges) are built on the host and copied to the device, as there.
//
// Sizes: paper is Rodinia's default run (`srad 100 0.5 502 458`: 100 iterations, lambda 0.5, a
// 502 x 458 image); small the same image for 2 iterations; tiny 62 x 50 for 3 iterations (7
// blocks, the last partial, so both reduce levels run their partial-block paths). The original
// reads image.pgm; ours is a synthetic grey-level image (below).
//
// Checks. extract and compress call expf and logf, whose results the reference cannot repeat bit
// for bit (ex2.approx in expf), so those two are checked with error bounds (Bounded): expf and
// logf are within 2 ulp (CUDA C Programming Guide, "Mathematical Functions": expf 2 ulp, logf 1
// ulp), so each reference value carries a bound of 2^-22 times its magnitude (check_close
// accepts twice that). Everything between is repeated exactly from the extracted image the device
// computed (read back after the first iteration's sums, when the original synchronizes anyway):
// the reduction's float additions in its tree order, the host's q0sqr, and srad/srad2 operation
// for operation, correctly rounded as the PTX's instructions are and fused where the committed PTX
// fuses them (as rodinia/srad's reference does), and the two sums of every iteration and the last
// iteration's coefficients and derivatives must be identical.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "../srad/srad_host.h"
#include "workload/bounded.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"
#include "workload/workload.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t rows;  // Nr
  std::int32_t cols;  // Nc
  std::int32_t iterations;
};
constexpr Dims kDims[] = {{62, 50, 3}, {502, 458, 2}, {502, 458, 100}};
constexpr std::uint32_t kThreads = 512;  // NUMBER_THREADS
constexpr float kLambda = 0.5f;

// Single float operations, correctly rounded, and the diffusion coefficient: SRAD v2's.
using srad::fadd;
using srad::fdiv;
using srad::fmul;
using srad::fsub;

// The input: a grey-level phantom, as an ultrasound image with speckle: background 90, a bright
// ellipse (190) and a dark rectangle (35), each pixel multiplied by a speckle factor in [0.5, 1.5]
// from an integer hash of its index, clipped to 255; integers, as a PGM image's grey levels.
std::vector<float> make_image(const Dims& d) {
  const std::int64_t nr = d.rows;
  const std::int64_t nc = d.cols;
  std::vector<float> image(static_cast<std::size_t>(nr * nc));
  for (std::int64_t col = 0; col < nc; ++col) {
    for (std::int64_t row = 0; row < nr; ++row) {
      const std::int64_t k = row + nr * col;
      // Ellipse centred at (nr / 2, 2 nc / 5) with semi-axes 3 nr / 10 and nc / 5, in integers:
      // (dr / (3 nr))^2 + (dc / (2 nc))^2 <= 1 with dr = 10 row - 5 nr, dc = 10 col - 4 nc.
      const std::int64_t dr = 10 * row - 5 * nr;
      const std::int64_t dc = 10 * col - 4 * nc;
      const std::int64_t ar = 3 * nr;
      const std::int64_t ac = 2 * nc;
      std::int64_t base = 90;
      if (dr * dr * ac * ac + dc * dc * ar * ar <= ar * ar * ac * ac) base = 190;
      if (20 * row >= 13 * nr && 20 * row < 17 * nr && 20 * col >= 12 * nc && 20 * col < 17 * nc) {
        base = 35;
      }
      std::uint32_t h = static_cast<std::uint32_t>(k) * 0x9e3779b1u + 0x7f4a7c15u;
      h ^= h >> 16;
      h *= 0x85ebca6bu;
      h ^= h >> 13;
      h *= 0xc2b2ae35u;
      h ^= h >> 16;
      const std::int64_t grey = std::min<std::int64_t>(255, base * (64 + h % 129) / 128);
      image[static_cast<std::size_t>(k)] = static_cast<float>(grey);
    }
  }
  return image;
}

// The reduce launches of one iteration: (blocks, no, mul) per level, as the original's loop.
struct Level {
  std::uint32_t blocks;
  std::int32_t no;
  std::int32_t mul;
};
std::vector<Level> reduce_levels(std::int32_t ne) {
  std::vector<Level> levels;
  std::uint32_t work = blocks_for(static_cast<std::uint64_t>(ne), kThreads);
  std::int32_t no = ne;
  std::int32_t mul = 1;
  while (true) {
    levels.push_back({work, no, mul});
    if (work == 1) break;
    no = static_cast<std::int32_t>(work);
    mul *= static_cast<std::int32_t>(kThreads);
    work = blocks_for(work, kThreads);
  }
  return levels;
}

// One reduce launch on the CPU, addition for addition (the tree, then the last block's tail,
// read unscaled as the kernel does). Every block's reads come before any block's write, as on
// the device, where no block reads another's result slot.
void reference_reduce(std::vector<float>& sums, std::vector<float>& sums2, const Level& lv) {
  const std::size_t t = kThreads;
  const std::size_t mul = static_cast<std::size_t>(lv.mul);
  const std::size_t nf = static_cast<std::size_t>(lv.no) - (lv.blocks - 1) * t;
  struct Result {
    std::size_t slot;
    float sum, sum2;
  };
  std::vector<Result> results;
  std::vector<float> p(t), p2(t);
  for (std::size_t b = 0; b < lv.blocks; ++b) {
    const bool full = nf == t || b != lv.blocks - 1;
    const std::size_t count = full ? t : nf;
    for (std::size_t x = 0; x < count; ++x) {
      p[x] = sums[(b * t + x) * mul];
      p2[x] = sums2[(b * t + x) * mul];
    }
    std::size_t df = t;
    if (!full) {
      df = 0;
      for (std::size_t i = 2; i <= t; i *= 2) {
        if (nf >= i) df = i;
      }
    }
    for (std::size_t i = 2; i <= df; i *= 2) {
      for (std::size_t x = i - 1; x < df; x += i) {
        p[x] = fadd(p[x], p[x - i / 2]);
        p2[x] = fadd(p2[x], p2[x - i / 2]);
      }
    }
    if (df == 0) continue;  // one value, already in its slot
    float s = p[df - 1];
    float s2 = p2[df - 1];
    for (std::size_t k = b * t + df; k < b * t + count; ++k) {
      s = fadd(s, sums[k]);
      s2 = fadd(s2, sums2[k]);
    }
    results.push_back({b * t * mul, s, s2});
  }
  for (const Result& r : results) {
    sums[r.slot] = r.sum;
    sums2[r.slot] = r.sum2;
  }
}

// q0sqr from the two sums, in float as the original's host code computes it.
float q0sqr(float total, float total2, std::int32_t ne) {
  const auto n = static_cast<float>(ne);
  const float mean = fdiv(total, n);
  const float mean2 = fmul(mean, mean);
  const float var = fsub(fdiv(total2, n), mean2);
  return fdiv(var, mean2);
}

// The reference's arrays.
struct State {
  std::vector<float> img, sums, sums2, c, n, s, w, e;
};

// One iteration on the CPU: prepare, the reduce levels, q0sqr, srad, srad2. Returns the sums.
std::pair<float, float> reference_iteration(State& st, const Dims& d) {
  const auto nr = static_cast<std::size_t>(d.rows);
  const auto nc = static_cast<std::size_t>(d.cols);
  const std::int32_t ne = d.rows * d.cols;
  for (std::size_t k = 0; k < st.img.size(); ++k) {
    st.sums[k] = st.img[k];
    st.sums2[k] = fmul(st.img[k], st.img[k]);
  }
  for (const Level& lv : reduce_levels(ne)) reference_reduce(st.sums, st.sums2, lv);
  const float total = st.sums[0];
  const float total2 = st.sums2[0];
  const float q0 = q0sqr(total, total2, ne);
  for (std::size_t col = 0; col < nc; ++col) {
    for (std::size_t row = 0; row < nr; ++row) {
      const std::size_t k = row + nr * col;
      const float jc = st.img[k];
      const float n = fsub(st.img[row == 0 ? k : k - 1], jc);
      const float s = fsub(st.img[row == nr - 1 ? k : k + 1], jc);
      const float w = fsub(st.img[col == 0 ? k : k - nr], jc);
      const float e = fsub(st.img[col == nc - 1 ? k : k + nr], jc);
      st.c[k] = srad::coefficient(n, s, w, e, jc, q0);
      st.n[k] = n;
      st.s[k] = s;
      st.w[k] = w;
      st.e[k] = e;
    }
  }
  const double step = double{kLambda} * 0.25;
  for (std::size_t col = 0; col < nc; ++col) {
    for (std::size_t row = 0; row < nr; ++row) {
      const std::size_t k = row + nr * col;
      const float cc = st.c[k];
      const float cs = st.c[row == nr - 1 ? k : k + 1];
      const float ce = st.c[col == nc - 1 ? k : k + nr];
      // cN*dN + cS*dS + cW*dW + cE*dE: mul.f32 cS*dS, then fma.rn.f32 for N, W, E (cN = cW).
      const float div =
          std::fma(ce, st.e[k], std::fma(cc, st.w[k], std::fma(cc, st.n[k], fmul(cs, st.s[k]))));
      st.img[k] = static_cast<float>(std::fma(step, double{div}, double{st.img[k]}));
    }
  }
  return {total, total2};
}

class SradV1 final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/srad-v1"; }
  std::string_view description() const override {
    return "Rodinia SRAD v1: speckle-reducing anisotropic diffusion, one thread per pixel in "
           "512-thread blocks, shared-memory tree reduction of the image statistics";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{}x{} (Nr x Nc), lambda={}, iterations={}", d.rows, d.cols, kLambda,
                       d.iterations);
  }
  void run(Host& host, Size size) const override;
};

void SradV1::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::int32_t ne = d.rows * d.cols;
  const auto pixels = static_cast<std::size_t>(ne);
  const std::vector<float> image = make_image(d);

  // Neighbour indices, clamped at the edges.
  std::vector<std::int32_t> i_n(static_cast<std::size_t>(d.rows));
  std::vector<std::int32_t> i_s(i_n.size());
  std::vector<std::int32_t> j_w(static_cast<std::size_t>(d.cols));
  std::vector<std::int32_t> j_e(j_w.size());
  for (std::int32_t i = 0; i < d.rows; ++i) {
    i_n[static_cast<std::size_t>(i)] = std::max(i - 1, 0);
    i_s[static_cast<std::size_t>(i)] = std::min(i + 1, d.rows - 1);
  }
  for (std::int32_t j = 0; j < d.cols; ++j) {
    j_w[static_cast<std::size_t>(j)] = std::max(j - 1, 0);
    j_e[static_cast<std::size_t>(j)] = std::min(j + 1, d.cols - 1);
  }

  host.load_workload_ptx(name());
  const Addr img_dev = host.alloc_copy(image);
  const Addr in_dev = host.alloc_copy(i_n);
  const Addr is_dev = host.alloc_copy(i_s);
  const Addr jw_dev = host.alloc_copy(j_w);
  const Addr je_dev = host.alloc_copy(j_e);
  const Addr dn_dev = host.alloc(pixels * sizeof(float));
  const Addr ds_dev = host.alloc(pixels * sizeof(float));
  const Addr dw_dev = host.alloc(pixels * sizeof(float));
  const Addr de_dev = host.alloc(pixels * sizeof(float));
  const Addr c_dev = host.alloc(pixels * sizeof(float));
  const Addr sums_dev = host.alloc(pixels * sizeof(float));
  const Addr sums2_dev = host.alloc(pixels * sizeof(float));

  const func::Dim3 grid{blocks_for(pixels, kThreads), 1, 1};
  const func::Dim3 block{kThreads, 1, 1};
  const std::vector<Level> levels = reduce_levels(ne);
  std::vector<float> extracted;
  std::vector<float> got_sums;
  std::vector<float> got_sums2;

  host.launch("extract", grid, block, 0, ne, img_dev);
  for (std::int32_t it = 0; it < d.iterations; ++it) {
    host.launch("prepare", grid, block, 0, ne, img_dev, sums_dev, sums2_dev);
    for (const Level& lv : levels) {
      host.launch("reduce", func::Dim3{lv.blocks, 1, 1}, block, 0, ne, lv.no, lv.mul, sums_dev,
                  sums2_dev);
    }
    const float total = host.read<float>(sums_dev, 1)[0];
    const float total2 = host.read<float>(sums2_dev, 1)[0];
    got_sums.push_back(total);
    got_sums2.push_back(total2);
    // The image is still extract's result here (and the device idle): keep it for the check.
    if (it == 0) extracted = host.read<float>(img_dev, pixels);
    const float q0 = q0sqr(total, total2, ne);
    host.launch("srad", grid, block, 0, kLambda, d.rows, d.cols, ne, in_dev, is_dev, je_dev, jw_dev,
                dn_dev, ds_dev, de_dev, dw_dev, q0, c_dev, img_dev);
    host.launch("srad2", grid, block, 0, kLambda, d.rows, d.cols, ne, in_dev, is_dev, je_dev,
                jw_dev, dn_dev, ds_dev, de_dev, dw_dev, c_dev, img_dev);
  }
  host.launch("compress", grid, block, 0, ne, img_dev);
  const std::vector<float> got = host.read<float>(img_dev, pixels);
  if (extracted.empty()) extracted = image;  // (no iterations: never the case)

  // Messages name an element as [col][row] (the arrays are stored column by column).
  const auto nr = static_cast<std::size_t>(d.rows);
  // extract: expf of the correctly rounded quotient, within 2 ulp.
  std::vector<Bounded> want_extract(pixels);
  for (std::size_t k = 0; k < pixels; ++k) {
    const double v = std::exp(double{fdiv(image[k], 255.0f)});
    want_extract[k] = Bounded{v, 0x1p-22 * v};
  }
  check_close("I after extract", extracted, want_extract, nr);

  // The iterations, exactly, from the device's extracted image.
  State st{extracted,
           std::vector<float>(pixels),
           std::vector<float>(pixels),
           std::vector<float>(pixels),
           std::vector<float>(pixels),
           std::vector<float>(pixels),
           std::vector<float>(pixels),
           std::vector<float>(pixels)};
  for (std::int32_t it = 0; it < d.iterations; ++it) {
    const auto [total, total2] = reference_iteration(st, d);
    const auto i = static_cast<std::size_t>(it);
    check_close(fmt::format("sum (iteration {})", it), std::span<const float>(&got_sums[i], 1),
                exact(std::span<const float>(&total, 1)));
    check_close(fmt::format("sum of squares (iteration {})", it),
                std::span<const float>(&got_sums2[i], 1),
                exact(std::span<const float>(&total2, 1)));
  }
  check_close("C", host.read<float>(c_dev, pixels), exact(st.c), nr);
  check_close("dN", host.read<float>(dn_dev, pixels), exact(st.n), nr);
  check_close("dS", host.read<float>(ds_dev, pixels), exact(st.s), nr);
  check_close("dW", host.read<float>(dw_dev, pixels), exact(st.w), nr);
  check_close("dE", host.read<float>(de_dev, pixels), exact(st.e), nr);

  // compress: logf (1 ulp) times 255 (one rounding), within 2 ulp of log(I) * 255.
  std::vector<Bounded> want(pixels);
  for (std::size_t k = 0; k < pixels; ++k) {
    const double v = std::log(double{st.img[k]}) * 255.0;
    want[k] = Bounded{v, 0x1p-22 * std::fabs(v)};
  }
  check_close("I", got, want, nr);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(SradV1);

}  // namespace warpsim::workload
