// rodinia/leukocyte: the detection stage of Rodinia 3.x's Leukocyte (CUDA), which finds white
// blood cells in the first frame of an intravital microscopy video: the host computes the
// frame's x and y gradients, GICOV_kernel scores every interior pixel against 7 sample circles
// and dilate_kernel dilates the score matrix with a disk of radius 12 (leukocyte.cu; the host
// then picks the local maxima as cell centres, which is not modelled). The tracking stage
// (IMGVF_kernel, frames 2 and later) is not implemented.
// Launches as the original's: GICOV_kernel with grad_n - 2 MaxR blocks of grad_m - 2 MaxR
// threads (MaxR = 22), dilate_kernel with ceil(m n / 176) blocks of 176 threads.
// Sizes (rows m x columns n of the frame): paper 219 x 640, the crop Rodinia takes of its
// 640 x 480 test video (rows TOP = 110 to BOTTOM = 328, all columns); small 76 x 96; tiny
// 60 x 48 (16 threads x 4 blocks of GICOV_kernel) scoring only the first 2 circles (radii 8
// and 10): each GICOV thread's chain of 7 x 150 dependent steps alone takes ~0.5 M cycles, which
// would keep tiny from running in a few seconds on the larger GPUs.
// Inputs: a deterministic synthetic frame in place of testfile.avi: a background of 0.25 with
// bright disks (0.75) of radius 10, Leukocyte's expected cell radius, plus uniform noise of
// +-0.05 from a fixed integer hash, quantised to 8 bits and scaled to [0, 1] as a video frame.
// Gradients are central differences (one-sided at the edges), computed in double and rounded
// to float; the sin / cos tables and the circles' integer offsets (trunc(radius * cos), ...)
// as the original computes them.
// Reference: the same float operations in the same order (each correctly rounded, as the
// kernel's __fmul_rn / __fadd_rn / __fdiv_rn), so GICOV and the dilation compare exactly.

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/rounded.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t m;        // rows
  std::int32_t n;        // columns
  std::int32_t circles;  // sample circles scored (NCIRCLES = 7 in the original)
};
constexpr Dims kDims[] = {{60, 48, 2}, {76, 96, 7}, {219, 640, 7}};
constexpr std::int32_t kPoints = 150;  // NPOINTS
constexpr std::int32_t kCircles = 7;   // NCIRCLES
constexpr std::int32_t kMinRad = 8;    // MIN_RAD = RADIUS - 2; radii 8, 10, ..., 20
constexpr std::int32_t kMaxR = 22;     // MaxR = MAX_RAD + 2
constexpr std::int32_t kStrelRadius = 12;
constexpr std::int32_t kStrelSide = 2 * kStrelRadius + 1;
constexpr std::uint32_t kDilateBlock = 176;
constexpr double kPi = 3.14159265358979323846;

// Single float operations, correctly rounded (double rounding is harmless for +, *, / of floats).
float fadd(float a, float b) { return rounded_add(a, b); }
float fsub(float a, float b) { return rounded_sub(a, b); }
float fmul(float a, float b) { return rounded_mul(a, b); }
float fdiv(float a, float b) { return rounded_div(a, b); }

std::uint32_t mix(std::uint32_t index) { return fmix32(index * 0x9e3779b1u + 0x6a09e667u); }

// The synthetic frame, column-major (row y, column x at x * m + y), values in [0, 1].
std::vector<double> frame(const Dims& d) {
  // Cell centres: every 40 columns, alternately above and below the middle row.
  std::vector<std::pair<int, int>> cells;
  for (int c = 24, k = 0; c + 10 < d.n; c += 40, ++k) {
    cells.emplace_back(d.m / 2 + (k % 2 == 0 ? -d.m / 8 : d.m / 8), c);
  }
  std::vector<double> image(static_cast<std::size_t>(d.m) * static_cast<std::size_t>(d.n));
  for (int x = 0; x < d.n; ++x) {
    for (int y = 0; y < d.m; ++y) {
      double v = 0.25;
      for (const auto& [cy, cx] : cells) {
        if ((y - cy) * (y - cy) + (x - cx) * (x - cx) <= 100) v = 0.75;
      }
      const std::size_t k = static_cast<std::size_t>(x) * d.m + y;
      v += (static_cast<double>(mix(static_cast<std::uint32_t>(k)) >> 8) / 16777215.0 - 0.5) * 0.1;
      image[k] = std::round(v * 255.0) / 255.0;
    }
  }
  return image;
}

class Leukocyte final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/leukocyte"; }
  std::string_view description() const override {
    return "Rodinia Leukocyte detection: GICOV scores over 7 sample circles of 150 points per "
           "pixel, then a disk dilation (one synthetic frame; tracking not modelled)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{}x{} frame, {} circles x {} points, strel radius {}", d.m, d.n, d.circles,
                       kPoints, kStrelRadius);
  }

  void run(Host& host, Size size) const override {
    const Dims& d = for_size(kDims, size);
    const std::int32_t m = d.m;
    const std::int32_t n = d.n;
    const std::size_t pixels = static_cast<std::size_t>(m) * static_cast<std::size_t>(n);
    const std::vector<double> image = frame(d);
    auto at = [&](int y, int x) { return image[static_cast<std::size_t>(x) * m + y]; };
    std::vector<float> grad_x(pixels);
    std::vector<float> grad_y(pixels);
    for (int x = 0; x < n; ++x) {
      for (int y = 0; y < m; ++y) {
        const double gx = x == 0       ? at(y, 1) - at(y, 0)
                          : x == n - 1 ? at(y, x) - at(y, x - 1)
                                       : (at(y, x + 1) - at(y, x - 1)) / 2;
        const double gy = y == 0       ? at(1, x) - at(0, x)
                          : y == m - 1 ? at(y, x) - at(y - 1, x)
                                       : (at(y + 1, x) - at(y - 1, x)) / 2;
        grad_x[static_cast<std::size_t>(x) * m + y] = static_cast<float>(gx);
        grad_y[static_cast<std::size_t>(x) * m + y] = static_cast<float>(gy);
      }
    }
    std::vector<float> sin_angle(kPoints);
    std::vector<float> cos_angle(kPoints);
    std::vector<std::int32_t> t_x(kCircles * kPoints);
    std::vector<std::int32_t> t_y(kCircles * kPoints);
    for (int p = 0; p < kPoints; ++p) {
      const double theta = p * 2.0 * kPi / kPoints;
      sin_angle[p] = static_cast<float>(std::sin(theta));
      cos_angle[p] = static_cast<float>(std::cos(theta));
      for (int k = 0; k < kCircles; ++k) {
        const double radius = kMinRad + 2 * k;
        t_x[k * kPoints + p] = static_cast<std::int32_t>(std::cos(theta) * radius);
        t_y[k * kPoints + p] = static_cast<std::int32_t>(std::sin(theta) * radius);
      }
    }
    std::vector<float> strel(kStrelSide * kStrelSide);
    for (int i = 0; i < kStrelSide; ++i) {
      for (int j = 0; j < kStrelSide; ++j) {
        const double r = std::sqrt(static_cast<double>((i - kStrelRadius) * (i - kStrelRadius) +
                                                       (j - kStrelRadius) * (j - kStrelRadius)));
        strel[i * kStrelSide + j] = r <= kStrelRadius ? 1.0f : 0.0f;
      }
    }

    host.load_workload_ptx(name());
    const Addr grad_x_dev = host.alloc_copy(grad_x);
    const Addr grad_y_dev = host.alloc_copy(grad_y);
    const Addr sin_dev = host.alloc_copy(sin_angle);
    const Addr cos_dev = host.alloc_copy(cos_angle);
    const Addr t_x_dev = host.alloc_copy(t_x);
    const Addr t_y_dev = host.alloc_copy(t_y);
    const Addr strel_dev = host.alloc_copy(strel);
    const Addr gicov_dev = host.alloc_copy(std::vector<float>(pixels, 0.0f));
    const Addr dilated_dev = host.alloc(pixels * sizeof(float));
    host.launch("GICOV_kernel", {static_cast<std::uint32_t>(n - 2 * kMaxR)},
                {static_cast<std::uint32_t>(m - 2 * kMaxR)}, 0, m, d.circles, grad_x_dev,
                grad_y_dev, sin_dev, cos_dev, t_x_dev, t_y_dev, gicov_dev);
    host.launch("dilate_kernel", {blocks_for(pixels, kDilateBlock)}, {kDilateBlock}, 0, m, n,
                kStrelSide, kStrelSide, strel_dev, gicov_dev, dilated_dev);
    const std::vector<float> got_gicov = host.read<float>(gicov_dev, pixels);
    const std::vector<float> got_dilated = host.read<float>(dilated_dev, pixels);

    // Reference: GICOV_kernel's float operations in its order.
    std::vector<float> gicov(pixels, 0.0f);
    for (int i = kMaxR; i < n - kMaxR; ++i) {
      for (int j = kMaxR; j < m - kMaxR; ++j) {
        float best = 0.0f;
        for (int k = 0; k < d.circles; ++k) {
          float sum = 0.0f;
          float mean = 0.0f;
          float m2 = 0.0f;
          for (int p = 0; p < kPoints; ++p) {
            const std::size_t addr = static_cast<std::size_t>(i + t_x[k * kPoints + p]) * m +
                                     static_cast<std::size_t>(j + t_y[k * kPoints + p]);
            const float v =
                fadd(fmul(grad_x[addr], cos_angle[p]), fmul(grad_y[addr], sin_angle[p]));
            sum = fadd(sum, v);
            const float delta = fsub(v, mean);
            mean = fadd(mean, fdiv(delta, static_cast<float>(p + 1)));
            m2 = fadd(m2, fmul(delta, fsub(v, mean)));
          }
          mean = fdiv(sum, static_cast<float>(kPoints));
          const float var = fdiv(m2, static_cast<float>(kPoints - 1));
          const float score = fdiv(fmul(mean, mean), var);
          if (score > best) best = score;
        }
        gicov[static_cast<std::size_t>(i) * m + j] = best;
      }
    }
    // Reference dilation: column-major in, row-major out.
    std::vector<float> dilated(pixels);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        float best = 0.0f;
        for (int el_i = 0; el_i < kStrelSide; ++el_i) {
          const int y = i - kStrelRadius + el_i;
          if (y < 0 || y >= m) continue;
          for (int el_j = 0; el_j < kStrelSide; ++el_j) {
            const int x = j - kStrelRadius + el_j;
            if (x >= 0 && x < n && strel[el_i * kStrelSide + el_j] != 0.0f) {
              const float v = gicov[static_cast<std::size_t>(x) * m + y];
              if (v > best) best = v;
            }
          }
        }
        dilated[static_cast<std::size_t>(i) * n + j] = best;
      }
    }
    // exact(): error bound 0, so check_close demands identical values. gicov is column-major: its
    // messages name an element as [column][row].
    check_close("gicov", got_gicov, exact(gicov), static_cast<std::size_t>(m));
    check_close("dilated", got_dilated, exact(dilated), static_cast<std::size_t>(n));
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Leukocyte);

}  // namespace warpsim::workload
