// One kernel's scratchpad-sharing table on an SM: the baseline places first, extras pairing
// with the earliest of them, each place booking its bytes, freed places taken again.
#include <gtest/gtest.h>

#include "gpu/sharing_slots.h"

namespace warpsim {
namespace {

TEST(SharingSlots, BasePlacesFillFirstAndExtrasPairWithTheEarliest) {
  // DCT3/4 at 16 KB: 5 pairs and 2 unshared, 12 places; private part 217 of 2176 bytes.
  SharingSlots slots(SharingOccupancy{2, 5, 217}, 2176);
  ASSERT_EQ(slots.size(), 12u);
  for (std::uint32_t s = 0; s < 12; ++s) {
    ASSERT_EQ(slots.next_free(), s);
    slots.take(s);
  }
  EXPECT_FALSE(slots.next_free().has_value());
  // Places 0-4 pair with 7-11; 5 and 6 are unshared.
  for (std::uint32_t j = 0; j < 5; ++j) {
    EXPECT_EQ(slots.pair(j), j);
    EXPECT_EQ(slots.pair(7 + j), j);
    EXPECT_EQ(slots.bytes(j), 2176u);
    EXPECT_EQ(slots.bytes(7 + j), 217u);
  }
  EXPECT_EQ(slots.pair(5), kNoPair);
  EXPECT_EQ(slots.pair(6), kNoPair);
  std::uint64_t booked = 0;
  for (std::uint32_t s = 0; s < 12; ++s) booked += slots.bytes(s);
  EXPECT_LE(booked, 16384u);
  // A CTA launched in place of a finished one takes its place: shared or not.
  slots.free(9);
  slots.free(5);
  EXPECT_EQ(slots.next_free(), 5u);
  slots.take(5);
  EXPECT_EQ(slots.next_free(), 9u);
}

}  // namespace
}  // namespace warpsim
