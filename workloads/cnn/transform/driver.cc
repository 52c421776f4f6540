// cnn/transform-{naive,opt1,opt2}-cvK: seed 000 Ch. 5's CHWN -> NCHW layout transformation
// (transform.cu) of the input tensor of conv layer CVK of Table 5.1 (conv_layers.h): the
// transform the thesis inserts between a CHWN layer and an NCHW layer. naive and opt1 for all
// twelve layers; opt2 (float2) for the layers with N a multiple of 64 (CV1 .. CV8: N = 128, 64),
// as the thesis applies it only for large N. cnn/transform runs all three versions on CV4's input
// (the folder's entry for the test suite).
//
// Sizes: `paper` is the layer's input tensor of Table 5.1, [Ci][H][W][N]; `small` the same N and
// Ci with H = W reduced (if needed) so the tensor holds at most 2^21 elements (8 MB); `tiny` the
// same N and Ci with H = W reduced to at most 2^14 elements (and Ci to at most 16).
// Inputs: a fixed hash of the element's index. Check: exact (bit patterns), a permutation.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../conv/conv_layers.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/workload.h"

namespace warpsim::workload::cnn {
namespace {

enum class Version { kNaive, kOpt1, kOpt2 };

const char* version_name(Version v) {
  return v == Version::kNaive ? "naive" : v == Version::kOpt1 ? "opt1" : "opt2";
}

constexpr std::int64_t kSmallElements = std::int64_t{1} << 21;
constexpr std::int64_t kTinyElements = std::int64_t{1} << 14;

struct Tensor {
  std::int32_t c;
  std::int32_t h;  // = W
  std::int32_t n;
  std::size_t elements() const { return static_cast<std::size_t>(c) * h * h * n; }
};

Tensor tensor_for(const ConvLayer& layer, Size size) {
  Tensor t{layer.table.ci, layer.table.h, layer.table.n};
  if (size == Size::kPaper) return t;
  if (size == Size::kTiny) t.c = std::min(t.c, 16);
  const std::int64_t limit = size == Size::kSmall ? kSmallElements : kTinyElements;
  while (static_cast<std::int64_t>(t.elements()) > limit && t.h > 1) --t.h;
  return t;
}

std::string tensor_dimensions(const ConvLayer& layer, Size size) {
  const Tensor t = tensor_for(layer, size);
  const Tensor p = tensor_for(layer, Size::kPaper);
  std::string text = fmt::format("C={}, H=W={}, N={} ({} floats)", t.c, t.h, t.n, t.elements());
  if (t.c != p.c || t.h != p.h) {
    text += fmt::format("; {}'s input in Table 5.1: C={}, H=W={}, N={}", layer.id, p.c, p.h, p.n);
  } else {
    text += fmt::format("; {}'s input in Table 5.1", layer.id);
  }
  return text;
}

void run_transform(Host& host, const ConvLayer& layer, Version version, Size size) {
  const Tensor t = tensor_for(layer, size);
  const std::size_t count = t.elements();
  std::vector<float> in(count);
  for (std::size_t i = 0; i < count; ++i) in[i] = hashed_signed_unit(i, 0x61);
  const Addr in_dev = host.alloc_copy(in);
  const Addr out_dev = host.alloc(count * sizeof(float));
  const auto rows = static_cast<std::int32_t>(static_cast<std::size_t>(t.c) * t.h * t.h);
  switch (version) {
    case Version::kNaive:
      host.launch("transform_naive",
                  {static_cast<std::uint32_t>(t.h), static_cast<std::uint32_t>(t.h),
                   static_cast<std::uint32_t>(t.c)},
                  {static_cast<std::uint32_t>(t.n)}, 0, in_dev, out_dev);
      break;
    case Version::kOpt1:
      host.launch("transform_opt1", {blocks_for(rows, 32), static_cast<std::uint32_t>(t.n / 32)},
                  {32, 8}, 0, in_dev, out_dev, rows, t.n);
      break;
    case Version::kOpt2:
      host.launch("transform_opt2", {blocks_for(rows, 32), static_cast<std::uint32_t>(t.n / 64)},
                  {32, 8}, 0, in_dev, out_dev, rows, t.n);
      break;
  }
  const std::vector<std::uint32_t> got = host.read<std::uint32_t>(out_dev, count);
  std::vector<std::uint32_t> want(count);
  for (std::size_t r = 0; r < static_cast<std::size_t>(rows); ++r) {
    for (std::int32_t n = 0; n < t.n; ++n) {
      std::memcpy(&want[static_cast<std::size_t>(n) * rows + r], &in[r * t.n + n], sizeof(float));
    }
  }
  check_equal(fmt::format("{} NCHW (bits)", layer.id), got, want, static_cast<std::size_t>(rows));
}

class TransformWorkload final : public Workload {
 public:
  TransformWorkload(const ConvLayer& layer, Version version)
      : layer_(layer),
        version_(version),
        name_(fmt::format("cnn/transform-{}-{}", version_name(version), layer.id)) {}

  std::string_view name() const override { return name_; }
  std::string_view ptx_name() const override { return "cnn/transform"; }
  std::string_view description() const override {
    switch (version_) {
      case Version::kNaive:
        return "Seed 000 Ch.5 CHWN->NCHW transform, naive: one thread per element, 4-D "
               "mapping, uncoalesced writes";
      case Version::kOpt1:
        return "Seed 000 Ch.5 CHWN->NCHW transform, opt1: 2-D transpose [CHW][N]->[N][CHW] "
               "through a 32x33 shared-memory tile";
      case Version::kOpt2:
        break;
    }
    return "Seed 000 Ch.5 CHWN->NCHW transform, opt2: opt1 with float2 (32x64 tile of "
           "float2 sh[32][33], for 8-byte shared-memory banks), N a multiple of 64";
  }
  std::string dimensions(Size size) const override { return tensor_dimensions(layer_, size); }
  void run(Host& host, Size size) const override {
    host.load_workload_ptx(ptx_name());
    run_transform(host, layer_, version_, size);
  }

 private:
  const ConvLayer& layer_;
  Version version_;
  std::string name_;
};

// cnn/transform: the three versions on CV4's input (N = 128).
class TransformSuiteEntry final : public Workload {
 public:
  std::string_view name() const override { return "cnn/transform"; }
  std::string_view description() const override {
    return "Seed 000 Ch.5 CHWN->NCHW transform, naive, opt1 and opt2 on CV4's input; the "
           "per-layer workloads are cnn/transform-{naive,opt1,opt2}-cvK";
  }
  std::string dimensions(Size size) const override {
    return tensor_dimensions(kConvLayers[kLayer], size);
  }
  void run(Host& host, Size size) const override {
    host.load_workload_ptx(ptx_name());
    for (const Version v : {Version::kNaive, Version::kOpt1, Version::kOpt2}) {
      run_transform(host, kConvLayers[kLayer], v, size);
    }
  }

 private:
  static constexpr int kLayer = 3;  // CV4
};

[[maybe_unused]] const bool kRegistered = [] {
  auto& registry = WorkloadRegistry::global();
  for (const ConvLayer& layer : kConvLayers) {
    registry.add(std::make_unique<TransformWorkload>(layer, Version::kNaive), __FILE__);
    registry.add(std::make_unique<TransformWorkload>(layer, Version::kOpt1), __FILE__);
    if (layer.table.n % 64 == 0) {
      registry.add(std::make_unique<TransformWorkload>(layer, Version::kOpt2), __FILE__);
    }
  }
  registry.add(std::make_unique<TransformSuiteEntry>(), __FILE__);
  return true;
}();

}  // namespace
}  // namespace warpsim::workload::cnn
