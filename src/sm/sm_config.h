#pragma once

// The SM timing model's numbers, read once from a resolved config (sm_schema.cc declares
// them), so the hot path never touches the config tree.

#include <array>
#include <cstdint>

#include "sim/config_node.h"
#include "sm/issue_cost.h"
#include "sm/op_timing.h"

namespace warpsim {

struct OpTimingConfig {
  Unit unit = Unit::kSp;
  std::uint32_t latency = 1;
  std::uint32_t interval = 1;
};

struct IcacheConfig {
  std::uint64_t size = 0;
  std::uint32_t line = 128;
  std::uint32_t ways = 4;
  std::uint32_t hit_latency = 0;
  std::uint32_t mshrs = 4;
};

struct LdstConfig {
  std::uint32_t queue = 8;
  std::uint32_t prioritizer_entries = 8;
  bool cache_global_loads = true;
  bool flush_l1_between_kernels = true;
  bool readonly_in_l1d = false;  // ld.global.nc through the L1D instead of the texture cache
  bool texture_in_l1d = false;   // tex/tld4 through the L1D (L1Path adds texture_latency)
  std::uint32_t requests_per_cycle = 1;
  std::uint32_t shared_latency = 24;
  std::uint32_t shared_banks = 32;
  std::uint32_t bank_bytes = 4;
  std::uint32_t bank_word_bytes = 4;  // the config's 0 (same as bank_bytes) already replaced
  double bank_conflict_cycles = 1;
  double bank_bytes_per_cycle = 0;  // 0: a pass over the banks takes one cycle
};

struct SmConfig {
  std::uint32_t warp_size = 32;
  std::uint32_t max_warps = 0;  // warp slots: max_threads / warp_size
  std::uint32_t count = 1;      // SMs on the GPU (sm.count; the local-memory layout)
  std::uint32_t max_ctas = 0;
  std::uint32_t schedulers = 4;
  std::uint32_t issue_width = 1;
  bool rotate_scheduler_turns = true;  // sm.scheduler_turns: rotate, or fixed (scheduler 0 first)
  bool sharing = false;                // sm.scratchpad_sharing.enabled
  double sharing_t = 0.1;              // sm.scratchpad_sharing.t
  bool check_memo = false;             // sm.check_memo: re-derive the memoized verdicts (sm.h)
  std::uint32_t ibuffer_entries = 2;
  std::uint32_t fetch_warps = 1;
  std::uint32_t fetch_width = 2;
  std::uint32_t decode_latency = 1;
  std::uint32_t inst_bytes = 16;
  IcacheConfig icache;
  std::array<std::uint32_t, static_cast<std::size_t>(Unit::kCount)> units{};
  std::array<OpTimingConfig, static_cast<std::size_t>(OpTiming::kCount)> ops{};
  LdstConfig ldst;
  IssueCostTable issue_costs;     // sm.issue_costs (empty: one slot per instruction)
  bool count_issue_keys = false;  // sm.count_issue_keys

  const OpTimingConfig& op(OpTiming t) const { return ops[static_cast<std::size_t>(t)]; }
  std::uint32_t unit_count(Unit u) const { return units[static_cast<std::size_t>(u)]; }
};

// `sm` is the resolved config's `sm` section. Throws ConfigError when an op class names a unit
// the SM does not have.
SmConfig read_sm_config(const ConfigNode& sm);

}  // namespace warpsim
