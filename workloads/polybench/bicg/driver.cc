// polybench/bicg: the BiCGStab sub-kernel s = A^T r, q = A p, after PolyBench/GPU 1.0's BICG
// (bicg.cu): kernel 1, one thread per column of A (column walks); kernel 2, one thread per row
// (row walks: the 32 lanes of a warp read 32 rows, a cache-hostile pattern, seed 004 §4). Blocks
// of 256 threads (DIM_THREAD_BLOCK_X = 256, _Y = 1 in PolyBench/GPU 1.0's bicg.cu).
// Sizes: PolyBench/GPU's NX = NY = 4096 with MRPB's scaling factor 1/2 (seed 004 Table 2) gives
// paper = 2048. Inputs: PolyBench/GPU's init_array (r[i] = p[i] = i * 3.14159,
// A[i][j] = i * j / NX).

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

class Bicg final : public Workload {
 public:
  std::string_view name() const override { return "polybench/bicg"; }
  std::string_view description() const override {
    return "PolyBench/GPU BICG: s = A^T r (column walks), q = A p (row walks); cache-sensitive, "
           "intra-warp contention";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("NX=NY={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Bicg::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un);
  std::vector<float> r(un);
  std::vector<float> p(un);
  for (std::size_t i = 0; i < un; ++i) {
    r[i] = static_cast<float>(i) * 3.14159f;
    p[i] = static_cast<float>(i) * 3.14159f;
    for (std::size_t j = 0; j < un; ++j) a[i * un + j] = static_cast<float>(i * j) / n;
  }
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr r_dev = host.alloc_copy(r);
  const Addr p_dev = host.alloc_copy(p);
  const Addr s_dev = host.alloc(un * sizeof(float));
  const Addr q_dev = host.alloc(un * sizeof(float));
  host.launch("bicg_kernel1", {blocks_for(un, kBlock)}, {kBlock}, 0, a_dev, r_dev, s_dev, n, n);
  host.launch("bicg_kernel2", {blocks_for(un, kBlock)}, {kBlock}, 0, a_dev, p_dev, q_dev, n, n);
  const std::vector<float> s = host.read<float>(s_dev, un);
  const std::vector<float> q = host.read<float>(q_dev, un);

  std::vector<Bounded> want_s(un);
  std::vector<Bounded> want_q(un);
  for (std::size_t j = 0; j < un; ++j) {
    Bounded sum;
    for (std::size_t i = 0; i < un; ++i)
      sum += Bounded::exact(a[i * un + j]) * Bounded::exact(r[i]);
    want_s[j] = sum;
  }
  for (std::size_t i = 0; i < un; ++i) {
    Bounded sum;
    for (std::size_t j = 0; j < un; ++j)
      sum += Bounded::exact(a[i * un + j]) * Bounded::exact(p[j]);
    want_q[i] = sum;
  }
  check_close("s", s, want_s);
  check_close("q", q, want_q);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Bicg);

}  // namespace warpsim::workload
