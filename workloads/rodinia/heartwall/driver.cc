// rodinia/heartwall: template tracking of heart-wall points through ultrasound frames, after
// Rodinia 3.x's heartwall as seed 002 runs it (heartwall.cu: one 128-thread block per point,
// 11872 B of shared memory in the original's eight variables; Table 3: 128 threads, 140 points,
// one frame). The frames are synthetic: a fixed random texture of integer grey levels that
// moves by a few pixels per frame, so each point's best match is known to the host too; the
// templates are the 51 x 51 patches of frame 0 around the points, which lie on an ellipse.
// Sizes: tiny 16 points over 10 frames of 160 x 128 (frame 10 updates the templates); small 70
// points, 1 frame of 400 x 320; paper 140 points (ALL_POINTS 51 -> 140), 1 frame (frame_processed
// 5 -> 1) of 609 x 590, the original's frame size.
// Checks: every point's position after every frame and the final templates, exactly (the kernel's
// sums are exact integers and its scores are computed in double from them; heartwall.cu).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::uint32_t points;
  int frames;
  int width;
  int height;
};
constexpr Dims kDims[] = {{16, 10, 160, 128}, {70, 1, 400, 320}, {140, 1, 609, 590}};
constexpr std::uint32_t kThreads = 128;
constexpr int kSide = 51;
constexpr int kElems = kSide * kSide;
constexpr int kSample = 4;
constexpr int kSamples = 13;
constexpr int kRadius = 5;
constexpr int kPositions = (2 * kRadius + 1) * (2 * kRadius + 1);

// Grey level of the moving texture at (x, y) in frame f: a hash of the pixel's texture
// coordinates, constant over 2 x 2 cells so that neighbouring displacements score differently
// but smoothly.
float pixel(int x, int y, int f) {
  const std::uint32_t u = static_cast<std::uint32_t>(x - f) >> 1;
  const std::uint32_t v = static_cast<std::uint32_t>(y - 2 * f) >> 1;
  std::uint32_t h = u * 0x9e3779b1u ^ (v + 0x7f4a7c15u) * 0x85ebca6bu;
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return static_cast<float>(h & 0xFFu);
}

struct State {
  std::vector<float> templates;
  std::vector<std::int32_t> rows, cols;
};

// The kernel on the CPU, operation for operation (heartwall.cu).
void reference_frame(State& s, const std::vector<float>& frame, int width, int height,
                     int frame_no) {
  const auto clamp = [](int v, int hi) { return std::min(std::max(v, 0), hi - 1); };
  for (std::size_t p = 0; p < s.rows.size(); ++p) {
    const float* t = s.templates.data() + p * kElems;
    float partial[kSide], partial_sqr[kSide];
    for (int c = 0; c < kSide; ++c) {
      float sum = 0, sqr = 0;
      for (int r = 0; r < kSide; r += kSample) {
        sum += t[r * kSide + c];
        sqr += t[r * kSide + c] * t[r * kSide + c];
      }
      partial[c] = sum;
      partial_sqr[c] = sqr;
    }
    float final_sum = 0, final_sqr = 0;
    for (int c = 0; c < kSide; c += kSample) {
      final_sum += partial[c];
      final_sqr += partial_sqr[c];
    }
    const double n = kSamples * kSamples;
    const auto denom =
        static_cast<float>(std::sqrt(n * final_sqr - static_cast<double>(final_sum) * final_sum));
    const int row = s.rows[p], col = s.cols[p];
    float best_val = 0;
    int best = -1;
    for (int k = 0; k < kPositions; ++k) {
      const int dr = k / (2 * kRadius + 1) - kRadius, dc = k % (2 * kRadius + 1) - kRadius;
      std::int64_t stw = 0, sw = 0, sw2 = 0;
      for (int r = 0; r < kSide; r += kSample) {
        const int fr = clamp(row + dr + r - kSide / 2, height);
        for (int c = 0; c < kSide; c += kSample) {
          const int fc = clamp(col + dc + c - kSide / 2, width);
          const auto w =
              static_cast<std::int64_t>(frame[static_cast<std::size_t>(fr) * width + fc]);
          stw += w * static_cast<std::int64_t>(t[r * kSide + c]);
          sw += w;
          sw2 += w * w;
        }
      }
      const std::int64_t nn = kSamples * kSamples;
      const std::int64_t num = nn * stw - sw * static_cast<std::int64_t>(final_sum);
      const std::int64_t den2 = nn * sw2 - sw * sw;
      const double den = std::sqrt(static_cast<double>(den2)) * denom;
      const float val = den > 0 ? static_cast<float>(static_cast<double>(num) / den) : -1.0f;
      if (best < 0 || val > best_val) {
        best = k;
        best_val = val;
      }
    }
    s.rows[p] = row + best / (2 * kRadius + 1) - kRadius;
    s.cols[p] = col + best % (2 * kRadius + 1) - kRadius;
    if (frame_no != 0 && frame_no % 10 == 0) {
      for (int i = 0; i < kElems; ++i) {
        const int fr = clamp(s.rows[p] + i / kSide - kSide / 2, height);
        const int fc = clamp(s.cols[p] + i % kSide - kSide / 2, width);
        const int now = static_cast<int>(frame[static_cast<std::size_t>(fr) * width + fc]);
        const int old = static_cast<int>(t[i]);
        s.templates[p * kElems + i] = static_cast<float>((4 * old + now) / 5);
      }
    }
  }
}

class Heartwall final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/heartwall"; }
  std::string_view description() const override {
    return "Rodinia heartwall: template tracking of heart-wall points, one 128-thread block per "
           "point, 8 shared variables of 11872 B (seed 002 Table 3 settings)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} points, {} frames of {}x{}, 51x51 templates", d.points, d.frames,
                       d.width, d.height);
  }
  void run(Host& host, Size size) const override;
};

void Heartwall::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::size_t pixels = static_cast<std::size_t>(d.width) * d.height;
  const auto frame_of = [&](int f) {
    std::vector<float> frame(pixels);
    for (int y = 0; y < d.height; ++y) {
      for (int x = 0; x < d.width; ++x)
        frame[static_cast<std::size_t>(y) * d.width + x] = pixel(x, y, f);
    }
    return frame;
  };
  State s;
  const std::vector<float> first = frame_of(0);
  for (std::uint32_t p = 0; p < d.points; ++p) {
    const double angle = 2.0 * 3.14159265358979 * p / d.points;
    const int row = static_cast<int>(d.height / 2 + 0.3 * d.height * std::sin(angle));
    const int col = static_cast<int>(d.width / 2 + 0.3 * d.width * std::cos(angle));
    s.rows.push_back(row);
    s.cols.push_back(col);
    for (int i = 0; i < kElems; ++i) {
      const int fr = std::min(std::max(row + i / kSide - kSide / 2, 0), d.height - 1);
      const int fc = std::min(std::max(col + i % kSide - kSide / 2, 0), d.width - 1);
      s.templates.push_back(first[static_cast<std::size_t>(fr) * d.width + fc]);
    }
  }
  host.load_workload_ptx(name());
  const Addr frame_dev = host.alloc(pixels * sizeof(float));
  const Addr templates_dev = host.alloc_copy(s.templates);
  const Addr rows_dev = host.alloc_copy(s.rows);
  const Addr cols_dev = host.alloc_copy(s.cols);
  for (int f = 1; f <= d.frames; ++f) {
    const std::vector<float> frame = frame_of(f);
    host.copy_in(frame_dev, frame.data(), pixels * sizeof(float));
    host.launch("heartwall_kernel", {d.points}, {kThreads}, 0, frame_dev, d.width, d.height,
                templates_dev, rows_dev, cols_dev, f);
    reference_frame(s, frame, d.width, d.height, f);
    check_equal(fmt::format("rows after frame {}", f), host.read<std::int32_t>(rows_dev, d.points),
                s.rows);
    check_equal(fmt::format("columns after frame {}", f),
                host.read<std::int32_t>(cols_dev, d.points), s.cols);
  }
  check_close("templates", host.read<float>(templates_dev, s.templates.size()), exact(s.templates),
              kElems);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Heartwall);

}  // namespace warpsim::workload
