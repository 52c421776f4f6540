// Static PCAL's token split (sm/tokens/pcal.cc, Table 4.3 of Dong Li's thesis) and the SM's
// token assignment: the oldest `tokens` unfinished warps of a kernel on a scheduler hold
// tokens, and a token passes on when its holder ends. Expected values are derived in the
// comments.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/registry.h"
#include "sm/tokens/token_policy.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

using Split = TokenPolicy::Split;

std::unique_ptr<TokenPolicy> pcal(int ebt) {
  const ConfigNode slot =
      ConfigNode::parse_string("{impl: pcal, ebt: " + std::to_string(ebt) + "}", "test.yaml");
  return PolicyRegistry::global().create<TokenPolicy>(slot, TokenPolicy::Context{0, 24});
}

void expect_split(const Split& got, std::uint32_t issue, std::uint32_t tokens) {
  EXPECT_EQ(got.issue, issue);
  EXPECT_EQ(got.tokens, tokens);
}

// warp-opt N = 4 of 24 resident warps per scheduler.
TEST(PcalSplit, TableFourThreeWithAWarpCap) {
  expect_split(pcal(0)->split(4, 24, std::nullopt), 4, 4);   // pure throttling
  expect_split(pcal(2)->split(4, 24, std::nullopt), 6, 4);   // Strategy 1: 2 bypass warps more
  expect_split(pcal(-2)->split(4, 24, std::nullopt), 4, 2);  // Strategy 2: 2 of 4 lose tokens
  expect_split(pcal(-6)->split(4, 24, std::nullopt), 4, 1);  // at least one keeps a token
  // warp-opt 1 (KMN, GESUMMV): Strategy 2 changes nothing.
  expect_split(pcal(-3)->split(1, 24, std::nullopt), 1, 1);
}

// Without a cap N is warp-max, the kernel's own resident warps per scheduler (16 here): 2 of
// them lose their tokens; Strategy 1 has no more warps to add, every one already issues.
TEST(PcalSplit, WithoutACapNIsTheKernelsResidentWarps) {
  expect_split(pcal(-2)->split(0, 16, std::nullopt), 0, 14);
  expect_split(pcal(3)->split(0, 16, std::nullopt), 0, 16);
  // A cap above what fits is the resident count.
  expect_split(pcal(-2)->split(20, 16, std::nullopt), 20, 14);
}

TEST(PcalSplit, AKernelsOwnEbtOverridesThePolicys) {
  expect_split(pcal(-2)->split(4, 24, 1), 5, 4);
  expect_split(pcal(0)->split(4, 24, -1), 4, 3);
}

TEST(PcalSplit, TheDefaultPolicyGivesEveryWarpAToken) {
  const ConfigNode slot = ConfigNode::parse_string("{impl: all}", "test.yaml");
  const auto all = PolicyRegistry::global().create<TokenPolicy>(slot, TokenPolicy::Context{0, 24});
  expect_split(all->split(4, 24, -2), 4, 0);
  expect_split(all->split(0, 24, 3), 0, 0);
}

// Each thread loads its word twice, 512 bytes apart, the second load after the first's value
// arrives (the add): pcs 4 and 6; exit is pc 7. 128 threads: four warps, one line each.
constexpr const char* kTwoLoads = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 buf)
{
  .reg .u64 %rd<4>;
  .reg .u32 %r<5>;
  ld.param.u64 %rd1, [buf];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  ld.global.u32 %r2, [%rd3];
  add.u32 %r3, %r2, 1;
  ld.global.u32 %r4, [%rd3+512];
  exit;
}
)";

test::KernelRunOutput run_two_loads(std::vector<std::string> sets) {
  func::Device device;
  const Addr buf = device.malloc(1024);
  sets.insert(sets.end(), {"sm.warp_scheduler=gto", "sm.l1d.tokens.honor=true"});
  return test::run_kernel(device, test::timing_config("v100", test::one_sm(sets)), kTwoLoads,
                          {1, 1, 1}, {128, 1, 1}, {&buf});
}

// Token lookups the issue stream implies: a load's warp holds a token when fewer than `tokens`
// older warps have not issued their exit yet.
std::uint64_t token_loads(const std::vector<test::Issue>& issues, std::uint32_t tokens) {
  std::vector<bool> exited(4, false);
  std::uint64_t count = 0;
  for (const test::Issue& i : issues) {
    if (i.pc == 4 || i.pc == 6) {
      std::uint32_t older = 0;
      for (std::uint32_t w = 0; w < i.warp; ++w) older += exited[w] ? 0 : 1;
      count += older < tokens ? 1 : 0;
    }
    if (i.pc == 7) exited[i.warp] = true;
  }
  return count;
}

// Cap 4, EBTNum -3, -2, -1: 1, 2, 3 tokens. The 8 loads split between token holders and the
// rest as the issue stream says, tokens passing on as warps exit. With one token, warp 0's two
// loads are the token holder's (nothing is older) and warp 3's first load is token-less: it
// issues right after warp 0's first, while warps 0-2 all live (GTO moves on at the stall).
TEST(PcalTokens, TheOldestUnfinishedWarpsHoldTheTokensAndPassThemOn) {
  for (int ebt : {-3, -2, -1}) {
    const std::uint32_t tokens = static_cast<std::uint32_t>(4 + ebt);
    SCOPED_TRACE("tokens " + std::to_string(tokens));
    const auto out = run_two_loads({"sm.throttle.warps=4", "sm.cache_tokens.impl=pcal",
                                    "sm.cache_tokens.ebt=" + std::to_string(ebt)});
    ASSERT_EQ(out.results.size(), 1u);
    ASSERT_EQ(out.issues.size(), 32u);  // 4 warps x 8 instructions
    const auto& t = out.results[0].stats["l1d"]["tokens"];
    const std::uint64_t lookups =
        t["token_lookups"].get<std::uint64_t>() + t["tokenless_lookups"].get<std::uint64_t>();
    EXPECT_EQ(lookups, 8u);
    const std::uint64_t expected = token_loads(out.issues, tokens);
    EXPECT_EQ(t["token_lookups"].get<std::uint64_t>(), expected);
    if (tokens == 1) {
      EXPECT_GE(expected, 2u);  // warp 0's
      EXPECT_LT(expected, 8u);  // not all: warps 1-3 load while warp 0 lives
    }
  }
}

// Strategy 1 (EBTNum +1 over a cap of 1): two warps issue, one holds a token. At every issue
// fewer than two older warps are live, and the loads of a warp issued while an older one lived
// were token-less.
TEST(PcalTokens, StrategyOneLetsMoreWarpsIssueWithoutTokens) {
  const auto out =
      run_two_loads({"sm.throttle.warps=1", "sm.cache_tokens.impl=pcal", "sm.cache_tokens.ebt=1"});
  ASSERT_EQ(out.issues.size(), 32u);
  std::vector<bool> exited(4, false);
  bool two_at_once = false;
  for (const test::Issue& i : out.issues) {
    std::uint32_t older = 0;
    for (std::uint32_t w = 0; w < i.warp; ++w) older += exited[w] ? 0 : 1;
    EXPECT_LT(older, 2u) << "warp " << i.warp << " pc " << i.pc;
    two_at_once |= older == 1;
    if (i.pc == 7) exited[i.warp] = true;
  }
  EXPECT_TRUE(two_at_once);  // the second warp did issue beside the first
  const auto& t = out.results[0].stats["l1d"]["tokens"];
  EXPECT_EQ(t["token_lookups"].get<std::uint64_t>(), token_loads(out.issues, 1));
  EXPECT_GT(t["tokenless_lookups"].get<std::uint64_t>(), 0u);
}

// A kernels-file EBTNum reaches the kernel: `k: {warps: 4, ebt: -3}` gives one token, exactly
// as the section's ebt did above.
TEST(PcalTokens, TheKernelsFileGivesAKernelItsEbt) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "warpsim-pcal-kernels.yaml";
  std::ofstream(file) << "k: {warps: 4, ebt: -3}\n";
  const auto by_file =
      run_two_loads({"sm.cache_tokens.impl=pcal", "sm.throttle.kernels=" + file.string()});
  const auto by_section =
      run_two_loads({"sm.throttle.warps=4", "sm.cache_tokens.impl=pcal", "sm.cache_tokens.ebt=-3"});
  std::filesystem::remove(file);
  EXPECT_EQ(test::stream_of(by_file.issues), test::stream_of(by_section.issues));
  EXPECT_EQ(by_file.results[0].stats["l1d"]["tokens"]["token_lookups"],
            by_section.results[0].stats["l1d"]["tokens"]["token_lookups"]);
  EXPECT_LT(by_file.results[0].stats["l1d"]["tokens"]["token_lookups"].get<std::uint64_t>(), 8u);
}

}  // namespace
}  // namespace warpsim

namespace warpsim {
namespace {

// Dynamic PCAL (gpu/pcal_controller.h) with a 20-cycle period over the two-load kernel capped
// at 2 warps. The fixed-latency memory has no NoC and little stall, and warps are held back, so
// the first sample's Init goes Hill-Climbing at EBTNum 1: from then on a third warp issues,
// token-less, which the cap of 2 alone never allows (at an issue, at most one older warp lives).
TEST(DynamicPcal, TheControllerRaisesEbtAndTheSmLetsAThirdWarpIssue) {
  const std::vector<std::string> sets = {"sm.throttle.warps=2", "sm.cache_tokens.impl=dynamic_pcal",
                                         "sm.cache_tokens.period=20"};
  const auto out = run_two_loads(sets);
  ASSERT_EQ(out.results.size(), 1u);
  ASSERT_EQ(out.issues.size(), 32u);
  const auto& pcal = out.results[0].stats["pcal"];
  const std::uint64_t samples = pcal["samples"].get<std::uint64_t>();
  EXPECT_GE(samples, 1u);
  EXPECT_GE(pcal["changes"].get<std::uint64_t>(), 1u);
  EXPECT_EQ(
      pcal["periods_init"].get<std::uint64_t>() + pcal["periods_hill_climb"].get<std::uint64_t>() +
          pcal["periods_vote"].get<std::uint64_t>() + pcal["periods_stable"].get<std::uint64_t>(),
      samples);
  std::vector<bool> exited(4, false);
  std::uint32_t most_older = 0;
  for (const test::Issue& i : out.issues) {
    std::uint32_t older = 0;
    for (std::uint32_t w = 0; w < i.warp; ++w) older += exited[w] ? 0 : 1;
    most_older = std::max(most_older, older);
    if (i.pc == 7) exited[i.warp] = true;
  }
  EXPECT_EQ(most_older, 2u);  // a third warp issued beside two older ones
  EXPECT_GT(out.results[0].stats["l1d"]["tokens"]["tokenless_lookups"].get<std::uint64_t>(), 0u);
  // The same run again issues the same stream.
  EXPECT_EQ(test::stream_of(run_two_loads(sets).issues), test::stream_of(out.issues));
}

}  // namespace
}  // namespace warpsim
