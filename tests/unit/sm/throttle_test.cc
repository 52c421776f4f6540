// Static throttling (sm/throttle.h): sm.throttle.warps lets only the oldest N active warps of a
// scheduler issue, sm.throttle.ctas caps a kernel's resident CTAs per SM, and the kernels file
// gives kernels their own caps. Expected issue streams are derived by hand in the comments.

#include "sm/throttle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::Issue;
using test::kFiveInstKernel;
using test::run_kernel;
using test::Stream;
using test::stream_of;
using test::timing_config;

// The two-warp streams of scheduling_test.cc (derived there), for warps a and b.
Stream gto_pair(std::uint32_t a, std::uint32_t b) {
  return {{a, 0}, {a, 1}, {a, 2}, {b, 0}, {b, 1}, {b, 2}, {a, 3}, {a, 4}, {b, 3}, {b, 4}};
}
Stream lrr_pair(std::uint32_t a, std::uint32_t b) {
  return {{a, 0}, {b, 0}, {a, 1}, {b, 1}, {a, 2}, {b, 2}, {a, 3}, {b, 3}, {a, 4}, {b, 4}};
}

test::KernelRunOutput run_four_warps(const std::string& policy, std::vector<std::string> more) {
  func::Device device;
  std::vector<std::string> sets = {"sm.warp_scheduler=" + policy};
  sets.insert(sets.end(), more.begin(), more.end());
  return run_kernel(device, timing_config("v100", test::one_sm(sets)), kFiveInstKernel, {1, 1, 1},
                    {128, 1, 1});
}

// Four warps on one scheduler, at most two issuing. Warps 0 and 1 run exactly as the two-warp
// kernel does: 2 and 3 never issue while both of them live. GTO: w0 exits at t+7 (its i4);
// at t+8 the oldest active are w1 and w2, and GTO, whose greedy warp has gone, takes the
// oldest ready one, w1 (i3; its %r2 was ready at t+8), then greedily w1's exit at t+9; from
// t+10 w2 and w3 run the two-warp stream again. LRR: w0 exits at t+8, w1 is next in the
// round at t+9 and exits; from t+10 w2 and w3 alternate as w0 and w1 did.
TEST(SmThrottle, TheOldestWarpsRunAndTheRestWait) {
  for (const auto& [policy, pair] : {std::pair{"gto", &gto_pair}, std::pair{"lrr", &lrr_pair}}) {
    SCOPED_TRACE(policy);
    const auto out = run_four_warps(policy, {"sm.throttle.warps=2"});
    Stream expected = pair(0, 1);
    const Stream second = pair(2, 3);
    expected.insert(expected.end(), second.begin(), second.end());
    EXPECT_EQ(stream_of(out.issues), expected);
    ASSERT_EQ(out.issues.size(), 20u);
    // One issue a cycle throughout: the cap never idles the scheduler here.
    EXPECT_EQ(out.issues.back().cycle - out.issues.front().cycle, 19u);
    // Without the cap, LRR starts w2 and w3 in the first round (w0, w1, w2, w3, w0, ...). GTO
    // issues the same stream capped or not: w0 or w1 is ready whenever GTO looks past its
    // greedy warp, so the cap of two never binds (a cap of one does: the next test).
    const auto free = run_four_warps(policy, {});
    ASSERT_EQ(free.issues.size(), 20u);
    if (std::string(policy) == "lrr") {
      EXPECT_EQ(stream_of(free.issues)[2], (std::pair<std::uint32_t, std::uint32_t>{2, 0}));
    } else {
      EXPECT_EQ(stream_of(free.issues), expected);
    }
  }
}

// Every policy honours the cap: at each issue, fewer than N warps older than the issuing one
// are still live (a warp is live until its exit issues). Cap 1 serialises the warps entirely.
TEST(SmThrottle, EveryPolicyIssuesOnlyFromTheOldest) {
  for (const char* policy : {"gto", "lrr", "two_level", "oldest_first"}) {
    for (std::uint32_t cap : {1u, 3u}) {
      SCOPED_TRACE(std::string(policy) + " cap " + std::to_string(cap));
      const auto out = run_four_warps(policy, {"sm.throttle.warps=" + std::to_string(cap)});
      ASSERT_EQ(out.issues.size(), 20u);
      std::vector<bool> exited(4, false);
      for (const Issue& i : out.issues) {
        std::uint32_t older_live = 0;
        for (std::uint32_t w = 0; w < i.warp; ++w) older_live += exited[w] ? 0 : 1;
        EXPECT_LT(older_live, cap) << "warp " << i.warp << " pc " << i.pc << " at " << i.cycle;
        if (i.pc == 4) exited[i.warp] = true;
      }
      if (cap == 1) {
        for (std::size_t n = 0; n < out.issues.size(); ++n) {
          EXPECT_EQ(out.issues[n].warp, n / 5) << n;  // w0's five, then w1's, ...
        }
      }
    }
  }
}

// A CTA of two warps, one scheduler, cap 1: w0 reaches the barrier first and waits there; a
// warp at a barrier does not count, so w1 may issue, reaches the barrier, and both go on. (If
// the waiting w0 counted, w1 could never arrive: a deadlock.)
TEST(SmThrottle, AWarpAtABarrierLetsTheNextOneIssue) {
  const char* ptx = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k()
{
  .reg .b32 %r<4>;
  mov.u32 %r1, 1;
  bar.sync 0;
  mov.u32 %r2, 2;
  exit;
}
)";
  func::Device device;
  const auto out = run_kernel(
      device, timing_config("v100", test::one_sm({"sm.warp_scheduler=gto", "sm.throttle.warps=1"})),
      ptx, {1, 1, 1}, {64, 1, 1});
  // w0: mov, bar; then w1 (the oldest active one): mov, bar; released, w0 before w1.
  const Stream expected = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}};
  EXPECT_EQ(stream_of(out.issues), expected);
}

// Four CTAs of two warps on one SM: with sm.throttle.ctas=1 the SM holds one at a time, so
// only warp slots 0 and 1 are ever used, under every policy; without it the SM takes all four
// at once (v100 holds 32 CTAs) and uses slots 0-7.
TEST(SmThrottle, TheCtaCapHoldsWithEveryPolicy) {
  for (const char* policy : {"gto", "lrr", "two_level", "oldest_first"}) {
    SCOPED_TRACE(policy);
    for (const std::string cap : {"1", "0"}) {
      func::Device device;
      const auto out =
          run_kernel(device,
                     timing_config("v100", test::one_sm({std::string("sm.warp_scheduler=") + policy,
                                                         "sm.throttle.ctas=" + cap})),
                     kFiveInstKernel, {4, 1, 1}, {64, 1, 1});
      ASSERT_EQ(out.issues.size(), 40u);  // 4 CTAs x 2 warps x 5 instructions
      std::uint32_t highest = 0;
      for (const Issue& i : out.issues) highest = std::max(highest, i.warp);
      EXPECT_EQ(highest, cap == "1" ? 1u : 7u);
    }
  }
}

class ThrottleFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() /
        ("warpsim-throttle-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  // The `sm` section with throttle {warps, ctas, kernels: FILE} and FILE holding `text`.
  ConfigNode sm_section(const std::string& warps, const std::string& ctas,
                        const std::string& text) {
    const std::string file = (dir_ / "caps.yaml").string();
    std::ofstream(file) << text;
    return ConfigNode::parse_string(
        "throttle: {warps: " + warps + ", ctas: " + ctas + ", kernels: \"" + file + "\"}\n",
        "--set");
  }
  std::filesystem::path dir_;
};

TEST_F(ThrottleFileTest, KernelsGetTheirOwnCapsOverTheSections) {
  const ThrottleTable table(
      sm_section("6", "0", "matvec: {warps: 4}\nreduce: {warps: 2, ctas: 1}\n"));
  EXPECT_EQ(table.caps("matvec").warps, 4u);
  EXPECT_EQ(table.caps("matvec").ctas, 0u);  // not given: the section's
  EXPECT_EQ(table.caps("reduce").warps, 2u);
  EXPECT_EQ(table.caps("reduce").ctas, 1u);
  EXPECT_EQ(table.caps("other").warps, 6u);  // not named: the section's
}

// The kernel `k` named in the file gets its cap of one over the section's three: its four warps
// run one after another.
TEST_F(ThrottleFileTest, AKernelsCapReachesItsWarps) {
  const std::string file = (dir_ / "k.yaml").string();
  std::ofstream(file) << "k: {warps: 1}\nother: {warps: 4}\n";
  const auto out = run_four_warps("gto", {"sm.throttle.warps=3", "sm.throttle.kernels=" + file});
  ASSERT_EQ(out.issues.size(), 20u);
  for (std::size_t n = 0; n < out.issues.size(); ++n) EXPECT_EQ(out.issues[n].warp, n / 5) << n;
}

TEST_F(ThrottleFileTest, MistakesNameTheFileAndLine) {
  const auto message = [&](const std::string& text) {
    try {
      ThrottleTable table(sm_section("0", "0", text));
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string file = (dir_ / "caps.yaml").string();
  EXPECT_EQ(message("k: {warps: 2}\nj: {wraps: 3}\n"),
            file + ":2:12: j.wraps: unknown key 'wraps' (known: warps, ctas, ebt)");
  EXPECT_EQ(message("k: {warps: many}\n"),
            file + ":1:12: k.warps: expected a non-negative integer, got 'many'");
  EXPECT_EQ(message("k: 4\n"), file + ":1:4: k: expected the kernel's caps: {warps: N, ctas: M, ebt: E}");
  const ConfigNode missing = ConfigNode::parse_string(
      "throttle: {warps: 0, ctas: 0, kernels: /no/such/caps.yaml}\n", "--set");
  EXPECT_THROW(ThrottleTable{missing}, ConfigError);
}

}  // namespace
}  // namespace warpsim
