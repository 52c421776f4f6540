// First-come-first-served: each bank serves its requests strictly in arrival order, whatever
// rows are open; among banks the oldest request whose command is ready goes first. The
// in-order baseline of Rixner et al., "Memory Access Scheduling", ISCA 2000, §4 (GPGPU-Sim's
// -gpgpu_dram_scheduler 0 is stricter still: its queue head blocks every bank).

#include <cstddef>
#include <span>

#include "dram/dram_scheduler.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class Fcfs final : public DramScheduler {
 public:
  Fcfs(const ConfigNode& /*params*/, const Context& /*context*/) {}

  std::size_t pick(std::span<const DramCandidate> candidates) const override {
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      if (candidates[i].ready && candidates[i].oldest_in_bank) return i;
    }
    return kNone;
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(DramScheduler, Fcfs, "fcfs",
                        "First-come-first-served: each bank serves its requests in arrival order",
                        {});

}  // namespace warpsim
