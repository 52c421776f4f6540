// cnn/softmax-*: the softmax layer in three versions (softmax.cu) for the classifier
// configurations of seed 000's Table 5.1 (Chao Li's thesis, Ch. 5) and its 10000-category case.
//
// Workloads (V = base, fused, opt):
//   cnn/softmax-V-class1 .. class5   Table 5.1's classifiers: 128 images x 10 categories
//                                    (CLASS1, LeNet; CLASS2, Cifar10), 128 x 1000 (CLASS3,
//                                    AlexNet), 64 x 1000 (CLASS4, ZFNet), 32 x 1000 (CLASS5, VGG)
//   cnn/softmax-V-c10000             10000 categories (the thesis's Fig. 5.13 names it without a
//                                    batch size; we use N = 128, Table 5.1's usual batch)
//   cnn/softmax                      the test suite's entry: the three versions on one input
//
// Launches: base, five kernels of ceil(N / 128) blocks of 128 threads (one thread per image);
// fused, one kernel with one thread per image in blocks of B = min(128, floor(12288 / C))
// threads, so that the B rows (B * C floats of dynamic shared memory) fit in 48 KB: 128 for 10
// categories, 12 for 1000, 1 for 10000; opt, one kernel of N blocks of min(C, 1024) threads
// with C floats of dynamic shared memory (plus its static 4 KB tmp_tile).
//
// Sizes: paper is the configuration itself; small too, except c10000 with 32 images instead of
// 128 (base's and fused's serial loops over 10000 categories take about a minute to simulate
// for 128 images on gtx480); tiny has fewer images (32 for 10 categories, 16 for 1000) and, for
// c10000, 2500 categories (so that opt's threads still stride over a row longer than 1024).
//
// Inputs: score (n, c) is 8 * hashed_signed_unit of its index, in [-8, 8). Reference: the same
// five steps with the kernels' float operations (softmax_math.h: correctly rounded add, sub,
// div and fma, our own exp), summing in each version's order: base and fused add a row's
// categories in order from 0; opt adds each thread's categories t, t + B, ... and then the
// threads' partial sums by the kernel's tree. The results must be identical (check_close with
// zero error bounds).

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "softmax_math.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/workload.h"

namespace warpsim::workload {
namespace {

constexpr std::string_view kPtx = "cnn/softmax";
constexpr std::uint64_t kSalt = 0x5043'0001;
constexpr std::int32_t kBaseBlock = 128;
constexpr std::int32_t kFusedRowFloats = 12288;  // 48 KB of rows per fused block
constexpr std::int32_t kOptMaxBlock = 1024;

struct Shape {
  std::int32_t n;
  std::int32_t c;
};

struct Config {
  const char* name;
  const char* what;
  Shape per_size[3];  // tiny, small, paper
};

constexpr std::array<Config, 6> kConfigs = {{
    {"class1", "CLASS1 (LeNet)", {{32, 10}, {128, 10}, {128, 10}}},
    {"class2", "CLASS2 (Cifar10)", {{32, 10}, {128, 10}, {128, 10}}},
    {"class3", "CLASS3 (AlexNet)", {{16, 1000}, {128, 1000}, {128, 1000}}},
    {"class4", "CLASS4 (ZFNet)", {{16, 1000}, {64, 1000}, {64, 1000}}},
    {"class5", "CLASS5 (VGG)", {{16, 1000}, {32, 1000}, {32, 1000}}},
    {"c10000", "10000 categories", {{4, 2500}, {32, 10000}, {128, 10000}}},
}};

enum class Version { kBase, kFused, kOpt };

std::string_view version_name(Version v) {
  switch (v) {
    case Version::kBase:
      return "base";
    case Version::kFused:
      return "fused";
    case Version::kOpt:
      break;
  }
  return "opt";
}

std::int32_t fused_block(std::int32_t c) { return std::clamp(kFusedRowFloats / c, 1, kBaseBlock); }
std::int32_t opt_block(std::int32_t c) { return std::min(c, kOptMaxBlock); }

std::string dims_text(const Shape& s, Version v) {
  switch (v) {
    case Version::kBase:
      return fmt::format("N={}, C={}; 5 kernels, blocks of {}", s.n, s.c, kBaseBlock);
    case Version::kFused:
      return fmt::format("N={}, C={}; blocks of {} (rows in {} B of shared memory)", s.n, s.c,
                         fused_block(s.c), fused_block(s.c) * s.c * 4);
    case Version::kOpt:
      break;
  }
  return fmt::format("N={}, C={}; {} blocks of {}", s.n, s.c, s.n, opt_block(s.c));
}

// Runs version `v` on `shape` and checks the probabilities (the folder's PTX must be loaded).
void run_softmax(Host& host, const Shape& shape, Version v) {
  const auto n = static_cast<std::size_t>(shape.n);
  const auto c = static_cast<std::size_t>(shape.c);
  std::vector<float> in(n * c);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = 8.0f * hashed_signed_unit(i, kSalt);

  const Addr in_dev = host.alloc_copy(in);
  const Addr out_dev = host.alloc(n * c * sizeof(float));
  switch (v) {
    case Version::kBase: {
      const Addr maxv = host.alloc(n * sizeof(float));
      const Addr sumv = host.alloc(n * sizeof(float));
      const func::Dim3 grid{blocks_for(n, kBaseBlock)};
      const func::Dim3 block{kBaseBlock};
      host.launch("softmax_max", grid, block, 0, in_dev, maxv, shape.n, shape.c);
      host.launch("softmax_subtract", grid, block, 0, in_dev, maxv, out_dev, shape.n, shape.c);
      host.launch("softmax_exponent", grid, block, 0, out_dev, shape.n, shape.c);
      host.launch("softmax_sum", grid, block, 0, out_dev, sumv, shape.n, shape.c);
      host.launch("softmax_divide", grid, block, 0, out_dev, sumv, shape.n, shape.c);
      break;
    }
    case Version::kFused: {
      const auto b = static_cast<std::uint32_t>(fused_block(shape.c));
      host.launch("softmax_fused", {blocks_for(n, b)}, {b},
                  static_cast<std::uint32_t>(b * c * sizeof(float)), in_dev, out_dev, shape.n,
                  shape.c);
      break;
    }
    case Version::kOpt: {
      const auto b = static_cast<std::uint32_t>(opt_block(shape.c));
      host.launch("softmax_opt", {static_cast<std::uint32_t>(n)}, {b},
                  static_cast<std::uint32_t>(c * sizeof(float)), in_dev, out_dev, shape.c);
      break;
    }
  }
  const std::vector<float> got = host.read<float>(out_dev, n * c);

  // Reference: the kernels' operations in the kernels' order.
  std::vector<float> want(n * c);
  std::vector<float> mid(c);
  const auto b = static_cast<std::size_t>(opt_block(shape.c));
  std::vector<float> tmp(b);
  std::size_t top = 1;
  while (top < b) top <<= 1;
  top >>= 1;
  for (std::size_t row = 0; row < n; ++row) {
    const float* x = &in[row * c];
    float m = x[0];
    for (std::size_t k = 1; k < c; ++k) m = SMX_MAX(m, x[k]);
    for (std::size_t k = 0; k < c; ++k) mid[k] = softmax_exp(SMX_SUB(x[k], m));
    float s = 0.0f;
    if (v == Version::kOpt) {
      for (std::size_t t = 0; t < b; ++t) {
        float part = mid[t];
        for (std::size_t k = t + b; k < c; k += b) part = SMX_ADD(part, mid[k]);
        tmp[t] = part;
      }
      for (std::size_t stride = top; stride > 0; stride >>= 1) {
        for (std::size_t t = 0; t < stride && t + stride < b; ++t) {
          tmp[t] = SMX_ADD(tmp[t], tmp[t + stride]);
        }
      }
      s = tmp[0];
    } else {
      for (std::size_t k = 0; k < c; ++k) s = SMX_ADD(s, mid[k]);
    }
    for (std::size_t k = 0; k < c; ++k) want[row * c + k] = SMX_DIV(mid[k], s);
  }
  check_close(fmt::format("softmax {}", version_name(v)), got, exact(want), c);
}

class SoftmaxConfig final : public Workload {
 public:
  SoftmaxConfig(const Config& config, Version version)
      : config_(config),
        version_(version),
        name_(fmt::format("cnn/softmax-{}-{}", version_name(version), config.name)),
        description_(describe(config, version)) {}

  std::string_view name() const override { return name_; }
  std::string_view ptx_name() const override { return kPtx; }
  std::string_view description() const override { return description_; }
  std::string dimensions(Size size) const override {
    return dims_text(for_size(config_.per_size, size), version_);
  }
  void run(Host& host, Size size) const override {
    host.load_workload_ptx(kPtx);
    run_softmax(host, for_size(config_.per_size, size), version_);
  }

 private:
  static std::string describe(const Config& config, Version v) {
    std::string_view what;
    switch (v) {
      case Version::kBase:
        what = "5 kernels (max, subtract, exp, sum, divide), one thread per image";
        break;
      case Version::kFused:
        what = "the 5 steps fused in one kernel, one thread per image, rows in shared memory";
        break;
      case Version::kOpt:
        what = "fused plus thread injection: a block per image, tree reductions in shared memory";
        break;
    }
    return fmt::format("Softmax layer, {} (seed 000 Ch. 5): {}", config.what, what);
  }

  Config config_;
  Version version_;
  std::string name_;
  std::string description_;
};

// The test suite's entry (the folder's name): the three versions on one input whose rows are
// longer than 1024 (tiny: 8 x 1500; small and paper: CLASS3, 128 x 1000).
class SoftmaxSuite final : public Workload {
 public:
  std::string_view name() const override { return "cnn/softmax"; }
  std::string_view description() const override {
    return "Softmax layer (seed 000 Ch. 5): base (5 kernels), fused and opt (thread injection) "
           "on one input (each cnn/softmax-V-* runs one)";
  }
  std::string dimensions(Size size) const override {
    const Shape s = shape(size);
    return fmt::format("N={}, C={}; base, fused, opt", s.n, s.c);
  }
  void run(Host& host, Size size) const override {
    host.load_workload_ptx(kPtx);
    for (Version v : {Version::kBase, Version::kFused, Version::kOpt}) {
      run_softmax(host, shape(size), v);
    }
  }

 private:
  static Shape shape(Size size) {
    return size == Size::kTiny ? Shape{8, 1500} : kConfigs[2].per_size[2];
  }
};

bool register_all() {
  auto& registry = WorkloadRegistry::global();
  registry.add(std::make_unique<SoftmaxSuite>(), __FILE__);
  for (const Config& config : kConfigs) {
    for (Version v : {Version::kBase, Version::kFused, Version::kOpt}) {
      registry.add(std::make_unique<SoftmaxConfig>(config, v), __FILE__);
    }
  }
  return true;
}

[[maybe_unused]] const bool kRegistered = register_all();

}  // namespace
}  // namespace warpsim::workload
