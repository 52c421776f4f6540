#pragma once

// The LD/ST unit: memory instructions wait in a queue after issue; the head either occupies the
// shared-memory banks (one pass, max(1, bytes per lane / bank_bytes_per_cycle) cycles, plus
// (degree - 1) x bank_conflict_cycles; it completes shared_latency plus the conflict cycles after
// it starts) or is coalesced into requests that enter the L1 path (l1_path.h:
// TLB, request prioritizer, L1 data / texture / constant caches, then the crossbar). An
// instruction completes when its last request has completed; its destination registers are then
// released.

#include <cstdint>
#include <deque>
#include <vector>

#include "func/program.h"
#include "func/warp_inst.h"
#include "mem/packet.h"
#include "sim/link.h"
#include "sim/stats.h"
#include "sm/coalescer.h"
#include "sm/l1_path.h"
#include "sm/local_layout.h"
#include "sm/sm_config.h"
#include "tlb/tlb.h"

namespace warpsim {

// Who issued a memory instruction: its warp slot, where its threads' local memory lies
// (local_layout.h), its CTA slot, its index
// within the CTA, and how many barriers its CTA had passed (request prioritizers must not reorder
// across a barrier), its launch order on the SM and its age rank on its scheduler
// (MemRequest::warp_age, age_rank).
struct Requester {
  std::uint32_t warp = 0;
  LocalLayout local;
  std::uint32_t cta = 0;
  std::uint32_t cta_warp = 0;
  std::uint64_t epoch = 0;
  std::uint64_t age = 0;
  std::uint32_t age_rank = 0;
  bool token = true;  // holds a cache token (sm/tokens/token_policy.h)
};

struct LdstCompletion {
  std::uint32_t warp = 0;
  std::vector<std::uint32_t> regs;  // absolute register slots to release
};

class LdstUnit {
 public:
  // `sm_node` is the resolved `sm` section (the L1 caches' sections); the unit's counters go to
  // `sm_stats`.ldst, the caches' to `sm_stats`.l1d, .l1t, .l1c.
  LdstUnit(const LdstConfig& config, const ConfigNode& sm_node, std::uint32_t sm,
           std::uint32_t warp_size, std::uint32_t warps, StatGroup& sm_stats, SharedTlb& tlb);

  bool full() const { return queue_.size() >= config_.queue; }
  // A memory instruction just executed by `who`; `regs` are its destination registers.
  void accept(const Requester& who, const func::DecodedInst& decoded, const func::WarpInst& inst,
              std::vector<std::uint32_t> regs, Cycle now);
  // One cycle of work: starts or sends the head, completes timed accesses.
  void cycle(Cycle now, Link<MemRequest>& out);
  void on_reply(const MemReply& reply, Cycle now);

  // Instructions finished since the last call; the SM releases their registers.
  std::vector<LdstCompletion>& completions() { return done_; }
  // True while the unit must run next cycle (something to start or send).
  bool needs_next_cycle() const { return !queue_.empty() || l1_.needs_next_cycle(); }
  // Earliest cycle after `now` at which a timed access completes, or kNever.
  std::uint64_t next_event(Cycle now) const;
  bool idle() const;
  void invalidate_l1() { l1_.invalidate(); }
  void clear_l1_tokens() { l1_.clear_tokens(); }
  void on_warp_end(std::uint32_t warp) { l1_.on_warp_end(warp); }
  void set_shared_carveout(std::uint64_t shared_bytes) { l1_.set_shared_carveout(shared_bytes); }
  void set_l1d_listener(CacheListener* listener) { l1_.set_l1d_listener(listener); }
  void set_l1d_warp_window(const WarpWindowSource* source) { l1_.set_l1d_warp_window(source); }
  Cache& l1d() { return l1_.l1d(); }

 private:
  enum class Path : std::uint8_t { kShared, kMemory, kNone };
  struct Entry {
    Requester who;
    std::vector<std::uint32_t> regs;
    Path path = Path::kNone;
    MemKind kind = MemKind::kRead;
    L1Target target = L1Target::kData;
    bool local = false;  // local memory (MemRequest::local)
    std::uint64_t pc = 0;
    std::vector<LineAccess> blocks;
    std::uint32_t next_block = 0;
    std::uint32_t outstanding = 0;
    std::uint32_t bank_cycles = 0;    // cycles the access holds the shared-memory banks
    std::uint32_t extra_latency = 0;  // conflict cycles added to shared_latency
    std::uint64_t done_at = 0;
    std::uint64_t accepted_at = 0;
    bool timed_load = false;  // a global, local, texture or constant load: its latency is sampled
    bool texture_in_l1d = false;  // a texture fetch the L1D serves (its requests carry the bit)
  };

  std::uint32_t new_entry();
  void start_head(Cycle now);
  void finish(std::uint32_t id, std::uint64_t now);
  void complete_request(std::uint64_t tag, std::uint64_t now);
  L1Target target_of(const func::DecodedInst& decoded, const func::WarpInst& inst) const;

  LdstConfig config_;
  std::uint32_t sm_;
  std::uint32_t warp_size_;
  std::vector<Entry> entries_;
  std::vector<std::uint32_t> free_ids_;
  std::deque<std::uint32_t> queue_;   // waiting to start, in issue order
  std::vector<std::uint32_t> timed_;  // shared/const accesses waiting for done_at
  std::uint64_t banks_free_at_ = 0;
  std::uint32_t in_flight_ = 0;
  std::vector<LdstCompletion> done_;
  std::vector<std::uint64_t> completed_tags_;
  TlbUnit tlb_;
  L1Path l1_;

  Counter& shared_accesses_;
  Counter& shared_bank_cycles_;
  Counter& const_accesses_;
  Counter& tex_accesses_;
  Counter& mem_insts_;
  Counter& requests_;
  Counter& read_requests_;
  Counter& write_requests_;
  Counter& atomic_requests_;
  Histogram& load_latency_;
};

}  // namespace warpsim
