#pragma once

// The convolutional layers CV1 .. CV12 of seed 000 Table 5.1 (Chao Li's thesis, Ch. 5) and the
// shapes cnn/conv-* and cnn/transform-* run them at. Shared by workloads/cnn/conv and
// workloads/cnn/transform (whose inputs are these layers' input tensors).
//
// Table 5.1 gives N, Co, H = W, F, Ci and S; it gives no padding. We pad each layer as its
// network does, so that the output feeds the next layer of Table 5.1: "same" padding
// (F - 1) / 2 for the stride-1 layers (LeNet's 28 -> 28 -> PL1 at 28, Cifar's 24 -> PL3 at 24,
// ZFNet's 13 x 13 and VGG's layers), CV5 (224, F 3, S 2) padding 1 -> 112 x 112 (PL8's input is
// 110 in the table; ZFNet's own first layer is 7 x 7), CV6 (55, F 5, S 2) no padding -> 26 x 26,
// which is PL9's input.
//
// Sizes: `paper` is Table 5.1's shape where it simulates in minutes (CV1 .. CV5), else the same
// N, Ci, Co, F and S on smaller images (H = W), as dimensions() says. `small` (seconds in timing
// mode) keeps N, F and S, and keeps Ci on the side of the heuristic's threshold Ct = 32 that
// decides the layer (CV6 .. CV8 and CV10 .. CV12 at Ci = 32 or 48, the first layers at their
// own 1 or 3); it shrinks H, W and the deep layers' Ci and Co but keeps enough thread blocks for
// a few waves on a 15-SM GPU (CHWN 98 to 2048 blocks, the NCHW SGEMM 49 to 1152). CV2 and CV4,
// whose N = 128 decides them, run at Ci = 8 and 12. `tiny` keeps N (so the CHWN kernel's images
// per thread), F and S, with few channels and pixels.

#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "workload/workload.h"

namespace warpsim::workload::cnn {

struct ConvShape {
  std::int32_t n;   // images (batch)
  std::int32_t co;  // output channels (filters)
  std::int32_t h;   // input height = width
  std::int32_t ci;  // input channels
};

struct ConvLayer {
  const char* id;   // "cv1" .. "cv12"
  const char* net;  // the network Table 5.1 takes it from
  std::int32_t f;   // filter F x F
  std::int32_t s;   // stride
  std::int32_t pad;
  ConvShape table;     // Table 5.1
  ConvShape sizes[3];  // tiny, small, paper
};

// Table 5.1 rows CV1 .. CV12: N, Co, H/W, F, Ci, S (seed 000 notes, "Ch.5 (Table 5.1").
// clang-format off
inline constexpr ConvLayer kConvLayers[] = {
    // id, net, F, S, pad, Table 5.1 {N, Co, H, Ci},
    //   {tiny, small, paper} as {N, Co, H, Ci}
    {"cv1", "LeNet", 5, 1, 2, {128, 16, 28, 1},
     {{128, 16, 3, 1}, {128, 16, 24, 1}, {128, 16, 28, 1}}},
    {"cv2", "LeNet", 5, 1, 2, {128, 16, 14, 16},
     {{128, 16, 3, 2}, {128, 16, 12, 8}, {128, 16, 14, 16}}},
    {"cv3", "Cifar10", 5, 1, 2, {128, 64, 24, 3},
     {{128, 32, 2, 3}, {128, 64, 12, 3}, {128, 64, 24, 3}}},
    {"cv4", "Cifar10", 5, 1, 2, {128, 64, 12, 64},
     {{128, 32, 3, 2}, {128, 64, 9, 12}, {128, 64, 12, 64}}},
    {"cv5", "ZFNet", 3, 2, 1, {64, 96, 224, 3},
     {{64, 32, 6, 3}, {64, 96, 40, 3}, {64, 96, 224, 3}}},
    {"cv6", "ZFNet", 5, 2, 0, {64, 256, 55, 96},
     {{64, 32, 7, 8}, {64, 64, 17, 32}, {64, 256, 15, 96}}},
    {"cv7", "ZFNet", 3, 1, 1, {64, 384, 13, 256},
     {{64, 32, 3, 8}, {64, 128, 7, 32}, {64, 384, 5, 256}}},
    {"cv8", "ZFNet", 3, 1, 1, {64, 384, 13, 384},
     {{64, 32, 3, 12}, {64, 128, 7, 48}, {64, 384, 4, 384}}},
    {"cv9", "VGG", 3, 1, 1, {32, 64, 224, 3},
     {{32, 32, 8, 3}, {32, 64, 32, 3}, {32, 64, 112, 3}}},
    {"cv10", "VGG", 3, 1, 1, {32, 256, 56, 128},
     {{32, 32, 4, 8}, {32, 64, 14, 32}, {32, 256, 12, 128}}},
    {"cv11", "VGG", 3, 1, 1, {32, 512, 28, 256},
     {{32, 32, 3, 16}, {32, 128, 10, 32}, {32, 512, 6, 256}}},
    {"cv12", "VGG", 3, 1, 1, {32, 512, 14, 512},
     {{32, 32, 2, 16}, {32, 256, 7, 32}, {32, 512, 4, 512}}},
};
// clang-format on

// The thesis's layout heuristic (§5.4.1): C < Ct -> CHWN; else N >= Nt -> CHWN; else NCHW.
// (Ct, Nt) = (32, 128) on the GTX Titan Black, (128, 64) on the GTX Titan X.
inline const char* heuristic_layout(std::int32_t c, std::int32_t n, std::int32_t ct = 32,
                                    std::int32_t nt = 128) {
  if (c < ct) return "CHWN";
  if (n >= nt) return "CHWN";
  return "NCHW";
}

inline std::int32_t conv_out(std::int32_t h, const ConvLayer& layer) {
  return (h + 2 * layer.pad - layer.f) / layer.s + 1;
}

// The multiply-adds of a shape: N Co Ho Wo Ci F F.
inline std::int64_t conv_macs(const ConvLayer& layer, const ConvShape& shape) {
  const std::int64_t out = conv_out(shape.h, layer);
  return std::int64_t{shape.n} * shape.co * out * out * shape.ci * layer.f * layer.f;
}

inline std::string conv_dimensions(const ConvLayer& layer, Size size) {
  const ConvShape& d = for_size(layer.sizes, size);
  const ConvShape& t = layer.table;
  const std::int32_t out = conv_out(d.h, layer);
  std::string text =
      fmt::format("N={}, Ci={}, H=W={}, Co={}, F={}, S={}, pad={} -> {}x{} ({} MACs)", d.n, d.ci,
                  d.h, d.co, layer.f, layer.s, layer.pad, out, out, conv_macs(layer, d));
  if (d.n != t.n || d.ci != t.ci || d.h != t.h || d.co != t.co) {
    text +=
        fmt::format("; Table 5.1 {}: N={}, Ci={}, H=W={}, Co={}", layer.id, t.n, t.ci, t.h, t.co);
  } else {
    text += fmt::format("; Table 5.1 {} ({})", layer.id, layer.net);
  }
  return text;
}

}  // namespace warpsim::workload::cnn
