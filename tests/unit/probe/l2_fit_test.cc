// l2_fit: how much of a contiguous array the configured L2 (all slices) holds, on small L2s
// whose answer follows from the geometry by hand, and on the presets the probe tests compare
// with it.
#include "probe/sim/l2_fit.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../support/preset_config.h"

namespace warpsim {
namespace {

using testing::preset_config;

// `channels` channels of one slice each, interleaved every `interleave` bytes; each slice 4 sets
// x 2 ways of 128-byte lines (1 KiB), sets linear in the slice-local address.
ConfigNode small_l2(int channels, int interleave) {
  return preset_config(
      "gtx480", {"dram.channels=" + std::to_string(channels), "memory.slices_per_channel=1",
                 "memory.address_mapping.impl=interleaved",
                 "memory.address_mapping.interleave_bytes=" + std::to_string(interleave),
                 "l2.size=1KiB", "l2.ways=2", "l2.set_index=linear", "l2.prefetch_degree=0"});
}

constexpr Addr kBase = 1ull << 30;

TEST(L2Fit, OneSliceHoldsAnArrayOfItsSize) {
  const auto fit = l2_fit(small_l2(1, 256), kBase);
  ASSERT_TRUE(fit);
  EXPECT_EQ(fit->capacity_bytes, 1024u);
  EXPECT_EQ(fit->array_bytes, 1024u);
}

TEST(L2Fit, AnArrayStartingMidLineLosesThatLinesFirstHalf) {
  // Lines 0..7 fill the four sets twice; line 8 is set 0's third. From 64 bytes into line 0,
  // the array reaches line 8 after 1024 - 64 bytes.
  const auto fit = l2_fit(small_l2(1, 256), kBase + 64);
  ASSERT_TRUE(fit);
  EXPECT_EQ(fit->array_bytes, 960u);
}

TEST(L2Fit, ChannelsInterleavedEvenlyHoldAllTheirSlices) {
  for (const int channels : {2, 3, 4}) {
    SCOPED_TRACE(channels);
    const auto fit = l2_fit(small_l2(channels, 256), kBase);
    ASSERT_TRUE(fit);
    EXPECT_EQ(fit->capacity_bytes, 1024u * channels);
    EXPECT_EQ(fit->array_bytes, 1024u * channels);
  }
}

TEST(L2Fit, InterleavingBelowTheLineCountsEverySlicesLines) {
  // 64-byte chunks alternate between two slices: each 128-byte line of the array is half in one
  // slice's local line and half in the other's, and both slices fill together.
  const auto fit = l2_fit(small_l2(2, 64), kBase);
  ASSERT_TRUE(fit);
  EXPECT_EQ(fit->array_bytes, 2048u);
}

TEST(L2Fit, AFixedLatencyMemoryHasNoL2) {
  EXPECT_FALSE(l2_fit(preset_config("gtx480", {"memory.model=fixed"}), kBase));
}

TEST(L2Fit, EvenPresetsHoldTheirCapacityAndHashedUnevenOnesLess) {
  // gtx480 (6 channels x 2 slices, linear sets): even. gtx780 (12 x 2, IPOLY sets): a
  // contiguous array overflows one set before the others are full (docs/validation.md).
  const auto even = l2_fit(preset_config("gtx480", {}), kBase);
  ASSERT_TRUE(even);
  EXPECT_EQ(even->capacity_bytes, 768u * 1024);
  EXPECT_EQ(even->array_bytes, even->capacity_bytes);
  const auto uneven = l2_fit(preset_config("gtx780", {}), kBase);
  ASSERT_TRUE(uneven);
  EXPECT_EQ(uneven->capacity_bytes, 1536u * 1024);
  EXPECT_LT(uneven->array_bytes, uneven->capacity_bytes);
  EXPECT_GT(uneven->array_bytes, uneven->capacity_bytes * 95 / 100);
}

}  // namespace
}  // namespace warpsim
