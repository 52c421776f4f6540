// The SM's schedulers take turns at the shared units (sm.cc, Sm::tick): when two schedulers'
// warps both want the one LD/ST input every cycle, neither scheduler's warps run ahead.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::cycles_of;
using test::run_kernel;
using test::timing_config;

// 24 independent shared-memory stores per thread, no bank conflicts (thread t writes word t
// of each 64-word block).
std::string store_kernel() {
  std::string body =
      "  mov.u32 %r1, %tid.x;\n  shl.b32 %r2, %r1, 2;\n  mov.u32 %r3, smem;\n"
      "  add.u32 %r4, %r3, %r2;\n";
  for (int i = 0; i < 24; ++i) {
    body += "  st.shared.u32 [%r4+" + std::to_string(256 * i) + "], %r1;\n";
  }
  body += "  exit;\n";
  return ".version 7.0\n.target sm_70\n.address_size 64\n.shared .align 4 .b8 smem[6144];\n"
         ".visible .entry k()\n{\n  .reg .b32 %r<8>;\n" +
         body + "}\n";
}

// Two schedulers (warp 0 on scheduler 0, warp 1 on scheduler 1), one store accepted by the LD/ST
// unit per cycle: the two warps want it every cycle. The issue cycles of warp 0 and of warp 1.
std::pair<std::vector<std::uint64_t>, std::vector<std::uint64_t>> two_warp_issues(
    const std::string& turns) {
  func::Device device;
  const auto out = run_kernel(
      device,
      timing_config("gtx480", test::one_sm({"sm.schedulers=2", "sm.scheduler_turns=" + turns})),
      store_kernel(), {1, 1, 1}, {64, 1, 1});
  return {cycles_of(out.issues, 0), cycles_of(out.issues, 1)};
}

TEST(SmSchedulerTurns, TwoSchedulersShareTheLdstInputEvenly) {
  const auto [w0, w1] = two_warp_issues("rotate");
  ASSERT_EQ(w0.size(), w1.size());
  ASSERT_GT(w0.size(), 24u);
  // Taking turns, each warp gets every other cycle, so the two reach each instruction within a
  // few cycles of each other (a fetch refill may hand one of them a start of two). With
  // scheduler 0 always asking first, warp 0 issued 12 stores in a row while warp 1 waited.
  for (std::size_t i = 0; i < w0.size(); ++i) {
    EXPECT_LE(w0[i] > w1[i] ? w0[i] - w1[i] : w1[i] - w0[i], 3u) << "instruction " << i;
  }
}

TEST(SmSchedulerTurns, FixedTurnsLetSchedulerZeroGoFirst) {
  const auto [w0, w1] = two_warp_issues("fixed");
  ASSERT_EQ(w0.size(), w1.size());
  // Warp 0 reaches every instruction first, and at least one of them 10 or more cycles ahead:
  // it issues its stores back to back while warp 1's wait.
  std::uint64_t most_ahead = 0;
  for (std::size_t i = 0; i < w0.size(); ++i) {
    EXPECT_LE(w0[i], w1[i]) << "instruction " << i;
    if (w1[i] > w0[i]) most_ahead = std::max(most_ahead, w1[i] - w0[i]);
  }
  EXPECT_GE(most_ahead, 10u);
}

}  // namespace
}  // namespace warpsim
