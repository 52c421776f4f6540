// Two-level scheduling with active and pending pools (Gebhart et al., "Energy-efficient
// Mechanisms for Managing Thread Context in Throughput Processors", ISCA 2011), as GPGPU-Sim's
// two_level_active (its GTX480 config offers two_level_active:6:0:1, commented out; Dong Li's
// thesis ran TwoLev on GPGPU-Sim). Only active warps are scheduled, round robin; a warp waiting
// on memory or a barrier goes to the back of the pending FIFO; ready ones refill in FIFO order.

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/registry.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

class TwoLevelPools final : public WarpScheduler {
 public:
  TwoLevelPools(const ConfigNode& params, const Context& context)
      : slots_(context.slots),
        capacity_(static_cast<std::uint32_t>(params.at("active_warps").as_uint())),
        pool_(slots_, Pool::kNone) {
    // Reserved up front so that order() never allocates.
    active_.reserve(slots_);
    pending_.reserve(slots_);
  }

  void order(std::span<const WarpView> warps, Cycle /*now*/,
             std::vector<std::uint32_t>& out) override {
    if (warps.size() != slots_) {
      throw std::invalid_argument("two_level_pool: " + std::to_string(warps.size()) +
                                  " warp views for " + std::to_string(slots_) + " slots");
    }
    sync(warps);
    demote(warps);
    promote(warps);
    out.clear();
    for (std::uint32_t slot : active_) {
      if (warps[slot].valid && !warps[slot].finished) out.push_back(slot);
    }
  }

  // Round robin within the active pool: the order restarts one past the issued warp.
  void on_issue(std::uint32_t index, const IssueInfo& /*info*/) override {
    auto it = std::find(active_.begin(), active_.end(), index);
    if (it != active_.end()) std::rotate(active_.begin(), it + 1, active_.end());
  }

  void on_warp_start(std::uint32_t index) override {
    if (index < slots_ && pool_[index] == Pool::kNone) move_to(index, Pool::kPending);
  }
  void on_warp_end(std::uint32_t index) override {
    if (index < slots_) move_to(index, Pool::kNone);
  }

 private:
  enum class Pool : std::uint8_t { kNone, kActive, kPending };

  static bool stalled(const WarpView& warp) {
    return warp.finished || warp.waiting_memory || warp.at_barrier;
  }

  // Views are the ground truth: a live slot the policy was not told about joins the pending
  // pool (in slot order), and an empty slot leaves whichever pool it was in.
  void sync(std::span<const WarpView> warps) {
    for (std::uint32_t slot = 0; slot < slots_; ++slot) {
      if (warps[slot].valid && pool_[slot] == Pool::kNone) move_to(slot, Pool::kPending);
      if (!warps[slot].valid && pool_[slot] != Pool::kNone) move_to(slot, Pool::kNone);
    }
  }

  void demote(std::span<const WarpView> warps) {
    for (std::size_t i = 0; i < active_.size();) {
      const std::uint32_t slot = active_[i];
      if (stalled(warps[slot])) {
        move_to(slot, Pool::kPending);  // erases active_[i]
      } else {
        ++i;
      }
    }
  }

  // A pending warp comes back once it no longer waits, as in Gebhart's design. GPGPU-Sim
  // instead promotes the FIFO's head unconditionally and demotes it again next cycle if it
  // still waits; that rotates the FIFO on every call, so the same views would not give the
  // same state, and idle-skipped cycles would change the order (see warp_scheduler.h).
  void promote(std::span<const WarpView> warps) {
    for (std::size_t i = 0; i < pending_.size() && active_.size() < capacity_;) {
      const std::uint32_t slot = pending_[i];
      if (warps[slot].valid && !stalled(warps[slot])) {
        move_to(slot, Pool::kActive);  // erases pending_[i]
      } else {
        ++i;
      }
    }
  }

  std::vector<std::uint32_t>& list(Pool pool) { return pool == Pool::kActive ? active_ : pending_; }

  // Removes the slot from its pool and appends it to the back of `to`.
  void move_to(std::uint32_t slot, Pool to) {
    if (pool_[slot] != Pool::kNone) {
      std::vector<std::uint32_t>& from = list(pool_[slot]);
      from.erase(std::find(from.begin(), from.end(), slot));
    }
    pool_[slot] = to;
    if (to != Pool::kNone) list(to).push_back(slot);
  }

  std::uint32_t slots_;
  std::uint32_t capacity_;
  std::vector<Pool> pool_;              // per slot
  std::vector<std::uint32_t> active_;   // scheduling order: round robin position first
  std::vector<std::uint32_t> pending_;  // FIFO: front is promoted first
};

}  // namespace

WARPSIM_REGISTER_POLICY(WarpScheduler, TwoLevelPools, "two_level_pool",
                        "Two-level with active/pending pools (Gebhart et al., GPGPU-Sim "
                        "two_level_active): only active warps are scheduled",
                        {{.name = "active_warps",
                          .type = ParamType::kUint,
                          .description = "warps in the active pool (GPGPU-Sim GTX480 config: 6)",
                          .default_value = "6",
                          .min = 1,
                          .max = 1024}});

}  // namespace warpsim
