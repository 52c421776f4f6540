#pragma once

// The LD/ST unit: memory instructions wait in a queue after issue; the head either occupies the
// shared-memory banks (one cycle per bank cycle, then shared_latency), reads the constant cache
// (const_latency), or sends one request per coalesced block to the memory system,
// requests_per_cycle per cycle. An instruction completes when its last reply arrives (or its
// fixed latency ends); its destination registers are then released.

#include <cstdint>
#include <deque>
#include <vector>

#include "func/warp_inst.h"
#include "sim/link.h"
#include "sim/stats.h"
#include "sm/mem_packet.h"
#include "sm/sm_config.h"

namespace warpsim {

struct LdstCompletion {
  std::uint32_t warp = 0;
  std::vector<std::uint32_t> regs;  // absolute register slots to release
};

class LdstUnit {
 public:
  LdstUnit(const LdstConfig& config, std::uint32_t sm, std::uint32_t warp_size, StatGroup& stats);

  bool full() const { return queue_.size() >= config_.queue; }
  // A memory instruction just executed by warp slot `warp` (`hw_warp`: its index in the
  // GPU-wide local-memory layout); `regs` are its destination registers.
  void accept(std::uint32_t warp, std::uint64_t hw_warp, const func::WarpInst& inst,
              std::vector<std::uint32_t> regs, Cycle now);
  // One cycle of work: starts or sends the head, completes timed accesses.
  void cycle(Cycle now, Link<MemRequest>& out);
  void on_reply(const MemReply& reply, Cycle now);

  // Instructions finished since the last call; the SM releases their registers.
  std::vector<LdstCompletion>& completions() { return done_; }
  // True while the unit must run next cycle (something to start or send).
  bool needs_next_cycle() const { return !queue_.empty(); }
  // Earliest cycle after `now` at which a timed access completes, or kNever.
  std::uint64_t next_event(Cycle now) const;
  bool idle() const;

 private:
  enum class Path : std::uint8_t { kShared, kConst, kMemory, kNone };
  struct Entry {
    std::uint32_t warp = 0;
    std::vector<std::uint32_t> regs;
    Path path = Path::kNone;
    MemKind kind = MemKind::kRead;
    std::vector<Addr> blocks;
    std::uint32_t next_block = 0;
    std::uint32_t outstanding = 0;
    std::uint32_t bank_cycles = 0;
    std::uint64_t done_at = 0;
  };

  std::uint32_t new_entry();
  void start_head(Cycle now, Link<MemRequest>& out);
  void finish(std::uint32_t id);

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
  std::vector<Addr> scratch_;

  Counter& shared_accesses_;
  Counter& shared_bank_cycles_;
  Counter& const_accesses_;
  Counter& mem_insts_;
  Counter& requests_;
  Counter& read_requests_;
  Counter& write_requests_;
  Counter& atomic_requests_;
};

}  // namespace warpsim
