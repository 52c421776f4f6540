// rodinia/leukocyte: Rodinia 3.x's Leukocyte (CUDA), which finds white blood cells in the first
// frame of an intravital microscopy video and tracks them through the following frames.
// Detection (frame 1): the host computes the frame's x and y gradients, GICOV_kernel scores
// every interior pixel against 7 sample circles and dilate_kernel dilates the score matrix with
// a disk of radius 12; the host takes the local maxima (score equal to its dilation, at least
// half the frame's best score) as the cells. Tracking (frames 2 to 1 + tracked_frames): for
// each cell the host cuts Rodinia's 41 x 81 window around the detected centre, takes its
// normalised gradient magnitude I, and one IMGVF_kernel launch per frame (a block of 320
// threads per cell) iterates the motion gradient vector flow to convergence (leukocyte.cu,
// leukocyte_math.h). Rodinia's snake evolution (ellipseevolve, host code that moves each cell
// to its new position) is not modelled: every frame's windows are cut around the frame-1
// detections (the synthetic cells move at most 4 columns and 2 rows by frame 5, well inside).
// Launches as the original's: GICOV_kernel with grad_n - 2 MaxR blocks of grad_m - 2 MaxR
// threads (MaxR = 22), dilate_kernel with ceil(m n / 176) blocks of 176 threads, IMGVF_kernel
// with one block of 320 threads per cell.
// Sizes (rows m x columns n of the frame): paper 219 x 640, the crop Rodinia takes of its
// 640 x 480 test video (rows TOP = 110 to BOTTOM = 328, all columns), and Rodinia's default run
// (`leukocyte testfile.avi 5`): detection on frame 1, tracking on frames 2 to 5, at most 500
// iterations, cutoff 1e-5 (15 cells); small 76 x 96, 2 cells, one tracked frame, 500 / 1e-5
// (about 300 iterations per cell); tiny 60 x 48 (16 threads x 4 blocks of GICOV_kernel)
// scoring only the first 2 circles (radii 8 and 10): each GICOV thread's chain of 7 x 150
// dependent steps alone takes ~0.5 M cycles, which would keep tiny from running in a few seconds
// on the larger GPUs; one cell, one tracked frame, at most 8 iterations with a cutoff that
// stops it after 5. Our tracking frames have the detection frame's size (Rodinia tracks on the
// whole 640 x 480 frame; the windows lie inside the crop either way).
// Inputs: deterministic synthetic frames in place of testfile.avi: a background of 0.25 with
// bright disks (0.75) of radius 10, Leukocyte's expected cell radius, moving one column per
// frame (and a row every second frame), plus uniform noise of +-0.05 from a fixed integer hash,
// quantised to 8 bits and scaled to [0, 1] as a video frame. Gradients are central differences
// (one-sided at the edges), computed in double and rounded to float; the sin / cos tables and
// the circles' integer offsets (trunc(radius * cos), ...) as the original computes them.
// Reference: the same float operations in the same order (each correctly rounded, as the
// kernels' __fmul_rn / __fadd_rn / __fdiv_rn / __fmaf_rn), so GICOV, the dilation, every
// cell's IMGVF iteration count and its final field compare exactly; the tracking's atan is our
// own (leukocyte_math.h), which the reference repeats bit for bit.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "leukocyte_math.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/rounded.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t m;               // rows
  std::int32_t n;               // columns
  std::int32_t circles;         // sample circles scored (NCIRCLES = 7 in the original)
  std::int32_t tracked_frames;  // frames tracked after the detection frame (4 in Rodinia's run)
  std::int32_t max_iterations;  // IMGVF iterations at most (500 in the original)
  float cutoff;                 // convergence: mean |change| below this (1e-5 in the original)
};
// tiny's cutoff stops its cell after 5 iterations (mean change 3.7e-3), so that the test suite's
// runs exercise the reduction and the convergence test; 1e-5 takes about 300 iterations.
constexpr Dims kDims[] = {
    {60, 48, 2, 1, 8, 4e-3f}, {76, 96, 7, 1, 500, 1e-5f}, {219, 640, 7, 4, 500, 1e-5f}};
constexpr std::int32_t kPoints = 150;  // NPOINTS
constexpr std::int32_t kCircles = 7;   // NCIRCLES
constexpr std::int32_t kMinRad = 8;    // MIN_RAD = RADIUS - 2; radii 8, 10, ..., 20
constexpr std::int32_t kMaxR = 22;     // MaxR = MAX_RAD + 2
constexpr std::int32_t kStrelRadius = 12;
constexpr std::int32_t kStrelSide = 2 * kStrelRadius + 1;
constexpr std::uint32_t kDilateBlock = 176;
constexpr double kPi = 3.14159265358979323846;
// Tracking (Rodinia's track_ellipse.c / MGVF): the expected cell radius R, the motion direction
// (vx, vy) = (1, 1), epsilon of the Heaviside, the convergence threshold on the mean change.
constexpr int kRadius = 10;
constexpr float kVx = 1.0f;
constexpr float kVy = 1.0f;
constexpr float kEpsilon = 1e-10f;
constexpr std::uint32_t kImgvfThreads = 320;  // threads_per_block
constexpr std::int32_t kImgvfFold = 256;      // largest power of two below 320

// Single float operations, correctly rounded (double rounding is harmless for +, *, / of floats).
float fadd(float a, float b) { return rounded_add(a, b); }
float fsub(float a, float b) { return rounded_sub(a, b); }
float fmul(float a, float b) { return rounded_mul(a, b); }
float fdiv(float a, float b) { return rounded_div(a, b); }

std::uint32_t mix(std::uint32_t index) { return fmix32(index * 0x9e3779b1u + 0x6a09e667u); }

// The synthetic frame `f` (0: the detection frame), column-major (row y, column x at x * m + y),
// values in [0, 1]. Cells: disks every 40 columns, alternately above and below the middle row;
// from frame to frame each moves one column right (rolling along the vessel) and every second
// frame one row (the even-numbered cells down, the others up). The noise differs per frame.
std::vector<double> frame(const Dims& d, int f) {
  std::vector<std::pair<int, int>> cells;
  for (int c = 24, k = 0; c + 10 < d.n; c += 40, ++k) {
    const int drift = k % 2 == 0 ? f / 2 : -(f / 2);
    cells.emplace_back(d.m / 2 + (k % 2 == 0 ? -d.m / 8 : d.m / 8) + drift, c + f);
  }
  const std::size_t pixels = static_cast<std::size_t>(d.m) * static_cast<std::size_t>(d.n);
  std::vector<double> image(pixels);
  for (int x = 0; x < d.n; ++x) {
    for (int y = 0; y < d.m; ++y) {
      double v = 0.25;
      for (const auto& [cy, cx] : cells) {
        if ((y - cy) * (y - cy) + (x - cx) * (x - cx) <= 100) v = 0.75;
      }
      const std::size_t k = static_cast<std::size_t>(x) * d.m + y;
      const auto hashed = static_cast<std::uint32_t>(k + static_cast<std::size_t>(f) * pixels);
      v += (static_cast<double>(mix(hashed) >> 8) / 16777215.0 - 0.5) * 0.1;
      image[k] = std::round(v * 255.0) / 255.0;
    }
  }
  return image;
}

// One tracked cell's sub-image in a frame: rows v1..v2, columns u1..u2 (Rodinia's window
// around the cell's centre, 2 R + 1 rows by 4 R + 1 columns, clipped at the frame's edges).
struct Window {
  int v1, v2, u1, u2;
  int rows() const { return v2 - v1 + 1; }
  int cols() const { return u2 - u1 + 1; }
};

Window window_around(int row, int col, const Dims& d) {
  // As track_ellipse.c: u1 = max(xc - 4R + 0.5, 0), ..., truncated to int.
  const double xc = col;
  const double yc = row;
  return Window{static_cast<int>(std::max(yc - 2.0 * kRadius + 1.5, 0.0)),
                static_cast<int>(std::min(yc + 2.0 * kRadius + 1.5, d.m - 1.0)),
                static_cast<int>(std::max(xc - 4.0 * kRadius + 0.5, 0.0)),
                static_cast<int>(std::min(xc + 4.0 * kRadius + 0.5, d.n - 1.0))};
}

// The sub-image's gradient magnitude (central differences, one-sided at the sub-image's edges,
// as Rodinia's gradient_x / gradient_y), normalised to [0, 1] as MGVF does ((v - min) /
// (max - min + 2^-52)), in double, rounded to float; row-major (i * cols + j).
std::vector<float> edge_map(const std::vector<double>& image, const Dims& d, const Window& w) {
  const int rows = w.rows();
  const int cols = w.cols();
  auto at = [&](int i, int j) {
    return image[static_cast<std::size_t>(w.u1 + j) * d.m + static_cast<std::size_t>(w.v1 + i)];
  };
  std::vector<double> edge(static_cast<std::size_t>(rows) * cols);
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) {
      const double gx = j == 0          ? at(i, 1) - at(i, 0)
                        : j == cols - 1 ? at(i, j) - at(i, j - 1)
                                        : (at(i, j + 1) - at(i, j - 1)) / 2;
      const double gy = i == 0          ? at(1, j) - at(0, j)
                        : i == rows - 1 ? at(i, j) - at(i - 1, j)
                                        : (at(i + 1, j) - at(i - 1, j)) / 2;
      edge[static_cast<std::size_t>(i) * cols + j] = std::sqrt(gx * gx + gy * gy);
    }
  }
  const auto [lo, hi] = std::minmax_element(edge.begin(), edge.end());
  const double low = *lo;
  const double scale = 1.0 / (*hi - low + 0x1p-52);
  std::vector<float> normalised(edge.size());
  for (std::size_t k = 0; k < edge.size(); ++k) {
    normalised[k] = static_cast<float>((edge[k] - low) * scale);
  }
  return normalised;
}

// IMGVF_kernel's computation for one cell, in its order: Jacobi steps of lk_imgvf_pixel; thread
// t's change sums its elements t, t + 320, ... in that order; the block reduction folds 256..319
// onto 0..63 and halves from 128. Updates `field` and returns the iterations run.
int imgvf_reference(std::vector<float>& field, const std::vector<float>& image, int m, int n,
                    int max_iterations, float cutoff) {
  namespace lk = leukocyte;
  const float one_over_e = rounded_div(1.0f, kEpsilon);
  const lk::LkDirections dir = lk::lk_directions(kVx, kVy);
  const int size = m * n;
  std::vector<float> next(field.size());
  std::vector<float> totals(kImgvfThreads);
  int iterations = 0;
  bool converged = false;
  while (!converged && iterations < max_iterations) {
    std::fill(totals.begin(), totals.end(), 0.0f);
    for (int k = 0; k < size; ++k) {
      const int i = k / n;
      const int j = k - i * n;
      const int up = (i == 0 ? 0 : i - 1) * n;
      const int down = (i == m - 1 ? m - 1 : i + 1) * n;
      const int row = i * n;
      const int left = j == 0 ? 0 : j - 1;
      const int right = j == n - 1 ? n - 1 : j + 1;
      const float nb[8] = {field[up + j],      field[down + j],   field[row + left],
                           field[row + right], field[up + right], field[down + right],
                           field[up + left],   field[down + left]};
      next[k] = lk::lk_imgvf_pixel(field[k], nb, image[k], dir, one_over_e);
      float& total = totals[static_cast<std::size_t>(k) % kImgvfThreads];
      total = rounded_add(total, std::fabs(rounded_sub(next[k], field[k])));
    }
    field.swap(next);
    for (int t = 0; t < static_cast<int>(kImgvfThreads) - kImgvfFold; ++t) {
      totals[t] = rounded_add(totals[t], totals[t + kImgvfFold]);
    }
    for (int half = kImgvfFold / 2; half > 0; half /= 2) {
      for (int t = 0; t < half; ++t) totals[t] = rounded_add(totals[t], totals[t + half]);
    }
    converged = rounded_div(totals[0], static_cast<float>(size)) < cutoff;
    ++iterations;
  }
  return iterations;
}

class Leukocyte final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/leukocyte"; }
  std::string_view description() const override {
    return "Rodinia Leukocyte: detection (GICOV over 7 sample circles of 150 points per pixel, "
           "disk dilation) on frame 1, then IMGVF tracking (one 320-thread block per cell) on "
           "the following synthetic frames";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format(
        "{}x{} frame, {} circles x {} points, strel radius {}; {} tracked frame(s), IMGVF at most "
        "{} iterations, cutoff {}",
        d.m, d.n, d.circles, kPoints, kStrelRadius, d.tracked_frames, d.max_iterations, d.cutoff);
  }

  void run(Host& host, Size size) const override {
    const Dims& d = for_size(kDims, size);
    const std::int32_t m = d.m;
    const std::int32_t n = d.n;
    const std::size_t pixels = static_cast<std::size_t>(m) * static_cast<std::size_t>(n);
    const std::vector<double> image = frame(d, 0);
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

    // Cells: the local maxima of the GICOV score (the pixels the dilation leaves unchanged)
    // scoring at least half the frame's best, in column-major scan order.
    const float best = *std::max_element(gicov.begin(), gicov.end());
    std::vector<std::pair<int, int>> cells;  // (row, column)
    for (int x = 0; x < n; ++x) {
      for (int y = 0; y < m; ++y) {
        const float v = gicov[static_cast<std::size_t>(x) * m + y];
        if (v > 0.0f && v >= 0.5f * best && v == dilated[static_cast<std::size_t>(y) * n + x]) {
          cells.emplace_back(y, x);
        }
      }
    }
    if (cells.empty()) throw CheckFailed("leukocyte: detection found no cell to track");
    track(host, d, cells);
  }

 private:
  // Tracking: for each frame after the first, each cell's sub-image around its detected centre,
  // its normalised edge map I (the initial field too), one IMGVF_kernel launch with a block per
  // cell, and the check of every cell's iteration count and final field.
  static void track(Host& host, const Dims& d, const std::vector<std::pair<int, int>>& cells) {
    const auto count = static_cast<std::int32_t>(cells.size());
    for (int f = 1; f <= d.tracked_frames; ++f) {
      const std::vector<double> image = frame(d, f);
      std::vector<std::vector<float>> edges;
      std::vector<std::int32_t> rows;
      std::vector<std::int32_t> cols;
      for (const auto& [row, col] : cells) {
        const Window w = window_around(row, col, d);
        edges.push_back(edge_map(image, d, w));
        rows.push_back(w.rows());
        cols.push_back(w.cols());
      }
      // As the original: every cell's I in one buffer and its initial field (a copy of I) in
      // another, the cells one after another, and arrays of pointers into them.
      std::vector<float> all;
      std::vector<std::size_t> offsets;
      for (const std::vector<float>& edge : edges) {
        offsets.push_back(all.size());
        all.insert(all.end(), edge.begin(), edge.end());
      }
      const Addr image_all = host.alloc_copy(all);
      const Addr field_all = host.alloc_copy(all);
      std::vector<Addr> image_ptrs;
      std::vector<Addr> field_ptrs;
      for (const std::size_t offset : offsets) {
        image_ptrs.push_back(image_all + offset * sizeof(float));
        field_ptrs.push_back(field_all + offset * sizeof(float));
      }
      const Addr field_array = host.alloc_copy(field_ptrs);
      const Addr image_array = host.alloc_copy(image_ptrs);
      const Addr rows_dev = host.alloc_copy(rows);
      const Addr cols_dev = host.alloc_copy(cols);
      const Addr iterations_dev = host.alloc_copy(std::vector<std::int32_t>(cells.size(), -1));
      host.launch("IMGVF_kernel", {static_cast<std::uint32_t>(count)}, {kImgvfThreads}, 0,
                  field_array, image_array, rows_dev, cols_dev, kVx, kVy, kEpsilon,
                  d.max_iterations, d.cutoff, iterations_dev);
      const std::vector<std::int32_t> got_iterations =
          host.read<std::int32_t>(iterations_dev, cells.size());
      std::vector<std::int32_t> iterations(cells.size());
      std::vector<std::vector<float>> fields = edges;
      for (std::size_t c = 0; c < cells.size(); ++c) {
        iterations[c] =
            imgvf_reference(fields[c], edges[c], rows[c], cols[c], d.max_iterations, d.cutoff);
      }
      // The iteration counts first: a different count changes every field.
      check_equal(fmt::format("iterations (frame {})", f + 1), got_iterations, iterations);
      const std::vector<float> got = host.read<float>(field_all, all.size());
      for (std::size_t c = 0; c < cells.size(); ++c) {
        const auto first = got.begin() + static_cast<std::ptrdiff_t>(offsets[c]);
        const std::vector<float> got_cell(first,
                                          first + static_cast<std::ptrdiff_t>(fields[c].size()));
        check_close(fmt::format("imgvf (frame {}, cell {})", f + 1, c), got_cell, exact(fields[c]),
                    static_cast<std::size_t>(cols[c]));
      }
    }
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Leukocyte);

}  // namespace warpsim::workload
