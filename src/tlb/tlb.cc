#include "tlb/tlb.h"

#include <algorithm>
#include <bit>

namespace warpsim {

namespace {

// Per-SM L1 TLBs get seeds 1, 2, ... so that random-replacement TLBs do not evict in lockstep;
// the one L2 TLB gets 0 and the walk cache one no SM reaches.
constexpr std::uint64_t kL2Seed = 0;
constexpr std::uint64_t kWalkCacheSeed = ~std::uint64_t{0};

void add_hit_rate(StatGroup& stats) {
  stats.formula("hit_rate", "ratio", "hits / accesses", [](const GroupValues& v) {
    const double a = v["accesses"];
    return a == 0 ? 0.0 : v["hits"] / a;
  });
}

}  // namespace

SharedTlb::SharedTlb(const TlbConfig& config, StatGroup& stats)
    : config_(config),
      accesses_(stats.counter("accesses", "lookups", "L2 TLB lookups (L1 TLB misses not merged)")),
      hits_(stats.counter("hits", "lookups", "lookups whose translation was ready in time")),
      misses_(stats.counter("misses", "lookups", "lookups that missed (walked or joined a walk)")),
      walks_(stats.counter("walks", "walks", "page-table walks started")),
      walk_cache_misses_(stats.counter("walk_cache_misses", "walks",
                                       "walks whose page-table entry was not in the walk cache")),
      window_switches_(
          stats.counter("window_switches", "walks", "walks outside the active page-table window")) {
  add_hit_rate(stats);
  if (!config_.enabled) return;
  l2_.emplace(config_.l2, kL2Seed);
  if (config_.walk_cache.entries > 0) walk_cache_.emplace(config_.walk_cache, kWalkCacheSeed);
  window_pages_ = config_.window_bytes / config_.page_size;
}

std::uint64_t SharedTlb::lookup(std::uint64_t page, std::uint64_t at, const AccessInfo& access) {
  accesses_.inc();
  const std::uint64_t hit_ready = at + config_.l2.latency;
  if (const std::uint64_t* ready = l2_->lookup(page, access)) {
    if (*ready <= hit_ready) {
      hits_.inc();
      return hit_ready;
    }
    misses_.inc();
    return *ready;
  }
  misses_.inc();
  walks_.inc();
  const std::uint64_t ready = walk_end(page, hit_ready, access) + window_penalty(page);
  l2_->insert(page, ready, at, access);
  return ready;
}

std::uint64_t SharedTlb::walk_end(std::uint64_t page, std::uint64_t start,
                                  const AccessInfo& access) {
  const std::uint64_t cached = start + config_.walk_latency;
  if (walk_cache_) {
    if (const std::uint64_t* fetched = walk_cache_->lookup(page, access)) {
      return std::max(cached, *fetched);
    }
  }
  walk_cache_misses_.inc();
  const std::uint64_t fetched = cached + config_.walk_miss_latency;
  if (walk_cache_) walk_cache_->insert(page, fetched, start, access);
  return fetched;
}

std::uint64_t SharedTlb::window_penalty(std::uint64_t page) {
  if (window_pages_ == 0) return 0;
  const std::uint64_t window = page / window_pages_;
  // The first walk finds its window active: seed 003 sees the switch only when a kernel leaves
  // the 512 MB it started in.
  if (!window_ || *window_ == window) {
    window_ = window;
    return 0;
  }
  window_ = window;
  window_switches_.inc();
  return config_.window_switch_latency;
}

TlbUnit::TlbUnit(SharedTlb& shared, std::uint32_t sm_id, StatGroup& stats)
    : shared_(shared),
      sm_id_(sm_id),
      accesses_(stats.counter("accesses", "lookups", "L1 TLB lookups")),
      hits_(stats.counter("hits", "lookups", "lookups whose translation was ready in time")),
      misses_(stats.counter("misses", "lookups", "lookups that missed")),
      merged_(
          stats.counter("merged", "lookups", "misses to a page this SM was already translating")) {
  add_hit_rate(stats);
  if (!shared.enabled()) return;
  const TlbConfig& config = shared.config();
  page_shift_ = static_cast<std::uint32_t>(std::countr_zero(config.page_size));
  hit_latency_ = config.l1.latency;
  l1_.emplace(config.l1, std::uint64_t{sm_id} + 1);
}

TlbLookup TlbUnit::lookup(Addr addr, std::uint64_t now) {
  if (!l1_) return TlbLookup{.ready = now, .l1_hit = true};
  const std::uint64_t page = addr >> page_shift_;
  const AccessInfo access{.addr = page << page_shift_, .sm_id = sm_id_};
  accesses_.inc();
  const std::uint64_t hit_ready = now + hit_latency_;
  if (const std::uint64_t* ready = l1_->lookup(page, access)) {
    if (*ready <= hit_ready) {
      hits_.inc();
      return TlbLookup{.ready = hit_ready, .l1_hit = true};
    }
    misses_.inc();
    merged_.inc();
    return TlbLookup{.ready = *ready, .l1_hit = false};
  }
  misses_.inc();
  const std::uint64_t ready = shared_.lookup(page, hit_ready, access);
  l1_->insert(page, ready, now, access);
  return TlbLookup{.ready = ready, .l1_hit = false};
}

}  // namespace warpsim
