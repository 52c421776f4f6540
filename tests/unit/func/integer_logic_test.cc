// Logic and shifts: and/or/xor/not/cnot on bit types and predicates, lop3 (every truth table,
// and the predicate-output form), shl/shr with amounts at and beyond the width, and shf.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "integer_test_util.h"

namespace warpsim::func {
namespace {

using testing::all_pairs;
using testing::edge_values;
using testing::run_lanes;

template <typename T>
void check_bitwise() {
  std::string b = "b" + std::to_string(8 * sizeof(T));
  auto [x, y] = all_pairs(edge_values<T>());
  auto d_and = run_lanes<T>("and." + b + " %d, %a, %b;", x, y);
  auto d_or = run_lanes<T>("or." + b + " %d, %a, %b;", x, y);
  auto d_xor = run_lanes<T>("xor." + b + " %d, %a, %b;", x, y);
  auto d_not = run_lanes<T>("not." + b + " %d, %a;", x);
  auto d_cnot = run_lanes<T>("cnot." + b + " %d, %a;", x);
  for (std::size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(d_and[i], T(x[i] & y[i]));
    EXPECT_EQ(d_or[i], T(x[i] | y[i]));
    EXPECT_EQ(d_xor[i], T(x[i] ^ y[i]));
    EXPECT_EQ(d_not[i], T(~x[i]));
    EXPECT_EQ(d_cnot[i], T(x[i] == 0 ? 1 : 0));
  }
}

TEST(IntegerLogic, BitwiseOnEveryWidth) {
  check_bitwise<std::uint16_t>();
  check_bitwise<std::uint32_t>();
  check_bitwise<std::uint64_t>();
}

// Predicates from the low bits of a and b; %d = the four results as bits.
TEST(IntegerLogic, PredicateLogicWithNegatedSources) {
  std::vector<std::uint32_t> a{0, 1, 0, 1}, b{0, 0, 1, 1};
  auto d = run_lanes<std::uint32_t>(
      "setp.ne.u32 %p, %a, 0;\nsetp.ne.u32 %q, %b, 0;\n"
      "and.pred %r, %p, %q;\nselp.u32 %t0, 1, 0, %r;\n"
      "or.pred %r, %p, %q;\nselp.u32 %t1, 2, 0, %r;\n"
      "xor.pred %r, %p, %q;\nselp.u32 %t2, 4, 0, %r;\n"
      "not.pred %r, %p;\nselp.u32 %t3, 8, 0, %r;\n"
      "or.pred %r, !%p, %q;\nselp.u32 %t4, 16, 0, %r;\n"
      "or.b32 %t0, %t0, %t1;\nor.b32 %t0, %t0, %t2;\nor.b32 %t0, %t0, %t3;\n"
      "or.b32 %d, %t0, %t4;",
      a, b);
  for (std::size_t i = 0; i < a.size(); ++i) {
    bool p = a[i] != 0, q = b[i] != 0;
    std::uint32_t want =
        (p && q ? 1 : 0) | (p || q ? 2 : 0) | (p != q ? 4 : 0) | (!p ? 8 : 0) | (!p || q ? 16 : 0);
    EXPECT_EQ(d[i], want) << "p=" << p << " q=" << q;
  }
}

// Bit k of lop3(a, b, c, lut) is bit (a_k * 4 + b_k * 2 + c_k) of lut.
std::uint32_t lop3_reference(std::uint32_t a, std::uint32_t b, std::uint32_t c, unsigned lut) {
  std::uint32_t d = 0;
  for (unsigned k = 0; k < 32; ++k) {
    unsigned index = ((a >> k) & 1) * 4 + ((b >> k) & 1) * 2 + ((c >> k) & 1);
    d |= ((lut >> index) & 1U) << k;
  }
  return d;
}

TEST(IntegerLogic, Lop3EveryTruthTable) {
  std::vector<std::uint32_t> a, b, c, lut;
  testing::Lcg rng(8);
  for (unsigned i = 0; i < 256; ++i) {
    a.push_back(static_cast<std::uint32_t>(rng.next()));
    b.push_back(static_cast<std::uint32_t>(rng.next()));
    c.push_back(static_cast<std::uint32_t>(rng.next()));
    lut.push_back(i);
  }
  auto d = run_lanes<std::uint32_t>("lop3.b32 %d, %a, %b, %c, %e;", a, b, c, lut);
  for (unsigned i = 0; i < 256; ++i) {
    EXPECT_EQ(d[i], lop3_reference(a[i], b[i], c[i], i)) << "lut " << i;
  }
  // Immediate tables for the classic functions, checked by their definitions.
  struct Named {
    unsigned lut;
    std::uint32_t (*fn)(std::uint32_t, std::uint32_t, std::uint32_t);
  };
  const Named named[] = {
      {0xF0, [](std::uint32_t x, std::uint32_t, std::uint32_t) { return x; }},
      {0xCC, [](std::uint32_t, std::uint32_t y, std::uint32_t) { return y; }},
      {0xAA, [](std::uint32_t, std::uint32_t, std::uint32_t z) { return z; }},
      {0x96, [](std::uint32_t x, std::uint32_t y, std::uint32_t z) { return x ^ y ^ z; }},
      {0xE8, [](std::uint32_t x, std::uint32_t y,
                std::uint32_t z) { return (x & y) | (x & z) | (y & z); }},
      {0xCA, [](std::uint32_t x, std::uint32_t y, std::uint32_t z) { return (x & y) | (~x & z); }},
  };
  for (const Named& n : named) {
    auto got = run_lanes<std::uint32_t>("lop3.b32 %d, %a, %b, %c, " + std::to_string(n.lut) + ";",
                                        a, b, c);
    for (unsigned i = 0; i < 256; ++i) EXPECT_EQ(got[i], n.fn(a[i], b[i], c[i])) << n.lut;
  }
}

TEST(IntegerLogic, Lop3PredicateOutput) {
  std::vector<std::uint32_t> a{0, 0, 1, 1, 6}, b{0, 1, 0, 1, 3}, q{0, 0, 0, 1, 1};
  for (std::string op : {"and", "or", "xor"}) {
    // 0xC0 is a & b; p = (d != 0) op q.
    auto d = run_lanes<std::uint32_t>("setp.ne.u32 %q, %c, 0;\nlop3." + op +
                                          ".b32 %t1|%r, %a, %b, 0, 0xC0, %q;\n"
                                          "selp.u32 %d, 1, 0, %r;",
                                      a, b, q);
    for (std::size_t i = 0; i < a.size(); ++i) {
      bool t = (a[i] & b[i]) != 0, c = q[i] != 0;
      bool want = op == "and" ? (t && c) : op == "or" ? (t || c) : (t != c);
      EXPECT_EQ(d[i], want ? 1U : 0U) << op << " " << i;
    }
  }
}

template <typename T>
void check_shifts() {
  constexpr unsigned kW = 8 * sizeof(T);
  using U = std::make_unsigned_t<T>;
  using S = std::make_signed_t<T>;
  std::vector<T> values;
  std::vector<std::uint32_t> amounts;
  for (T v : edge_values<T>(4)) {
    for (std::uint32_t n : {0U, 1U, 5U, kW - 1, kW, kW + 1, 63U, 64U, 65U, 1000U, 0x80000000U}) {
      values.push_back(v);
      amounts.push_back(n);
    }
  }
  std::string bits = std::to_string(kW);
  auto shl = run_lanes<T>("shl.b" + bits + " %d, %a, %b;", values, amounts);
  auto shr_u = run_lanes<T>("shr.u" + bits + " %d, %a, %b;", values, amounts);
  auto shr_s = run_lanes<T>("shr.s" + bits + " %d, %a, %b;", values, amounts);
  for (std::size_t i = 0; i < values.size(); ++i) {
    U v = static_cast<U>(values[i]);
    std::uint32_t n = amounts[i];
    bool negative = static_cast<S>(v) < 0;
    U want_shl = v, want_shr = v, want_sar = v;
    for (std::uint32_t k = 0; k < std::min(n, kW + 1); ++k) {  // one bit at a time
      want_shl = static_cast<U>(want_shl << 1);
      want_shr = static_cast<U>(want_shr >> 1);
      want_sar = static_cast<U>((want_sar >> 1) | (negative ? U(U(1) << (kW - 1)) : U(0)));
    }
    EXPECT_EQ(static_cast<U>(shl[i]), want_shl) << +v << " << " << n;
    EXPECT_EQ(static_cast<U>(shr_u[i]), want_shr) << +v << " >> " << n;
    EXPECT_EQ(static_cast<U>(shr_s[i]), want_sar) << +v << " >>s " << n;
  }
}

TEST(IntegerLogic, ShiftsClampAmountsAtTheWidth) {
  check_shifts<std::uint16_t>();
  check_shifts<std::uint32_t>();
  check_shifts<std::uint64_t>();
}

TEST(IntegerLogic, FunnelShiftWrapAndClamp) {
  std::vector<std::uint32_t> lo, hi, n;
  testing::Lcg rng(12);
  for (std::uint32_t s : {0U, 1U, 8U, 31U, 32U, 33U, 40U, 63U, 64U, 0xffffffffU}) {
    for (int k = 0; k < 6; ++k) {
      lo.push_back(static_cast<std::uint32_t>(rng.next()));
      hi.push_back(static_cast<std::uint32_t>(rng.next()));
      n.push_back(s);
    }
  }
  for (std::string dir : {"l", "r"}) {
    for (std::string mode : {"wrap", "clamp"}) {
      auto d =
          run_lanes<std::uint32_t>("shf." + dir + "." + mode + ".b32 %d, %a, %b, %c;", lo, hi, n);
      for (std::size_t i = 0; i < lo.size(); ++i) {
        std::uint32_t s = mode == "wrap" ? n[i] % 32 : std::min(n[i], 32U);
        // Bit k of the 64-bit {hi, lo}; the result takes 32 consecutive bits of it.
        auto bit_at = [&](int k) -> std::uint32_t {
          if (k < 0 || k > 63) return 0;
          return k < 32 ? (lo[i] >> k) & 1 : (hi[i] >> (k - 32)) & 1;
        };
        int first = dir == "l" ? 32 - static_cast<int>(s) : static_cast<int>(s);
        std::uint32_t want = 0;
        for (int k = 0; k < 32; ++k) want |= bit_at(first + k) << k;
        EXPECT_EQ(d[i], want) << dir << "." << mode << " by " << n[i];
      }
    }
  }
  // A funnel shift of a value with itself is a rotate.
  auto rot = run_lanes<std::uint32_t>("shf.l.wrap.b32 %d, %a, %a, 36;",
                                      std::vector<std::uint32_t>{0x80000001});
  EXPECT_EQ(rot[0], 0x00000018U);
}

}  // namespace
}  // namespace warpsim::func
