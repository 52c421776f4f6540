#pragma once

// Shared by the generic cache's tests (cache_*_test.cc): a Cache built from one section
// written as a YAML flow map and resolved against cache_section(), with short-hands for
// accesses, draining the outgoing queue and answering fetches.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/cache.h"
#include "cache/cache_config.h"
#include "mem/packet.h"
#include "sim/config_node.h"
#include "sim/registry.h"
#include "sim/schema.h"
#include "sim/stats.h"

namespace warpsim::testing {

// The section "c" resolved from `flow_map` ("{size: 1KiB, ways: 2}").
inline ConfigNode resolve_cache_section(const std::string& flow_map) {
  const SectionSpec root{.sections = {cache_section("c", "cache under test", CacheDefaults{})}};
  const ConfigNode raw = ConfigNode::parse_string("c: " + flow_map + "\n", "test.yaml");
  return resolve_config(raw, root, PolicyRegistry::global()).at("c");
}

class CacheHarness {
 public:
  explicit CacheHarness(const std::string& flow_map, std::uint64_t seed = 1)
      : section_(resolve_cache_section(flow_map)),
        config_(read_cache_config(section_)),
        cache_(config_, section_, stats_, seed) {}

  Cache& cache() { return cache_; }
  std::uint32_t line() const { return config_.line; }

  // A request for the whole line holding `addr` (sectors 0: every sector).
  MemRequest request(MemKind kind, Addr addr, SectorMask sectors, std::uint64_t tag) const {
    return MemRequest{.addr = addr & ~Addr{config_.line - 1},
                      .size = config_.line,
                      .sectors = sectors,
                      .kind = kind,
                      .sm = 3,
                      .tag = tag,
                      .pc = 0x40,
                      .warp = 5,
                      .cta = 1,
                      .born = 17};
  }
  CacheResult access(MemKind kind, Addr addr, SectorMask sectors, std::uint64_t tag) {
    return cache_.access(request(kind, addr, sectors, tag), Cycle{0});
  }
  CacheResult read(Addr addr, std::uint64_t tag, SectorMask sectors = 0) {
    return access(MemKind::kRead, addr, sectors, tag);
  }
  CacheResult write(Addr addr, std::uint64_t tag, SectorMask sectors = 0) {
    return access(MemKind::kWrite, addr, sectors, tag);
  }

  // Pops everything the cache queued, in order.
  std::vector<MemRequest> drain() {
    std::vector<MemRequest> out;
    while (cache_.has_outgoing()) {
      out.push_back(cache_.outgoing());
      cache_.pop_outgoing();
    }
    return out;
  }
  // Answers one of the cache's fetches; returns the tags the fill completed.
  std::vector<std::uint64_t> answer(const MemRequest& fetch) {
    std::vector<std::uint64_t> completed;
    cache_.fill(reply_to(fetch), Cycle{0}, completed);
    return completed;
  }
  // Drains the queue, expecting exactly one fetch, and answers it.
  std::vector<std::uint64_t> answer_only_fetch() {
    const std::vector<MemRequest> out = drain();
    EXPECT_EQ(out.size(), 1u);
    if (out.size() != 1) return {};
    return answer(out[0]);
  }
  // Read miss, fill, and nothing else left.
  void load(Addr addr, std::uint64_t tag = 1000, SectorMask sectors = 0) {
    EXPECT_EQ(read(addr, tag, sectors).outcome, CacheOutcome::kMiss) << "addr " << addr;
    EXPECT_EQ(answer_only_fetch(), std::vector<std::uint64_t>{tag}) << "addr " << addr;
  }

  std::uint64_t stat(const std::string& name) const { return stats_.snapshot().counter(name); }
  bool has_stat(const std::string& name) const { return stats_.snapshot().contains(name); }
  double value(const std::string& name) const { return stats_.snapshot().value(name); }
  HistogramData histogram(const std::string& name) const {
    return stats_.snapshot().histogram(name);
  }

 private:
  Picos clock_ = 0;
  StatGroup stats_{"c", &clock_};
  ConfigNode section_;
  CacheConfig config_;
  Cache cache_;
};

inline bool is_fetch(const MemRequest& r) { return (r.tag & kFetchTagBit) != 0 && !r.writeback; }

}  // namespace warpsim::testing
