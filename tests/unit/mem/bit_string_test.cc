// The `bit_string` mapping (GPGPU-Sim's -gpgpu_mem_addr_mapping), decoded by hand.
#include <string>

#include <gtest/gtest.h>

#include "mapping_test_util.h"

namespace warpsim {
namespace {

using Context = AddressMapping::Context;
using test::coord;
using test::make;

std::string slot(const std::string& mapping) {
  return "{impl: bit_string, mapping: \"" + mapping + "\"}";
}

// GPGPU-Sim's GTX480 string: 6 channels (not a power of two), so channel = (addr >> 8) % 6 and
// the letters read rest = ((addr >> 8) / 6) << 8 | addr[7:0]: S rest[4:0], C rest[6:5],
// B rest[7], C rest[11:8], B rest[14:12], R rest[27:15]. Hence bank = rest[7] | rest[14:12] << 1,
// column = rest[6:0] | rest[11:8] << 7, row = rest[27:15], slice = bank & 1 = rest[7], and
// local = rest without bit 7.
const std::string kGtx480 =
    "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS";
constexpr Context kGtx480Memory{
    .channels = 6, .slices_per_channel = 2, .banks = 16, .bank_groups = 4, .row_bytes = 2048};

TEST(BitStringMapping, Gtx480Table) {
  const auto m = make(slot(kGtx480), kGtx480Memory);
  test::expect_table(*m, {
                             {0x0, coord(0, 0, 0, 0, 0, 0, 0)},
                             {0x100, coord(1, 0, 0, 0, 0, 0, 0)},
                             // 0x5ff: above 5 -> channel 5, rest 0xff: bank 1, column 0x7f.
                             {0x5ff, coord(5, 1, 1, 1, 0, 0x7f, 0x7f)},
                             // 0x680: above 6 -> channel 0, rest 0x180: bank 1, column 1 << 7.
                             {0x680, coord(0, 1, 1, 1, 0, 0x80, 0x80)},
                             // 0x12345678: above 0x123456 = 6 * 0x308b9 -> channel 0, rest
                             // 0x308b978: rest[7] 0, rest[14:12] 3 -> bank 6; column 0x78 | 9 << 7;
                             // row 0x308b978 >> 15; local 0x78 | 0x308b9 << 7.
                             {0x12345678, coord(0, 0, 2, 6, 0x611, 0x4f8, 0x1845cf8)},
                             // The simulated heap base: above 0x7000000 = 6 * 0x12aaaaa + 4, rest
                             // 0x12aaaaa00: bank 4, column 0xa << 7, row (0x12aaaaa >> 7) & 0x1fff.
                             {0x7'0000'0000ULL, coord(4, 0, 0, 4, 0x1555, 0x500, 0x95555500)},
                         });
  test::expect_complete(*m, kGtx480Memory, 0, 32, 1 << 17);
}

// As in GPGPU-Sim, bits marked 0 are not part of the DRAM coordinates: 6 << 36 bytes further
// on is rest + 2^36, the same channel, bank, row and column; the L2 address still differs.
TEST(BitStringMapping, UnmappedBitsAliasInDramOnly) {
  const auto m = make(slot(kGtx480), kGtx480Memory);
  const DramCoord a = m->decode(0x12345678);
  const DramCoord b = m->decode(0x12345678 + (Addr{6} << 36));
  EXPECT_EQ(std::tie(a.channel, a.slice, a.bank, a.row, a.column),
            std::tie(b.channel, b.slice, b.bank, b.row, b.column));
  EXPECT_EQ(b.local - a.local, Addr{1} << 35);  // bit 36 of rest, one lower without bit 7
}

// GPGPU-Sim's configs/GTX480/gpgpusim.config variant, 4 KiB rows: C rest[7:6] and rest[12:9],
// S rest[5:0], B rest[8] and rest[15:13]. 0x680: rest 0x180 -> bank 1 (rest[8]), column 0x80.
TEST(BitStringMapping, Gtx480FourKibRows) {
  const auto m =
      make(slot("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"),
           Context{.channels = 6,
                   .slices_per_channel = 2,
                   .banks = 16,
                   .bank_groups = 4,
                   .row_bytes = 4096});
  test::expect_table(*m, {{0x680, coord(0, 1, 1, 1, 0, 0x80, 0x80)}});
}

// Accel-Sim's SM7_QV100 string: 32 channels, a power of two, so every letter at or above bit 8
// moves up 5 bits and the channel is addr[12:8]: B addr[13] and addr[19:17], C addr[16:14],
// R addr[32:20]; the slice is addr[13] and local drops addr[13:8].
TEST(BitStringMapping, PowerOfTwoChannelsInsertTheChannelBits) {
  constexpr Context ctx{
      .channels = 32, .slices_per_channel = 2, .banks = 16, .bank_groups = 4, .row_bytes = 2048};
  const auto m =
      make(slot("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS"),
           ctx);
  test::expect_table(*m, {
                             // addr[12:8] = 10110, addr[19:17] = 010, addr[16:14] = 001.
                             {0x12345678, coord(22, 0, 0, 4, 0x123, 0x178, 0x48d178)},
                             {0x2000, coord(0, 1, 1, 1, 0, 0, 0)},
                             {0x1f00, coord(31, 0, 0, 0, 0, 0, 0)},
                         });
  test::expect_complete(*m, ctx, 0, 32, 1 << 16);
}

// D letters instead of dramid@: C addr[7:0], D addr[8], B addr[11:9], R addr[19:12].
TEST(BitStringMapping, ExplicitChannelLetters) {
  constexpr Context ctx{
      .channels = 2, .slices_per_channel = 2, .banks = 8, .bank_groups = 1, .row_bytes = 256};
  const auto m = make(slot(std::string(44, '0') + "RRRRRRRR.BBBD.CCCCCCCC"), ctx);
  test::expect_table(*m, {
                             // local drops addr[9:8]: 0xde | (0xabcde >> 10) << 8.
                             {0xabcde, coord(0, 0, 0, 6, 0xab, 0xde, 0x2afde)},
                             {0x3ff, coord(1, 1, 0, 1, 0, 0xff, 0xff)},
                         });
  test::expect_complete(*m, ctx, 0, 4, 1 << 18);
}

TEST(BitStringMapping, DecodeIsPure) {
  test::expect_pure(slot(kGtx480), kGtx480Memory,
                    {0x12345678, 0x680, 0x7'0000'0000ULL, 0x5ff, 0x12345678, 0x0});
}

TEST(BitStringMapping, RejectsMalformedOrMismatchedStrings) {
  const std::string tail = "0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS";
  const std::string zeros = "00000000.00000000.00000000.00000000.";
  const std::vector<std::pair<std::string, Context>> bad = {
      {"dramid@8;" + zeros + tail.substr(1), kGtx480Memory},        // 63 letters
      {"dramid@8;" + zeros + "0" + tail, kGtx480Memory},            // 65 letters
      {"dramid@8;" + zeros + "X" + tail.substr(1), kGtx480Memory},  // not a letter
      {"dramid@x;" + zeros + tail, kGtx480Memory},                  // bad dramid
      {"dramid@8;" + zeros + "D" + tail.substr(1), kGtx480Memory},  // D with dramid@
      {zeros + tail, kGtx480Memory},                                // 6 channels, no dramid@
      {zeros + "D" + tail.substr(1),
       Context{
           .channels = 4, .slices_per_channel = 2, .banks = 16, .row_bytes = 2048}},  // 1 D, 4 ch
      {"dramid@8;" + zeros + tail, Context{.channels = 6,
                                           .slices_per_channel = 2,
                                           .banks = 8,
                                           .row_bytes = 2048}},  // 4 B bits, 8 banks
      {"dramid@8;" + zeros + tail, Context{.channels = 6,
                                           .slices_per_channel = 2,
                                           .banks = 16,
                                           .row_bytes = 1024}},  // 11 C/S bits, 1 KiB rows
      {"dramid@8;" + zeros + tail,
       Context{
           .channels = 6, .slices_per_channel = 3, .banks = 16, .row_bytes = 2048}},  // 3 slices
      {"dramid@8;RRRRRRRR." + zeros.substr(9) + tail,
       Context{.channels = 32, .banks = 16, .row_bytes = 2048}},  // pushed above bit 63
  };
  for (const auto& [mapping, ctx] : bad) {
    EXPECT_THROW(make(slot(mapping), ctx), ConfigError) << mapping;
  }
  EXPECT_THROW(make("impl: bit_string", kGtx480Memory), ConfigError);  // no mapping given
}

}  // namespace
}  // namespace warpsim
