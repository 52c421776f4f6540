// polybench/gesummv: y = alpha A x + beta B x, after PolyBench/GPU 1.0's GESUMMV (gesummv.cu):
// one thread per row walks a row of A and of B (row walks: intra-warp contention, seed 004 §4).
// Blocks of 256 threads (DIM_THREAD_BLOCK_X = 256, _Y = 1 in PolyBench/GPU 1.0's gesummv.cu);
// alpha = 43532, beta = 12313 as there.
// Sizes: PolyBench/GPU's N = 4096 with MRPB's scaling factor 1/4 (seed 004 Table 2) gives
// paper = 1024. Inputs: PolyBench/GPU's init (x[i] = i / N, A[i][j] = B[i][j] = i * j / N).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {128, 512, 1024};  // N: tiny, small, paper
constexpr std::uint32_t kBlock = 256;
constexpr float kAlpha = 43532.0f;
constexpr float kBeta = 12313.0f;

class Gesummv final : public Workload {
 public:
  std::string_view name() const override { return "polybench/gesummv"; }
  std::string_view description() const override {
    return "PolyBench/GPU GESUMMV: y = alpha A x + beta B x, row walks of two matrices; "
           "cache-sensitive, intra-warp contention";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("N={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Gesummv::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un);
  std::vector<float> x(un);
  for (std::size_t i = 0; i < un; ++i) {
    x[i] = static_cast<float>(i) / n;
    for (std::size_t j = 0; j < un; ++j) a[i * un + j] = static_cast<float>(i * j) / n;
  }
  const std::vector<float>& b = a;  // the same values, in a separate array on the device
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(b);
  const Addr x_dev = host.alloc_copy(x);
  const Addr y_dev = host.alloc(un * sizeof(float));
  const Addr tmp_dev = host.alloc(un * sizeof(float));
  host.launch("gesummv_kernel", {blocks_for(un, kBlock)}, {kBlock}, 0, a_dev, b_dev, x_dev, y_dev,
              tmp_dev, kAlpha, kBeta, n);
  const std::vector<float> y = host.read<float>(y_dev, un);
  const std::vector<float> tmp = host.read<float>(tmp_dev, un);

  std::vector<Bounded> want_tmp(un);
  std::vector<Bounded> want_y(un);
  for (std::size_t i = 0; i < un; ++i) {
    Bounded t;
    Bounded s;
    for (std::size_t j = 0; j < un; ++j) {
      t += Bounded::exact(a[i * un + j]) * Bounded::exact(x[j]);
      s += Bounded::exact(b[i * un + j]) * Bounded::exact(x[j]);
    }
    want_tmp[i] = t;
    want_y[i] = Bounded::exact(kAlpha) * t + Bounded::exact(kBeta) * s;
  }
  check_close("tmp", tmp, want_tmp);
  check_close("y", y, want_y);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Gesummv);

}  // namespace warpsim::workload
