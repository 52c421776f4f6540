// rodinia/particlefilter: Rodinia 3.x's particle filter, CUDA "float" version
// (ex_particle_CUDA_float_seq, which computes in double; kernels in particlefilter.cu, their
// arithmetic in particlefilter_math.h). The host generates the video, launches the four kernels
// per frame and checks the last frame's every array against a CPU reference that repeats the
// kernels' double operations in the same order and demands identical results.
//
// Sizes: paper is Rodinia's default run (`-x 128 -y 128 -z 10 -np 1000`): 128 x 128 frames,
// 10 frames (9 filtered: frame 0 is the start), 1000 particles, so 2 blocks of 512. small keeps
// the frame size and the particle count (the CDF search, the workload's irregular access, grows
// with the particle count) and filters 4 frames; tiny is 64 x 64, 3 frames, 600 particles (the
// second block partly empty).
//
// The video (Rodinia's videoSequence, our own code): a disk of radius 5 (the pixels with
// dx^2 + dy^2 < 25 around its centre, 69 of them) at intensity 228 on a background of 100; in
// frame k its centre is (IszX / 2 + k, IszY / 2 - 2k), the motion the particles' model assumes.
// Noise: each pixel plus an integer in [-8, 8] from a fixed hash of its index (Rodinia adds
// (int)(5 randn) from its LCG). The object template (objxy) is the same disk's offsets. The
// particles start at the video's centre, as Rodinia's; their seeds are Rodinia's time(0) * i
// with a fixed time.

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "particlefilter_math.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/workload.h"

namespace warpsim::workload {
namespace {

namespace pf = particlefilter;

struct Dims {
  std::int32_t isz_x;
  std::int32_t isz_y;
  std::int32_t frames;
  std::int32_t particles;
};
constexpr Dims kDims[] = {{64, 64, 3, 600}, {128, 128, 5, 1000}, {128, 128, 10, 1000}};
constexpr std::int32_t kBlock = 512;  // threads_per_block
constexpr std::int32_t kRadius = 5;
constexpr std::uint32_t kSeedTime = 1300000000u;  // stands for Rodinia's time(0)

// The disk's offsets (dx, dy), dx^2 + dy^2 < radius^2, row by row.
std::vector<std::int32_t> disk_offsets() {
  std::vector<std::int32_t> xy;
  for (std::int32_t dx = -kRadius; dx <= kRadius; ++dx) {
    for (std::int32_t dy = -kRadius; dy <= kRadius; ++dy) {
      if (dx * dx + dy * dy < kRadius * kRadius) {
        xy.push_back(dx);
        xy.push_back(dy);
      }
    }
  }
  return xy;
}

std::uint32_t hash(std::uint32_t index) { return fmix32(index * 0x9e3779b1u + 0x6a09e667u); }

// The object's centre in frame k.
std::array<std::int32_t, 2> centre(const Dims& d, std::int32_t k) {
  return {d.isz_x / 2 + k, d.isz_y / 2 - 2 * k};
}

std::vector<std::uint8_t> make_video(const Dims& d, const std::vector<std::int32_t>& objxy) {
  const std::size_t pixels = static_cast<std::size_t>(d.isz_x) * d.isz_y * d.frames;
  std::vector<std::uint8_t> video(pixels, 100);
  for (std::int32_t k = 0; k < d.frames; ++k) {
    const auto c = centre(d, k);
    for (std::size_t o = 0; o < objxy.size(); o += 2) {
      const std::int32_t x = c[0] + objxy[o];
      const std::int32_t y = c[1] + objxy[o + 1];
      if (x < 0 || x >= d.isz_x || y < 0 || y >= d.isz_y) continue;
      video[(static_cast<std::size_t>(x) * d.isz_y + y) * d.frames + k] = 228;
    }
  }
  for (std::size_t p = 0; p < pixels; ++p) {
    const auto noise = static_cast<std::int32_t>(hash(static_cast<std::uint32_t>(p)) % 17u) - 8;
    video[p] = static_cast<std::uint8_t>(video[p] + noise);
  }
  return video;
}

// The filter's arrays, on the device and in the reference.
struct State {
  std::vector<double> array_x, array_y, xj, yj, weights, likelihood, cdf, u, partial_sums;
  std::vector<std::int32_t> seed, ind;
};

// Throws CheckFailed unless `got` and `want` hold the same doubles, bit for bit (the kernels
// and the reference do the same correctly rounded operations in the same order).
void check_identical(std::string_view array, const std::vector<double>& got,
                     const std::vector<double>& want) {
  if (got.size() != want.size()) report_unequal_sizes(array, got.size(), want.size());
  std::size_t differ = 0;
  std::size_t first = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (std::bit_cast<std::uint64_t>(got[i]) != std::bit_cast<std::uint64_t>(want[i]) &&
        differ++ == 0) {
      first = i;
    }
  }
  if (differ > 0) {
    throw CheckFailed(
        fmt::format("{}[{}] = {:.17g}, the CPU reference gives {:.17g} (results must "
                    "be identical); {} of {} elements differ",
                    array, first, got[first], want[first], differ, want.size()));
  }
}

// One frame of the four kernels on the CPU, operation for operation (particlefilter.cu).
void reference_frame(State& st, const Dims& d, const std::vector<std::uint8_t>& video,
                     const std::vector<std::int32_t>& objxy, std::int32_t k) {
  const std::int32_t n = d.particles;
  const auto count = static_cast<std::int32_t>(objxy.size() / 2);
  const std::int32_t max_size = d.isz_x * d.isz_y * d.frames;
  const auto nf = static_cast<double>(n);
  // likelihood_kernel
  for (std::int32_t i = 0; i < n; ++i) {
    st.weights[i] = PF_DIV(1.0, nf);
    st.array_x[i] = PF_ADD(PF_ADD(st.xj[i], 1.0), PF_MUL(5.0, pf::pf_randn(st.seed[i])));
    st.array_y[i] = PF_ADD(PF_SUB(st.yj[i], 2.0), PF_MUL(2.0, pf::pf_randn(st.seed[i])));
    const std::int32_t cx = PF_RINT(st.array_x[i]);
    const std::int32_t cy = PF_RINT(st.array_y[i]);
    double sum = 0.0;
    for (std::int32_t y = 0; y < count; ++y) {
      const std::int32_t ix = cx + objxy[2 * y];
      const std::int32_t iy = cy + objxy[2 * y + 1];
      std::int32_t index = std::abs(ix * d.isz_y * d.frames + iy * d.frames + k);
      if (index >= max_size) index = 0;
      st.ind[static_cast<std::size_t>(i) * count + y] = index;
      sum = PF_ADD(sum, pf::pf_pixel_likelihood(video[index]));
    }
    st.likelihood[i] = PF_DIV(sum, static_cast<double>(count));
    st.weights[i] = PF_MUL(st.weights[i], pf::pf_exp(st.likelihood[i]));
  }
  const std::int32_t blocks = (n + kBlock - 1) / kBlock;
  for (std::int32_t b = 0; b < blocks; ++b) {
    std::vector<double> buffer(kBlock, 0.0);
    for (std::int32_t t = 0; t < kBlock && b * kBlock + t < n; ++t) {
      buffer[t] = st.weights[b * kBlock + t];
    }
    for (std::int32_t s = kBlock / 2; s > 0; s >>= 1) {
      for (std::int32_t t = 0; t < s; ++t) buffer[t] = PF_ADD(buffer[t], buffer[t + s]);
    }
    st.partial_sums[b] = buffer[0];
  }
  // sum_kernel
  double sum = 0.0;
  for (std::int32_t b = 0; b < blocks; ++b) sum = PF_ADD(sum, st.partial_sums[b]);
  st.partial_sums[0] = sum;
  double cdf = 0.0;
  for (std::int32_t x = 0; x < n; ++x) {
    cdf = PF_ADD(cdf, st.weights[x]);
    st.cdf[x] = cdf;
  }
  st.u[0] = PF_MUL(PF_DIV(1.0, nf), pf::pf_randu(st.seed[0]));
  // normalize_weights_kernel
  for (std::int32_t i = 0; i < n; ++i) {
    st.weights[i] = PF_DIV(st.weights[i], sum);
    st.cdf[i] = PF_DIV(st.cdf[i], sum);
  }
  for (std::int32_t i = 1; i < n; ++i) {
    st.u[i] = PF_ADD(st.u[0], PF_DIV(static_cast<double>(i), nf));
  }
  // find_index_kernel
  for (std::int32_t i = 0; i < n; ++i) {
    std::int32_t index = n - 1;
    for (std::int32_t x = 0; x < n; ++x) {
      if (st.cdf[x] >= st.u[i]) {
        index = x;
        break;
      }
    }
    st.xj[i] = st.array_x[index];
    st.yj[i] = st.array_y[index];
  }
}

class ParticleFilter final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/particlefilter"; }
  std::string_view description() const override {
    return "Rodinia particle filter (CUDA \"float\" version, in double): tracks a disk through a "
           "synthetic video; per frame a likelihood gather, weight sum, normalization and a "
           "linear CDF search per particle (blocks of 512)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{}x{} frames, Nfr={}, Nparticles={}", d.isz_x, d.isz_y, d.frames,
                       d.particles);
  }

  void run(Host& host, Size size) const override {
    const Dims& d = for_size(kDims, size);
    const auto n = static_cast<std::size_t>(d.particles);
    const std::vector<std::int32_t> objxy = disk_offsets();
    const auto count = static_cast<std::int32_t>(objxy.size() / 2);
    const std::vector<std::uint8_t> video = make_video(d, objxy);
    const std::int32_t max_size = d.isz_x * d.isz_y * d.frames;
    const auto blocks = static_cast<std::uint32_t>((d.particles + kBlock - 1) / kBlock);

    State init;
    const auto start = centre(d, 0);
    init.xj.assign(n, static_cast<double>(start[0]));
    init.yj.assign(n, static_cast<double>(start[1]));
    init.array_x = init.xj;
    init.array_y = init.yj;
    init.weights.assign(n, 1.0 / static_cast<double>(n));
    init.likelihood.assign(n, 0.0);
    init.cdf.assign(n, 0.0);
    init.u.assign(n, 0.0);
    init.partial_sums.assign(blocks, 0.0);
    init.seed.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      init.seed[i] = static_cast<std::int32_t>(kSeedTime * static_cast<std::uint32_t>(i));
    }
    init.ind.assign(n * count, 0);

    host.load_workload_ptx(name());
    const Addr video_dev = host.alloc_copy(video);
    const Addr objxy_dev = host.alloc_copy(objxy);
    const Addr x_dev = host.alloc_copy(init.array_x);
    const Addr y_dev = host.alloc_copy(init.array_y);
    const Addr xj_dev = host.alloc_copy(init.xj);
    const Addr yj_dev = host.alloc_copy(init.yj);
    const Addr weights_dev = host.alloc_copy(init.weights);
    const Addr likelihood_dev = host.alloc_copy(init.likelihood);
    const Addr cdf_dev = host.alloc_copy(init.cdf);
    const Addr u_dev = host.alloc_copy(init.u);
    const Addr sums_dev = host.alloc_copy(init.partial_sums);
    const Addr seed_dev = host.alloc_copy(init.seed);
    const Addr ind_dev = host.alloc_copy(init.ind);
    const std::int32_t np = d.particles;
    for (std::int32_t k = 1; k < d.frames; ++k) {
      host.launch("likelihood_kernel", {blocks}, {kBlock}, 0, x_dev, y_dev, xj_dev, yj_dev, ind_dev,
                  objxy_dev, likelihood_dev, video_dev, weights_dev, np, count, max_size, k,
                  d.isz_y, d.frames, seed_dev, sums_dev);
      host.launch("sum_kernel", {blocks}, {kBlock}, 0, sums_dev, np, weights_dev, cdf_dev, u_dev,
                  seed_dev);
      host.launch("normalize_weights_kernel", {blocks}, {kBlock}, 0, weights_dev, np, sums_dev,
                  cdf_dev, u_dev);
      host.launch("find_index_kernel", {blocks}, {kBlock}, 0, x_dev, y_dev, cdf_dev, u_dev, xj_dev,
                  yj_dev, np);
    }
    State got;
    got.array_x = host.read<double>(x_dev, n);
    got.array_y = host.read<double>(y_dev, n);
    got.xj = host.read<double>(xj_dev, n);
    got.yj = host.read<double>(yj_dev, n);
    got.weights = host.read<double>(weights_dev, n);
    got.likelihood = host.read<double>(likelihood_dev, n);
    got.cdf = host.read<double>(cdf_dev, n);
    got.u = host.read<double>(u_dev, n);
    got.partial_sums = host.read<double>(sums_dev, blocks);
    got.seed = host.read<std::int32_t>(seed_dev, n);
    got.ind = host.read<std::int32_t>(ind_dev, n * count);

    State want = init;
    for (std::int32_t k = 1; k < d.frames; ++k) reference_frame(want, d, video, objxy, k);
    check_equal("seed", got.seed, want.seed);
    check_equal("ind", got.ind, want.ind, static_cast<std::size_t>(count));
    check_identical("arrayX", got.array_x, want.array_x);
    check_identical("arrayY", got.array_y, want.array_y);
    check_identical("likelihood", got.likelihood, want.likelihood);
    check_identical("partial_sums", got.partial_sums, want.partial_sums);
    check_identical("weights", got.weights, want.weights);
    check_identical("CDF", got.cdf, want.cdf);
    check_identical("u", got.u, want.u);
    check_identical("xj", got.xj, want.xj);
    check_identical("yj", got.yj, want.yj);

    // The filter tracks: the weighted mean of the last frame's particles (Rodinia's estimate
    // xe, ye) lies within 2 pixels of the object's centre.
    double xe = 0;
    double ye = 0;
    for (std::size_t i = 0; i < n; ++i) {
      xe += got.array_x[i] * got.weights[i];
      ye += got.array_y[i] * got.weights[i];
    }
    const auto last = centre(d, d.frames - 1);
    const double dist = std::hypot(xe - last[0], ye - last[1]);
    if (!(dist < 2.0)) {
      throw CheckFailed(fmt::format(
          "particlefilter: estimate ({:.3f}, {:.3f}) is {:.3f} pixels from the object's centre "
          "({}, {}) in the last frame",
          xe, ye, dist, last[0], last[1]));
    }
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(ParticleFilter);

}  // namespace warpsim::workload
