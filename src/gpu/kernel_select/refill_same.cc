// Concurrent-kernel CTA dispatch of seed 000 (Chao Li's thesis, §6.2, the author's change to
// GPGPU-Sim 3.2.2): while an SM fills up, its CTAs come from the running kernels in turn
// (round robin over kernels, per SM); once CTAs retire, each freed place goes to a CTA of the
// kernel whose CTA left it, and only when that kernel has none left (or its CTA does not fit)
// to another kernel, the next in turn, whose CTA fits: so the mix on an SM stays as it was and
// a freed place is not fragmented by a larger CTA of another kernel. Freed places are filled
// in the order they were freed, one per CTA the SM receives.

#include <algorithm>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "gpu/kernel_select.h"
#include "sim/registry.h"
#include "sm/kernel_run.h"

namespace warpsim {
namespace {

class RefillSameKernel final : public KernelSelect {
 public:
  RefillSameKernel(const ConfigNode& /*params*/, const Context& context)
      : last_(context.sms, kNone), freed_(context.sms) {}

  void order(std::uint32_t sm, std::span<KernelRun* const> running,
             std::vector<std::uint32_t>& out) override {
    out.clear();
    const auto n = static_cast<std::uint32_t>(running.size());
    if (n == 0) return;
    // The oldest freed place goes to its kernel's next CTA, if it has one.
    std::uint32_t first = n;
    if (!freed_[sm].empty()) {
      first = index_of(running, freed_[sm].front());
      if (first < n && running[first]->all_dispatched()) first = n;
    }
    if (first < n) out.push_back(first);
    // Then every kernel in turn, starting after the one this SM got a CTA from last.
    std::uint32_t start = 0;
    while (start < n && running[start]->order <= last_[sm] && last_[sm] != kNone) ++start;
    for (std::uint32_t k = 0; k < n; ++k) {
      const std::uint32_t i = (start + k) % n;
      if (i != first) out.push_back(i);
    }
  }

  void on_assign(std::uint32_t sm, const KernelRun& kernel) override {
    last_[sm] = kernel.order;
    if (!freed_[sm].empty()) freed_[sm].pop_front();  // one freed place filled
  }

  void on_retire(std::uint32_t sm, const KernelRun& kernel) override {
    freed_[sm].push_back(kernel.order);
  }

 private:
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};

  static std::uint32_t index_of(std::span<KernelRun* const> running, std::uint64_t order) {
    const auto it = std::find_if(running.begin(), running.end(),
                                 [order](const KernelRun* k) { return k->order == order; });
    return static_cast<std::uint32_t>(it - running.begin());
  }

  std::vector<std::uint64_t> last_;  // per SM: launch order of the kernel of its last CTA
  // Per SM: the kernels of the CTAs that retired there, oldest first, whose places are not yet
  // filled again.
  std::vector<std::deque<std::uint64_t>> freed_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(KernelSelect, RefillSameKernel, "refill_same",
                        "Chao Li's concurrent dispatch: kernels in turn while an SM fills; a "
                        "freed place goes to the kernel whose CTA left it, else the next that fits",
                        {});

}  // namespace warpsim
