// The `interleaved` mapping against decodings worked out by hand from the layout documented in
// src/mem/mapping/interleaved_layout.h.
#include <gtest/gtest.h>

#include "mapping_test_util.h"

namespace warpsim {
namespace {

using Context = AddressMapping::Context;
using test::coord;
using test::make;

// 256-byte chunks, 4 channels x 2 slices, 1 KiB rows, 4 banks in 2 groups: addr[7:0] offset,
// addr[9:8] channel, addr[10] slice; the DRAM address drops addr[9:8], so column = offset |
// addr[10] << 8 | addr[11] << 9, bank = addr[13:12], row = addr >> 14; local = (addr >> 11) << 8
// | offset.
constexpr Context kFourChannels{
    .channels = 4, .slices_per_channel = 2, .banks = 4, .bank_groups = 2, .row_bytes = 1024};

TEST(InterleavedMapping, HandComputedTable) {
  const auto m = make("impl: interleaved", kFourChannels);
  test::expect_table(*m, {
                             {0x0, coord(0, 0, 0, 0, 0, 0, 0)},
                             {0x1ff, coord(1, 0, 0, 0, 0, 0xff, 0xff)},
                             {0x523, coord(1, 1, 0, 0, 0, 0x123, 0x23)},
                             {0x3a17, coord(2, 0, 1, 3, 0, 0x217, 0x717)},
                             {0x12345678, coord(2, 1, 1, 1, 0x48d1, 0x178, 0x2468a78)},
                         });
}

// 128-byte chunks: 0x523 is chunk 10, offset 0x23: channel 2, slice 0, high 1.
TEST(InterleavedMapping, InterleaveBytesParam) {
  const auto m = make("{impl: interleaved, interleave_bytes: 128}", kFourChannels);
  test::expect_table(*m, {{0x523, coord(2, 0, 0, 0, 0, 0x123, 0xa3)}});
}

// Three channels: channel = chunk % 3, high = chunk / 3.
TEST(InterleavedMapping, ChannelCountNotAPowerOfTwo) {
  constexpr Context ctx{
      .channels = 3, .slices_per_channel = 1, .banks = 2, .bank_groups = 1, .row_bytes = 512};
  const auto m = make("impl: interleaved", ctx);
  // 0x1234: chunk 18, offset 0x34 -> channel 0, high 6, dram 6 * 256 + 0x34 = 1588 = 3 * 512 + 52.
  // 0x2a0: chunk 2, offset 0xa0 -> channel 2, high 0.
  test::expect_table(
      *m, {{0x1234, coord(0, 0, 0, 1, 1, 0x34, 0x634)}, {0x2a0, coord(2, 0, 0, 0, 0, 0xa0, 0xa0)}});
  test::expect_complete(*m, ctx, 0, 32, 1 << 14);
}

TEST(InterleavedMapping, EveryUnitReachableAndCoordinatesUnique) {
  const auto m = make("impl: interleaved", kFourChannels);
  test::expect_complete(*m, kFourChannels, 0, 32, 1 << 15);
  // Far above 4 GiB (where the simulated heap lives) nothing aliases either.
  test::expect_complete(*m, kFourChannels, 0x7'0000'0000ULL, 32, 1 << 15);
}

TEST(InterleavedMapping, DecodeIsPure) {
  test::expect_pure("impl: interleaved", kFourChannels,
                    {0x0, 0x12345678, 0x523, 0x7'0000'1234ULL, 0x3a17, 0x12345678});
}

TEST(InterleavedMapping, RejectsBadMemorySystems) {
  EXPECT_THROW(make("impl: interleaved", Context{.channels = 4, .banks = 3}), ConfigError);
  EXPECT_THROW(make("impl: interleaved", Context{.banks = 4, .bank_groups = 3}), ConfigError);
  EXPECT_THROW(make("impl: interleaved", Context{.channels = 0}), ConfigError);
}

}  // namespace
}  // namespace warpsim
