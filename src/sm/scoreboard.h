#pragma once

// Per-warp register scoreboard: the registers whose producers have issued but whose results
// are not yet readable. An instruction may issue only when none of the registers it reads or
// writes is pending (RAW and WAW hazards). Arithmetic results become readable at a known
// cycle; memory results when the LD/ST unit releases them.

#include <cstdint>
#include <span>
#include <vector>

#include "sim/time.h"

namespace warpsim {

enum class Hazard : std::uint8_t { kNone, kAlu, kMemory };

class Scoreboard {
 public:
  // Registers are absolute slots of the warp's register file (window base + slot).
  void reserve(std::uint32_t reg, Cycle ready) { pending_.push_back({reg, ready.value()}); }
  void reserve_memory(std::uint32_t reg) { pending_.push_back({reg, kUntilReleased}); }
  void release_memory(std::uint32_t reg, Cycle now);

  // The hazard that keeps an instruction reading `reads` and writing `writes` (slots relative
  // to `base`) from issuing at `now`: memory wins over arithmetic.
  Hazard check(std::span<const std::uint32_t> reads, std::span<const std::uint32_t> writes,
               std::uint32_t base, Cycle now);
  // The earliest cycle after `now` at which an arithmetic result becomes readable, or kNever.
  std::uint64_t next_ready(Cycle now) const;
  bool empty() const { return pending_.empty(); }
  bool memory_pending() const {
    for (const Pending& p : pending_) {
      if (p.ready == kUntilReleased) return true;
    }
    return false;
  }
  void clear() { pending_.clear(); }

 private:
  static constexpr std::uint64_t kUntilReleased = ~std::uint64_t{0};
  struct Pending {
    std::uint32_t reg;
    std::uint64_t ready;  // first cycle the value is readable; kUntilReleased for memory
  };
  Hazard hazard_of(std::uint32_t reg, std::uint64_t now) const;

  std::vector<Pending> pending_;
};

}  // namespace warpsim
