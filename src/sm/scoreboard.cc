#include "sm/scoreboard.h"

#include <algorithm>

namespace warpsim {

void Scoreboard::release_memory(std::uint32_t reg, Cycle now) {
  for (Pending& p : pending_) {
    if (p.reg == reg && p.ready == kUntilReleased) {
      p.ready = now.value();
      return;
    }
  }
}

Hazard Scoreboard::hazard_of(std::uint32_t reg, std::uint64_t now) const {
  Hazard h = Hazard::kNone;
  for (const Pending& p : pending_) {
    if (p.reg != reg || p.ready <= now) continue;
    if (p.ready == kUntilReleased) return Hazard::kMemory;
    h = Hazard::kAlu;
  }
  return h;
}

Hazard Scoreboard::check(std::span<const std::uint32_t> reads,
                         std::span<const std::uint32_t> writes, std::uint32_t base, Cycle now) {
  const std::uint64_t t = now.value();
  std::erase_if(pending_, [t](const Pending& p) { return p.ready <= t; });
  if (pending_.empty()) return Hazard::kNone;
  Hazard worst = Hazard::kNone;
  for (auto list : {reads, writes}) {
    for (std::uint32_t slot : list) {
      const Hazard h = hazard_of(base + slot, t);
      if (h == Hazard::kMemory) return h;
      if (h == Hazard::kAlu) worst = h;
    }
  }
  return worst;
}

std::uint64_t Scoreboard::next_ready(Cycle now) const {
  std::uint64_t next = kNever;
  for (const Pending& p : pending_) {
    if (p.ready > now.value() && p.ready != kUntilReleased) next = std::min(next, p.ready);
  }
  return next;
}

}  // namespace warpsim
