#include "sm/gpc_icache.h"

#include <utility>

namespace warpsim {

GpcIcache::GpcIcache(std::uint64_t size, std::uint32_t line, std::uint32_t ways,
                     std::uint32_t hit_latency, const ConfigNode& replacement, std::uint64_t seed)
    : tags_(size, line, ways, replacement, seed), hit_latency_(hit_latency) {}

GpcIcache::Result GpcIcache::request(Addr line, std::uint32_t sm) {
  if (tags_.access(AccessInfo{.addr = line, .sm_id = sm})) return Result::kHit;
  if (const auto it = pending_.find(line); it != pending_.end()) {
    it->second.push_back(sm);
    return Result::kPending;
  }
  pending_.emplace(line, std::vector<std::uint32_t>{});
  return Result::kMiss;
}

void GpcIcache::fill(Addr line, std::uint64_t now) {
  tags_.fill(AccessInfo{.addr = line});
  const auto it = pending_.find(line);
  if (it == pending_.end()) return;
  const std::vector<std::uint32_t> waiting = std::move(it->second);
  pending_.erase(it);
  for (const std::uint32_t sm : waiting) {
    if (const auto d = deliver_.find(sm); d != deliver_.end()) d->second(line, now + hit_latency_);
  }
}

}  // namespace warpsim
