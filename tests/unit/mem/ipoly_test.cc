// The `ipoly` mapping. Expected slice indices are residues x^(n + i) mod P worked out by hand
// for P = x^5 + x^2 + 1 (32 slices):
//   x^5 = x^2 + 1 -> 5,  x^6 -> 10,  x^7 -> 20,  x^8 = x^5 + x^3 = x^3 + x^2 + 1 -> 13,
//   x^9 -> 26,  x^10 = x^5 + x^4 + x^2 = x^4 + 1 -> 17,  x^11 = x^5 + x = x^2 + x + 1 -> 7.
#include <set>

#include <gtest/gtest.h>

#include "mapping_test_util.h"

namespace warpsim {
namespace {

using Context = AddressMapping::Context;
using test::coord;
using test::make;

// 32 channels of one slice, 256-byte chunks: addr[12:8] is the unhashed channel and the hash
// reads addr[63:13].
constexpr Context kThirtyTwo{
    .channels = 32, .slices_per_channel = 1, .banks = 16, .bank_groups = 4, .row_bytes = 2048};

TEST(IpolyMapping, SingleHighBitsGiveTheResidues) {
  const auto m = make("impl: ipoly", kThirtyTwo);
  const std::uint32_t residue[] = {5, 10, 20, 13, 26, 17, 7};
  for (std::uint32_t i = 0; i < 7; ++i) {
    EXPECT_EQ(m->decode(Addr{1} << (13 + i)).channel, residue[i]) << "bit " << 13 + i;
  }
  // Linear in GF(2): XOR of the parts.
  EXPECT_EQ(m->decode((Addr{1} << 13) | (3 << 8)).channel, 3u ^ 5u);
  EXPECT_EQ(m->decode((Addr{1} << 13) | (Addr{1} << 14)).channel, 5u ^ 10u);
  // Everything but the channel is the interleaved layout: 0x2000 is chunk 32, so high = 1,
  // DRAM address 0x100, local 0x100.
  test::expect_table(*m, {{0x2000, coord(5, 0, 0, 0, 0, 0x100, 0x100)},
                          {0x0, coord(0, 0, 0, 0, 0, 0, 0)},
                          {0x1f3f, coord(31, 0, 0, 0, 0, 0x3f, 0x3f)}});
}

TEST(IpolyMapping, HashBitsLimitsTheHash) {
  const auto m = make("{impl: ipoly, hash_bits: 1}", kThirtyTwo);
  EXPECT_EQ(m->decode(Addr{1} << 13).channel, 5u);
  EXPECT_EQ(m->decode(Addr{1} << 14).channel, 0u);
}

// 16 channels x 2 slices: index = channel * 2 + slice with channel = addr[11:8], slice =
// addr[12]; high = addr >> 13. 0x2000: index 0 ^ 5 = 5 -> channel 2, slice 1; 0x3000: index
// 1 ^ 5 = 4 -> channel 2, slice 0. DRAM address (chunk / 16) * 256: 0x200 and 0x300.
TEST(IpolyMapping, HashesTheSliceWithTheChannel) {
  constexpr Context ctx{
      .channels = 16, .slices_per_channel = 2, .banks = 16, .bank_groups = 4, .row_bytes = 2048};
  const auto m = make("impl: ipoly", ctx);
  test::expect_table(*m, {{0x2000, coord(2, 1, 0, 0, 0, 0x200, 0x100)},
                          {0x3000, coord(2, 0, 0, 0, 0, 0x300, 0x100)}});
  test::expect_complete(*m, ctx, 0, 32, 1 << 16);
}

// XOR: 4 channels, channel field addr[9:8], high = addr >> 10. 0x1900: field 1, high 6,
// 1 ^ (6 & 3) = 3; DRAM address 6 * 256 = 0x600 = row index 1 (bank 1), column 0x200.
TEST(IpolyMapping, XorHash) {
  constexpr Context ctx{
      .channels = 4, .slices_per_channel = 1, .banks = 4, .bank_groups = 1, .row_bytes = 1024};
  const auto m = make("{impl: ipoly, hash: xor}", ctx);
  test::expect_table(*m, {{0x1900, coord(3, 0, 0, 1, 0, 0x200, 0x600)}});
  test::expect_complete(*m, ctx, 0, 32, 1 << 14);
}

// Rau's property: the 2^n multiples of any power-of-two stride hit 2^n different slices,
// where linear interleaving puts strides of channels x chunk all on one channel.
TEST(IpolyMapping, PowerOfTwoStridesSpreadOverEveryChannel) {
  const auto m = make("impl: ipoly", kThirtyTwo);
  const auto linear = make("impl: interleaved", kThirtyTwo);
  for (std::uint32_t shift = 13; shift < 24; ++shift) {
    std::set<std::uint32_t> hashed;
    std::set<std::uint32_t> plain;
    for (Addr k = 0; k < 32; ++k) {
      hashed.insert(m->decode(k << shift).channel);
      plain.insert(linear->decode(k << shift).channel);
    }
    EXPECT_EQ(hashed.size(), 32u) << "stride 2^" << shift;
    EXPECT_EQ(plain.size(), 1u) << "stride 2^" << shift;
  }
}

TEST(IpolyMapping, EveryUnitReachableAndCoordinatesUnique) {
  const auto m = make("impl: ipoly", kThirtyTwo);
  test::expect_complete(*m, kThirtyTwo, 0, 32, 1 << 16);
  test::expect_complete(*m, kThirtyTwo, 0x7'0000'0000ULL, 32, 1 << 16);
}

TEST(IpolyMapping, DecodeIsPure) {
  test::expect_pure("impl: ipoly", kThirtyTwo,
                    {0x2000, 0x12345678, 0x0, 0x7'0000'1234ULL, 0x2000, 0x7'ffff'ff00ULL});
}

TEST(IpolyMapping, NeedsAPowerOfTwoSlices) {
  EXPECT_THROW(make("impl: ipoly", Context{.channels = 3, .banks = 4}), ConfigError);
  EXPECT_THROW(make("{impl: ipoly, hash: xor}", Context{.channels = 6, .banks = 4}), ConfigError);
  EXPECT_THROW(make("impl: ipoly", Context{.channels = 1024, .slices_per_channel = 2, .banks = 4}),
               ConfigError);
}

}  // namespace
}  // namespace warpsim
