// Set-index functions: (address -> set) tables worked out by hand from each definition, every
// set reachable, and the configurations each function refuses.

#include <bit>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "cache/set_index/set_index.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

std::unique_ptr<SetIndexFunction> make(const std::string& slot_yaml, std::uint32_t sets,
                                       std::uint32_t line) {
  return PolicyRegistry::global().create<SetIndexFunction>(
      ConfigNode::parse_string(slot_yaml, "test.yaml"),
      SetIndexFunction::Context{.sets = sets, .line = line});
}

void expect_sets(const SetIndexFunction& index, const std::vector<std::pair<Addr, int>>& table) {
  for (const auto& [addr, set] : table) {
    EXPECT_EQ(index.set_of(addr), static_cast<std::uint32_t>(set)) << std::hex << "0x" << addr;
  }
}

// Sets reached by the first `lines` lines, each checked to be in range.
std::set<std::uint32_t> sets_reached(const SetIndexFunction& index, std::uint32_t sets,
                                     std::uint32_t line, std::uint64_t lines) {
  std::set<std::uint32_t> reached;
  for (std::uint64_t l = 0; l < lines; ++l) {
    const std::uint32_t set = index.set_of(l * line);
    EXPECT_LT(set, sets) << l;
    reached.insert(set);
  }
  return reached;
}

TEST(FermiHashTest, ThirtyTwoSetsTable) {
  // set = (addr bits 7-11) XOR (bits 13,14,15,17,19 as set bits 0..4); 128-byte lines.
  auto fermi = make("impl: fermi_hash", 32, 128);
  expect_sets(*fermi, {
                          {0x0, 0},
                          {0x7f, 0},      // offset bits only
                          {0x80, 1},      // bit 7
                          {0xf80, 31},    // bits 7-11
                          {0x1000, 0},    // bit 12: unused with 32 sets
                          {0x2000, 1},    // bit 13 -> set bit 0
                          {0x2080, 0},    // bit 13 ^ bit 7
                          {0x4000, 2},    // bit 14 -> 1
                          {0x8000, 4},    // bit 15 -> 2
                          {0x10000, 0},   // bit 16: unused
                          {0x20000, 8},   // bit 17 -> 3
                          {0x40000, 0},   // bit 18: unused
                          {0x80000, 16},  // bit 19 -> 4
                          {0xaf80, 26},   // 31 ^ (bits 13, 15 -> 0b00101)
                          {0x100000, 0},  // bit 20: unused
                      });
}

TEST(FermiHashTest, SixtyFourSetsPutBit12OnTop) {
  auto fermi = make("impl: fermi_hash", 64, 128);
  expect_sets(*fermi, {{0x1000, 32}, {0x3000, 33}, {0xf80, 31}, {0x1f80, 63}, {0x80000, 16}});
}

TEST(FermiHashTest, UpperBitsStayAbsoluteForOtherLineSizes) {
  // 32-byte lines: the low set bits are address bits 5-9; bit 13 still feeds set bit 0.
  auto fermi = make("impl: fermi_hash", 32, 32);
  expect_sets(*fermi, {{0x20, 1}, {0x3e0, 31}, {0x400, 0}, {0x2000, 1}, {0x2020, 0}});
}

TEST(FermiHashTest, ReachesEverySetEvenly) {
  for (std::uint32_t sets : {32u, 64u}) {
    auto fermi = make("impl: fermi_hash", sets, 128);
    std::vector<int> count(sets, 0);
    const std::uint64_t lines = 1 << 13;  // every combination of address bits 7-19
    for (std::uint64_t l = 0; l < lines; ++l) ++count[fermi->set_of(l * 128)];
    for (std::uint32_t s = 0; s < sets; ++s) EXPECT_EQ(count[s], lines / sets) << s;
  }
}

TEST(FermiHashTest, RejectsOtherSetCounts) {
  for (std::uint32_t sets : {1u, 16u, 48u, 128u}) {
    EXPECT_THROW(make("impl: fermi_hash", sets, 128), ConfigError) << sets;
  }
}

TEST(XorSetIndexTest, EightSetsTable) {
  // line L = addr / 128; set = (L mod 8) XOR ((L / 8) mod 8).
  auto x = make("impl: xor", 8, 128);
  expect_sets(*x, {
                      {0x0, 0},
                      {0x80, 1},    // L = 1
                      {0x380, 7},   // L = 7
                      {0x400, 1},   // L = 8 = 0b001'000
                      {0x480, 0},   // L = 9 = 0b001'001
                      {0x1000, 4},  // L = 32 = 0b100'000
                      {0x1b80, 1},  // L = 55 = 0b110'111: 7 ^ 6
                      {0x1f80, 0},  // L = 63: 7 ^ 7
                      {0x2000, 0},  // L = 64: bit 6 is above both groups
                  });
}

TEST(XorSetIndexTest, SpreadsAStrideOfOneCacheWay) {
  // Addresses k * (8 sets * 128 B) all go to set 0 under a linear index; here to set k.
  auto x = make("impl: xor", 8, 128);
  for (std::uint32_t k = 0; k < 8; ++k) EXPECT_EQ(x->set_of(k * 1024), k);
  EXPECT_EQ(sets_reached(*x, 8, 128, 8).size(), 8u);
}

TEST(XorSetIndexTest, OneSetAndBadSetCounts) {
  auto one = make("impl: xor", 1, 128);
  EXPECT_EQ(one->set_of(0xdeadbeef), 0u);
  for (std::uint32_t sets : {3u, 6u, 48u}) {
    EXPECT_THROW(make("impl: xor", sets, 128), ConfigError) << sets;
  }
}

TEST(IpolyTest, ThirtyTwoSetsTable) {
  // P = x^5 + x^2 + 1 (37); set = L mod P over GF(2), L = addr / 128. Powers of x by hand,
  // each step multiplying by x and replacing x^5 by x^2 + 1:
  // x^5 = 00101, x^6 = 01010, x^7 = 10100, x^8 = 01101, x^9 = 11010, x^10 = 10001, ...,
  // x^19 = 00110, x^20 = 01100.
  auto ipoly = make("impl: ipoly", 32, 128);
  expect_sets(*ipoly, {
                          {0x80, 1},                    // L < 32: itself
                          {0xf80, 31},                  //
                          {0x1000, 5},                  // x^5
                          {0x1080, 4},                  // x^5 + 1
                          {0x2000, 10},                 // x^6
                          {0x4000, 20},                 // x^7
                          {0x8000, 13},                 // x^8
                          {0x10000, 26},                // x^9
                          {0x20080, 16},                // x^10 + 1 = 10001 ^ 00001
                          {std::uint64_t{1} << 26, 6},  // x^19, the last bit GPGPU-Sim hashes
                          {std::uint64_t{1} << 27, 0},  // x^20: beyond its 20 line bits
                      });
  auto wider = make("{impl: ipoly, hashed_bits: 21}", 32, 128);
  EXPECT_EQ(wider->set_of(std::uint64_t{1} << 27), 12u);  // x^20
}

TEST(IpolyTest, SixteenSetsTable) {
  // P = x^4 + x + 1 (19): x^4 = 0011; x has order 15, so x^16 = x. GPGPU-Sim hashes 17 line bits.
  auto ipoly = make("impl: ipoly", 16, 128);
  expect_sets(*ipoly,
              {{0x800, 3}, {0x1000, 6}, {std::uint64_t{1} << 23, 2}, {std::uint64_t{1} << 24, 0}});
}

TEST(IpolyTest, PowerOfTwoStridesHitEverySet) {
  // Rau's property: 32 consecutive multiples of a stride of 2^k lines are j(x) * x^k with j of
  // degree < 5, distinct modulo an irreducible P, so they land in 32 different sets.
  auto ipoly = make("impl: ipoly", 32, 128);
  for (std::uint32_t k = 0; k <= 15; ++k) {
    std::set<std::uint32_t> sets;
    for (std::uint64_t j = 0; j < 32; ++j) sets.insert(ipoly->set_of((j << k) * 128));
    EXPECT_EQ(sets.size(), 32u) << "stride 2^" << k << " lines";
  }
}

// Brute force: no polynomial of degree 1..n-1 divides p.
bool irreducible_by_brute_force(std::uint64_t p) {
  auto degree = [](std::uint64_t v) { return 63 - std::countl_zero(v); };
  for (std::uint64_t q = 2; q < (std::uint64_t{1} << degree(p)); ++q) {
    std::uint64_t r = p;
    while (r != 0 && degree(r) >= degree(q)) r ^= q << (degree(r) - degree(q));
    if (r == 0) return false;
  }
  return true;
}

TEST(IpolyTest, DefaultPolynomialsAreIrreducibleForEveryDegree) {
  // The documented defaults: GPGPU-Sim's for 8-256 sets, standard tables elsewhere.
  const std::uint64_t expected[] = {0,      0b11,   0b111,  11,     19,     37,
                                    67,     131,    283,    0x211,  0x409,  0x805,
                                    0x1053, 0x201b, 0x4443, 0x8003, 0x1100b};
  for (std::uint32_t degree = 1; degree <= 16; ++degree) {
    const std::uint32_t sets = 1u << degree;
    auto ipoly = make("impl: ipoly", sets, 32);
    // x^degree mod P is P without its leading term.
    EXPECT_EQ(ipoly->set_of(std::uint64_t{sets} * 32), expected[degree] ^ sets) << degree;
    EXPECT_TRUE(irreducible_by_brute_force(expected[degree])) << expected[degree];
    EXPECT_EQ(sets_reached(*ipoly, sets, 32, sets).size(), sets) << degree;
  }
}

TEST(IpolyTest, TakesAnotherIrreduciblePolynomial) {
  // 61 = x^5 + x^4 + x^3 + x^2 + 1: x^5 = 11101 = 29.
  auto ipoly = make("{impl: ipoly, polynomial: 61}", 32, 128);
  EXPECT_EQ(ipoly->set_of(0x1000), 29u);
  for (const char* slot : {"{impl: ipoly, polynomial: 33}",     // x^5 + 1 = (x + 1)(...)
                           "{impl: ipoly, polynomial: 19}"}) {  // degree 4, not 5
    EXPECT_THROW(make(slot, 32, 128), ConfigError) << slot;
  }
  for (std::uint32_t sets : {3u, 24u, 1u << 17}) {
    EXPECT_THROW(make("impl: ipoly", sets, 128), ConfigError) << sets;
  }
  EXPECT_EQ(make("impl: ipoly", 1, 128)->set_of(0x12345680), 0u);
}

TEST(BitsSetIndexTest, TextureL1Bits7And8) {
  // Mei & Chu's texture L1: 4 sets from address bits 7-8, 32-byte lines.
  auto bits = make("{impl: bits, bits: [7, 8]}", 4, 32);
  expect_sets(*bits,
              {{0x0, 0}, {0x60, 0}, {0x80, 1}, {0x100, 2}, {0x180, 3}, {0x200, 0}, {0x3ff, 3}});
  auto reversed = make("{impl: bits, bits: [8, 7]}", 4, 32);
  expect_sets(*reversed, {{0x80, 2}, {0x100, 1}, {0x180, 3}});
  EXPECT_EQ(sets_reached(*bits, 4, 32, 16).size(), 4u);
}

TEST(BitsSetIndexTest, ScatteredBits) {
  auto bits = make("{impl: bits, bits: [40, 7, 12]}", 8, 128);
  expect_sets(*bits, {{std::uint64_t{1} << 40, 1},
                      {0x80, 2},
                      {0x1000, 4},
                      {0x800, 0},
                      {(std::uint64_t{1} << 40) | 0x1080, 7}});
}

TEST(BitsSetIndexTest, RejectsBadBitLists) {
  EXPECT_THROW(make("{impl: bits, bits: [7]}", 4, 32), ConfigError);      // 2 sets, not 4
  EXPECT_THROW(make("{impl: bits, bits: [4, 7]}", 4, 32), ConfigError);   // inside the line
  EXPECT_THROW(make("{impl: bits, bits: [7, 7]}", 4, 32), ConfigError);   // twice
  EXPECT_THROW(make("{impl: bits, bits: [7, 64]}", 4, 32), ConfigError);  // no such bit
  EXPECT_THROW(make("impl: bits", 4, 32), ConfigError);                   // required
  EXPECT_EQ(make("{impl: bits, bits: []}", 1, 32)->set_of(0xffff), 0u);
}

}  // namespace
}  // namespace warpsim
