// scratchpad/mv: seed 002's MV (Table 7: mv_shared, 4224 B of shared memory per 32-thread block;
// mv.cu): y = A x for an n x n matrix of uniform values in [-1, 1) and x likewise, one block per
// 32 rows. Sizes: tiny n = 256, small 1024, paper 4096 (Table 8: one iteration instead of 16).
// Checked: every y within its float error bound (the kernel's order of the sum).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::uint32_t kSides[] = {256, 1024, 4096};
constexpr std::uint32_t kTile = 32;

class Mv final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/mv"; }
  std::string_view description() const override {
    return "Matrix-vector product with a 32 x 33 shared tile per 32-thread block (4224 B; seed "
           "002 MV, Yang et al.'s mv_shared)";
  }
  std::string dimensions(Size size) const override {
    const std::uint32_t n = for_size(kSides, size);
    return fmt::format("{} x {} matrix", n, n);
  }
  void run(Host& host, Size size) const override;
};

void Mv::run(Host& host, Size size) const {
  const std::uint32_t n = for_size(kSides, size);
  std::vector<float> a(std::size_t{n} * n), x(n);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = hashed_signed_unit(i, 1);
  for (std::uint32_t i = 0; i < n; ++i) x[i] = hashed_signed_unit(i, 2);
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr x_dev = host.alloc_copy(x);
  const Addr y_dev = host.alloc(std::size_t{n} * sizeof(float));
  host.launch("mv_shared", {n / kTile}, {kTile}, 0, y_dev, a_dev, x_dev,
              static_cast<std::int32_t>(n));
  const auto got = host.read<float>(y_dev, n);
  std::vector<Bounded> want(n);
  for (std::uint32_t r = 0; r < n; ++r) {
    Bounded sum = Bounded::exact(0.0f);
    for (std::uint32_t c = 0; c < n; ++c) {
      sum = sum + Bounded::exact(a[std::size_t{r} * n + c]) * Bounded::exact(x[c]);
    }
    want[r] = sum;
  }
  check_close("y", got, want);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Mv);

}  // namespace warpsim::workload
