// Bit manipulation: popc, clz, bfind, brev, bfe, bfi, bmsk, szext, prmt and dp4a/dp2a, checked
// against bit-by-bit transcriptions of the PTX ISA's pseudocode.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "integer_test_util.h"

namespace warpsim::func {
namespace {

using testing::edge_values;
using testing::run_lanes;

unsigned bit(std::uint64_t v, unsigned i) { return static_cast<unsigned>((v >> i) & 1U); }

template <typename T>
void check_counts() {
  constexpr unsigned kW = 8 * sizeof(T);
  std::vector<T> a = edge_values<T>(20);
  std::string b = "b" + std::to_string(kW);
  auto popc = run_lanes<std::uint32_t>("popc." + b + " %d, %a;", a);
  auto clz = run_lanes<std::uint32_t>("clz." + b + " %d, %a;", a);
  auto brev = run_lanes<T>("brev." + b + " %d, %a;", a);
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::uint32_t ones = 0, leading = 0;
    T reversed = 0;
    bool seen = false;
    for (unsigned k = kW; k-- > 0;) {
      ones += bit(a[i], k);
      seen = seen || bit(a[i], k) != 0;
      if (!seen) ++leading;
      reversed = static_cast<T>(reversed | (T(bit(a[i], k)) << (kW - 1 - k)));
    }
    EXPECT_EQ(popc[i], ones) << a[i];
    EXPECT_EQ(clz[i], leading) << a[i];
    EXPECT_EQ(brev[i], reversed) << a[i];
  }
}

TEST(IntegerBits, PopcClzBrev) {
  check_counts<std::uint32_t>();
  check_counts<std::uint64_t>();
  auto clz = run_lanes<std::uint32_t>("clz.b64 %d, %a;", std::vector<std::uint64_t>{0, 1});
  EXPECT_EQ(clz, (std::vector<std::uint32_t>{64, 63}));
}

template <typename T>
void check_bfind() {
  constexpr unsigned kW = 8 * sizeof(T);
  std::string t = testing::ptx_type<T>();
  std::vector<T> a = edge_values<T>(20);
  auto pos = run_lanes<std::uint32_t>("bfind." + t + " %d, %a;", a);
  auto shift = run_lanes<std::uint32_t>("bfind.shiftamt." + t + " %d, %a;", a);
  for (std::size_t i = 0; i < a.size(); ++i) {
    unsigned looking_for = a[i] < 0 ? 0 : 1;  // the most significant non-sign bit
    std::uint32_t want = 0xffffffff;
    for (unsigned k = kW; k-- > 0;) {
      if (bit(static_cast<std::uint64_t>(a[i]), k) == looking_for) {
        want = k;
        break;
      }
    }
    EXPECT_EQ(pos[i], want) << +a[i];
    EXPECT_EQ(shift[i], want == 0xffffffff ? want : kW - 1 - want) << +a[i];
  }
}

TEST(IntegerBits, BfindFindsMostSignificantNonSignBit) {
  check_bfind<std::uint32_t>();
  check_bfind<std::int32_t>();
  check_bfind<std::uint64_t>();
  check_bfind<std::int64_t>();
  auto d = run_lanes<std::uint32_t>("bfind.s32 %d, %a;", std::vector<std::int32_t>{-1, 0, -2, 1});
  EXPECT_EQ(d, (std::vector<std::uint32_t>{0xffffffff, 0xffffffff, 0, 0}));
}

// Positions and lengths around the word size, plus values whose low 8 bits are what counts.
std::vector<std::uint32_t> field_params() {
  return {0, 1, 3, 7, 8, 15, 16, 24, 31, 32, 33, 40, 63, 64, 65, 255, 256 + 4, 0x1234501};
}

template <typename T>
void check_bfe() {
  constexpr unsigned kMsb = 8 * sizeof(T) - 1;
  std::vector<T> a;
  std::vector<std::uint32_t> pos, len;
  testing::Lcg rng(3);
  for (std::uint32_t p : field_params()) {
    for (std::uint32_t l : field_params()) {
      a.push_back(static_cast<T>(rng.next()));
      pos.push_back(p);
      len.push_back(l);
    }
  }
  auto d = run_lanes<T>("bfe." + testing::ptx_type<T>() + " %d, %a, %b, %c;", a, pos, len);
  for (std::size_t i = 0; i < a.size(); ++i) {
    unsigned p = pos[i] & 0xff, l = len[i] & 0xff;
    auto u = static_cast<std::uint64_t>(a[i]);
    unsigned sbit = (std::is_unsigned_v<T> || l == 0) ? 0 : bit(u, std::min(p + l - 1, kMsb));
    std::uint64_t want = 0;
    for (unsigned k = 0; k <= kMsb; ++k) {
      unsigned v = (k < l && p + k <= kMsb) ? bit(u, p + k) : sbit;
      want |= std::uint64_t{v} << k;
    }
    EXPECT_EQ(d[i], static_cast<T>(want)) << +a[i] << " pos " << pos[i] << " len " << len[i];
  }
}

TEST(IntegerBits, BfeExtractsAndSignExtends) {
  check_bfe<std::uint32_t>();
  check_bfe<std::int32_t>();
  check_bfe<std::uint64_t>();
  check_bfe<std::int64_t>();
  auto d = run_lanes<std::int32_t>("bfe.s32 %d, %a, 4, 4;", std::vector<std::int32_t>{0x80, 0x70});
  EXPECT_EQ(d, (std::vector<std::int32_t>{-8, 7}));
}

template <typename T>
void check_bfi() {
  constexpr unsigned kMsb = 8 * sizeof(T) - 1;
  std::vector<T> a, b;
  std::vector<std::uint32_t> pos, len;
  testing::Lcg rng(4);
  for (std::uint32_t p : field_params()) {
    for (std::uint32_t l : field_params()) {
      a.push_back(static_cast<T>(rng.next()));
      b.push_back(static_cast<T>(rng.next()));
      pos.push_back(p);
      len.push_back(l);
    }
  }
  std::string t = "b" + std::to_string(kMsb + 1);
  auto d = run_lanes<T>("bfi." + t + " %d, %a, %b, %c, %e;", a, b, pos, len);
  for (std::size_t i = 0; i < a.size(); ++i) {
    unsigned p = pos[i] & 0xff, l = len[i] & 0xff;
    T want = b[i];
    for (unsigned k = 0; k < l && p + k <= kMsb; ++k) {
      want = static_cast<T>((want & ~(T(1) << (p + k))) | (T(bit(a[i], k)) << (p + k)));
    }
    EXPECT_EQ(d[i], want) << "pos " << pos[i] << " len " << len[i];
  }
}

TEST(IntegerBits, BfiInsertsField) {
  check_bfi<std::uint32_t>();
  check_bfi<std::uint64_t>();
}

// bmsk and szext: the ISA's pseudocode, transcribed.
std::uint32_t bmsk_reference(std::uint32_t a, std::uint32_t b, bool clamp) {
  std::uint32_t a1 = a & 0x1f, b1 = b & 0x1f, sum = a1 + b1;
  std::uint32_t mask0 = ~0U << a1;
  std::uint32_t mask1 = sum >= 32 ? 0 : ~0U << sum;
  bool overflow = sum >= 32;
  if (clamp && a >= 32) {
    overflow = true;
    mask0 = 0;
  }
  if (clamp && b >= 32) overflow = true;
  if (overflow) {
    mask1 = 0;
  } else if (b1 == 0) {
    mask1 = ~0U;
  }
  return mask0 & ~mask1;
}

std::uint32_t szext_reference(std::uint32_t a, std::uint32_t b, bool clamp, bool is_signed) {
  std::uint32_t b1 = b & 0x1f;
  bool too_large = b >= 32 && clamp;
  std::uint32_t mask = too_large ? 0 : ~0U << b1;
  std::uint32_t sign_pos = (b1 - 1) & 0x1f;
  bool sign = !(b1 == 0 || too_large || !is_signed) && bit(a, sign_pos) != 0;
  return (a & ~mask) | (sign ? mask : 0);
}

TEST(IntegerBits, BmskAndSzextWrapAndClamp) {
  std::vector<std::uint32_t> a, b;
  for (std::uint32_t x : field_params()) {
    for (std::uint32_t y : field_params()) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  std::vector<std::uint32_t> values(a.size());
  testing::Lcg rng(9);
  for (auto& v : values) v = static_cast<std::uint32_t>(rng.next());
  for (bool clamp : {false, true}) {
    std::string mode = clamp ? "clamp" : "wrap";
    auto mask = run_lanes<std::uint32_t>("bmsk." + mode + ".b32 %d, %a, %b;", a, b);
    auto zext = run_lanes<std::uint32_t>("szext." + mode + ".u32 %d, %a, %b;", values, b);
    auto sext = run_lanes<std::uint32_t>("szext." + mode + ".s32 %d, %a, %b;", values, b);
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(mask[i], bmsk_reference(a[i], b[i], clamp)) << mode << " " << a[i] << " " << b[i];
      EXPECT_EQ(zext[i], szext_reference(values[i], b[i], clamp, false)) << mode << " " << b[i];
      EXPECT_EQ(sext[i], szext_reference(values[i], b[i], clamp, true)) << mode << " " << b[i];
    }
  }
  auto ex = run_lanes<std::uint32_t>("bmsk.wrap.b32 %d, 1, 2;", std::vector<std::uint32_t>{0});
  EXPECT_EQ(ex[0], 6U);  // the ISA's example
  auto sx = run_lanes<std::int32_t>("szext.clamp.s32 %d, %a, 8;", std::vector<std::int32_t>{0x1ff});
  EXPECT_EQ(sx[0], -1);
}

// prmt's special modes as the ISA tabulates them: result bytes b3 b2 b1 b0 for c[1:0] = 0..3.
const char* const kModeTables[][4] = {
    {"3210", "4321", "5432", "6543"},  // f4e
    {"5670", "6701", "7012", "0123"},  // b4e
    {"0000", "1111", "2222", "3333"},  // rc8
    {"3210", "3211", "3222", "3333"},  // ecl
    {"0000", "1110", "2210", "3210"},  // ecr
    {"1010", "3232", "1010", "3232"},  // rc16
};
const char* const kModeNames[] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};

TEST(IntegerBits, PrmtGenericAndModes) {
  std::vector<std::uint32_t> a, b, c;
  testing::Lcg rng(11);
  for (int i = 0; i < 128; ++i) {
    a.push_back(static_cast<std::uint32_t>(rng.next()));
    b.push_back(static_cast<std::uint32_t>(rng.next()));
    c.push_back(static_cast<std::uint32_t>(rng.next()));
  }
  auto byte_of = [](std::uint32_t lo, std::uint32_t hi, unsigned k) {
    return ((k < 4 ? lo : hi) >> (8 * (k % 4))) & 0xff;
  };
  auto generic = run_lanes<std::uint32_t>("prmt.b32 %d, %a, %b, %c;", a, b, c);
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::uint32_t want = 0;
    for (unsigned k = 0; k < 4; ++k) {
      unsigned sel = (c[i] >> (4 * k)) & 0xf;
      std::uint32_t v = byte_of(a[i], b[i], sel & 7);
      if (sel & 8) v = (v & 0x80) ? 0xff : 0;
      want |= v << (8 * k);
    }
    EXPECT_EQ(generic[i], want) << std::hex << c[i];
  }
  for (unsigned m = 0; m < 6; ++m) {
    auto got = run_lanes<std::uint32_t>(
        std::string("prmt.b32.") + kModeNames[m] + " %d, %a, %b, %c;", a, b, c);
    for (std::size_t i = 0; i < a.size(); ++i) {
      const char* row = kModeTables[m][c[i] & 3];
      std::uint32_t want = 0;
      for (unsigned k = 0; k < 4; ++k) want = (want << 8) | byte_of(a[i], b[i], row[k] - '0');
      EXPECT_EQ(got[i], want) << kModeNames[m] << " c=" << (c[i] & 3);
    }
  }
  auto known = run_lanes<std::uint32_t>("prmt.b32 %d, %a, %b, 0xf640;",
                                        std::vector<std::uint32_t>{0x33221100},
                                        std::vector<std::uint32_t>{0xf7665544});
  EXPECT_EQ(known[0], 0xff664400U);  // bytes 0, 4 and 6, then byte 7's sign replicated
}

// dp4a/dp2a: each byte (or half) of a times the matching byte of b, sign-extended per type.
std::int64_t signed_part(std::uint32_t v, unsigned bits, unsigned i, bool is_signed) {
  std::uint32_t e = (v >> (bits * i)) & ((1U << bits) - 1);
  if (is_signed && (e >> (bits - 1)) != 0) return static_cast<std::int64_t>(e) - (1LL << bits);
  return e;
}

TEST(IntegerBits, DotProductsRespectSignedness) {
  std::vector<std::uint32_t> a, b, c;
  testing::Lcg rng(21);
  for (int i = 0; i < 96; ++i) {
    a.push_back(static_cast<std::uint32_t>(rng.next()));
    b.push_back(static_cast<std::uint32_t>(rng.next()));
    c.push_back(static_cast<std::uint32_t>(rng.next()));
  }
  a[0] = b[0] = 0x80808080;  // four (-128)^2 or 128^2 products
  for (bool sa : {false, true}) {
    for (bool sb : {false, true}) {
      std::string types = std::string(sa ? ".s32" : ".u32") + (sb ? ".s32" : ".u32");
      auto dp4 = run_lanes<std::uint32_t>("dp4a" + types + " %d, %a, %b, %c;", a, b, c);
      auto lo = run_lanes<std::uint32_t>("dp2a.lo" + types + " %d, %a, %b, %c;", a, b, c);
      auto hi = run_lanes<std::uint32_t>("dp2a.hi" + types + " %d, %a, %b, %c;", a, b, c);
      for (std::size_t i = 0; i < a.size(); ++i) {
        std::int64_t sum4 = c[i], sum_lo = c[i], sum_hi = c[i];
        for (unsigned k = 0; k < 4; ++k) {
          sum4 += signed_part(a[i], 8, k, sa) * signed_part(b[i], 8, k, sb);
        }
        for (unsigned k = 0; k < 2; ++k) {
          sum_lo += signed_part(a[i], 16, k, sa) * signed_part(b[i], 8, k, sb);
          sum_hi += signed_part(a[i], 16, k, sa) * signed_part(b[i], 8, k + 2, sb);
        }
        EXPECT_EQ(dp4[i], static_cast<std::uint32_t>(sum4)) << types << " " << i;
        EXPECT_EQ(lo[i], static_cast<std::uint32_t>(sum_lo)) << types << " " << i;
        EXPECT_EQ(hi[i], static_cast<std::uint32_t>(sum_hi)) << types << " " << i;
      }
    }
  }
}

}  // namespace
}  // namespace warpsim::func
