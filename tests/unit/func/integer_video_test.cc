// SIMD video instructions (vadd2/4 ... vset2/4): per-element results, saturation and the .add
// accumulation, against element-wise C++ references.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "integer_test_util.h"

namespace warpsim::func {
namespace {

using testing::run_lanes;
using ElementFn = std::function<std::int64_t(std::int64_t, std::int64_t)>;

std::int64_t element(std::uint32_t v, unsigned bits, unsigned i, bool is_signed) {
  std::int64_t e = (v >> (bits * i)) & ((1U << bits) - 1);
  return is_signed && e >= (1LL << (bits - 1)) ? e - (1LL << bits) : e;
}

struct VideoCase {
  std::string op;  // the opcode with its modifiers
  unsigned elems;
  bool signed_src;
  bool signed_dst;
  bool sat;
  bool add;
  ElementFn fn;
};

std::uint32_t video_reference(const VideoCase& v, std::uint32_t a, std::uint32_t b,
                              std::uint32_t c) {
  unsigned bits = 32 / v.elems;
  std::int64_t lo = v.signed_dst ? -(1LL << (bits - 1)) : 0;
  std::int64_t hi = v.signed_dst ? (1LL << (bits - 1)) - 1 : (1LL << bits) - 1;
  std::uint64_t packed = 0;
  std::int64_t sum = c;
  for (unsigned i = 0; i < v.elems; ++i) {
    std::int64_t t = v.fn(element(a, bits, i, v.signed_src), element(b, bits, i, v.signed_src));
    if (v.sat) t = std::clamp(t, lo, hi);
    sum += t;
    packed |= (static_cast<std::uint64_t>(t) & ((1ULL << bits) - 1)) << (bits * i);
  }
  return static_cast<std::uint32_t>(v.add ? static_cast<std::uint64_t>(sum) : packed);
}

TEST(IntegerVideo, SimdElementsSaturationAndAccumulate) {
  auto add = [](std::int64_t x, std::int64_t y) { return x + y; };
  auto sub = [](std::int64_t x, std::int64_t y) { return x - y; };
  auto absdiff = [](std::int64_t x, std::int64_t y) { return x > y ? x - y : y - x; };
  auto mn = [](std::int64_t x, std::int64_t y) { return std::min(x, y); };
  auto mx = [](std::int64_t x, std::int64_t y) { return std::max(x, y); };
  auto avrg = [](std::int64_t x, std::int64_t y) {
    std::int64_t s = x + y;  // the ISA: (s + 1) >> 1 when s >= 0, else s >> 1
    return s >= 0 ? (s + 1) / 2 : (s - 1) / 2;
  };
  auto lt = [](std::int64_t x, std::int64_t y) -> std::int64_t { return x < y ? 1 : 0; };
  auto ge = [](std::int64_t x, std::int64_t y) -> std::int64_t { return x >= y ? 1 : 0; };
  const std::vector<VideoCase> cases = {
      {"vadd4.u32.u32.u32.sat", 4, false, false, true, false, add},
      {"vadd4.s32.s32.s32.sat", 4, true, true, true, false, add},
      {"vadd2.u32.u32.u32", 2, false, false, false, false, add},
      {"vsub2.s32.s32.s32.sat", 2, true, true, true, false, sub},
      {"vsub4.u32.u32.u32.sat", 4, false, false, true, false, sub},
      {"vabsdiff4.u32.u32.u32", 4, false, false, false, false, absdiff},
      {"vabsdiff4.u32.u32.u32.add", 4, false, false, false, true, absdiff},
      {"vabsdiff2.s32.s32.s32.add", 2, true, true, false, true, absdiff},
      {"vmin2.s32.s32.s32", 2, true, true, false, false, mn},
      {"vmax4.u32.u32.u32", 4, false, false, false, false, mx},
      {"vavrg2.s32.s32.s32", 2, true, true, false, false, avrg},
      {"vavrg4.u32.u32.u32", 4, false, false, false, false, avrg},
      {"vset4.u32.u32.lt", 4, false, false, false, false, lt},
      {"vset2.s32.s32.ge.add", 2, true, true, false, true, ge},
  };
  std::vector<std::uint32_t> a, b, c;
  testing::Lcg rng(31);
  for (int i = 0; i < 128; ++i) {
    a.push_back(static_cast<std::uint32_t>(rng.next()));
    b.push_back(static_cast<std::uint32_t>(rng.next()));
    c.push_back(static_cast<std::uint32_t>(rng.next()));
  }
  a[0] = 0x7fff80ff;
  b[0] = 0x7fff80ff;  // saturates every element one way or the other
  for (const VideoCase& v : cases) {
    auto d = run_lanes<std::uint32_t>(v.op + " %d, %a, %b, %c;", a, b, c);
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(d[i], video_reference(v, a[i], b[i], c[i]))
          << v.op << std::hex << " a=" << a[i] << " b=" << b[i] << " c=" << c[i];
    }
  }
}

}  // namespace
}  // namespace warpsim::func
