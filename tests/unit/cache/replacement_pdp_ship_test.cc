// PDP (static protecting distance) and SHiP-PC replacement on hand-made sequences, and PDP's
// bypass as the cache carries it out.

#include <cstdint>
#include <memory>

#include <gtest/gtest.h>

#include "cache_core_test_util.h"
#include "replacement_test_util.h"

namespace warpsim {
namespace {

using testing::make_replacement;

constexpr ReplacementPolicy::Context kOneSet{.sets = 2, .ways = 4, .seed = 1, .line = 128};
constexpr WayMask kAll = WayMask::all(4);

// One access to `set` that hits or fills `way`, as the cache reports it.
void hit(ReplacementPolicy& p, std::uint32_t set, std::uint32_t way) {
  p.on_hit(set, way, AccessInfo{});
  p.on_access(set, AccessInfo{});
}
void fill(ReplacementPolicy& p, std::uint32_t set, std::uint32_t way) {
  p.on_fill(set, way, AccessInfo{});
  p.on_access(set, AccessInfo{});
}

TEST(Pdp, ALineIsProtectedForPdAccessesToItsSet) {
  auto p = make_replacement("{impl: pdp, pd: 3}", kOneSet);
  // Fills by set accesses 1..4: way w is protected through access w + 4.
  for (std::uint32_t way = 0; way < 4; ++way) fill(*p, 0, way);
  AccessInfo read;
  // Access 5: way 0's protection has run out.
  EXPECT_FALSE(p->bypass_instead(0, kAll, read));
  EXPECT_EQ(p->select_victim(0, kAll, read), 0u);
  // Without way 0 every candidate is protected: bypass, or the least protected if forced.
  EXPECT_TRUE(p->bypass_instead(0, WayMask(0b1110), read));
  EXPECT_EQ(p->select_victim(0, WayMask(0b1110), read), 1u);
  p->on_access(0, read);  // access 5 happened: way 1 is free from access 6 on
  EXPECT_FALSE(p->bypass_instead(0, WayMask(0b1110), read));
  // Another set's accesses do not count: ways 2 and 3 stay protected.
  for (int i = 0; i < 10; ++i) p->on_access(1, read);
  EXPECT_TRUE(p->bypass_instead(0, WayMask(0b1100), read));
}

TEST(Pdp, AHitRenewsTheProtection) {
  auto p = make_replacement("{impl: pdp, pd: 2}", kOneSet);
  // Fills by accesses 1-4: way w protected through access w + 3.
  for (std::uint32_t way = 0; way < 4; ++way) fill(*p, 0, way);
  hit(*p, 0, 0);  // access 5: way 0 protected through access 7
  // Access 6: ways 1 and 2 are free, 1 ran out first; ways 0 and 3 are protected.
  AccessInfo read;
  EXPECT_EQ(p->select_victim(0, kAll, read), 1u);
  EXPECT_TRUE(p->bypass_instead(0, WayMask(0b1001), read));
}

TEST(Pdp, WritesAndBypassFalseNeverBypass) {
  auto p = make_replacement("{impl: pdp, pd: 100}", kOneSet);
  auto keep = make_replacement("{impl: pdp, pd: 100, bypass: false}", kOneSet);
  for (std::uint32_t way = 0; way < 4; ++way) {
    fill(*p, 0, way);
    fill(*keep, 0, way);
  }
  AccessInfo write;
  write.is_write = true;
  EXPECT_FALSE(p->bypass_instead(0, kAll, write));
  EXPECT_FALSE(keep->bypass_instead(0, kAll, AccessInfo{}));
  // The least protected goes: the first filled.
  EXPECT_EQ(keep->select_victim(0, kAll, AccessInfo{}), 0u);
}

TEST(Pdp, TheCachePlacesNoLineForAReadThatFindsEveryLineProtected) {
  testing::CacheHarness c(
      "{size: 1KiB, ways: 2, write_policy: write_evict, replacement: {impl: pdp, pd: 4}}");
  c.load(0, 1);    // set 0, access 1: protected through access 5
  c.load(512, 2);  // access 2: through access 6
  // Access 3: both lines protected; the miss takes an MSHR and no line.
  c.load(1024, 3);
  EXPECT_EQ(c.stat("policy_bypasses"), 1u);
  EXPECT_EQ(c.stat("evictions"), 0u);
  for (std::uint64_t tag : {4, 5, 6}) {
    EXPECT_EQ(c.read(0, tag).outcome, CacheOutcome::kHit);  // accesses 4-6
  }
  // Access 7: line 512's protection has run out.
  EXPECT_EQ(c.read(1024, 7).outcome, CacheOutcome::kMiss);
  c.drain();
  EXPECT_EQ(c.stat("evictions"), 1u);
  EXPECT_EQ(c.stat("policy_bypasses"), 1u);
}

AccessInfo from_pc(std::uint64_t pc) {
  AccessInfo a;
  a.pc = pc;
  return a;
}

TEST(Ship, LinesOfAPcThatNeverHitsAreInsertedDistant) {
  auto p = make_replacement("{impl: ship, bits: 2}",
                            ReplacementPolicy::Context{.sets = 1, .ways = 4, .seed = 1});
  // PC 0x100 places lines that are evicted without a hit, once: its counter 1 -> 0.
  for (std::uint32_t way = 0; way < 4; ++way) p->on_fill(0, way, from_pc(0x100));
  EXPECT_EQ(p->select_victim(0, kAll, from_pc(0x200)), 0u);  // all RRPV 2: aged to 3, way 0
  // Way 0 refilled by PC 0x200 (counter still 1: long, RRPV 2) while 1-3 are at 3.
  p->on_fill(0, 0, from_pc(0x200));
  EXPECT_EQ(p->select_victim(0, kAll, from_pc(0x200)), 1u);  // 0x100's counter stays 0
  // A line from 0x100 now enters at the distant RRPV, so it goes before way 0's.
  p->on_fill(0, 1, from_pc(0x100));
  p->on_hit(0, 2, from_pc(0x100));  // way 2 hit: RRPV 0, 0x100's counter back to 1
  EXPECT_EQ(p->select_victim(0, WayMask(0b0011), from_pc(0x300)), 1u);
}

TEST(Ship, AHitPredictsNearReuse) {
  auto p = make_replacement("{impl: ship, bits: 2}",
                            ReplacementPolicy::Context{.sets = 1, .ways = 2, .seed = 1});
  p->on_fill(0, 0, from_pc(0x100));
  p->on_fill(0, 1, from_pc(0x100));
  p->on_hit(0, 0, from_pc(0x100));
  EXPECT_EQ(p->select_victim(0, WayMask::all(2), from_pc(0x100)), 1u);
}

}  // namespace
}  // namespace warpsim
