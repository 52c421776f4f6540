// The inference run on the simulator (probe/sim_device.h) recovers what a preset configures.
// Expected values are read from the resolved preset, never from a run. Each test prints what it
// inferred and how long it took (wall time, launches, simulated cycles).

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <iostream>
#include <numeric>

#include "../../support/preset_config.h"
#include "probe/chase.h"
#include "probe/infer_cache.h"
#include "probe/infer_global.h"
#include "probe/infer_tlb.h"
#include "probe/sim/sim_device.h"

namespace warpsim::probe {
namespace {

constexpr std::uint64_t kMiB = 1ull << 20;

class Stopwatch {
 public:
  explicit Stopwatch(const SimDevice& device) : device_(device) {}
  void report(const std::string& what) const {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::cout << what << ": " << seconds << " s, " << device_.launches() << " launches, "
              << device_.simulated_cycles() << " cycles\n";
  }

 private:
  const SimDevice& device_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

CacheGeometry infer_on(const std::string& gpu, LoadPath path, const std::string& name) {
  SimDevice device(testing::preset_config(gpu));
  const Stopwatch watch(device);
  const Chaser chaser = device_chaser(device);
  const std::optional<CacheGeometry> g =
      infer_cache(chaser, CacheSearch{path, 256 * 1024, 8192, name});
  if (!g) throw std::runtime_error("no cache inferred on " + name);
  std::cout << gpu << " " << name << ": C=" << g->size_bytes << " b=" << g->line_bytes
            << " T=" << g->sets << " ways=";
  for (std::uint32_t w : g->ways) std::cout << w << ",";
  std::cout << " " << g->replacement << " '" << g->set_mapping << "' hit=" << g->hit_latency
            << " miss=" << g->miss_latency << " shares=";
  for (double s : g->victim_share) std::cout << s << ",";
  std::cout << " note='" << g->note << "'\n";
  watch.report(gpu + " " + name);
  return *g;
}

struct Expected {
  std::uint64_t size = 0;
  std::uint64_t line = 0;
  std::uint64_t sets = 0;
  std::uint32_t ways = 0;
};

// What the P-chase must see of a cache section: the fill unit is the sector (a miss fetches one
// sector, so a 4-byte chase meets one miss per sector), so a sectored cache reads as lines of a
// sector with `sector / line` times the ways.
Expected expected_of(const ConfigNode& cache) {
  Expected e;
  e.size = cache.at("size").as_size();
  e.line = cache.at("sector").as_uint();
  const std::uint64_t ways = cache.at("ways").as_uint();
  e.sets = e.size / cache.at("line").as_uint() / ways;
  e.ways = static_cast<std::uint32_t>(e.size / e.line / e.sets);
  return e;
}

void expect_geometry(const CacheGeometry& g, const Expected& e) {
  EXPECT_EQ(g.size_bytes, e.size);
  EXPECT_EQ(g.line_bytes, e.line);
  EXPECT_EQ(g.sets, e.sets);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{e.ways});
}

TEST(SimInfer, Gtx480L1DataCache) {
  const ConfigNode l1d = testing::preset_config("gtx480").at("sm").at("l1d");
  const CacheGeometry g = infer_on("gtx480", LoadPath::kGlobalCa, "l1d");
  expect_geometry(g, expected_of(l1d));
  EXPECT_EQ(g.replacement, l1d.at("replacement").at("impl").as_string());
  ASSERT_EQ(l1d.at("set_index").at("impl").as_string(), "fermi_hash");
  EXPECT_EQ(g.set_mapping, "hashed (not a bit field)");
}

TEST(SimInfer, Gtx480TextureCache) {
  const ConfigNode l1t = testing::preset_config("gtx480").at("sm").at("l1t");
  const CacheGeometry g = infer_on("gtx480", LoadPath::kTexture, "texture");
  const Expected e = expected_of(l1t);
  expect_geometry(g, e);
  EXPECT_EQ(g.replacement, l1t.at("replacement").at("impl").as_string());
  ASSERT_EQ(l1t.at("set_index").at("impl").as_string(), "linear");
  const auto low = static_cast<std::uint32_t>(std::countr_zero(e.line));
  const auto bits = static_cast<std::uint32_t>(std::countr_zero(e.sets));
  EXPECT_EQ(g.set_mapping, "bits " + std::to_string(low) + "-" + std::to_string(low + bits - 1));
}

TEST(SimInfer, Gtx560tiTextureCacheOfSectorsAndBits7To8) {
  // 128-byte lines of 32-byte sectors, sets from bits 7-8: seed 003's 4 sets x 96 x 32 B.
  const ConfigNode l1t = testing::preset_config("gtx560ti").at("sm").at("l1t");
  const CacheGeometry g = infer_on("gtx560ti", LoadPath::kTexture, "texture");
  expect_geometry(g, expected_of(l1t));
  const std::vector<std::int64_t> bits = l1t.at("set_index").at("bits").as_int_list();
  ASSERT_EQ(bits.size(), 2u);
  EXPECT_EQ(g.set_mapping,
            "bits " + std::to_string(bits.front()) + "-" + std::to_string(bits.back()));
  EXPECT_EQ(g.replacement, "lru");
}

TEST(SimInfer, Gtx560tiL1WithWeightedRandomVictims) {
  const ConfigNode l1d = testing::preset_config("gtx560ti").at("sm").at("l1d");
  const CacheGeometry g = infer_on("gtx560ti", LoadPath::kGlobalCa, "l1d");
  expect_geometry(g, expected_of(l1d));
  EXPECT_EQ(g.replacement, "non-lru");
  const std::vector<std::int64_t> weights = l1d.at("replacement").at("weights").as_int_list();
  const double total = static_cast<double>(std::accumulate(weights.begin(), weights.end(), 0));
  ASSERT_EQ(g.victim_share.size(), weights.size());
  // About 500 victims: binomial sigma <= 0.022 per share (infer_cache_test.cc).
  for (std::size_t w = 0; w < weights.size(); ++w) {
    EXPECT_NEAR(g.victim_share[w], static_cast<double>(weights[w]) / total, 0.08) << w;
  }
}

TEST(SimInfer, Gtx480TlbsAndLatencyPatterns) {
  const ConfigNode config = testing::preset_config("gtx480");
  const ConfigNode& tlb = config.at("tlb");
  SimDevice device(config);
  const Stopwatch watch(device);
  const Chaser chaser = device_chaser(device);
  const std::vector<TlbLevel> levels =
      infer_tlbs(chaser, TlbSearch{LoadPath::kGlobalCg, 256 * kMiB, 8 * kMiB});
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[0].entries, tlb.at("l1").at("entries").as_uint());
  EXPECT_EQ(levels[0].page_bytes, tlb.at("page_size").as_size());
  EXPECT_NEAR(levels[0].miss_penalty, tlb.at("l2").at("latency").as_double(), 1);
  EXPECT_EQ(levels[1].entries, tlb.at("l2").at("entries").as_uint());
  std::vector<std::uint32_t> ways = levels[1].ways;
  std::vector<std::uint32_t> configured;
  for (std::int64_t w : tlb.at("l2").at("set_ways").as_int_list()) {
    configured.push_back(static_cast<std::uint32_t>(w));
  }
  std::sort(ways.begin(), ways.end());
  std::sort(configured.begin(), configured.end());
  EXPECT_EQ(ways, configured);
  EXPECT_NEAR(levels[1].miss_penalty, tlb.at("walk_latency").as_double(), 1);
  const GlobalLatency p = infer_global_latency(chaser, levels, LoadPath::kGlobalCg, 256 * kMiB);
  watch.report("gtx480 tlbs + global");
  ASSERT_TRUE(p.p1 && p.p2 && p.p3 && p.p4 && p.p5);
  std::cout << "gtx480 P1-P5 (L2): " << *p.p1 << " " << *p.p2 << " " << *p.p3 << " " << *p.p4 << " "
            << *p.p5 << "\n";
  EXPECT_EQ(p.data_cache, "l2");
  EXPECT_NEAR(*p.p2 - *p.p1, tlb.at("l2").at("latency").as_double(), 1);
  EXPECT_NEAR(*p.p3 - *p.p2, tlb.at("walk_latency").as_double(), 1);
  EXPECT_GT(*p.p5, *p.p4);
  ASSERT_EQ(tlb.at("page_window").at("bytes").as_size(), 0u);
  EXPECT_FALSE(p.p6.has_value());
}

}  // namespace
}  // namespace warpsim::probe
