// First-ready, first-come-first-served: row hits before everything else, then the oldest
// request. Rixner et al., "Memory Access Scheduling", ISCA 2000, §4; GPGPU-Sim's
// -gpgpu_dram_scheduler 1. The optional cap on consecutive column commands to one open row
// (max_row_hits) is the FR-FCFS+Cap of Mutlu and Moscibroda, MICRO 2007, §7.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "dram/dram_scheduler.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class FrFcfs final : public DramScheduler {
 public:
  FrFcfs(const ConfigNode& params, const Context& context)
      : cap_(params.at("max_row_hits").as_uint()), streak_(context.banks, 0) {}

  std::size_t pick(std::span<const DramCandidate> candidates) const override {
    std::size_t oldest = kNone;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const DramCandidate& c = candidates[i];
      if (!c.ready) continue;
      const bool capped = cap_ != 0 && streak_[c.bank] >= cap_;
      // Closing a row that queued requests still hit would turn those hits into conflicts.
      if (c.command == DramCommand::kPrecharge && c.bank_has_hits && !capped) continue;
      // Candidates come oldest first: the first hit is the oldest hit, which wins.
      if (c.row_hit && !capped) return i;
      if (oldest == kNone) oldest = i;
    }
    return oldest;
  }

  void on_issue(const DramCandidate& c) override {
    if (c.command == DramCommand::kActivate) {
      streak_[c.bank] = 0;
    } else if (c.command == DramCommand::kRead || c.command == DramCommand::kWrite) {
      ++streak_[c.bank];
    }
  }

 private:
  std::uint64_t cap_;
  std::vector<std::uint64_t> streak_;  // column commands per bank since its last ACT
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    DramScheduler, FrFcfs, "fr_fcfs",
    "First-ready FCFS: row hits first, then the oldest request; optionally capped",
    {ParamSpec{.name = "max_row_hits",
               .type = ParamType::kUint,
               .description = "column commands to one open row after which its hits lose "
                              "their priority and an older conflict may close it (0: no cap)",
               .default_value = "0"}});

}  // namespace warpsim
