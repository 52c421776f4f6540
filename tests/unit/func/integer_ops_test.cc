// Integer arithmetic: add/sub (wrapping, .sat, packed), mul/mad (.lo/.hi/.wide), mul24/mad24,
// sad, div/rem (including division by zero and MIN / -1), abs/neg, min/max.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "integer_test_util.h"

namespace warpsim::func {
namespace {

using testing::all_pairs;
using testing::edge_values;
using testing::ptx_type;
using testing::run_lanes;

// Runs `op d, a, b` over all pairs of edge values of T and compares with ref(a, b).
template <typename T, typename D = T, typename Ref>
void check_binary(const std::string& op, Ref ref) {
  auto [a, b] = all_pairs(edge_values<T>());
  std::vector<D> d = run_lanes<D>(op + " %d, %a, %b;", a, b);
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(d[i], static_cast<D>(ref(a[i], b[i]))) << op << " " << +a[i] << ", " << +b[i];
  }
}

// Two's complement wrap-around through the unsigned type of the same width.
template <typename T>
T wrap_add(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <typename T>
T wrap_sub(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}
template <typename T>
T wrap_mul(T a, T b) {
  using U = std::make_unsigned_t<T>;
  using W = std::conditional_t<sizeof(T) < 4, std::uint32_t, U>;  // avoid int promotion
  return static_cast<T>(static_cast<U>(static_cast<W>(static_cast<U>(a)) * static_cast<U>(b)));
}

template <typename T>
void check_add_sub() {
  std::string t = ptx_type<T>();
  check_binary<T>("add." + t, [](T a, T b) { return wrap_add(a, b); });
  check_binary<T>("sub." + t, [](T a, T b) { return wrap_sub(a, b); });
}

TEST(IntegerOps, AddSubWrapAtEveryWidth) {
  check_add_sub<std::uint16_t>();
  check_add_sub<std::int16_t>();
  check_add_sub<std::uint32_t>();
  check_add_sub<std::int32_t>();
  check_add_sub<std::uint64_t>();
  check_add_sub<std::int64_t>();
}

TEST(IntegerOps, AddSubSaturateS32) {
  auto clamp32 = [](std::int64_t v) {
    return static_cast<std::int32_t>(std::clamp<std::int64_t>(v, INT32_MIN, INT32_MAX));
  };
  check_binary<std::int32_t>("add.sat.s32",
                             [&](std::int64_t a, std::int64_t b) { return clamp32(a + b); });
  check_binary<std::int32_t>("sub.sat.s32",
                             [&](std::int64_t a, std::int64_t b) { return clamp32(a - b); });
  std::vector<std::int32_t> d =
      run_lanes<std::int32_t>("add.sat.s32 %d, %a, %b;", std::vector<std::int32_t>{INT32_MAX, -5},
                              std::vector<std::int32_t>{1, INT32_MIN});
  EXPECT_EQ(d, (std::vector<std::int32_t>{INT32_MAX, INT32_MIN}));
}

TEST(IntegerOps, PackedHalvesAddSubMinMax) {
  auto halves = [](std::uint32_t v, bool is_signed) {
    auto lo = static_cast<std::int32_t>(v & 0xffff);
    auto hi = static_cast<std::int32_t>(v >> 16);
    if (is_signed && lo >= 0x8000) lo -= 0x10000;
    if (is_signed && hi >= 0x8000) hi -= 0x10000;
    return std::pair{lo, hi};
  };
  auto pack = [](std::int32_t lo, std::int32_t hi) {
    return static_cast<std::uint32_t>((lo & 0xffff) | ((hi & 0xffff) << 16));
  };
  struct Case {
    const char* op;
    bool is_signed;
    std::int32_t (*fn)(std::int32_t, std::int32_t);
  };
  const Case cases[] = {
      {"add.u16x2", false, [](std::int32_t x, std::int32_t y) { return x + y; }},
      {"sub.s16x2", true, [](std::int32_t x, std::int32_t y) { return x - y; }},
      {"min.u16x2", false, [](std::int32_t x, std::int32_t y) { return std::min(x, y); }},
      {"max.s16x2", true, [](std::int32_t x, std::int32_t y) { return std::max(x, y); }},
      {"min.s16x2", true, [](std::int32_t x, std::int32_t y) { return std::min(x, y); }},
      {"max.relu.s16x2", true,
       [](std::int32_t x, std::int32_t y) { return std::max(std::max(x, y), 0); }},
  };
  for (const Case& c : cases) {
    check_binary<std::uint32_t>(c.op, [&](std::uint32_t a, std::uint32_t b) {
      auto [a0, a1] = halves(a, c.is_signed);
      auto [b0, b1] = halves(b, c.is_signed);
      return pack(c.fn(a0, b0), c.fn(a1, b1));
    });
  }
}

// The high half of the unsigned 128-bit product, by 32-bit schoolbook multiplication.
std::uint64_t umul_hi64(std::uint64_t a, std::uint64_t b) {
  std::uint64_t a0 = a & 0xffffffff, a1 = a >> 32, b0 = b & 0xffffffff, b1 = b >> 32;
  std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  std::uint64_t middle = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  return p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
}

// Signed high half from the unsigned one: subtract the other operand for each negative one.
std::int64_t smul_hi64(std::int64_t a, std::int64_t b) {
  std::uint64_t hi = umul_hi64(static_cast<std::uint64_t>(a), static_cast<std::uint64_t>(b));
  if (a < 0) hi -= static_cast<std::uint64_t>(b);
  if (b < 0) hi -= static_cast<std::uint64_t>(a);
  return static_cast<std::int64_t>(hi);
}

template <typename T, typename Wide>
void check_mul_narrow() {
  std::string t = ptx_type<T>();
  constexpr unsigned kBits = 8 * sizeof(T);
  check_binary<T>("mul.lo." + t, [](T a, T b) { return wrap_mul(a, b); });
  check_binary<T>("mul.hi." + t, [](T a, T b) {
    return static_cast<T>((static_cast<Wide>(a) * static_cast<Wide>(b)) >> kBits);
  });
  check_binary<T, Wide>("mul.wide." + t,
                        [](T a, T b) { return static_cast<Wide>(a) * static_cast<Wide>(b); });
}

TEST(IntegerOps, MulLoHiWide) {
  check_mul_narrow<std::uint16_t, std::uint32_t>();
  check_mul_narrow<std::int16_t, std::int32_t>();
  check_mul_narrow<std::uint32_t, std::uint64_t>();
  check_mul_narrow<std::int32_t, std::int64_t>();
  check_binary<std::uint64_t>("mul.lo.u64", [](std::uint64_t a, std::uint64_t b) { return a * b; });
  check_binary<std::int64_t>("mul.lo.s64",
                             [](std::int64_t a, std::int64_t b) { return wrap_mul(a, b); });
  check_binary<std::uint64_t>("mul.hi.u64", umul_hi64);
  check_binary<std::int64_t>("mul.hi.s64", smul_hi64);
  EXPECT_EQ(run_lanes<std::int64_t>("mul.hi.s64 %d, %a, %b;", std::vector<std::int64_t>{-1},
                                    std::vector<std::int64_t>{1})[0],
            -1);
}

TEST(IntegerOps, MadLoHiWideAndSaturation) {
  auto [a, b] = all_pairs(edge_values<std::int32_t>());
  std::vector<std::int32_t> c(a.size());
  std::vector<std::int64_t> c64(a.size());
  testing::Lcg rng(5);
  for (std::size_t i = 0; i < c.size(); ++i) {
    c[i] = static_cast<std::int32_t>(rng.next());
    c64[i] = static_cast<std::int64_t>(rng.next());
  }
  c[0] = INT32_MAX;
  auto lo = run_lanes<std::int32_t>("mad.lo.s32 %d, %a, %b, %c;", a, b, c);
  auto hi = run_lanes<std::int32_t>("mad.hi.s32 %d, %a, %b, %c;", a, b, c);
  auto sat = run_lanes<std::int32_t>("mad.hi.sat.s32 %d, %a, %b, %c;", a, b, c);
  auto wide = run_lanes<std::int64_t>("mad.wide.s32 %d, %a, %b, %c;", a, b, c64);
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::int64_t p = std::int64_t{a[i]} * b[i];
    std::int64_t high = p >> 32;
    EXPECT_EQ(lo[i], wrap_add(wrap_mul(a[i], b[i]), c[i])) << i;
    EXPECT_EQ(hi[i], wrap_add(static_cast<std::int32_t>(high), c[i])) << i;
    EXPECT_EQ(sat[i], std::clamp<std::int64_t>(high + c[i], INT32_MIN, INT32_MAX)) << i;
    EXPECT_EQ(wide[i], wrap_add(p, c64[i])) << i;
  }
  auto [ua, ub] = all_pairs(edge_values<std::uint32_t>());
  std::vector<std::uint64_t> uc(ua.size(), 0xffffffff00000001ULL);
  auto uwide = run_lanes<std::uint64_t>("mad.wide.u32 %d, %a, %b, %c;", ua, ub, uc);
  for (std::size_t i = 0; i < ua.size(); ++i) {
    EXPECT_EQ(uwide[i], std::uint64_t{ua[i]} * ub[i] + uc[i]) << i;
  }
}

TEST(IntegerOps, Mul24AndMad24UseLow24Bits) {
  auto s24 = [](std::uint32_t v) {
    return static_cast<std::int64_t>(v & 0x7fffff) - ((v & 0x800000) != 0 ? 0x800000 : 0);
  };
  check_binary<std::uint32_t>("mul24.lo.u32", [](std::uint32_t a, std::uint32_t b) {
    return static_cast<std::uint32_t>(std::uint64_t{a & 0xffffff} * (b & 0xffffff));
  });
  check_binary<std::uint32_t>("mul24.hi.u32", [](std::uint32_t a, std::uint32_t b) {
    return static_cast<std::uint32_t>((std::uint64_t{a & 0xffffff} * (b & 0xffffff)) >> 16);
  });
  check_binary<std::int32_t>("mul24.lo.s32", [&](std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(s24(static_cast<std::uint32_t>(a)) *
                                     s24(static_cast<std::uint32_t>(b)));
  });
  check_binary<std::int32_t>("mul24.hi.s32", [&](std::int32_t a, std::int32_t b) {
    std::int64_t p = s24(static_cast<std::uint32_t>(a)) * s24(static_cast<std::uint32_t>(b));
    return static_cast<std::int32_t>(p >> 16);
  });
  std::vector<std::int32_t> a{0x7fffff, -0x800000, 0x1000000 + 5, 3};
  std::vector<std::int32_t> b{0x7fffff, -0x800000, 7, -4};
  std::vector<std::int32_t> c{INT32_MAX, INT32_MAX, -10, INT32_MIN};
  auto d = run_lanes<std::int32_t>("mad24.hi.sat.s32 %d, %a, %b, %c;", a, b, c);
  auto e = run_lanes<std::int32_t>("mad24.lo.s32 %d, %a, %b, %c;", a, b, c);
  // 0x7fffff^2 = 0x3FFFFF000001 -> bits 47..16 = 0x3FFFFF00; 2^23 * 2^23 = 2^46 -> 2^30.
  EXPECT_EQ(d, (std::vector<std::int32_t>{INT32_MAX, INT32_MAX, -10, INT32_MIN}));
  EXPECT_EQ(e[2], 5 * 7 - 10);
  EXPECT_EQ(e[3], wrap_add(-12, INT32_MIN));
}

template <typename T>
void check_sad() {
  auto [a, b] = all_pairs(edge_values<T>(3));
  std::vector<T> c(a.size(), T(7));
  auto d = run_lanes<T>("sad." + ptx_type<T>() + " %d, %a, %b, %c;", a, b, c);
  for (std::size_t i = 0; i < a.size(); ++i) {
    T diff = a[i] > b[i] ? wrap_sub(a[i], b[i]) : wrap_sub(b[i], a[i]);
    EXPECT_EQ(d[i], wrap_add(T(7), diff)) << +a[i] << " " << +b[i];
  }
}

TEST(IntegerOps, SumOfAbsoluteDifferences) {
  check_sad<std::uint16_t>();
  check_sad<std::int32_t>();
  check_sad<std::uint32_t>();
  check_sad<std::int64_t>();
}

template <typename T>
void check_div_rem() {
  std::string t = ptx_type<T>();
  auto [a, b] = all_pairs(edge_values<T>());
  auto q = run_lanes<T>("div." + t + " %d, %a, %b;", a, b);
  auto r = run_lanes<T>("rem." + t + " %d, %a, %b;", a, b);
  for (std::size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE(::testing::PrintToString(+a[i]) + " / " + ::testing::PrintToString(+b[i]));
    if (b[i] == 0) {
      // Defined choices for PTX's unspecified results (see arithmetic.cc).
      T want_q = std::is_signed_v<T> && a[i] < 0 ? T(1) : T(-1);
      EXPECT_EQ(q[i], want_q);
      EXPECT_EQ(r[i], a[i]);
    } else if (std::is_signed_v<T> && a[i] == std::numeric_limits<T>::min() && b[i] == T(-1)) {
      EXPECT_EQ(q[i], std::numeric_limits<T>::min());
      EXPECT_EQ(r[i], T(0));
    } else {
      EXPECT_EQ(q[i], static_cast<T>(a[i] / b[i]));
      EXPECT_EQ(r[i], static_cast<T>(a[i] % b[i]));
      EXPECT_EQ(wrap_add(wrap_mul(q[i], b[i]), r[i]), a[i]);
    }
  }
}

TEST(IntegerOps, DivRemTruncateAndAreDefinedAtZeroAndOverflow) {
  check_div_rem<std::uint16_t>();
  check_div_rem<std::int16_t>();
  check_div_rem<std::uint32_t>();
  check_div_rem<std::int32_t>();
  check_div_rem<std::uint64_t>();
  check_div_rem<std::int64_t>();
  auto d = run_lanes<std::int32_t>("div.s32 %d, %a, %b;", std::vector<std::int32_t>{-7, 7},
                                   std::vector<std::int32_t>{2, -2});
  EXPECT_EQ(d, (std::vector<std::int32_t>{-3, -3}));  // truncation toward zero
}

template <typename T>
void check_abs_neg() {
  std::vector<T> a = edge_values<T>();
  auto abs = run_lanes<T>("abs." + ptx_type<T>() + " %d, %a;", a);
  auto neg = run_lanes<T>("neg." + ptx_type<T>() + " %d, %a;", a);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(neg[i], wrap_sub(T(0), a[i])) << +a[i];
    EXPECT_EQ(abs[i], a[i] < 0 ? wrap_sub(T(0), a[i]) : a[i]) << +a[i];
  }
  EXPECT_EQ(abs[8], std::numeric_limits<T>::min());  // edge_values()[8] is MIN: abs wraps
}

TEST(IntegerOps, AbsNegWrapAtMin) {
  check_abs_neg<std::int16_t>();
  check_abs_neg<std::int32_t>();
  check_abs_neg<std::int64_t>();
}

template <typename T>
void check_min_max() {
  std::string t = ptx_type<T>();
  check_binary<T>("min." + t, [](T a, T b) { return std::min(a, b); });
  check_binary<T>("max." + t, [](T a, T b) { return std::max(a, b); });
}

TEST(IntegerOps, MinMaxSignedUnsignedReluAndThreeInputs) {
  check_min_max<std::uint16_t>();
  check_min_max<std::int16_t>();
  check_min_max<std::uint32_t>();
  check_min_max<std::int32_t>();
  check_min_max<std::uint64_t>();
  check_min_max<std::int64_t>();
  check_binary<std::int32_t>("max.relu.s32", [](std::int32_t a, std::int32_t b) {
    return std::max({a, b, 0});
  });
  check_binary<std::int32_t>(
      "min.relu.s32", [](std::int32_t a, std::int32_t b) { return std::max(std::min(a, b), 0); });
  auto [a, b] = all_pairs(edge_values<std::uint32_t>(2));
  std::vector<std::uint32_t> c(a.size());
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<std::uint32_t>(i * 2654435761U);
  auto d = run_lanes<std::uint32_t>("min.u32 %d, %a, %b, %c;", a, b, c);
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(d[i], std::min({a[i], b[i], c[i]}));
}

}  // namespace
}  // namespace warpsim::func
