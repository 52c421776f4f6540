// Reference checks: a float computation stays inside the error bound its Bounded twin computes,
// and results off by one term of a sum, or NaN, are reported with the first bad element.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "workload/check.h"
#include "workload/workload.h"

namespace warpsim::workload {
namespace {

// Deterministic values of mixed sign and magnitude.
float value(std::size_t i) {
  return static_cast<float>(static_cast<int>((i * 7919) % 2001) - 1000) / 37.0f;
}

TEST(Bounded, FloatSumsStayWithinTheirBound) {
  for (std::size_t n : {1u, 10u, 1000u, 100000u}) {
    float sum = 0;
    Bounded want;
    double magnitude = 0;  // sum of |terms|
    for (std::size_t i = 0; i < n; ++i) {
      sum += value(i) * value(i + 1);
      want += Bounded::exact(value(i)) * Bounded::exact(value(i + 1));
      magnitude += std::fabs(static_cast<double>(value(i)) * value(i + 1));
    }
    EXPECT_LE(std::fabs(sum - want.value), want.error) << n;
    EXPECT_GT(want.error, 0.0);
    // Each partial sum is at most sum|terms|, so the running bound is at most the classical
    // (n + 1) u sum|terms| (one rounding per product, one per addition).
    EXPECT_LE(want.error, static_cast<double>(n + 1) * kFloatUnitRoundoff * magnitude) << n;
  }
}

TEST(Bounded, DivisionAndSquareRootPropagateErrors) {
  const Bounded x = Bounded::exact(2.0f) * Bounded::exact(3.0f) + Bounded::exact(1e-3f);
  const Bounded q = x / Bounded::exact(7.0f);
  EXPECT_NEAR(q.value, (6.0 + static_cast<double>(1e-3f)) / 7.0, 1e-15);
  EXPECT_GT(q.error, x.error / 7.0);
  const Bounded r = sqrt(x);
  const float fr = std::sqrt(2.0f * 3.0f + 1e-3f);
  EXPECT_LE(std::fabs(fr - r.value), r.error);
  EXPECT_TRUE(std::isinf((Bounded::exact(1) / Bounded{0.0, 1e-9}).error));
}

TEST(CheckClose, AcceptsTheFloatResultAndNamesTheFirstBadElement) {
  std::vector<float> got(12);
  std::vector<Bounded> want(12);
  for (std::size_t i = 0; i < got.size(); ++i) {
    float sum = 0;
    Bounded b;
    for (std::size_t k = 0; k < 50; ++k) {
      sum += value(i + k) * value(k);
      b += Bounded::exact(value(i + k)) * Bounded::exact(value(k));
    }
    got[i] = sum;
    want[i] = b;
  }
  EXPECT_NO_THROW(check_close("x", got, want, 4));
  std::vector<float> wrong = got;
  wrong[6] += value(6 + 49) * value(49);  // one term twice
  wrong[9] = NAN;
  try {
    check_close("x", wrong, want, 4);
    FAIL() << "no error";
  } catch (const CheckFailed& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("x[1][2]"), std::string::npos) << message;  // element 6, 4 columns
    EXPECT_NE(message.find("2 of 12"), std::string::npos) << message;
  }
  EXPECT_THROW(check_close("x", std::vector<float>(3), want), CheckFailed);  // sizes differ
}

TEST(CheckClose, AnUnboundedReferenceIsAnErrorNotAPass) {
  const Bounded unbounded = Bounded::exact(1.0f) / Bounded{1e-9, 1e-8};
  ASSERT_TRUE(std::isinf(unbounded.error));
  try {
    check_close("v", std::vector<float>{0.0f}, std::vector<Bounded>{unbounded});
    FAIL() << "no error";
  } catch (const CheckFailed& e) {
    EXPECT_NE(std::string(e.what()).find("cannot bound"), std::string::npos) << e.what();
  }
}

TEST(CheckClose, ExactZerosCompareEqual) {
  EXPECT_NO_THROW(check_close("z", std::vector<float>(3, 0.0f), std::vector<Bounded>(3)));
  EXPECT_THROW(check_close("z", std::vector<float>(3, 1e-20f), std::vector<Bounded>(3)),
               CheckFailed);
}

TEST(CheckEqual, IntegersMustMatchExactly) {
  const std::vector<std::int32_t> want = {1, 2, 3, 4, 5, 6};
  EXPECT_NO_THROW(check_equal("v", want, want));
  std::vector<std::int32_t> got = want;
  got[4] = 7;
  got[5] = 0;
  try {
    check_equal("v", got, want, 3);
    FAIL() << "a differing element was accepted";
  } catch (const CheckFailed& e) {
    EXPECT_EQ(std::string(e.what()),
              "v[1][1] = 7, the CPU reference gives 5; 2 of 6 elements differ");
  }
  EXPECT_THROW(check_equal("v", std::vector<std::int32_t>(5), want), CheckFailed);
  const std::vector<std::uint32_t> big = {4000000000u};
  EXPECT_THROW(check_equal("u", std::vector<std::uint32_t>{0u}, big), CheckFailed);
}

}  // namespace
}  // namespace warpsim::workload
