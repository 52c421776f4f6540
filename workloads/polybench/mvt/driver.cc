// polybench/mvt: x1 += A y1 and x2 += A^T y2, after PolyBench/GPU 1.0's MVT (mvt.cu): kernel 1,
// one thread per row of A (row walks: intra-warp contention, seed 004 §4); kernel 2, one thread
// per column. Blocks of 256 threads (DIM_THREAD_BLOCK_X = 256, _Y = 1 in PolyBench/GPU 1.0's
// mvt.cu). Sizes: PolyBench/GPU's N = 4096 with MRPB's scaling factor 1/2 (seed 004 Table 2)
// gives paper = 2048. Inputs: PolyBench's init formulas (x1[i] = i / N, x2[i] = (i+1) / N,
// y1[i] = (i+3) / N, y2[i] = (i+4) / N, A[i][j] = (i * j mod N) / N).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {128, 1024, 2048};  // N: tiny, small, paper
constexpr std::uint32_t kBlock = 256;

class Mvt final : public Workload {
 public:
  std::string_view name() const override { return "polybench/mvt"; }
  std::string_view description() const override {
    return "PolyBench/GPU MVT: x1 += A y1 (row walks), x2 += A^T y2 (column walks); "
           "cache-sensitive, intra-warp contention";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("N={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Mvt::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un);
  std::vector<float> x1(un), x2(un), y1(un), y2(un);
  for (std::size_t i = 0; i < un; ++i) {
    x1[i] = static_cast<float>(i % un) / n;
    x2[i] = static_cast<float>((i + 1) % un) / n;
    y1[i] = static_cast<float>((i + 3) % un) / n;
    y2[i] = static_cast<float>((i + 4) % un) / n;
    for (std::size_t j = 0; j < un; ++j) a[i * un + j] = static_cast<float>(i * j % un) / n;
  }
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr x1_dev = host.alloc_copy(x1);
  const Addr x2_dev = host.alloc_copy(x2);
  const Addr y1_dev = host.alloc_copy(y1);
  const Addr y2_dev = host.alloc_copy(y2);
  host.launch("mvt_kernel1", {blocks_for(un, kBlock)}, {kBlock}, 0, a_dev, x1_dev, y1_dev, n);
  host.launch("mvt_kernel2", {blocks_for(un, kBlock)}, {kBlock}, 0, a_dev, x2_dev, y2_dev, n);
  const std::vector<float> got1 = host.read<float>(x1_dev, un);
  const std::vector<float> got2 = host.read<float>(x2_dev, un);

  std::vector<Bounded> want1(un);
  std::vector<Bounded> want2(un);
  for (std::size_t i = 0; i < un; ++i) {
    Bounded s1 = Bounded::exact(x1[i]);
    Bounded s2 = Bounded::exact(x2[i]);
    for (std::size_t j = 0; j < un; ++j) {
      s1 += Bounded::exact(a[i * un + j]) * Bounded::exact(y1[j]);
      s2 += Bounded::exact(a[j * un + i]) * Bounded::exact(y2[j]);
    }
    want1[i] = s1;
    want2[i] = s2;
  }
  check_close("x1", got1, want1);
  check_close("x2", got2, want2);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Mvt);

}  // namespace warpsim::workload
