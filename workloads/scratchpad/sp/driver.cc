// scratchpad/sp: seed 002's SP (Table 7; the SDK's scalarProdGPU with 64-thread blocks and
// accumResult[ACCUM_N + 12], 4144 B: the paper prints 4114; sp.cu): `vectors` dot products of
// `elements`-long pairs of uniform values in [-1, 1), on 128 blocks (the SDK's grid).
// Sizes: tiny 16 pairs of 1024, small 64 of 4096, paper 256 of 4096 (the SDK's VECTOR_N and
// ELEMENT_N). Checked: every product within its float error bound (the kernel's sums and tree).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::uint32_t vectors, elements;
};
constexpr Dims kDims[] = {{16, 1024}, {64, 4096}, {256, 4096}};
constexpr std::uint32_t kAccum = 1024, kBlock = 64, kGrid = 128;

class Sp final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/sp"; }
  std::string_view description() const override {
    return "CUDA SDK scalarProd: 1024 shared partial sums and a tree per vector pair (64 "
           "threads, 4144 B; seed 002 SP)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} pairs of {} elements", d.vectors, d.elements);
  }
  void run(Host& host, Size size) const override;
};

void Sp::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::size_t total = std::size_t{d.vectors} * d.elements;
  std::vector<float> a(total), b(total);
  for (std::size_t i = 0; i < total; ++i) {
    a[i] = hashed_signed_unit(i, 11);
    b[i] = hashed_signed_unit(i, 12);
  }
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(b);
  const Addr c_dev = host.alloc(std::size_t{d.vectors} * sizeof(float));
  host.launch("scalar_prod", {kGrid}, {kBlock}, 0, c_dev, a_dev, b_dev,
              static_cast<std::int32_t>(d.vectors), static_cast<std::int32_t>(d.elements));
  const auto got = host.read<float>(c_dev, d.vectors);
  std::vector<Bounded> want(d.vectors);
  std::vector<Bounded> accum(kAccum);
  for (std::uint32_t v = 0; v < d.vectors; ++v) {
    const std::size_t base = std::size_t{v} * d.elements;
    for (std::uint32_t i = 0; i < kAccum; ++i) {
      Bounded sum = Bounded::exact(0.0f);
      for (std::size_t pos = base + i; pos < base + d.elements; pos += kAccum) {
        sum = sum + Bounded::exact(a[pos]) * Bounded::exact(b[pos]);
      }
      accum[i] = sum;
    }
    for (std::uint32_t stride = kAccum / 2; stride > 0; stride >>= 1) {
      for (std::uint32_t i = 0; i < stride; ++i) accum[i] = accum[i] + accum[stride + i];
    }
    want[v] = accum[0];
  }
  check_close("products", got, want);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Sp);

}  // namespace warpsim::workload
