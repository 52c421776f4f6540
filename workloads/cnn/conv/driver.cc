// cnn/conv-chwn-cvK and cnn/conv-nchw-cvK (K = 1 .. 12): one convolutional layer of seed 000
// Table 5.1 in the CHWN layout (cuda-convnet-style direct convolution) or the NCHW layout
// (Caffe/cuDNN-style im2col + SGEMM); conv.cu describes the kernels, conv_layers.h the layers and
// their sizes. cnn/conv runs CV1, CV3, CV5 and CV12 in both layouts (the folder's entry for the
// test suite, which runs every workload folder by its name).
//
// Inputs: every input element and filter tap in [-1, 1) from a fixed hash of its logical
// (NCHW / [Co][Ci][F][F]) index, so both layouts convolve the same numbers. Check: exact. Both
// layouts accumulate each output over the taps k = (ci F + ky) F + kx in increasing order with
// one fused multiply-add per tap, starting from 0 (padding taps add an exact zero product), and
// the CPU reference repeats that with std::fmaf, so the results are bit-identical (compared as
// floats, +0 == -0).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "conv_layers.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"
#include "workload/workload.h"

namespace warpsim::workload::cnn {
namespace {

enum class Layout { kChwn, kNchw };

constexpr std::uint64_t kInputSalt = 0x51;
constexpr std::uint64_t kFilterSalt = 0x52;
// im2col's unrolled matrix holds at most this many floats; larger batches are unrolled and
// multiplied in groups of images (Caffe unrolls one image at a time).
constexpr std::int64_t kMaxColumnFloats = std::int64_t{16} << 20;
constexpr std::uint32_t kIm2colBlock = 512;  // Caffe's CAFFE_CUDA_NUM_THREADS

struct Problem {
  const ConvLayer* layer;
  ConvShape d;
  std::int32_t ho;
  std::int32_t taps;           // Ci F F
  std::vector<float> input;    // NCHW
  std::vector<float> filters;  // [Co][Ci][F][F]
};

Problem make_problem(const ConvLayer& layer, Size size) {
  Problem p{&layer, for_size(layer.sizes, size), 0, 0, {}, {}};
  p.ho = conv_out(p.d.h, layer);
  p.taps = p.d.ci * layer.f * layer.f;
  p.input.resize(static_cast<std::size_t>(p.d.n) * p.d.ci * p.d.h * p.d.h);
  for (std::size_t i = 0; i < p.input.size(); ++i) p.input[i] = hashed_signed_unit(i, kInputSalt);
  p.filters.resize(static_cast<std::size_t>(p.d.co) * p.taps);
  for (std::size_t i = 0; i < p.filters.size(); ++i) {
    p.filters[i] = hashed_signed_unit(i, kFilterSalt);
  }
  return p;
}

// The reference, NCHW: out[n][co][oy][ox] = fma over the taps in increasing order.
std::vector<float> reference(const Problem& p) {
  const ConvLayer& l = *p.layer;
  const std::int32_t h = p.d.h;
  const std::size_t pixels = static_cast<std::size_t>(p.ho) * p.ho;
  std::vector<float> out(static_cast<std::size_t>(p.d.n) * p.d.co * pixels);
  std::vector<float> window(static_cast<std::size_t>(p.taps));
  for (std::int32_t n = 0; n < p.d.n; ++n) {
    for (std::int32_t oy = 0; oy < p.ho; ++oy) {
      for (std::int32_t ox = 0; ox < p.ho; ++ox) {
        // The input under the window, tap by tap (zero over the padding).
        std::size_t k = 0;
        for (std::int32_t c = 0; c < p.d.ci; ++c) {
          for (std::int32_t ky = 0; ky < l.f; ++ky) {
            for (std::int32_t kx = 0; kx < l.f; ++kx, ++k) {
              const std::int32_t iy = oy * l.s - l.pad + ky;
              const std::int32_t ix = ox * l.s - l.pad + kx;
              const bool inside = iy >= 0 && iy < h && ix >= 0 && ix < h;
              window[k] =
                  inside ? p.input[((static_cast<std::size_t>(n) * p.d.ci + c) * h + iy) * h + ix]
                         : 0.0f;
            }
          }
        }
        for (std::int32_t co = 0; co < p.d.co; ++co) {
          const float* w = &p.filters[static_cast<std::size_t>(co) * p.taps];
          float acc = 0.0f;
          for (std::int32_t t = 0; t < p.taps; ++t) acc = std::fmaf(window[t], w[t], acc);
          out[(static_cast<std::size_t>(n) * p.d.co + co) * pixels +
              static_cast<std::size_t>(oy) * p.ho + ox] = acc;
        }
      }
    }
  }
  return out;
}

// CHWN: images [Ci][H][W][N], filters [Ci F F][Co]; returns the output as NCHW.
std::vector<float> run_chwn(Host& host, const Problem& p) {
  const ConvLayer& l = *p.layer;
  const ConvShape& d = p.d;
  const std::size_t hw = static_cast<std::size_t>(d.h) * d.h;
  std::vector<float> in(p.input.size());
  for (std::int32_t n = 0; n < d.n; ++n) {
    for (std::int32_t c = 0; c < d.ci; ++c) {
      for (std::size_t yx = 0; yx < hw; ++yx) {
        in[(c * hw + yx) * d.n + n] = p.input[(static_cast<std::size_t>(n) * d.ci + c) * hw + yx];
      }
    }
  }
  std::vector<float> filt(p.filters.size());
  for (std::int32_t co = 0; co < d.co; ++co) {
    for (std::int32_t t = 0; t < p.taps; ++t) {
      filt[static_cast<std::size_t>(t) * d.co + co] =
          p.filters[static_cast<std::size_t>(co) * p.taps + t];
    }
  }
  // cuda-convnet's choice of images per thread (N divisible by 128, 64, 32) and filters per
  // thread (8 when Co is divisible by 32, else 4); conv.cu has the instances Table 5.1 needs.
  const std::int32_t ipt = d.n % 128 == 0 ? 4 : d.n % 64 == 0 ? 2 : 1;
  const std::int32_t fpt = d.co % 32 == 0 ? 8 : 4;
  if (d.n % 32 != 0 || d.co % 16 != 0 || (fpt == 4 && ipt != 4)) {
    throw std::logic_error(fmt::format(
        "{}: CHWN needs N % 32 == 0 and Co % 32 == 0 (Co % 16 == 0 when N % 128 == 0)", l.id));
  }
  const std::size_t pixels = static_cast<std::size_t>(p.ho) * p.ho;
  const Addr in_dev = host.alloc_copy(in);
  const Addr filt_dev = host.alloc_copy(filt);
  const Addr out_dev = host.alloc(static_cast<std::size_t>(d.co) * pixels * d.n * sizeof(float));
  const std::string kernel = fmt::format("conv_chwn_i{}_f{}", ipt, fpt);
  const func::Dim3 grid{static_cast<std::uint32_t>(d.n / (32 * ipt)),
                        static_cast<std::uint32_t>(pixels * (d.co / (4 * fpt)))};
  host.launch(kernel, grid, {32, 4}, 0, in_dev, filt_dev, out_dev, d.n, d.ci, d.h, d.h, d.co, l.f,
              l.s, l.pad, p.ho, p.ho);
  const std::vector<float> got =
      host.read<float>(out_dev, static_cast<std::size_t>(d.co) * pixels * d.n);
  std::vector<float> nchw(got.size());
  for (std::int32_t co = 0; co < d.co; ++co) {
    for (std::size_t px = 0; px < pixels; ++px) {
      for (std::int32_t n = 0; n < d.n; ++n) {
        nchw[(static_cast<std::size_t>(n) * d.co + co) * pixels + px] =
            got[(co * pixels + px) * d.n + n];
      }
    }
  }
  return nchw;
}

// NCHW: im2col over groups of images, then the SGEMM of each group.
std::vector<float> run_nchw(Host& host, const Problem& p) {
  const ConvLayer& l = *p.layer;
  const ConvShape& d = p.d;
  const std::int32_t pixels = p.ho * p.ho;
  const std::int64_t per_image = std::int64_t{p.taps} * pixels;
  const std::int32_t group =
      static_cast<std::int32_t>(std::clamp<std::int64_t>(kMaxColumnFloats / per_image, 1, d.n));
  const Addr in_dev = host.alloc_copy(p.input);
  const Addr filt_dev = host.alloc_copy(p.filters);
  const Addr cols_dev = host.alloc(static_cast<std::size_t>(per_image) * group * sizeof(float));
  const std::size_t out_size = static_cast<std::size_t>(d.n) * d.co * pixels;
  const Addr out_dev = host.alloc(out_size * sizeof(float));
  for (std::int32_t img0 = 0; img0 < d.n; img0 += group) {
    const std::int32_t g = std::min(group, d.n - img0);
    const std::int32_t ncols = g * pixels;
    host.launch("im2col_nchw",
                {blocks_for(std::uint64_t{static_cast<std::uint32_t>(d.ci)} * ncols, kIm2colBlock)},
                {kIm2colBlock}, 0, in_dev, cols_dev, g, img0, d.ci, d.h, d.h, l.f, l.s, l.pad, p.ho,
                p.ho);
    host.launch("conv_nchw_gemm", {blocks_for(ncols, 64), blocks_for(d.co, 64)}, {16, 16}, 0,
                filt_dev, cols_dev, out_dev, d.co, p.taps, ncols, pixels, img0);
  }
  return host.read<float>(out_dev, out_size);
}

void run_layer(Host& host, const ConvLayer& layer, Layout layout, Size size) {
  const Problem p = make_problem(layer, size);
  const std::vector<float> got = layout == Layout::kChwn ? run_chwn(host, p) : run_nchw(host, p);
  const std::vector<float> want = reference(p);
  // Exact: a bound of zero (check_close's 1e-30 slack is far below the smallest nonzero
  // difference of these sums, whose terms are multiples of 2^-46).
  check_close(fmt::format("{} out (NCHW)", layer.id), got, exact(want),
              static_cast<std::size_t>(p.ho) * p.ho);
}

class ConvLayerWorkload final : public Workload {
 public:
  ConvLayerWorkload(const ConvLayer& layer, Layout layout)
      : layer_(layer),
        layout_(layout),
        name_(fmt::format("cnn/conv-{}-{}", layout == Layout::kChwn ? "chwn" : "nchw", layer.id)) {}

  std::string_view name() const override { return name_; }
  std::string_view ptx_name() const override { return "cnn/conv"; }
  std::string_view description() const override {
    return layout_ == Layout::kChwn
               ? "Seed 000 Ch.5 conv layer (Table 5.1), CHWN: cuda-convnet-style direct "
                 "convolution, 32 images per warp, register reuse over images and filters"
               : "Seed 000 Ch.5 conv layer (Table 5.1), NCHW: Caffe/cuDNN-style im2col + "
                 "shared-memory tiled SGEMM (64x64 tiles, 4x4 per thread)";
  }
  std::string dimensions(Size size) const override { return conv_dimensions(layer_, size); }
  void run(Host& host, Size size) const override {
    host.load_workload_ptx(ptx_name());
    run_layer(host, layer_, layout_, size);
  }

 private:
  const ConvLayer& layer_;
  Layout layout_;
  std::string name_;
};

// cnn/conv: CV1, CV3, CV5 and CV12 in both layouts (every CHWN kernel instance, both NCHW
// kernels).
class ConvSuiteEntry final : public Workload {
 public:
  std::string_view name() const override { return "cnn/conv"; }
  std::string_view description() const override {
    return "Seed 000 Ch.5 conv layers CV1, CV3, CV5, CV12 in both layouts (CHWN direct, NCHW "
           "im2col+SGEMM); the per-layer workloads are cnn/conv-{chwn,nchw}-cvK";
  }
  std::string dimensions(Size size) const override {
    std::string text;
    for (const int i : kLayers) {
      if (!text.empty()) text += " | ";
      text += fmt::format("{}: {}", kConvLayers[i].id, conv_dimensions(kConvLayers[i], size));
    }
    return text;
  }
  void run(Host& host, Size size) const override {
    host.load_workload_ptx(ptx_name());
    for (const int i : kLayers) {
      run_layer(host, kConvLayers[i], Layout::kChwn, size);
      run_layer(host, kConvLayers[i], Layout::kNchw, size);
    }
  }

 private:
  static constexpr int kLayers[] = {0, 2, 4, 11};
};

[[maybe_unused]] const bool kRegistered = [] {
  auto& registry = WorkloadRegistry::global();
  for (const ConvLayer& layer : kConvLayers) {
    registry.add(std::make_unique<ConvLayerWorkload>(layer, Layout::kChwn), __FILE__);
    registry.add(std::make_unique<ConvLayerWorkload>(layer, Layout::kNchw), __FILE__);
  }
  registry.add(std::make_unique<ConvSuiteEntry>(), __FILE__);
  return true;
}();

}  // namespace
}  // namespace warpsim::workload::cnn
