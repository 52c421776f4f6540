// polybench/atax: y = A^T (A x), after PolyBench/GPU 1.0's ATAX (atax.cu): kernel 1, one thread
// per row of A (row walks); kernel 2, one thread per column (column walks, the accesses whose
// 32 lanes fall in one L1 set when a row is a multiple of 4 KB: seed 004 Fig. 2). Blocks of 256
// threads (DIM_THREAD_BLOCK_X = 256, _Y = 1 in PolyBench/GPU 1.0's atax.cu).
// Sizes: PolyBench/GPU's NX = NY = 4096 with MRPB's scaling factor 1/2 (seed 004 Table 2, and
// its Fig. 2: "A is 2048 x 2048") gives paper = 2048.
// Inputs: PolyBench/GPU's init_array (x[i] = i * 3.14159, A[i][j] = i * j / NX).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {128, 1024, 2048};  // NX = NY: tiny, small, paper
constexpr std::uint32_t kBlock = 256;

class Atax final : public Workload {
 public:
  std::string_view name() const override { return "polybench/atax"; }
  std::string_view description() const override {
    return "PolyBench/GPU ATAX: y = A^T (A x), row walks then column walks (cache-sensitive, "
           "intra-warp contention)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("NX=NY={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Atax::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un);
  std::vector<float> x(un);
  for (std::size_t i = 0; i < un; ++i) {
    x[i] = static_cast<float>(i) * 3.14159f;
    for (std::size_t j = 0; j < un; ++j) a[i * un + j] = static_cast<float>(i * j) / n;
  }
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr x_dev = host.alloc_copy(x);
  const Addr tmp_dev = host.alloc(un * sizeof(float));
  const Addr y_dev = host.alloc(un * sizeof(float));
  host.launch("atax_kernel1", {blocks_for(un, kBlock)}, {kBlock}, 0, a_dev, x_dev, tmp_dev, n, n);
  host.launch("atax_kernel2", {blocks_for(un, kBlock)}, {kBlock}, 0, a_dev, y_dev, tmp_dev, n, n);
  const std::vector<float> tmp = host.read<float>(tmp_dev, un);
  const std::vector<float> y = host.read<float>(y_dev, un);

  std::vector<Bounded> want_tmp(un);
  std::vector<Bounded> want_y(un);
  for (std::size_t i = 0; i < un; ++i) {
    Bounded sum;
    for (std::size_t j = 0; j < un; ++j)
      sum += Bounded::exact(a[i * un + j]) * Bounded::exact(x[j]);
    want_tmp[i] = sum;
  }
  for (std::size_t j = 0; j < un; ++j) {
    Bounded sum;
    for (std::size_t i = 0; i < un; ++i) sum += Bounded::exact(a[i * un + j]) * want_tmp[i];
    want_y[j] = sum;
  }
  check_close("tmp", tmp, want_tmp);
  check_close("y", y, want_y);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Atax);

}  // namespace warpsim::workload
