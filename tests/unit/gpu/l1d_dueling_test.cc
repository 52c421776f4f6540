// SM dueling of the Decoupled L1D (gpu/l1d_dueling.h): the decision rule on hand-made tallies,
// and the component on a GPU: the leader filters, the baseline SM never does, the followers
// switch when the rule says so, and the cycle accounting adds up.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../sm/sm_test_util.h"
#include "gpu/l1d_dueling.h"

namespace warpsim {
namespace {

Cache::ReadTally tally(std::uint64_t reads, std::uint64_t misses) {
  return Cache::ReadTally{.reads = reads, .misses = misses};
}

TEST(L1dDuelingRule, FollowersFilterUnlessTheLeaderMissesMoreThanTheMarginMore) {
  // Leader 50% against baseline 45%: within 10 points, filter.
  EXPECT_TRUE(followers_filter(tally(100, 50), tally(100, 45), 0.1, false));
  // Leader 60% against 45%: the baseline wins.
  EXPECT_FALSE(followers_filter(tally(100, 60), tally(100, 45), 0.1, true));
  // Exactly the margin: still filter.
  EXPECT_TRUE(followers_filter(tally(4, 3), tally(2, 1), 0.25, false));
  // The leader missing less always filters.
  EXPECT_TRUE(followers_filter(tally(100, 10), tally(100, 90), 0.0, false));
}

TEST(L1dDuelingRule, APeriodWithoutReadsOnEitherSmKeepsTheChoice) {
  EXPECT_TRUE(followers_filter(tally(0, 0), tally(100, 0), 0.1, true));
  EXPECT_FALSE(followers_filter(tally(100, 0), tally(0, 0), 0.1, false));
}

// Each thread reads 24 lines of its own, twice over (reuse distance 24 lines per warp): the
// first pass misses everywhere, the second hits where the lines stayed.
constexpr const char* kTwoPasses = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 buf)
{
  .reg .u64 %rd<6>;
  .reg .u32 %r<8>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [buf];
  mov.u32 %r5, %ctaid.x;
  mul.wide.u32 %rd4, %r5, 3072;
  add.u64 %rd1, %rd1, %rd4;
  mov.u32 %r1, 0;
  mov.u32 %r2, 0;
LOOP:
  rem.u32 %r6, %r1, 24;
  mul.wide.u32 %rd2, %r6, 128;
  add.u64 %rd3, %rd1, %rd2;
  ld.global.u32 %r3, [%rd3];
  add.u32 %r2, %r2, %r3;
  add.u32 %r1, %r1, 1;
  setp.lt.u32 %p1, %r1, 48;
  @%p1 bra LOOP;
  exit;
}
)";

nlohmann::ordered_json run_two_passes(std::vector<std::string> sets) {
  func::Device device;
  constexpr std::uint32_t kCtas = 16;
  const Addr buf = device.malloc(kCtas * 3072);
  const func::LoadedModule& module = device.load_module(kTwoPasses, "test.ptx");
  sets.push_back("sm.count=4");
  GpuModel model(test::timing_config("gtx480", sets));
  std::vector<const void*> args = {&buf};
  model.launch(device.prepare(*module.find_kernel("k"),
                              func::LaunchConfig{{kCtas, 1, 1}, {32, 1, 1}, 0}, args),
               0, KernelResourceInfo{16, 0, "config"});
  const std::vector<KernelResult> results = model.synchronize();
  EXPECT_EQ(results.size(), 1u);
  return model.run_stats();
}

TEST(L1dDueling, TheLeaderFiltersTheBaselineNeverAndFollowersSwitchEachPeriod) {
  const nlohmann::ordered_json s =
      run_two_passes({"sm.l1d.admission={impl: decoupled, dueling: true, dueling_period: 50}"});
  const nlohmann::ordered_json& d = s.at("l1d_dueling");
  const std::uint64_t cycles = s.at("cycles").get<std::uint64_t>();
  const auto decisions = d.at("decisions").get<std::uint64_t>();
  EXPECT_EQ(decisions, cycles / 50);
  EXPECT_LE(d.at("switches").get<std::uint64_t>(), decisions);
  EXPECT_LE(d.at("decisions_filter").get<std::uint64_t>(), decisions);
  // Two followers, every decided period counted once for each.
  EXPECT_EQ(d.at("follower_cycles_off").get<std::uint64_t>() +
                d.at("follower_cycles_on").get<std::uint64_t>(),
            2 * 50 * decisions);
  const nlohmann::ordered_json& a = s.at("l1d").at("admission");
  EXPECT_GT(a.at("filtered").get<std::uint64_t>(), 0u);    // the leader, at least
  EXPECT_GT(a.at("off_checks").get<std::uint64_t>(), 0u);  // the baseline SM, at least
}

TEST(L1dDueling, ALeaderOrBaselineOutsideTheGpuIsAConfigError) {
  EXPECT_THROW(run_two_passes({"sm.l1d.admission={impl: decoupled, dueling: true, "
                               "dueling_baseline: 4}"}),
               ConfigError);
  EXPECT_THROW(run_two_passes({"sm.l1d.admission={impl: decoupled, dueling: true, "
                               "dueling_baseline: 0}"}),
               ConfigError);
}

}  // namespace
}  // namespace warpsim
