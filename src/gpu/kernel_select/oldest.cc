// The oldest running kernel first (launch order): a later kernel gets an SM's room only when
// every earlier one has dispatched all its CTAs or does not fit (GPGPU-Sim 3.x's and the CUDA
// hardware's in-order kernel dispatch; the default).

#include <cstdint>
#include <span>
#include <vector>

#include "gpu/kernel_select.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class OldestKernelFirst final : public KernelSelect {
 public:
  OldestKernelFirst(const ConfigNode& /*params*/, const Context& /*context*/) {}

  void order(std::uint32_t /*sm*/, std::span<KernelRun* const> running,
             std::vector<std::uint32_t>& out) override {
    out.clear();
    for (std::uint32_t i = 0; i < running.size(); ++i) out.push_back(i);
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(KernelSelect, OldestKernelFirst, "oldest",
                        "CTAs of the oldest running kernel first (launch order)", {});

}  // namespace warpsim
