// MRPB's cache bypassing (Jia et al., HPCA 2014, seed 004 §2.7): a read that misses and cannot
// get the resources to allocate is not retried but sent on to the next level, and its data go
// to the registers without filling this cache. `stalls: associativity` (the paper's final
// choice) bypasses only when every line of the set is reserved for a pending fill; `stalls:
// all` also when no MSHR entry or merge slot is free. Writes and atomics never bypass (the
// Fermi L1 is write-evict, so any read may safely skip it; seed-004.md §7.6). A full miss
// queue is not bypassed: nothing could leave through it (the cache does not ask).

#include <stdexcept>
#include <string>

#include "cache/bypass/bypass_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class BypassOnStall final : public BypassPolicy {
 public:
  BypassOnStall(const ConfigNode& params, const Context& /*context*/)
      : all_(params.at("stalls").as_string() == "all") {}

  bool bypass(const AccessInfo& access, When when) override {
    if (access.is_write) return false;
    switch (when) {
      case When::kBeforeLookup:
        return false;
      case When::kOnLineStall:
        return true;
      case When::kOnResourceStall:
        return all_;
    }
    throw std::logic_error("unknown bypass question");
  }

 private:
  bool all_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(BypassPolicy, BypassOnStall, "on_stall",
                        "MRPB's bypassing (Jia et al.): a read that would stall for lack of a line "
                        "(or, with stalls: all, of an MSHR) goes to the next level unallocated",
                        {{.name = "stalls",
                          .type = ParamType::kString,
                          .description = "associativity: only when every line of the set is "
                                         "reserved; all: also when no MSHR entry or merge slot "
                                         "is free",
                          .default_value = "associativity",
                          .choices = {"associativity", "all"}}});

}  // namespace warpsim
