// Loose round robin (LRR): each cycle the scheduler starts one slot past the warp it issued
// last and wraps around, so every ready warp gets an equal share of issue slots. GPGPU-Sim's
// "lrr" scheduler (order_lrr in shader.cc); the baseline of Rogers et al., MICRO 2012, §2, and
// of Dong Li's thesis, §3.3.

#include <cstdint>
#include <span>
#include <vector>

#include "sim/registry.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

class LooseRoundRobin final : public WarpScheduler {
 public:
  LooseRoundRobin(const ConfigNode& /*params*/, const Context& /*context*/) {}

  void order(std::span<const WarpView> warps, Cycle /*now*/,
             std::vector<std::uint32_t>& out) override {
    out.clear();
    const auto slots = static_cast<std::uint32_t>(warps.size());
    if (slots == 0) return;
    std::uint32_t slot = start_ % slots;
    for (std::uint32_t k = 0; k < slots; ++k) {
      // A finished warp has nothing left to issue; listing it would only cost the SM a probe.
      if (warps[slot].valid && !warps[slot].finished) out.push_back(slot);
      if (++slot == slots) slot = 0;
    }
  }

  // With several issues in one cycle the last one sets the start, as in GPGPU-Sim.
  void on_issue(std::uint32_t index, const IssueInfo& /*info*/) override { start_ = index + 1; }

 private:
  std::uint32_t start_ = 0;  // first slot to consider next cycle (taken modulo the slot count)
};

}  // namespace

WARPSIM_REGISTER_POLICY(WarpScheduler, LooseRoundRobin, "lrr",
                        "Loose round robin: start one slot past the warp issued last, wrap around",
                        {});

}  // namespace warpsim
