// The Decoupled L1D's tag store (cache/admission/locality_tags.h), step by step on hand-made
// sequences: tag miss, candidate counting up to the threshold, data placement with and without a
// free line, set-wide aging, the victim's reset, LFU replacement of tag entries, flushes.

#include <cstdint>
#include <optional>
#include <stdexcept>

#include <gtest/gtest.h>

#include "cache/admission/admission_policy.h"
#include "cache/admission/locality_tags.h"
#include "sim/stats.h"

namespace warpsim {
namespace {

class LocalityTagsTest : public ::testing::Test {
 protected:
  explicit LocalityTagsTest(LocalityTagsConfig config = {.sets = 2,
                                                         .ways = 4,
                                                         .data_ways = 2,
                                                         .rc_bits = 6,
                                                         .threshold = 2})
      : counters_(group_), tags_(config, &counters_) {}

  std::uint32_t rc(Addr line, std::uint32_t set = 0) const {
    const LocalityTags::Entry* e = tags_.find(set, line);
    EXPECT_NE(e, nullptr) << "line " << line;
    return e == nullptr ? 999 : e->rc;
  }
  bool committed(Addr line, std::uint32_t set = 0) const {
    const LocalityTags::Entry* e = tags_.find(set, line);
    return e != nullptr && e->committed;
  }

  Picos clock_ = 0;
  StatGroup group_{"admission", &clock_};
  AdmissionCounters counters_;
  LocalityTags tags_;
};

constexpr Addr kA = 0x1000;
constexpr Addr kB = 0x2000;
constexpr Addr kC = 0x3000;
constexpr Addr kD = 0x4000;
constexpr Addr kE = 0x5000;

TEST_F(LocalityTagsTest, ATagMissIsRefusedAndMakesAnEntryCountingThatRead) {
  EXPECT_FALSE(tags_.admits(0, kA));
  EXPECT_EQ(tags_.find(0, kA), nullptr);  // asking changes nothing
  tags_.on_read(0, kA);
  EXPECT_EQ(rc(kA), 1u);
  EXPECT_FALSE(committed(kA));
  EXPECT_EQ(counters_.tag_misses.value(), 1u);
  EXPECT_EQ(tags_.find(1, kA), nullptr);  // sets are separate
}

TEST_F(LocalityTagsTest, TheReadThatReachesTheThresholdIsAdmitted) {
  tags_.on_read(0, kA);
  // This read would make the count 2 = threshold.
  EXPECT_TRUE(tags_.admits(0, kA));
  tags_.on_read(0, kA);
  EXPECT_EQ(rc(kA), 2u);
  EXPECT_EQ(counters_.tag_misses.value(), 1u);
}

TEST(LocalityTags, AHigherThresholdWaitsForMoreReads) {
  LocalityTags tags({.sets = 1, .ways = 8, .data_ways = 4, .rc_bits = 6, .threshold = 4}, nullptr);
  for (int read = 1; read <= 3; ++read) {
    EXPECT_FALSE(tags.admits(0, kA)) << "read " << read;
    tags.on_read(0, kA);
  }
  EXPECT_TRUE(tags.admits(0, kA));  // the 4th
}

TEST(LocalityTags, ThresholdsZeroAndOneAdmitEveryRead) {
  for (std::uint32_t threshold : {0u, 1u}) {
    LocalityTags tags({.sets = 1, .ways = 8, .data_ways = 4, .rc_bits = 6, .threshold = threshold},
                      nullptr);
    EXPECT_TRUE(tags.admits(0, kA));
  }
}

TEST(LocalityTags, TheCountSaturates) {
  LocalityTags tags({.sets = 1, .ways = 8, .data_ways = 4, .rc_bits = 2, .threshold = 2}, nullptr);
  for (int i = 0; i < 10; ++i) tags.on_read(0, kA);
  EXPECT_EQ(tags.find(0, kA)->rc, 3u);
}

TEST_F(LocalityTagsTest, APlacementIntoAFreeLineCommitsTheEntryAndAgesTheOthersOnce) {
  tags_.on_read(0, kA);
  tags_.on_read(0, kB);
  tags_.on_read(0, kB);
  tags_.on_read(0, kC);
  tags_.on_read(0, kC);
  tags_.on_read(0, kC);
  tags_.on_read(1, kD);  // another set
  tags_.on_place(0, kB, std::nullopt);
  EXPECT_TRUE(committed(kB));
  EXPECT_EQ(rc(kB), 2u);  // the placed entry is not aged
  EXPECT_EQ(rc(kA), 0u);
  EXPECT_EQ(rc(kC), 2u);
  EXPECT_EQ(rc(kD, 1), 1u);
  EXPECT_EQ(counters_.agings.value(), 1u);
  EXPECT_EQ(counters_.resets.value(), 0u);
}

TEST_F(LocalityTagsTest, APlacementThatEvictsResetsTheVictimsEntryAndAgesTheRestOnce) {
  tags_.on_read(0, kA);
  tags_.on_read(0, kA);
  tags_.on_place(0, kA, std::nullopt);  // A holds a line
  tags_.on_read(0, kA);
  tags_.on_read(0, kA);  // A: 4
  tags_.on_read(0, kB);
  tags_.on_read(0, kB);  // B: 2
  tags_.on_read(0, kC);
  tags_.on_read(0, kC);       // C: 2
  tags_.on_place(0, kB, kA);  // B's line replaces A's
  EXPECT_FALSE(committed(kA));
  EXPECT_EQ(rc(kA), 0u);  // reset, and kept in the tag store
  EXPECT_TRUE(committed(kB));
  EXPECT_EQ(rc(kB), 2u);
  EXPECT_EQ(rc(kC), 1u);
  EXPECT_EQ(counters_.agings.value(), 2u);
  EXPECT_EQ(counters_.resets.value(), 1u);
  // A starts counting again from scratch: its next read is refused, the one after admitted.
  EXPECT_FALSE(tags_.admits(0, kA));
}

TEST_F(LocalityTagsTest, AgingStopsAtZero) {
  tags_.on_read(0, kA);
  tags_.on_read(0, kB);
  tags_.on_place(0, kB, std::nullopt);
  tags_.on_read(0, kC);
  tags_.on_place(0, kC, std::nullopt);
  EXPECT_EQ(rc(kA), 0u);
}

TEST_F(LocalityTagsTest, ANewEntryReplacesTheUncommittedOneWithTheLowestCountOldestFirst) {
  // Four tag ways, two of them committed.
  for (Addr line : {kA, kA, kB, kB, kC, kC, kC, kD, kD}) tags_.on_read(0, line);
  tags_.on_place(0, kA, std::nullopt);  // B, C, D age: 1, 2, 1
  tags_.on_place(0, kB, std::nullopt);  // A, C, D age: 1, 1, 0
  // Candidates C (1) and D (0): D goes.
  tags_.on_read(0, kE);
  EXPECT_EQ(tags_.find(0, kD), nullptr);
  EXPECT_EQ(counters_.tag_evictions.value(), 1u);
  EXPECT_EQ(rc(kE), 1u);
  // Candidates C (1, read before E) and E (1): C, the least recently read, goes; A and B,
  // committed, stay whatever their counts.
  tags_.on_read(0, kD);
  EXPECT_EQ(tags_.find(0, kC), nullptr);
  EXPECT_TRUE(committed(kA));
  EXPECT_TRUE(committed(kB));
  EXPECT_NE(tags_.find(0, kE), nullptr);
}

TEST_F(LocalityTagsTest, ALineThatLeavesUncommitsItsEntryAgingOnlyOutsideAFlush) {
  tags_.on_read(0, kA);
  tags_.on_read(0, kA);
  tags_.on_place(0, kA, std::nullopt);
  tags_.on_read(0, kB);
  tags_.on_read(0, kB);
  tags_.on_read(0, kB);
  tags_.on_remove(0, kA, /*flush=*/false);  // a write evicted A's line
  EXPECT_FALSE(committed(kA));
  EXPECT_EQ(rc(kA), 0u);
  EXPECT_EQ(rc(kB), 2u);
  EXPECT_EQ(counters_.agings.value(), 2u);
  tags_.on_read(0, kA);
  tags_.on_read(0, kA);
  tags_.on_place(0, kA, std::nullopt);  // B: 1
  tags_.on_remove(0, kA, /*flush=*/true);
  EXPECT_FALSE(committed(kA));
  EXPECT_EQ(rc(kB), 1u);
  EXPECT_EQ(counters_.agings.value(), 3u);
  // Removing a line the tag store does not hold as committed changes nothing.
  tags_.on_remove(0, kB, false);
  EXPECT_EQ(counters_.agings.value(), 3u);
}

TEST_F(LocalityTagsTest, APlacementWithoutAnEntryMakesOne) {
  // Write allocation or a filter switched off can place a block never read.
  tags_.on_place(0, kA, std::nullopt);
  EXPECT_TRUE(committed(kA));
  EXPECT_EQ(rc(kA), 0u);
}

TEST(LocalityTags, RefusesAGeometryWithoutSpareTagWays) {
  EXPECT_THROW(LocalityTags({.sets = 32, .ways = 4, .data_ways = 4}, nullptr),
               std::invalid_argument);
  EXPECT_THROW(LocalityTags({.sets = 0, .ways = 8, .data_ways = 4}, nullptr),
               std::invalid_argument);
  EXPECT_THROW(LocalityTags({.sets = 32, .ways = 8, .data_ways = 4, .rc_bits = 9}, nullptr),
               std::invalid_argument);
}

}  // namespace
}  // namespace warpsim
