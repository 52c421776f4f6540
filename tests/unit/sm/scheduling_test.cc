// Scheduler orders on a hand-made two-warp program, loads through the stand-in memory, shared
// memory bank conflicts, and the stall accounting invariant. Expected values are derived by
// hand in the comments.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::cycles_of;
using test::Issue;
using test::run_kernel;
using test::timing_config;

// Both warps' buffers fill in the same cycle; t = the first issue; latency 4.
// GTO: w0 runs i0,i1,i2 (t..t+2); at t+3 its i3 waits for %r2 (ready t+1+4 = t+5), so the
// oldest other warp, w1, issues i0; greedy on w1: i1 (t+4), i2 (t+5); at t+6 w1's i3 waits
// (its %r2 is ready at t+4+4 = t+8) and w0's i3 is ready: w0 i3, then greedy w0 i4 (t+7); at
// t+8 w1 i3, t+9 w1 i4.
// LRR: alternate from w0: w0 i0, w1 i0, w0 i1, w1 i1, w0 i2, w1 i2; w0 i3 at t+6 (%r2 from
// t+2, ready t+6), w1 i3 at t+7 (ready t+3+4), w0 i4, w1 i4.
TEST(SmScheduling, GtoAndLrrIssueInHandComputedOrders) {
  using Order = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  const Order gto = {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1},
                     {1, 2}, {0, 3}, {0, 4}, {1, 3}, {1, 4}};
  const Order lrr = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2},
                     {1, 2}, {0, 3}, {1, 3}, {0, 4}, {1, 4}};
  const std::vector<std::uint64_t> gto_cycles = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (const auto& [policy, expected] : {std::pair{"gto", gto}, std::pair{"lrr", lrr}}) {
    SCOPED_TRACE(policy);
    func::Device device;
    const auto out = run_kernel(
        device, timing_config("v100", test::one_sm({std::string("sm.warp_scheduler=") + policy})),
        test::kFiveInstKernel, {1, 1, 1}, {64, 1, 1});
    EXPECT_EQ(test::stream_of(out.issues), expected);
    ASSERT_EQ(out.issues.size(), 10u);
    // Both schedules keep the scheduler busy every cycle.
    for (std::size_t i = 0; i < out.issues.size(); ++i) {
      EXPECT_EQ(out.issues[i].cycle - out.issues[0].cycle, gto_cycles[i]) << i;
    }
  }
}

// ld.global issues at t; the LD/ST unit sends the request at t+1; the request link (1 cycle)
// delivers it at t+2; the stand-in answers at t+2+L; the reply link delivers at t+3+L, when the
// register is released and the dependent add issues: load-to-use = L + 3.
TEST(SmScheduling, LoadToUseIsMemoryLatencyPlusLinks) {
  const std::string ptx = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  st.global.u32 [%rd1], %r2;
  exit;
}
)";
  for (std::uint32_t latency : {50u, 200u}) {
    func::Device device;
    const Addr p = device.malloc(4);
    const std::uint32_t v = 41;
    device.memory().write(p, &v, 4);
    const auto out = run_kernel(
        device, timing_config("v100", test::one_sm({"memory.latency=" + std::to_string(latency)})),
        ptx, {1, 1, 1}, {1, 1, 1}, {&p});
    const auto cycles = cycles_of(out.issues, 0);
    ASSERT_EQ(cycles.size(), 5u);
    EXPECT_EQ(cycles[2] - cycles[1], latency + 3);
    std::uint32_t result = 0;
    device.memory().read(p, &result, 4);
    EXPECT_EQ(result, 42u);  // timing never changes results
  }
}

// Lane l reads word (l % d) * 32 + l / d: lanes with equal l / d share a bank (32 banks) and
// read d distinct words, so the access takes d bank cycles. The LD/ST unit starts it the cycle
// after issue and the value is ready shared_latency + d - 1 cycles later: the dependent add
// issues shared_latency + d cycles after the load.
TEST(SmScheduling, SharedBankConflictsCostOneCyclePerDegree) {
  for (const auto& [bank_bytes, type] : {std::pair{4u, "u32"}, std::pair{8u, "u64"}}) {
    const std::string t = type;
    const std::string shift = bank_bytes == 4 ? "2" : "3";
    const std::string ptx =
        ".version 7.0\n.target sm_70\n.address_size 64\n"
        ".visible .entry k(.param .u32 d)\n{\n"
        "  .reg .b32 %r<12>;\n  .reg .b64 %rd<4>;\n"
        "  .shared .align 8 .b8 sh[8192];\n"
        "  ld.param.u32 %r9, [d];\n  mov.u32 %r1, %tid.x;\n"
        "  rem.u32 %r2, %r1, %r9;\n  div.u32 %r3, %r1, %r9;\n"
        "  shl.b32 %r4, %r2, 5;\n  add.u32 %r4, %r4, %r3;\n"
        "  shl.b32 %r4, %r4, " +
        shift +
        ";\n  mov.u32 %r6, sh;\n"
        "  add.u32 %r7, %r6, %r4;\n  ld.shared." +
        t +
        " %rd1, [%r7];\n"
        "  add.u64 %rd2, %rd1, 1;\n  exit;\n}\n";
    for (std::uint32_t d = 1; d <= 32; ++d) {
      SCOPED_TRACE(::testing::Message() << bank_bytes << "-byte banks, degree " << d);
      func::Device device;
      const auto out = run_kernel(
          device,
          timing_config("v100", test::one_sm({"sm.ldst.shared_latency=20",
                                              "sm.ldst.bank_bytes=" + std::to_string(bank_bytes)})),
          t == "u32" ? std::string(ptx)
                           .replace(ptx.find("ld.shared.u32 %rd1"), 18, "ld.shared.u32 %r10")
                           .replace(ptx.find("add.u64 %rd2, %rd1"), 18, "add.u32 %r11, %r10")
                     : ptx,
          {1, 1, 1}, {32, 1, 1}, {&d});
      const auto cycles = cycles_of(out.issues, 0);
      ASSERT_EQ(cycles.size(), 12u);
      EXPECT_EQ(cycles[10] - cycles[9], 20 + d);
    }
  }
}

// With every warp-scheduler policy (two_level_pool leaves ready warps out of its order: a cycle
// in which nothing issued must not count as issued).
class SmSchedulingPolicy : public ::testing::TestWithParam<const char*> {};

TEST_P(SmSchedulingPolicy, EverySchedulerCycleHasExactlyOneReason) {
  const std::string ptx = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [p];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.u32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd2, %r4, 4;
  add.u64 %rd3, %rd1, %rd2;
  ld.global.u32 %r5, [%rd3];
  add.u32 %r5, %r5, 1;
  st.global.u32 [%rd3], %r5;
  exit;
}
)";
  func::Device device;
  const std::uint32_t n = 8 * 256;
  const Addr p = device.malloc(n * 4);
  const auto out =
      run_kernel(device,
                 timing_config("gtx480", {"sm.count=2", "sm.schedulers=2",
                                          std::string("sm.warp_scheduler=") + GetParam()}),
                 ptx, {8, 1, 1}, {256, 1, 1}, {&p});
  ASSERT_EQ(out.results.size(), 1u);
  const auto& s = out.results[0].stats;
  std::uint64_t sum = 0;
  for (const auto& [name, value] : s["stalls"].items()) {
    if (name != "scheduler_cycles") sum += value.get<std::uint64_t>();
  }
  EXPECT_EQ(sum, s["stalls"]["scheduler_cycles"].get<std::uint64_t>());
  EXPECT_EQ(s["stalls"]["scheduler_cycles"].get<std::uint64_t>(),
            s["cycles"].get<std::uint64_t>() * 2 * 2);  // 2 SMs x 2 schedulers (gtx480)
  // Issue width 1: one issuing scheduler cycle per warp instruction.
  EXPECT_EQ(s["stalls"]["issued"].get<std::uint64_t>(), out.results[0].warp_insts);
  EXPECT_GT(s["stalls"]["scoreboard_mem"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(out.results[0].warp_insts, 8u * 8 * 11);  // 8 CTAs x 8 warps x 11 instructions
  // Conservation through the hierarchy: every coalesced request accesses an L1 once (refused
  // accesses retry and count only as failures) or skips it; every request the L1s and the
  // I-cache send crosses the crossbar to an L2 slice; every L2 fetch or write-back reaches DRAM.
  const auto at = [&s](const char* level, const char* stat) {
    return s[level][stat].get<std::uint64_t>();
  };
  const std::uint64_t skipped = s["sm"]["ldst"]["l1_skipped"].get<std::uint64_t>();
  EXPECT_EQ(s["sm"]["ldst"]["mem_requests"].get<std::uint64_t>(),
            at("l1d", "accesses") + at("l1t", "accesses") + at("l1c", "accesses") + skipped);
  EXPECT_EQ(at("l2", "requests"), s["icnt"]["request"]["packets"].get<std::uint64_t>());
  const std::uint64_t icache_fetches =
      at("l2", "requests") - skipped -
      (at("l1d", "misses") + at("l1d", "forwarded") + at("l1d", "writebacks") +
       at("l1t", "misses") + at("l1c", "misses"));
  EXPECT_LE(icache_fetches, s["sm"]["icache"]["misses"].get<std::uint64_t>());
  EXPECT_EQ(at("dram", "reads") + at("dram", "writes"),
            at("l2", "misses") + at("l2", "writebacks"));
}

INSTANTIATE_TEST_SUITE_P(Policies, SmSchedulingPolicy,
                         ::testing::Values("gto", "lrr", "oldest_first", "two_level",
                                           "two_level_pool"));

}  // namespace
}  // namespace warpsim
