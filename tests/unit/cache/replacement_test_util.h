#pragma once

// Shared by the replacement-policy tests: building a policy from a slot written in YAML, and
// replaying a scripted sequence of calls with the victims expected at each query.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/replacement/replacement_policy.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim::testing {

inline std::unique_ptr<ReplacementPolicy> make_replacement(
    const std::string& slot_yaml, const ReplacementPolicy::Context& context) {
  return PolicyRegistry::global().create<ReplacementPolicy>(
      ConfigNode::parse_string(slot_yaml, "test.yaml"), context);
}

// One step of a scripted access sequence. For kVictim, `candidates` is the mask offered and
// `way` the victim the policy must choose.
struct Step {
  enum Op { kFill, kHit, kInvalidate, kDemote, kVictim } op;
  std::uint32_t set;
  std::uint32_t way;
  std::uint64_t candidates = 0;
};

inline void run_script(ReplacementPolicy& policy, const std::vector<Step>& steps) {
  AccessInfo access;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Step& step = steps[i];
    switch (step.op) {
      case Step::kFill:
        policy.on_fill(step.set, step.way, access);
        break;
      case Step::kHit:
        policy.on_hit(step.set, step.way, access);
        break;
      case Step::kInvalidate:
        policy.on_invalidate(step.set, step.way);
        break;
      case Step::kDemote:
        policy.demote(step.set, step.way);
        break;
      case Step::kVictim:
        EXPECT_EQ(policy.select_victim(step.set, WayMask(step.candidates), access), step.way)
            << "step " << i;
        break;
    }
  }
}

}  // namespace warpsim::testing
