// The `hashed` mapping: the interleaved layout with the slice index rotated by a hash of the
// bits above it, for any number of slices.
#include <cstdint>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

#include "mapping_test_util.h"

namespace warpsim {
namespace {

using Context = AddressMapping::Context;
using test::make;

// The h100 preset's memory system: 160 HBM3 pseudo-channels of one slice.
constexpr Context kH100{
    .channels = 160, .slices_per_channel = 1, .banks = 32, .bank_groups = 8, .row_bytes = 1024};
// Not a power of two on either level.
constexpr Context kSixByThree{
    .channels = 6, .slices_per_channel = 3, .banks = 16, .bank_groups = 4, .row_bytes = 2048};

// Only the slice differs from `interleaved`: banks, rows, columns and local addresses agree.
TEST(HashedMapping, KeepsTheInterleavedLayoutButTheSlice) {
  const auto m = make("impl: hashed", kSixByThree);
  const auto plain = make("impl: interleaved", kSixByThree);
  for (Addr a = 0; a < (Addr{1} << 22); a += 4'100) {
    const DramCoord c = m->decode(a);
    const DramCoord p = plain->decode(a);
    EXPECT_EQ(std::tie(c.bank, c.bank_group, c.row, c.column, c.local),
              std::tie(p.bank, p.bank_group, p.row, p.column, p.local))
        << "address " << a;
  }
  // The first N chunks have high = 0, and the mixer maps 0 to 0: no rotation there.
  for (Addr chunk = 0; chunk < 18; ++chunk) {
    const DramCoord c = m->decode(chunk * 256 + 7);
    const DramCoord p = plain->decode(chunk * 256 + 7);
    EXPECT_EQ(std::tie(c.channel, c.slice), std::tie(p.channel, p.slice)) << "chunk " << chunk;
  }
}

// Any N consecutive chunks that start on a multiple of N visit every slice once.
TEST(HashedMapping, ConsecutiveChunksVisitEverySlice) {
  const auto m = make("impl: hashed", kH100);
  for (Addr first : {Addr{0}, Addr{160} * 77, Addr{160} * 123'457}) {
    std::set<std::uint32_t> slices;
    for (Addr k = 0; k < 160; ++k) {
      slices.insert(AddressMapping::global_slice(m->decode((first + k) * 256), kH100));
    }
    EXPECT_EQ(slices.size(), 160u) << "from chunk " << first;
  }
}

// Strides that plain modulo interleaving sends to a few slices reach most of them. The local
// layout of a 128-thread kernel on h100 (132 SMs x 16 CTAs x 4 warps): word k of SM s at
// k x 1,081,344 + s x 8,192 bytes; (4,224 k + 32 s) mod 160 takes 5 values.
TEST(HashedMapping, LocalMemoryStridesSpreadOverTheSlices) {
  const auto m = make("impl: hashed", kH100);
  const auto plain = make("impl: interleaved", kH100);
  std::set<std::uint32_t> hashed;
  std::set<std::uint32_t> linear;
  for (Addr k = 0; k < 32; ++k) {
    for (Addr s = 0; s < 64; ++s) {
      const Addr a = (Addr{0x7000} << 32) + k * 1'081'344 + s * 8'192;
      hashed.insert(m->decode(a).channel);
      linear.insert(plain->decode(a).channel);
    }
  }
  EXPECT_EQ(linear.size(), 5u);
  EXPECT_EQ(hashed.size(), 160u);
  // A power-of-two stride: 160 multiples of 1 MiB.
  std::set<std::uint32_t> strided;
  for (Addr k = 0; k < 160; ++k) strided.insert(m->decode(k << 20).channel);
  EXPECT_GE(strided.size(), 90u);  // a random choice of 160 reaches 101 on average
}

TEST(HashedMapping, EveryUnitReachableAndCoordinatesUnique) {
  const auto m = make("impl: hashed", kSixByThree);
  test::expect_complete(*m, kSixByThree, 0, 32, 1 << 16);
  test::expect_complete(*m, kSixByThree, 0x7'0000'0000ULL, 96, 1 << 15);
  const auto h = make("impl: hashed", kH100);
  test::expect_complete(*h, kH100, 0x7000'0000'0000ULL, 256, 1 << 16);
}

TEST(HashedMapping, DecodeIsPure) {
  test::expect_pure("impl: hashed", kSixByThree,
                    {0x2000, 0x12345678, 0x0, 0x7'0000'1234ULL, 0x2000, 0x7'ffff'ff00ULL});
}

}  // namespace
}  // namespace warpsim
