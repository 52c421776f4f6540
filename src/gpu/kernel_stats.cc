#include "gpu/kernel_stats.h"

#include <algorithm>
#include <map>
#include <string>

#include "func/program.h"
#include "gpu/bottleneck_stats.h"
#include "gpu/memory_stats.h"
#include "gpu/occupancy.h"
#include "gpu/window_sums.h"
#include "sm/issue_cost.h"
#include "sm/op_timing.h"
#include "sm/stall.h"

namespace warpsim {

nlohmann::ordered_json kernel_stats(const KernelRun& k, const StatSnapshot& window, std::size_t sms,
                                    std::uint32_t schedulers, WindowClocks clocks) {
  nlohmann::ordered_json out;
  const std::uint64_t cycles = k.end_cycle - k.start_cycle;
  out["cycles"] = cycles;
  out["start_cycle"] = k.start_cycle;
  out["end_cycle"] = k.end_cycle;
  out["sm_active_cycles"] = k.active_cycles.empty()
                                ? 0
                                : *std::max_element(k.active_cycles.begin(), k.active_cycles.end());
  out["ipc"] = ratio(static_cast<double>(k.thread_insts), static_cast<double>(cycles));
  out["warp_ipc"] = ratio(static_cast<double>(k.warp_insts), static_cast<double>(cycles));
  out["occupancy"] = {{"ctas_per_sm", k.occupancy.ctas_per_sm},
                      {"limiter", occupancy_limiter_name(k.occupancy.limiter)},
                      {"warps_per_cta", k.occupancy.warps_per_cta},
                      {"registers_per_thread", k.registers_per_thread},
                      {"registers_per_cta", k.occupancy.registers_per_cta},
                      {"shared_per_cta", k.occupancy.shared_per_cta},
                      {"shared_carveout", k.occupancy.shared_carveout},
                      {"local_per_thread", k.local_per_thread},
                      {"resource_source", k.resource_source}};
  const nlohmann::ordered_json common = window_stats(window, cycles, sms, schedulers, clocks);
  for (const auto& [key, value] : common.items()) out[key] = value;
  // The launch latency: every scheduler idle before the first CTA, ahead of the window the
  // snapshots cover (which starts at the first CTA's dispatch).
  nlohmann::ordered_json stalls;
  for (const auto& [key, value] : out["stalls"].items()) {
    if (key == "scheduler_cycles")
      stalls["launch"] = (k.dispatch_cycle - k.start_cycle) * sms * schedulers;
    stalls[key] = value;
  }
  out["stalls"] = stalls;
  // Seed 002's scratchpad sharing (sm/scratchpad_sharing.h), for a kernel that shares.
  if (k.sharing.sharing()) {
    nlohmann::ordered_json sharing;
    sharing["unshared"] = k.sharing.unshared;
    sharing["pairs"] = k.sharing.pairs;
    sharing["ctas_per_sm"] = k.sharing.total();
    sharing["private_bytes"] = k.sharing_boundary;
    const nlohmann::ordered_json counts = sum_counters(
        window, "sm", sms, "sharing.",
        {"shared_ctas", "lock_acquires", "relssp_releases", "end_releases", "relssp",
         "lock_wait_cycles", "cycles_before_lock", "cycles_holding_lock", "cycles_after_release"});
    for (const auto& [key, value] : counts.items()) sharing[key] = value;
    out["sharing"] = sharing;
  }
  // sm.count_issue_keys: the kernel's warp instructions by issue-cost key (sm/issue_cost.h).
  std::map<std::string, std::uint64_t> keys;
  for (const auto& [code, f] : k.function_issues) {
    for (std::size_t pc = 0; pc < f.issued.size(); ++pc) {
      const func::DecodedInst& inst = code->insts[pc];
      if (f.issued[pc] != 0) keys[inst.ir != nullptr ? issue_key(*inst.ir) : "*"] += f.issued[pc];
    }
  }
  if (!keys.empty()) out["issue_keys"] = keys;
  return out;
}

nlohmann::ordered_json window_stats(const StatSnapshot& window, std::uint64_t cycles,
                                    std::size_t sms, std::uint32_t schedulers,
                                    WindowClocks clocks) {
  nlohmann::ordered_json out;
  nlohmann::ordered_json stalls;
  for (const char* name : kStallNames)
    stalls[name] = sum_indexed(window, "sm", sms, std::string("stalls.") + name);
  stalls["scheduler_cycles"] = cycles * sms * schedulers;
  out["stalls"] = stalls;
  nlohmann::ordered_json sm;
  sm["active_cycles"] = sum_indexed(window, "sm", sms, "active_cycles");
  sm["warp_insts"] = sum_indexed(window, "sm", sms, "warp_insts");
  sm["issue_slots"] = sum_indexed(window, "sm", sms, "issue_slots");
  sm["thread_insts"] = sum_indexed(window, "sm", sms, "thread_insts");
  sm["ctas"] = sum_indexed(window, "sm", sms, "ctas");
  nlohmann::ordered_json per_sm = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < sms; ++i) {
    per_sm.push_back(ratio(static_cast<double>(window.counter(indexed("sm", i) + ".thread_insts")),
                           static_cast<double>(cycles)));
  }
  sm["ipc_per_sm"] = per_sm;
  nlohmann::ordered_json ops;
  for (const OpTimingInfo& op : kOpTimingInfo) {
    ops[op.name] = sum_indexed(window, "sm", sms, std::string("ops.") + op.name);
  }
  sm["ops"] = ops;
  nlohmann::ordered_json icache =
      sum_counters(window, "sm", sms, "icache.",
                   {"accesses", "hits", "misses", "miss_merged", "reservation_fail_mshr",
                    "prefetches", "prefetch_merged", "prefetch_dropped", "gpc_hits", "gpc_merged"});
  icache["hit_rate"] = ratio(static_cast<double>(icache["hits"].get<std::uint64_t>()),
                             static_cast<double>(icache["accesses"].get<std::uint64_t>()));
  // The stream prefetch buffers' own counters (sm/icache_prefetch/stream_buffer.cc), when the
  // SMs have them.
  if (window.contains(indexed("sm", 0) + ".icache.prefetch.buffer_hits")) {
    icache["prefetch"] = sum_counters(
        window, "sm", sms, "icache.prefetch.",
        {"buffer_hits", "buffer_pending_hits", "buffer_allocations", "buffer_requests"});
  }
  sm["icache"] = icache;
  sm["ldst"] =
      sum_counters(window, "sm", sms, "ldst.",
                   {"shared_accesses", "shared_bank_cycles", "const_accesses", "tex_accesses",
                    "mem_insts", "mem_requests", "mem_read_requests", "mem_write_requests",
                    "mem_atomic_requests", "l1_refusals", "prioritizer_stalls", "l1_skipped"});
  out["sm"] = sm;
  const nlohmann::ordered_json memory =
      memory_stats(window, sm["warp_insts"].get<std::uint64_t>(), clocks);
  for (const auto& [key, value] : memory.items()) out[key] = value;
  out["bottleneck"] = bottleneck_stats(out, cycles, sms);
  // CCWS's victim tag arrays and throttle (sm/warp_sched/ccws.cc), when the SMs run it.
  if (window.contains(indexed("sm", 0) + ".ccws.scheduler0.vta_hits")) {
    nlohmann::ordered_json ccws;
    for (const char* name : {"vta_inserts", "vta_hits", "loads_held", "throttled_cycles"}) {
      std::uint64_t sum = 0;
      for (std::uint32_t s = 0; s < schedulers; ++s) {
        sum += sum_indexed(window, "sm", sms, "ccws.scheduler" + std::to_string(s) + "." + name);
      }
      ccws[name] = sum;
    }
    out["ccws"] = ccws;
  }
  // Dynamic PCAL's control unit (gpu/pcal_controller.h), when there is one.
  if (window.contains("pcal.samples")) {
    out["pcal"] = counters_of(window, "pcal.",
                              {"samples", "phases", "changes", "periods_init", "periods_hill_climb",
                               "periods_vote", "periods_stable"});
  }
  // Dynamic-AgeLRU's vote (gpu/age_lru_controller.h), when there is one.
  if (window.contains("age_lru_vote.samples")) {
    out["age_lru_vote"] = counters_of(window, "age_lru_vote.",
                                      {"samples", "phases", "votes", "votes_age_lru", "idle_votes",
                                       "periods_vote", "periods_age_lru", "periods_lru"});
  }
  // SM dueling of the Decoupled L1D (gpu/l1d_dueling.h), when there is one.
  if (window.contains("l1d_dueling.decisions")) {
    out["l1d_dueling"] = counters_of(
        window, "l1d_dueling.",
        {"decisions", "decisions_filter", "switches", "follower_cycles_off", "follower_cycles_on"});
  }
  return out;
}

}  // namespace warpsim
