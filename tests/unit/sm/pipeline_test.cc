// Exact cycle behaviour of the SM pipeline on hand-made kernels: dependent chains, the
// issue-limited rate, %clock, scheduler orders, loads through the stand-in memory and shared
// memory bank conflicts. Every expectation is derived in the comment beside it from the
// configured latencies (given explicitly with --set style overrides).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::cycles_of;
using test::run_kernel;
using test::timing_config;

std::string chain_kernel(int n) {
  std::string body = "  mov.u32 %r1, 7;\n";
  for (int i = 0; i < n; ++i) body += "  add.u32 %r1, %r1, 1;\n";
  body += "  add.u32 %r2, %r1, 1;\n  exit;\n";
  return ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n"
         "  .reg .b32 %r<4>;\n" +
         body + "}\n";
}

// Warm I-cache: the first fetch of a kernel misses; the stand-in memory answers the line after
// its latency, so the chain below starts after that. Only differences are checked.
TEST(SmPipeline, DependentChainTakesLatencyPerInstruction) {
  for (std::uint32_t latency : {4u, 6u, 11u}) {
    SCOPED_TRACE(latency);
    func::Device device;
    const int n = 10;
    auto sets = test::one_sm({"sm.ops.int.latency=" + std::to_string(latency)});
    const auto out =
        run_kernel(device, timing_config("v100", sets), chain_kernel(n), {1, 1, 1}, {1, 1, 1});
    const auto cycles = cycles_of(out.issues, 0);
    ASSERT_EQ(cycles.size(), static_cast<std::size_t>(n + 3));
    // cycles[1] is the first add; each add waits for the previous one's result: `latency`
    // cycles apart. The consumer after the n-th add issues n x latency after the first add.
    for (int i = 2; i <= n + 1; ++i) EXPECT_EQ(cycles[i] - cycles[i - 1], latency) << i;
    EXPECT_EQ(cycles[n + 1] - cycles[1], std::uint64_t{n} * latency);
  }
}

// A guarded instruction's result is waited for like any other (the if-conversion of
// hoist_loads makes such chains): `@%p1 add` after `@%p1 add`, `latency` cycles apart.
TEST(SmPipeline, GuardedResultsAreWaitedFor) {
  const std::uint32_t latency = 6;
  const int n = 8;
  std::string body = "  mov.u32 %r1, 7;\n  setp.ne.u32 %p1, %r9, 1;\n";
  for (int i = 0; i < n; ++i) body += "  @%p1 add.u32 %r1, %r1, 1;\n";
  body += "  exit;\n";
  const std::string ptx =
      ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n"
      "  .reg .pred %p<2>;\n  .reg .b32 %r<10>;\n" +
      body + "}\n";
  func::Device device;
  const auto sets = test::one_sm({"sm.ops.int.latency=" + std::to_string(latency)});
  const auto out = run_kernel(device, timing_config("v100", sets), ptx, {1, 1, 1}, {1, 1, 1});
  const auto cycles = cycles_of(out.issues, 0);
  ASSERT_EQ(cycles.size(), static_cast<std::size_t>(n + 3));
  for (int i = 3; i < n + 2; ++i) EXPECT_EQ(cycles[i] - cycles[i - 1], latency) << i;
}

TEST(SmPipeline, IndependentInstructionsIssueOnePerCycle) {
  std::string body = "  mov.u32 %r1, 7;\n";
  for (int i = 0; i < 12; ++i) body += "  add.u32 %r" + std::to_string(2 + i % 6) + ", %r9, 1;\n";
  body += "  exit;\n";
  const std::string ptx =
      ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n"
      "  .reg .b32 %r<10>;\n" +
      body + "}\n";
  func::Device device;
  const auto out =
      run_kernel(device, timing_config("v100", test::one_sm()), ptx, {1, 1, 1}, {1, 1, 1});
  const auto cycles = cycles_of(out.issues, 0);
  ASSERT_EQ(cycles.size(), 14u);
  // 12 adds read only %r9 (never written): no hazards, one int pipeline with interval 1.
  // (The writes rotate over 6 registers; a rewrite comes 6 cycles after the previous write,
  // after its latency of 4, so WAW never stalls either.)
  for (std::size_t i = 1; i < cycles.size(); ++i) EXPECT_EQ(cycles[i] - cycles[i - 1], 1u) << i;
}

TEST(SmPipeline, InitiationIntervalSpacesIndependentInstructions) {
  std::string body;
  for (int i = 0; i < 6; ++i) body += "  add.u32 %r" + std::to_string(2 + i) + ", %r9, 1;\n";
  body += "  exit;\n";
  const std::string ptx =
      ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n"
      "  .reg .b32 %r<10>;\n" +
      body + "}\n";
  func::Device device;
  const auto out =
      run_kernel(device, timing_config("v100", test::one_sm({"sm.ops.int.interval=3"})), ptx,
                 {1, 1, 1}, {1, 1, 1});
  const auto cycles = cycles_of(out.issues, 0);
  ASSERT_EQ(cycles.size(), 7u);
  for (std::size_t i = 1; i < 6; ++i) EXPECT_EQ(cycles[i] - cycles[i - 1], 3u) << i;
}

// t0 = %clock; two dependent adds on it; t1 = %clock. The first add waits for the move's
// latency M, the second for the first add's L, and the second clock read (independent)
// issues the cycle after: t1 - t0 = M + L + 1.
TEST(SmPipeline, ClockDifferencesMatchLatencies) {
  const std::string ptx = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %clock;
  add.u32 %r2, %r1, 1;
  add.u32 %r3, %r2, 1;
  mov.u32 %r4, %clock;
  sub.u32 %r5, %r4, %r1;
  st.global.u32 [%rd1], %r5;
  st.global.u32 [%rd1+4], %r3;
  exit;
}
)";
  for (auto [move, add] : {std::pair{4u, 4u}, std::pair{3u, 7u}, std::pair{6u, 2u}}) {
    func::Device device;
    const Addr out = device.malloc(8);
    const void* args[] = {&out};
    auto sets = test::one_sm({"sm.ops.move.latency=" + std::to_string(move),
                              "sm.ops.int.latency=" + std::to_string(add)});
    run_kernel(device, timing_config("v100", sets), ptx, {1, 1, 1}, {1, 1, 1}, {args[0]});
    std::uint32_t diff = 0;
    device.memory().read(out, &diff, 4);
    EXPECT_EQ(diff, move + add + 1) << "move " << move << " add " << add;
  }
}

}  // namespace
}  // namespace warpsim
