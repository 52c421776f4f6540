// cnn/pool-*: max pooling in the NCHW and CHWN layouts and the thesis's optimized CHWN kernel
// (pool.cu), for the pooling layers PL1..PL10 of seed 000's Table 5.1 (Chao Li's thesis, Ch. 5).
//
// Workloads (one per layer and version; K = 1..10):
//   cnn/pool-nchw-plK        Caffe's NCHW kernel (pool_nchw)
//   cnn/pool-chwn-plK        cuda-convnet's CHWN kernel (pool_chwn_i{4,2}_f4)
//   cnn/pool-chwn-eXxY-plK   the optimized CHWN kernel, X outputs per thread along W and Y along
//                            H, X, Y in 1..4 (pool_chwn_opt_f{F}_s{S}_eXxY); e1x1 is the
//                            optimized kernel's mapping without expansion
//   cnn/pool                 the test suite's entry: PL1 and PL3 in NCHW, CHWN and CHWN e2x2
//
// Sizes (dims_for): paper is Table 5.1's layer (N, C, H = W, F, S); small keeps N, H, W, F and S
// and scales C down where the layer would take more than ~30 s to simulate (PL5, PL6, PL8, PL9:
// channels are independent slices, so this shrinks only the grid's map dimension); tiny keeps N,
// F and S, with C = 16 and H = W = 8 or 9 (the parity of the layer's H, so the edge windows are
// clipped as at full size). C stays a multiple of 16 and N a multiple of 64, as cuda-convnet's
// kernel choice needs (filtersPerThread 4, imgsPerThread 4 or 2).
//
// Inputs: element (n, c, h, w) of the logical tensor is hashed_signed_unit of its NCHW index, so
// both layouts pool the same tensor. Reference: the maximum of each clipped window, computed on
// the logical tensor; max pooling only selects inputs, so the check is exact (check_close with
// zero error bounds).

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/workload.h"

namespace warpsim::workload {
namespace {

constexpr std::string_view kPtx = "cnn/pool";  // the folder's PTX, for every workload here
constexpr std::uint64_t kSalt = 0x9007'0001;

// A pooling layer of Table 5.1 (N images, C maps of H x W, window F, stride S) and the map count
// used at small.
struct Layer {
  const char* name;
  const char* net;
  std::int32_t n;
  std::int32_t c;
  std::int32_t hw;
  std::int32_t f;
  std::int32_t s;
  std::int32_t c_small;
};

constexpr std::array<Layer, 10> kLayers = {{
    {"PL1", "LeNet", 128, 16, 28, 2, 2, 16},
    {"PL2", "LeNet", 128, 16, 14, 2, 2, 16},
    {"PL3", "Cifar10", 128, 64, 24, 3, 2, 64},
    {"PL4", "Cifar10", 128, 64, 12, 3, 2, 64},
    {"PL5", "AlexNet", 128, 96, 55, 3, 2, 16},
    {"PL6", "AlexNet", 128, 192, 27, 3, 2, 32},
    {"PL7", "AlexNet", 128, 256, 13, 3, 2, 256},
    {"PL8", "ZFNet", 64, 96, 110, 3, 2, 16},
    {"PL9", "ZFNet", 64, 256, 26, 3, 2, 64},
    {"PL10", "ZFNet", 64, 256, 13, 3, 2, 256},
}};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

struct Dims {
  std::int32_t n, c, h, w, f, s, oh, ow;
};

// Outputs per column: ceil((H - F) / S) + 1, the last window clipped at the edge (Caffe's
// pooled_height without padding; cuda-convnet's outputsX).
std::int32_t pooled(std::int32_t extent, std::int32_t f, std::int32_t s) {
  return (extent - f + s - 1) / s + 1;
}

Dims dims_for(const Layer& layer, Size size) {
  Dims d{layer.n, layer.c, layer.hw, layer.hw, layer.f, layer.s, 0, 0};
  if (size == Size::kSmall) d.c = layer.c_small;
  if (size == Size::kTiny) {
    d.c = 16;
    d.h = d.w = layer.hw % 2 == 0 ? 8 : 9;
  }
  d.oh = pooled(d.h, d.f, d.s);
  d.ow = pooled(d.w, d.f, d.s);
  return d;
}

// Which kernel: NCHW, cuda-convnet's CHWN, or the optimized CHWN with ex x ey outputs per thread.
struct Version {
  enum class Kind { kNchw, kChwn, kOpt } kind = Kind::kNchw;
  std::int32_t ex = 0;
  std::int32_t ey = 0;

  std::string tag() const {
    switch (kind) {
      case Kind::kNchw:
        return "nchw";
      case Kind::kChwn:
        return "chwn";
      case Kind::kOpt:
        break;
    }
    return fmt::format("chwn-e{}x{}", ex, ey);
  }
};

std::string dims_text(const Layer& layer, Size size, const Version& v) {
  const Dims d = dims_for(layer, size);
  std::string text =
      fmt::format("N={}, C={}, H=W={}, F={}, S={} -> {}x{}", d.n, d.c, d.h, d.f, d.s, d.oh, d.ow);
  if (d.c != layer.c || d.h != layer.hw) {
    text += fmt::format(" (Table 5.1's {}: C={}, H=W={})", layer.name, layer.c, layer.hw);
  }
  if (v.kind == Version::Kind::kOpt) {
    text += fmt::format("; {}x{} outputs per thread", v.ex, v.ey);
  }
  return text;
}

// The logical tensor's element (n, c, h, w).
float input_value(const Dims& d, std::int32_t n, std::int32_t c, std::int32_t h, std::int32_t w) {
  const auto index = ((static_cast<std::uint64_t>(n) * d.c + c) * d.h + h) * d.w + w;
  return hashed_signed_unit(index, kSalt);
}

// Pools `layer` at `size` with kernel `v` on the device and checks the outputs (the folder's PTX
// must be loaded).
void run_layer(Host& host, const Layer& layer, Size size, const Version& v) {
  const Dims d = dims_for(layer, size);
  const auto n = static_cast<std::size_t>(d.n);
  const auto c = static_cast<std::size_t>(d.c);
  const auto h = static_cast<std::size_t>(d.h);
  const auto w = static_cast<std::size_t>(d.w);
  const auto oh = static_cast<std::size_t>(d.oh);
  const auto ow = static_cast<std::size_t>(d.ow);
  const bool nchw = v.kind == Version::Kind::kNchw;
  // Input and output positions in the kernel's layout.
  const auto in_at = [&](std::size_t in, std::size_t ic, std::size_t ih, std::size_t iw) {
    return nchw ? ((in * c + ic) * h + ih) * w + iw : ((ic * h + ih) * w + iw) * n + in;
  };
  const auto out_at = [&](std::size_t in, std::size_t ic, std::size_t iy, std::size_t ix) {
    return nchw ? ((in * c + ic) * oh + iy) * ow + ix : ((ic * oh + iy) * ow + ix) * n + in;
  };

  std::vector<float> input(n * c * h * w);
  for (std::size_t in = 0; in < n; ++in) {
    for (std::size_t ic = 0; ic < c; ++ic) {
      for (std::size_t ih = 0; ih < h; ++ih) {
        for (std::size_t iw = 0; iw < w; ++iw) {
          input[in_at(in, ic, ih, iw)] =
              input_value(d, static_cast<std::int32_t>(in), static_cast<std::int32_t>(ic),
                          static_cast<std::int32_t>(ih), static_cast<std::int32_t>(iw));
        }
      }
    }
  }
  const std::size_t outputs = n * c * oh * ow;

  const Addr in_dev = host.alloc_copy(input);
  const Addr out_dev = host.alloc(outputs * sizeof(float));
  switch (v.kind) {
    case Version::Kind::kNchw: {
      // Caffe: CAFFE_CUDA_NUM_THREADS = 512, CAFFE_GET_BLOCKS = ceil(outputs / 512).
      constexpr std::uint32_t kBlock = 512;
      host.launch("pool_nchw", {blocks_for(outputs, kBlock)}, {kBlock}, 0, in_dev, out_dev,
                  static_cast<std::int32_t>(outputs), d.c, d.h, d.w, d.f, d.s, d.oh, d.ow);
      break;
    }
    case Version::Kind::kChwn: {
      // cuda-convnet2 (convLocalPool): imgsPerThread 4 if N % 128 == 0 else 2 if N % 64 == 0,
      // filtersPerThread 4 (C % 16 == 0); blocks (32, 4), grid
      // ((N / (32 imgsPerThread)) OW, (C / 16) OH).
      if (d.n % 64 != 0 || d.c % 16 != 0) throw std::logic_error("pool: N % 64 or C % 16");
      const std::int32_t ipt = d.n % 128 == 0 ? 4 : 2;
      const std::uint32_t gx = static_cast<std::uint32_t>(d.n / (32 * ipt) * d.ow);
      const std::uint32_t gy = static_cast<std::uint32_t>(d.c / 16 * d.oh);
      host.launch(ipt == 4 ? "pool_chwn_i4_f4" : "pool_chwn_i2_f4", {gx, gy}, {32, 4}, 0, in_dev,
                  out_dev, d.n, d.c, d.h, d.w, d.f, d.s, d.oh, d.ow);
      break;
    }
    case Version::Kind::kOpt: {
      if (d.n % 32 != 0 || d.c % 4 != 0) throw std::logic_error("pool: N % 32 or C % 4");
      const std::int32_t tiles_x = (d.ow + v.ex - 1) / v.ex;
      const std::int32_t tiles_y = (d.oh + v.ey - 1) / v.ey;
      const std::uint32_t gx = static_cast<std::uint32_t>(d.n / 32 * tiles_x);
      const std::uint32_t gy = static_cast<std::uint32_t>(d.c / 4 * tiles_y);
      const std::string kernel = fmt::format("pool_chwn_opt_f{}_s{}_e{}x{}", d.f, d.s, v.ex, v.ey);
      host.launch(kernel, {gx, gy}, {32, 4}, 0, in_dev, out_dev, d.n, d.c, d.h, d.w, d.oh, d.ow);
      break;
    }
  }
  const std::vector<float> got = host.read<float>(out_dev, outputs);

  // Reference: the maximum of each window, clipped at the bottom and right edges.
  std::vector<float> want(outputs);
  for (std::size_t in = 0; in < n; ++in) {
    for (std::size_t ic = 0; ic < c; ++ic) {
      for (std::size_t iy = 0; iy < oh; ++iy) {
        for (std::size_t ix = 0; ix < ow; ++ix) {
          const std::size_t y0 = iy * static_cast<std::size_t>(d.s);
          const std::size_t x0 = ix * static_cast<std::size_t>(d.s);
          const std::size_t y1 = std::min(y0 + static_cast<std::size_t>(d.f), h);
          const std::size_t x1 = std::min(x0 + static_cast<std::size_t>(d.f), w);
          float m = input[in_at(in, ic, y0, x0)];
          for (std::size_t y = y0; y < y1; ++y) {
            for (std::size_t x = x0; x < x1; ++x) m = std::max(m, input[in_at(in, ic, y, x)]);
          }
          want[out_at(in, ic, iy, ix)] = m;
        }
      }
    }
  }
  check_close(fmt::format("{} {}", layer.name, v.tag()), got, exact(want),
              nchw ? ow : n);  // NCHW: by output row and column; CHWN: by pixel and image
}

class PoolLayer final : public Workload {
 public:
  PoolLayer(const Layer& layer, Version version)
      : layer_(layer),
        version_(version),
        name_(fmt::format("cnn/pool-{}-{}", version.tag(), lower(layer.name))),
        description_(describe(layer, version)) {}

  std::string_view name() const override { return name_; }
  std::string_view ptx_name() const override { return kPtx; }
  std::string_view description() const override { return description_; }
  std::string dimensions(Size size) const override { return dims_text(layer_, size, version_); }
  void run(Host& host, Size size) const override {
    host.load_workload_ptx(kPtx);
    run_layer(host, layer_, size, version_);
  }

 private:
  static std::string describe(const Layer& layer, const Version& v) {
    std::string what;
    switch (v.kind) {
      case Version::Kind::kNchw:
        what = "NCHW layout, one thread per output (Caffe's mapping, strided loads)";
        break;
      case Version::Kind::kChwn:
        what = "CHWN layout, 32 images per warp (cuda-convnet's kLocalPool mapping)";
        break;
      case Version::Kind::kOpt:
        what = fmt::format(
            "CHWN with {}x{} outputs per thread, overlapping inputs loaded once into registers "
            "(seed 000 Ch. 5's optimized pooling)",
            v.ex, v.ey);
        break;
    }
    return fmt::format("Max pooling, Table 5.1 {} ({}, {}x{} window, stride {}): {}", layer.name,
                       layer.net, layer.f, layer.f, layer.s, what);
  }

  Layer layer_;
  Version version_;
  std::string name_;
  std::string description_;
};

// The test suite's entry (the folder's name): PL1 (non-overlapping) and PL3 (overlapping) in
// the three versions.
class PoolSuite final : public Workload {
 public:
  std::string_view name() const override { return "cnn/pool"; }
  std::string_view description() const override {
    return "Max pooling (seed 000 Ch. 5): Table 5.1's PL1 and PL3 in NCHW, CHWN and CHWN with "
           "2x2 outputs per thread (each cnn/pool-*-plK runs one)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("PL1: {}; PL3: {}", dims_text(kLayers[0], size, {}),
                       dims_text(kLayers[2], size, {}));
  }
  void run(Host& host, Size size) const override {
    host.load_workload_ptx(kPtx);
    for (const Layer* layer : {&kLayers[0], &kLayers[2]}) {
      run_layer(host, *layer, size, {Version::Kind::kNchw});
      run_layer(host, *layer, size, {Version::Kind::kChwn});
      run_layer(host, *layer, size, {Version::Kind::kOpt, 2, 2});
    }
  }
};

bool register_all() {
  auto& registry = WorkloadRegistry::global();
  registry.add(std::make_unique<PoolSuite>(), __FILE__);
  for (const Layer& layer : kLayers) {
    registry.add(std::make_unique<PoolLayer>(layer, Version{Version::Kind::kNchw}), __FILE__);
    registry.add(std::make_unique<PoolLayer>(layer, Version{Version::Kind::kChwn}), __FILE__);
    for (std::int32_t ey = 1; ey <= 4; ++ey) {
      for (std::int32_t ex = 1; ex <= 4; ++ex) {
        registry.add(std::make_unique<PoolLayer>(layer, Version{Version::Kind::kOpt, ex, ey}),
                     __FILE__);
      }
    }
  }
  return true;
}

[[maybe_unused]] const bool kRegistered = register_all();

}  // namespace
}  // namespace warpsim::workload
