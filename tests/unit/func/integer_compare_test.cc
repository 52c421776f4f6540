// Comparisons and selects: setp on every integer and float type (NaN rules, .ftz, boolean
// combination, the p|q pair, packed halves), set, selp and slct.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "integer_test_util.h"

namespace warpsim::func {
namespace {

using testing::all_pairs;
using testing::edge_values;
using testing::ptx_type;
using testing::run_lanes;

enum class Rel { kEq, kNe, kLt, kLe, kGt, kGe };

template <typename T>
bool relate(Rel r, T a, T b) {
  switch (r) {
    case Rel::kEq:
      return a == b;
    case Rel::kNe:
      return a != b;
    case Rel::kLt:
      return a < b;
    case Rel::kLe:
      return a <= b;
    case Rel::kGt:
      return a > b;
    case Rel::kGe:
      return a >= b;
  }
  return false;
}

struct NamedRel {
  const char* name;
  Rel rel;
  bool force_unsigned;  // lo, ls, hi, hs
};
const NamedRel kIntRels[] = {
    {"eq", Rel::kEq, false}, {"ne", Rel::kNe, false}, {"lt", Rel::kLt, false},
    {"le", Rel::kLe, false}, {"gt", Rel::kGt, false}, {"ge", Rel::kGe, false},
    {"lo", Rel::kLt, true},  {"ls", Rel::kLe, true},  {"hi", Rel::kGt, true},
    {"hs", Rel::kGe, true},
};

template <typename T>
void check_int_setp() {
  using U = std::make_unsigned_t<T>;
  auto [a, b] = all_pairs(edge_values<T>());
  for (const NamedRel& r : kIntRels) {
    auto d = run_lanes<std::uint32_t>(std::string("setp.") + r.name + "." + ptx_type<T>() +
                                          " %p, %a, %b;\nselp.u32 %d, 1, 0, %p;",
                                      a, b);
    for (std::size_t i = 0; i < a.size(); ++i) {
      bool want = r.force_unsigned ? relate(r.rel, U(a[i]), U(b[i])) : relate(r.rel, a[i], b[i]);
      ASSERT_EQ(d[i], want ? 1U : 0U) << r.name << " " << +a[i] << ", " << +b[i];
    }
  }
}

TEST(IntegerCompare, SetpIntegerOperators) {
  check_int_setp<std::int16_t>();
  check_int_setp<std::uint16_t>();
  check_int_setp<std::int32_t>();
  check_int_setp<std::uint32_t>();
  check_int_setp<std::int64_t>();
  check_int_setp<std::uint64_t>();
  auto d =
      run_lanes<std::uint32_t>("setp.eq.b32 %p, %a, %b;\nselp.u32 %d, 1, 0, %p;",
                               std::vector<std::uint32_t>{5, 5}, std::vector<std::uint32_t>{5, 6});
  EXPECT_EQ(d, (std::vector<std::uint32_t>{1, 0}));
}

struct FloatRel {
  const char* name;
  int rel;         // index into Rel, or -1 for num, -2 for nan
  bool unordered;  // true when a NaN operand makes the result true
};
const FloatRel kFloatRels[] = {
    {"eq", 0, false}, {"ne", 1, false}, {"lt", 2, false},   {"le", 3, false},  {"gt", 4, false},
    {"ge", 5, false}, {"equ", 0, true}, {"neu", 1, true},   {"ltu", 2, true},  {"leu", 3, true},
    {"gtu", 4, true}, {"geu", 5, true}, {"num", -1, false}, {"nan", -2, true},
};

template <typename F>
bool float_reference(const FloatRel& r, F a, F b) {
  bool any_nan = std::isnan(a) || std::isnan(b);
  if (r.rel == -1) return !any_nan;
  if (r.rel == -2) return any_nan;
  if (any_nan) return r.unordered;
  return relate(static_cast<Rel>(r.rel), a, b);
}

template <typename F>
std::vector<F> float_values() {
  using L = std::numeric_limits<F>;
  return {-L::infinity(), F(-1.5), F(-0.0),       F(0.0),         L::denorm_min(),
          F(1),           F(2.5),  L::infinity(), L::quiet_NaN(), -L::quiet_NaN()};
}

template <typename F>
void check_float_setp() {
  auto [a, b] = all_pairs(float_values<F>());
  for (const FloatRel& r : kFloatRels) {
    auto d = run_lanes<std::uint32_t>(std::string("setp.") + r.name + "." + ptx_type<F>() +
                                          " %p, %a, %b;\nselp.u32 %d, 1, 0, %p;",
                                      a, b);
    for (std::size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(d[i], float_reference(r, a[i], b[i]) ? 1U : 0U)
          << r.name << " " << a[i] << ", " << b[i];
    }
  }
}

TEST(IntegerCompare, SetpFloatOrderedUnorderedAndNan) {
  check_float_setp<float>();
  check_float_setp<double>();
}

TEST(IntegerCompare, SetpFtzFlushesSubnormals) {
  float tiny = std::numeric_limits<float>::denorm_min();
  std::vector<float> a{tiny, tiny, -tiny}, b{0.0F, -0.0F, tiny};
  auto gt = run_lanes<std::uint32_t>("setp.gt.f32 %p, %a, %b;\nselp.u32 %d, 1, 0, %p;", a, b);
  auto gt_ftz =
      run_lanes<std::uint32_t>("setp.gt.ftz.f32 %p, %a, %b;\nselp.u32 %d, 1, 0, %p;", a, b);
  auto eq_ftz =
      run_lanes<std::uint32_t>("setp.eq.ftz.f32 %p, %a, %b;\nselp.u32 %d, 1, 0, %p;", a, b);
  EXPECT_EQ(gt, (std::vector<std::uint32_t>{1, 1, 0}));
  EXPECT_EQ(gt_ftz, (std::vector<std::uint32_t>{0, 0, 0}));
  EXPECT_EQ(eq_ftz, (std::vector<std::uint32_t>{1, 1, 1}));
}

// %d = 2 * p + q for setp.lt.<op>.s32 p|q, a, b, [!]c.
TEST(IntegerCompare, SetpBoolCombineAndPairDestination) {
  std::vector<std::int32_t> a, b, c;
  for (int x : {-1, 1}) {
    for (int y : {0}) {
      for (int z : {0, 1}) {
        a.push_back(x);
        b.push_back(y);
        c.push_back(z);
      }
    }
  }
  for (std::string op : {"and", "or", "xor"}) {
    for (bool negate : {false, true}) {
      auto d = run_lanes<std::uint32_t>(
          "setp.ne.s32 %r, %c, 0;\nsetp.lt." + op + ".s32 %p|%q, %a, %b, " +
              (negate ? "!%r" : "%r") +
              ";\nselp.u32 %t0, 2, 0, %p;\nselp.u32 %t1, 1, 0, %q;\nor.b32 %d, %t0, %t1;",
          a, b, c);
      for (std::size_t i = 0; i < a.size(); ++i) {
        bool t = a[i] < b[i];
        bool cv = (c[i] != 0) != negate;
        auto combine = [&](bool x) {
          return op == "and" ? (x && cv) : op == "or" ? (x || cv) : (x != cv);
        };
        std::uint32_t want = (combine(t) ? 2 : 0) | (combine(!t) ? 1 : 0);
        EXPECT_EQ(d[i], want) << op << (negate ? " !c" : " c") << " case " << i;
      }
    }
  }
  auto plain = run_lanes<std::uint32_t>(
      "setp.ge.u32 %p|%q, %a, %b;\nselp.u32 %t0, 2, 0, %p;\nselp.u32 %t1, 1, 0, %q;\n"
      "or.b32 %d, %t0, %t1;",
      std::vector<std::uint32_t>{1, 3}, std::vector<std::uint32_t>{2, 2});
  EXPECT_EQ(plain, (std::vector<std::uint32_t>{1, 2}));
}

// Half-precision bits as float: assembled field by field.
float f16_value(std::uint16_t h) {
  std::uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float v = 0;
  if (exp == 0x1f) {
    v = mant != 0 ? std::numeric_limits<float>::quiet_NaN()
                  : std::numeric_limits<float>::infinity();
  } else if (exp == 0) {
    v = static_cast<float>(mant) / 16777216.0F;  // mant * 2^-24
  } else {
    v = std::bit_cast<float>(((exp - 15 + 127) << 23) | (mant << 13));
  }
  return sign != 0 ? -v : v;
}

float bf16_value(std::uint16_t h) { return std::bit_cast<float>(std::uint32_t{h} << 16); }

TEST(IntegerCompare, SetpHalfTypesAndPackedPairs) {
  const std::vector<std::uint16_t> halves{0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00,
                                          0xfc00, 0x7e00, 0x0001, 0x3555, 0x7bff};
  auto [a, b] = all_pairs(halves);
  for (const FloatRel& r : kFloatRels) {
    std::string cmp = std::string("setp.") + r.name;
    auto f16 = run_lanes<std::uint32_t>(cmp + ".f16 %p, %a, %b;\nselp.u32 %d, 1, 0, %p;", a, b);
    auto bf16 = run_lanes<std::uint32_t>(cmp + ".bf16 %p, %a, %b;\nselp.u32 %d, 1, 0, %p;", a, b);
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(f16[i], float_reference(r, f16_value(a[i]), f16_value(b[i])) ? 1U : 0U)
          << r.name << " f16 " << std::hex << a[i] << " " << b[i];
      EXPECT_EQ(bf16[i], float_reference(r, bf16_value(a[i]), bf16_value(b[i])) ? 1U : 0U)
          << r.name << " bf16 " << std::hex << a[i] << " " << b[i];
    }
  }
  // Packed: p compares the low halves, q the high halves.
  std::vector<std::uint32_t> pa, pb;
  for (std::size_t i = 0; i + 1 < a.size(); i += 2) {
    pa.push_back(a[i] | (std::uint32_t{a[i + 1]} << 16));
    pb.push_back(b[i] | (std::uint32_t{b[i + 1]} << 16));
  }
  auto pair = run_lanes<std::uint32_t>(
      "setp.ltu.f16x2 %p|%q, %a, %b;\nselp.u32 %t0, 2, 0, %p;\nselp.u32 %t1, 1, 0, %q;\n"
      "or.b32 %d, %t0, %t1;",
      pa, pb);
  const FloatRel ltu = kFloatRels[8];
  for (std::size_t k = 0; k < pa.size(); ++k) {
    bool p = float_reference(ltu, f16_value(a[2 * k]), f16_value(b[2 * k]));
    bool q = float_reference(ltu, f16_value(a[2 * k + 1]), f16_value(b[2 * k + 1]));
    EXPECT_EQ(pair[k], (p ? 2U : 0U) | (q ? 1U : 0U)) << k;
  }
  // .ftz flushes the f16 subnormal 0x0001 to zero.
  auto ftz = run_lanes<std::uint32_t>("setp.gt.ftz.f16 %p, %a, %b;\nselp.u32 %d, 1, 0, %p;",
                                      std::vector<std::uint16_t>{0x0001},
                                      std::vector<std::uint16_t>{0x0000});
  EXPECT_EQ(ftz[0], 0U);
}

TEST(IntegerCompare, SetWritesAllOnesOrOne) {
  std::vector<std::int32_t> a{-1, 5, 7}, b{3, 5, 2};
  auto u = run_lanes<std::uint32_t>("set.lt.u32.s32 %d, %a, %b;", a, b);
  EXPECT_EQ(u, (std::vector<std::uint32_t>{0xffffffff, 0, 0}));
  auto lo = run_lanes<std::uint32_t>("set.lo.u32.s32 %d, %a, %b;", a, b);
  EXPECT_EQ(lo, (std::vector<std::uint32_t>{0, 0, 0}));
  auto f = run_lanes<float>("set.ge.f32.s32 %d, %a, %b;", a, b);
  EXPECT_EQ(f, (std::vector<float>{0.0F, 1.0F, 1.0F}));
  std::vector<float> x{1.0F, std::nanf(""), 2.0F}, y{1.0F, 1.0F, 3.0F};
  auto s = run_lanes<std::int32_t>("set.equ.s32.f32 %d, %a, %b;", x, y);
  EXPECT_EQ(s, (std::vector<std::int32_t>{-1, -1, 0}));
  std::vector<std::uint32_t> flags{1, 1, 0};
  auto combined = run_lanes<std::uint32_t>(
      "setp.ne.u32 %p, %c, 0;\nset.le.or.u32.f32 %d, %a, %b, %p;", x, y, flags);
  EXPECT_EQ(combined, (std::vector<std::uint32_t>{0xffffffff, 0xffffffff, 0xffffffff}));
  auto anded = run_lanes<std::uint32_t>(
      "setp.ne.u32 %p, %c, 0;\nset.le.and.u32.f32 %d, %a, %b, %p;", x, y, flags);
  EXPECT_EQ(anded, (std::vector<std::uint32_t>{0xffffffff, 0, 0}));
}

template <typename T>
void check_selp() {
  auto [a, b] = all_pairs(edge_values<T>(2));
  std::vector<std::uint32_t> c(a.size());
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<std::uint32_t>(i % 3);
  auto d =
      run_lanes<T>("setp.ne.u32 %p, %c, 0;\nselp." + ptx_type<T>() + " %d, %a, %b, %p;", a, b, c);
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(d[i], c[i] != 0 ? a[i] : b[i]);
}

TEST(IntegerCompare, SelpPicksBySourcePredicate) {
  check_selp<std::uint16_t>();
  check_selp<std::int32_t>();
  check_selp<std::uint64_t>();
  std::vector<double> a{1.5, -2.5}, b{3.0, 4.0};
  auto d =
      run_lanes<double>("setp.lt.f64 %p, %a, 0d0000000000000000;\nselp.f64 %d, %a, %b, %p;", a, b);
  EXPECT_EQ(d, (std::vector<double>{3.0, -2.5}));
}

TEST(IntegerCompare, SlctTestsTheSignOfC) {
  std::vector<std::int32_t> a{10, 10, 10, 10}, b{20, 20, 20, 20};
  std::vector<std::int32_t> ci{0, -1, INT32_MIN, INT32_MAX};
  EXPECT_EQ(run_lanes<std::int32_t>("slct.s32.s32 %d, %a, %b, %c;", a, b, ci),
            (std::vector<std::int32_t>{10, 20, 20, 10}));
  float tiny = std::numeric_limits<float>::denorm_min();
  std::vector<float> cf{-0.0F, std::nanf(""), -tiny, -1.0F};
  EXPECT_EQ(run_lanes<std::int32_t>("slct.s32.f32 %d, %a, %b, %c;", a, b, cf),
            (std::vector<std::int32_t>{10, 20, 20, 20}));
  EXPECT_EQ(run_lanes<std::int32_t>("slct.ftz.s32.f32 %d, %a, %b, %c;", a, b, cf),
            (std::vector<std::int32_t>{10, 20, 10, 20}));
}

}  // namespace
}  // namespace warpsim::func
