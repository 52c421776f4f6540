#pragma once

// A software memory hierarchy that runs ChaseSpecs: the probe inference's test bench. Its caches
// and TLBs are configured directly (size, line, per-set ways, a set-index function, LRU or
// weighted-random replacement, latencies), so a test knows the answer the inference must give
// from the configuration alone. Small deterministic jitter (0..jitter cycles) stands in for the
// noise of a real clock.

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <unordered_set>
#include <vector>

#include "probe/chase.h"

namespace warpsim::probe::testing {

using SetIndex = std::function<std::uint32_t(std::uint64_t address)>;

// Set = line number mod sets (the bits right above the offset).
inline SetIndex linear_sets(std::uint64_t line, std::uint32_t sets) {
  return [=](std::uint64_t a) { return static_cast<std::uint32_t>(a / line % sets); };
}
// Set = the listed address bits, first = least significant (texture L1: {7, 8}).
inline SetIndex bit_sets(std::vector<std::uint32_t> bits) {
  return [=](std::uint64_t a) {
    std::uint32_t set = 0;
    for (std::size_t i = 0; i < bits.size(); ++i) set |= ((a >> bits[i]) & 1u) << i;
    return set;
  };
}
// Set = line XOR (line >> k) XOR (line >> 2k), low k bits (sets = 2^k): an L2-like hash.
inline SetIndex xor_sets(std::uint64_t line, std::uint32_t sets) {
  std::uint32_t k = 0;
  while ((1u << k) < sets) ++k;
  return [=](std::uint64_t a) {
    const std::uint64_t l = a / line;
    return static_cast<std::uint32_t>((l ^ (l >> k) ^ (l >> (2 * k))) & (sets - 1));
  };
}
// The Fermi L1 hash (Nugteren et al., HPCA 2014): line bits 0-4 (address bits 7-11) XOR address
// bits 13, 14, 15, 17, 19; 32 sets of 128-byte lines.
inline SetIndex fermi_sets() {
  return [](std::uint64_t a) {
    const auto lower = static_cast<std::uint32_t>((a >> 7) & 0x1f);
    const auto upper = static_cast<std::uint32_t>(((a >> 13) & 0x7) | (((a >> 17) & 1) << 3) |
                                                  (((a >> 19) & 1) << 4));
    return lower ^ upper;
  };
}

struct SoftCacheConfig {
  std::uint32_t line = 128;
  std::vector<std::uint32_t> ways{};  // per set
  SetIndex set_of{};
  std::vector<std::uint32_t> victim_weights{};  // empty: LRU; else weighted random per way
  std::uint64_t seed = 1;
  std::uint32_t prefetch_lines = 0;  // on the first read of a line, fetch the next ones too
};

class SoftCache {
 public:
  explicit SoftCache(SoftCacheConfig config) : config_(std::move(config)), rng_(config_.seed) {
    for (std::uint32_t w : config_.ways) sets_.emplace_back(w);
  }

  // True on a hit; a miss brings the line in.
  bool access(std::uint64_t address) {
    const std::uint64_t line = address / config_.line;
    const bool hit = touch(line);
    if (config_.prefetch_lines > 0 && seen_.insert(line).second) {
      for (std::uint32_t k = 1; k <= config_.prefetch_lines; ++k) touch(line + k);
    }
    return hit;
  }
  void flush() {
    for (auto& set : sets_) {
      for (Way& way : set) way.valid = false;
    }
  }

 private:
  struct Way {
    std::uint64_t line = 0;
    std::uint64_t last_use = 0;
    bool valid = false;
  };

  bool touch(std::uint64_t line) {
    std::vector<Way>& set = sets_.at(config_.set_of(line * config_.line));
    ++clock_;
    for (Way& way : set) {
      if (way.valid && way.line == line) {
        way.last_use = clock_;
        return true;
      }
    }
    set[victim(set)] = Way{line, clock_, true};
    return false;
  }

  std::size_t victim(const std::vector<Way>& set) {
    for (std::size_t w = 0; w < set.size(); ++w) {
      if (!set[w].valid) return w;
    }
    if (config_.victim_weights.empty()) {
      std::size_t oldest = 0;
      for (std::size_t w = 1; w < set.size(); ++w) {
        if (set[w].last_use < set[oldest].last_use) oldest = w;
      }
      return oldest;
    }
    std::uint64_t total = 0;
    for (std::uint32_t weight : config_.victim_weights) total += weight;
    std::uint64_t draw = rng_() % total;
    for (std::size_t w = 0; w < set.size(); ++w) {
      if (draw < config_.victim_weights[w]) return w;
      draw -= config_.victim_weights[w];
    }
    return set.size() - 1;
  }

  SoftCacheConfig config_;
  std::vector<std::vector<Way>> sets_;
  std::mt19937_64 rng_;
  std::uint64_t clock_ = 0;
  std::unordered_set<std::uint64_t> seen_;
};

struct SoftTlbConfig {
  std::uint64_t page = 2ull << 20;
  std::uint32_t l1_entries = 16;  // fully associative, LRU
  std::vector<std::uint32_t> l2_ways = {17, 8, 8, 8, 8, 8, 8};
  std::vector<std::uint32_t> l2_map = {0, 0, 1, 2, 3, 4, 5, 6};  // set of page p: map[p % 8]
  std::uint32_t l1_miss = 27;      // extra cycles: L1 TLB miss, L2 TLB hit
  std::uint32_t walk = 84;         // extra cycles on top of l1_miss: L2 TLB miss
  std::uint64_t window_bytes = 0;  // page-table window (0: none); a walk outside it switches
  std::uint32_t window_switch = 266;
  bool skip_on_l1_hit = false;  // L1 data-cache hits need no translation (Maxwell)
};

class SoftTlb {
 public:
  explicit SoftTlb(SoftTlbConfig config) : config_(std::move(config)) {
    l1_.resize(1);
    for (std::size_t s = 0; s < config_.l2_ways.size(); ++s) l2_.emplace_back();
  }

  // Extra cycles translating `address` costs.
  std::uint32_t translate(std::uint64_t address) {
    const std::uint64_t page = address / config_.page;
    if (lookup(l1_[0], page, config_.l1_entries)) return 0;
    std::uint32_t extra = config_.l1_miss;
    const std::uint32_t set = config_.l2_map[page % config_.l2_map.size()];
    if (!lookup(l2_[set], page, config_.l2_ways[set])) {
      extra += config_.walk;
      const std::uint64_t window =
          config_.window_bytes == 0 ? 0 : address / config_.window_bytes + 1;
      if (window != window_) extra += config_.window_switch;
      window_ = window;
    }
    return extra;
  }

 private:
  struct Entry {
    std::uint64_t page;
    std::uint64_t last_use;
  };

  // LRU lookup; a miss inserts the page.
  bool lookup(std::vector<Entry>& set, std::uint64_t page, std::uint32_t ways) {
    ++clock_;
    for (Entry& e : set) {
      if (e.page == page) {
        e.last_use = clock_;
        return true;
      }
    }
    if (set.size() < ways) {
      set.push_back(Entry{page, clock_});
      return false;
    }
    std::size_t oldest = 0;
    for (std::size_t i = 1; i < set.size(); ++i) {
      if (set[i].last_use < set[oldest].last_use) oldest = i;
    }
    set[oldest] = Entry{page, clock_};
    return false;
  }

  SoftTlbConfig config_;
  std::vector<std::vector<Entry>> l1_;
  std::vector<std::vector<Entry>> l2_;
  std::uint64_t clock_ = 0;
  std::uint64_t window_ = 0;  // 0: none yet
};

struct SoftGpuConfig {
  std::optional<SoftCacheConfig> l1;  // read by every path but kGlobalCg
  std::optional<SoftCacheConfig> l2;  // nullopt: an L2 that keeps every line once read
  std::uint32_t l1_hit = 35;
  std::uint32_t l2_hit = 250;
  std::uint32_t dram = 450;
  std::optional<SoftTlbConfig> tlb;
  std::uint32_t jitter = 2;
  std::uint64_t base = 0x200000000;  // where every chase array starts
  bool flush_l1 = true;              // the L1 starts empty at each chase (kernel launch)
};

class SoftGpu {
 public:
  explicit SoftGpu(SoftGpuConfig config) : config_(std::move(config)) {
    if (config_.l1) l1_.emplace(*config_.l1);
    if (config_.l2) l2_.emplace(*config_.l2);
    if (config_.tlb) tlb_.emplace(*config_.tlb);
  }

  ChaseTrace chase(const ChaseSpec& spec) {
    if (spec.order.empty()) throw std::invalid_argument("empty chase order");
    if (config_.flush_l1 && l1_) l1_->flush();
    ChaseTrace trace;
    const std::size_t n = spec.order.size();
    // Count windows after the first are launches of their own: window_warmup untimed loads
    // (after an L1 flush where launches flush it), then the window's.
    const std::uint64_t windows = spec.count_above != 0 ? spec.count_windows : 1;
    const std::uint64_t per_window = spec.records / windows;
    const std::uint64_t launch_loads = spec.window_warmup + per_window;
    const std::uint64_t total = spec.warmup + per_window + (windows - 1) * launch_loads;
    for (std::uint64_t i = 0; i < total; ++i) {
      const std::uint64_t word = spec.order[i % n];
      if (word * 4 >= spec.array_bytes) throw std::invalid_argument("order leaves the array");
      const bool first = i < spec.warmup + per_window;
      const std::uint64_t in_launch = first ? i : (i - spec.warmup - per_window) % launch_loads;
      const std::uint64_t warm = first ? spec.warmup : spec.window_warmup;
      if (!first && in_launch == 0 && config_.flush_l1 && l1_) l1_->flush();
      if (spec.count_above != 0 && in_launch == warm) trace.slow_windows.push_back(0);
      const std::uint32_t latency = load(config_.base + word * 4, spec.path);
      if (in_launch < warm) continue;
      trace.latency_sum += latency;
      if (spec.count_above != 0) {
        const std::uint64_t slow = latency > spec.count_above ? 1 : 0;
        trace.slow += slow;
        trace.slow_windows.back() += slow;
      } else {
        trace.latency.push_back(latency);
        trace.index.push_back(spec.order[(i + 1) % n]);
      }
    }
    ++chases_;
    return trace;
  }

  Chaser chaser() {
    return [this](const ChaseSpec& spec) { return chase(spec); };
  }
  std::uint64_t loads() const { return loads_; }
  std::uint64_t chases() const { return chases_; }

 private:
  std::uint32_t load(std::uint64_t address, LoadPath path) {
    ++loads_;
    const bool l1_hit = path != LoadPath::kGlobalCg && l1_ && l1_->access(address);
    std::uint32_t latency = 0;
    if (tlb_ && !(l1_hit && config_.tlb->skip_on_l1_hit)) latency += tlb_->translate(address);
    if (l1_hit) {
      latency += config_.l1_hit;
    } else if (l2_) {
      latency += l2_->access(address) ? config_.l2_hit : config_.dram;
    } else {
      latency += l2_lines_.insert(address / 32).second ? config_.dram : config_.l2_hit;
    }
    const std::uint64_t mix = loads_ * 0x9E3779B97F4A7C15ull;
    return latency + static_cast<std::uint32_t>((mix >> 40) % (config_.jitter + 1));
  }

  SoftGpuConfig config_;
  std::optional<SoftCache> l1_;
  std::optional<SoftCache> l2_;
  std::optional<SoftTlb> tlb_;
  std::unordered_set<std::uint64_t> l2_lines_;
  std::uint64_t loads_ = 0;
  std::uint64_t chases_ = 0;
};

}  // namespace warpsim::probe::testing
