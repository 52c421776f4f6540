// Extended-precision arithmetic through the per-lane carry flag: add.cc/addc chains, sub.cc/
// subc borrow chains and mad.cc/madc multiword products, checked against 128-bit C++ integers.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "integer_test_util.h"

namespace warpsim::func {
namespace {

using testing::run_lanes;
__extension__ using U128 = unsigned __int128;

U128 make_u128(std::uint64_t lo, std::uint64_t hi) { return (U128{hi} << 64) | lo; }

// 128-bit operands (a_lo, a_hi, b_lo, b_hi) with carries and borrows through every limb.
struct Wide {
  std::vector<std::uint64_t> a_lo, a_hi, b_lo, b_hi;
};

Wide wide_inputs() {
  Wide w;
  auto add = [&w](std::uint64_t al, std::uint64_t ah, std::uint64_t bl, std::uint64_t bh) {
    w.a_lo.push_back(al);
    w.a_hi.push_back(ah);
    w.b_lo.push_back(bl);
    w.b_hi.push_back(bh);
  };
  constexpr std::uint64_t kAll = ~std::uint64_t{0};
  add(kAll, kAll, 1, 0);     // carry ripples through all four words
  add(0, 0, 1, 0);           // borrow ripples through all four words
  add(0xffffffff, 0, 1, 0);  // carry into word 1 only
  add(0, 1, 1, 0);           // borrow from word 2
  add(kAll, 0x7fffffffffffffff, kAll, 0x7fffffffffffffff);
  add(0x8000000000000000, 0, 0x8000000000000000, 0);
  testing::Lcg rng(77);
  while (w.a_lo.size() < 64) add(rng.next(), rng.next(), rng.next(), rng.next());
  return w;
}

// Runs `body` (which leaves the 128-bit result in %t0..%t3, low word first) and returns it.
std::vector<U128> run_wide32(const std::string& body, const Wide& w) {
  std::string unpack =
      "mov.b64 {%t0, %t1}, %a;\nmov.b64 {%t2, %t3}, %b;\n"
      "mov.b64 {%t4, %t5}, %c;\nmov.b64 {%t6, %t7}, %e;\n";
  auto lo = run_lanes<std::uint64_t>(unpack + body + "mov.b64 %d, {%t0, %t1};", w.a_lo, w.a_hi,
                                     w.b_lo, w.b_hi);
  auto hi = run_lanes<std::uint64_t>(unpack + body + "mov.b64 %d, {%t2, %t3};", w.a_lo, w.a_hi,
                                     w.b_lo, w.b_hi);
  std::vector<U128> out;
  for (std::size_t i = 0; i < lo.size(); ++i) out.push_back(make_u128(lo[i], hi[i]));
  return out;
}

TEST(IntegerCarry, AddCarryChainOver32BitWords) {
  Wide w = wide_inputs();
  std::vector<U128> got = run_wide32(
      "add.cc.u32 %t0, %t0, %t4;\naddc.cc.u32 %t1, %t1, %t5;\n"
      "addc.cc.u32 %t2, %t2, %t6;\naddc.u32 %t3, %t3, %t7;\n",
      w);
  for (std::size_t i = 0; i < got.size(); ++i) {
    U128 want = make_u128(w.a_lo[i], w.a_hi[i]) + make_u128(w.b_lo[i], w.b_hi[i]);
    EXPECT_TRUE(got[i] == want) << "case " << i;
  }
}

TEST(IntegerCarry, SubBorrowChainOver32BitWords) {
  Wide w = wide_inputs();
  std::vector<U128> got = run_wide32(
      "sub.cc.u32 %t0, %t0, %t4;\nsubc.cc.u32 %t1, %t1, %t5;\n"
      "subc.cc.u32 %t2, %t2, %t6;\nsubc.u32 %t3, %t3, %t7;\n",
      w);
  for (std::size_t i = 0; i < got.size(); ++i) {
    U128 want = make_u128(w.a_lo[i], w.a_hi[i]) - make_u128(w.b_lo[i], w.b_hi[i]);
    EXPECT_TRUE(got[i] == want) << "case " << i;
  }
}

TEST(IntegerCarry, AddAndSubChainsOver64BitWords) {
  Wide w = wide_inputs();
  for (bool sub : {false, true}) {
    std::string first = sub ? "sub.cc.s64" : "add.cc.s64";
    std::string second = sub ? "subc.u64" : "addc.u64";
    auto lo = run_lanes<std::uint64_t>(first + " %d, %a, %c;\n" + second + " %w0, %b, %e;", w.a_lo,
                                       w.a_hi, w.b_lo, w.b_hi);
    auto hi = run_lanes<std::uint64_t>(first + " %w0, %a, %c;\n" + second + " %d, %b, %e;", w.a_lo,
                                       w.a_hi, w.b_lo, w.b_hi);
    for (std::size_t i = 0; i < lo.size(); ++i) {
      U128 a = make_u128(w.a_lo[i], w.a_hi[i]);
      U128 b = make_u128(w.b_lo[i], w.b_hi[i]);
      U128 want = sub ? a - b : a + b;
      EXPECT_TRUE(make_u128(lo[i], hi[i]) == want) << "case " << i << (sub ? " sub" : " add");
    }
  }
}

// 64 x 64 -> 128-bit product from 32-bit limbs, the way multiword multiplies use mad.cc/madc.
TEST(IntegerCarry, MadCarryMultiwordProduct) {
  std::string body =
      "mov.b64 {%t4, %t5}, %a;\nmov.b64 {%t6, %t7}, %b;\n"
      "mul.lo.u32 %t0, %t4, %t6;\nmul.hi.u32 %t1, %t4, %t6;\n"
      "mad.lo.cc.u32 %t1, %t4, %t7, %t1;\nmadc.hi.u32 %t2, %t4, %t7, 0;\n"
      "mad.lo.cc.u32 %t1, %t5, %t6, %t1;\nmadc.hi.cc.u32 %t2, %t5, %t6, %t2;\n"
      "madc.hi.u32 %t3, %t5, %t7, 0;\n"
      "mad.lo.cc.u32 %t2, %t5, %t7, %t2;\naddc.u32 %t3, %t3, 0;\n";
  auto [a, b] = testing::all_pairs(testing::edge_values<std::uint64_t>());
  auto lo = run_lanes<std::uint64_t>(body + "mov.b64 %d, {%t0, %t1};", a, b);
  auto hi = run_lanes<std::uint64_t>(body + "mov.b64 %d, {%t2, %t3};", a, b);
  for (std::size_t i = 0; i < a.size(); ++i) {
    U128 want = U128{a[i]} * b[i];
    EXPECT_TRUE(make_u128(lo[i], hi[i]) == want) << a[i] << " * " << b[i];
  }
}

TEST(IntegerCarry, Mad64WithCarryIntoHighWord) {
  auto [a, b] = testing::all_pairs(testing::edge_values<std::uint64_t>(3));
  std::vector<std::uint64_t> c(a.size(), ~std::uint64_t{0});
  std::string body = "mad.lo.cc.u64 %w0, %a, %b, %c;\nmadc.hi.u64 %w1, %a, %b, 0;\n";
  auto lo = run_lanes<std::uint64_t>(body + "mov.b64 %d, %w0;", a, b, c);
  auto hi = run_lanes<std::uint64_t>(body + "mov.b64 %d, %w1;", a, b, c);
  for (std::size_t i = 0; i < a.size(); ++i) {
    U128 want = U128{a[i]} * b[i] + c[i];
    EXPECT_TRUE(make_u128(lo[i], hi[i]) == want) << a[i] << " * " << b[i];
  }
}

// The flag belongs to each lane: lanes that do not execute an add.cc keep theirs.
TEST(IntegerCarry, FlagIsPerLaneAndKeptByLanesThatDoNotExecute) {
  std::vector<std::uint32_t> a(64), b(64);
  for (std::uint32_t i = 0; i < 64; ++i) {
    a[i] = 0xffffffff - i % 3;
    b[i] = i % 5;
  }
  auto d = run_lanes<std::uint32_t>(
      "add.cc.s32 %t0, %a, %b;\n"
      "and.b32 %t1, %ix, 1;\nsetp.eq.u32 %p, %t1, 0;\n"
      "@%p add.cc.u32 %t2, 0, 0;\n"
      "addc.u32 %d, 0, 100;\n",
      a, b);
  for (std::uint32_t i = 0; i < 64; ++i) {
    std::uint32_t carry = (std::uint64_t{a[i]} + b[i]) >> 32;
    EXPECT_EQ(d[i], 100 + (i % 2 == 0 ? 0 : carry)) << "thread " << i;
  }
}

}  // namespace
}  // namespace warpsim::func
