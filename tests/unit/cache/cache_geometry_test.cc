// Geometry of the generic cache: unequal per-set associativity, a set count that is not a
// power of two, the insertion slot, and the config section's validation.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/insertion/insertion_policy.h"
#include "cache_core_test_util.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

using testing::CacheHarness;
using testing::resolve_cache_section;

class InsertAsVictim final : public InsertionPolicy {
 public:
  InsertAsVictim(const ConfigNode& /*params*/, const Context& /*context*/) {}
  bool insert_as_victim(std::uint32_t /*set*/, std::uint32_t /*way*/,
                        const AccessInfo& /*access*/) override {
    return true;
  }
};
WARPSIM_REGISTER_POLICY(InsertionPolicy, InsertAsVictim, "test_insert_as_victim",
                        "test: every new line is its set's next victim", {});

// set_ways [3, 1] with 128-byte lines: 4 lines = 512 bytes, 2 sets (set = address / 128
// mod 2). Set 0 (0x000, 0x100, 0x200, 0x300, ...) holds three lines, set 1 one.
TEST(CacheGeometryTest, UnequalSetsHoldTheirOwnNumberOfLines) {
  CacheHarness h("{size: 512, ways: 2, set_ways: [3, 1]}");
  for (Addr a : {0x000, 0x100, 0x200}) h.load(a);
  for (Addr a : {0x000, 0x100, 0x200}) EXPECT_EQ(h.read(a, 1).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.stat("evictions"), 0u);
  h.load(0x300);  // the fourth line of set 0 evicts the least recently used, 0x000
  EXPECT_EQ(h.stat("evictions"), 1u);
  for (Addr a : {0x100, 0x200, 0x300}) EXPECT_EQ(h.read(a, 2).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.read(0x000, 3).outcome, CacheOutcome::kMiss);
  h.drain();

  h.load(0x080);
  h.load(0x180);  // set 1 has one way
  EXPECT_EQ(h.read(0x080, 4).outcome, CacheOutcome::kMiss);
}

// 384 bytes, one way: 3 sets; line 3 (0x180) shares set 0 with line 0.
TEST(CacheGeometryTest, LinearIndexingWorksForAnyNumberOfSets) {
  CacheHarness h("{size: 384, ways: 1}");
  h.load(0x000);
  h.load(0x080);
  h.load(0x180);
  EXPECT_EQ(h.read(0x080, 1).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.read(0x000, 2).outcome, CacheOutcome::kMiss);
}

// One set of two ways. 0x000 is loaded and hit, then 0x080 loaded: plain LRU evicts 0x000
// (older), insertion at the victim end evicts the newcomer 0x080 instead.
TEST(CacheGeometryTest, InsertionPolicyCanMakeANewLineTheNextVictim) {
  for (const bool demote : {false, true}) {
    SCOPED_TRACE(demote);
    CacheHarness h(std::string("{size: 256, ways: 2, insertion: ") +
                   (demote ? "test_insert_as_victim" : "none") + "}");
    h.load(0x000);
    EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kHit);
    h.load(0x080);
    h.load(0x100);
    EXPECT_EQ(h.read(0x000, 2).outcome, demote ? CacheOutcome::kHit : CacheOutcome::kMiss);
  }
}

TEST(CacheConfigTest, ReadsEveryKnob) {
  const ConfigNode section = resolve_cache_section(
      "{size: 48KiB, sector: 32, ways: 6, hit_latency: 28, write_policy: write_through, "
      "write_allocate: lazy_fetch_on_read, allocate: streaming, mshrs: 256, mshr_merge: 16, "
      "miss_queue: 4}");
  const CacheConfig c = read_cache_config(section);
  EXPECT_EQ(c.size, 48u * 1024);
  EXPECT_EQ(c.line, 128u);
  EXPECT_EQ(c.sector, 32u);
  EXPECT_EQ(c.ways, 6u);
  EXPECT_TRUE(c.set_ways.empty());
  EXPECT_EQ(c.sets(), 64u);  // 49152 / (128 * 6)
  EXPECT_EQ(c.hit_latency, 28u);
  EXPECT_EQ(c.write_policy, WritePolicy::kWriteThrough);
  EXPECT_EQ(c.write_allocate, WriteAllocate::kLazyFetchOnRead);
  EXPECT_EQ(c.allocate, AllocatePoint::kStreaming);
  EXPECT_EQ(c.mshrs, 256u);
  EXPECT_EQ(c.mshr_merge, 16u);
  EXPECT_EQ(c.miss_queue, 4u);
  EXPECT_EQ(section.at("replacement").at("impl").as_string(), "lru");
  EXPECT_EQ(section.at("set_index").at("impl").as_string(), "linear");
  EXPECT_EQ(section.at("insertion").at("impl").as_string(), "none");
  EXPECT_EQ(section.at("bypass").at("impl").as_string(), "never");

  const CacheConfig unequal = read_cache_config(resolve_cache_section(
      "{size: 1KiB, line: 64, sector: 64, ways: 4, set_ways: [4, 4, 4, 2, 2]}"));
  EXPECT_EQ(unequal.sets(), 5u);
  EXPECT_EQ(unequal.set_ways, (std::vector<std::uint32_t>{4, 4, 4, 2, 2}));
}

// Each bad geometry is a ConfigError whose message names the key to fix.
TEST(CacheConfigTest, RejectsBadGeometryNamingTheKey) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{size: 1000, ways: 4}", "c.size"},                 // not whole sets of 4 x 128 bytes
      {"{size: 1KiB, line: 96}", "c.line"},                // not a power of two
      {"{size: 1KiB, sector: 16}", "c.sector"},            // smaller than a 32-byte sector
      {"{size: 1KiB, line: 32, sector: 64}", "c.sector"},  // larger than the line
      {"{size: 1KiB, set_ways: [3, 1]}", "c.size"},        // 4 lines = 512 bytes
      {"{size: 1KiB, set_ways: [0, 8]}", "c.set_ways"},    // a set without ways
      {"{size: 1KiB, ways: 65}", "c.ways"},                // more than 64 ways
      {"{size: 4KiB, line: 2048, sector: 2048, ways: 2}", "c.line"},  // wider than 32 sectors
  };
  for (const auto& [yaml, key] : cases) {
    SCOPED_TRACE(yaml);
    try {
      read_cache_config(resolve_cache_section(yaml));
      ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace warpsim
