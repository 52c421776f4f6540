// Dynamic-AgeLRU end to end (gpu/age_lru_controller.h over two SMs): the controller samples
// every period, votes, and its state counts add up; an idle candidate SM (the thesis's GESUMMV)
// loses every vote to LRU; a candidate SM the GPU lacks is a config error. The voting logic
// itself is tested on hand-made samples in tests/unit/gpu/age_lru_vote_test.cc.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/config_node.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

// Each thread reads 8 words 512 bytes apart, 4 warps per CTA.
constexpr const char* kLoads = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 buf)
{
  .reg .u64 %rd<4>;
  .reg .u32 %r<8>;
  .reg .pred %p;
  ld.param.u64 %rd1, [buf];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  mov.u32 %r5, 0;
LOOP:
  ld.global.u32 %r2, [%rd3];
  add.u64 %rd3, %rd3, 512;
  add.u32 %r5, %r5, 1;
  setp.lt.u32 %p, %r5, 8;
  @%p bra LOOP;
  exit;
}
)";

test::KernelRunOutput run(std::uint32_t ctas, std::vector<std::string> more) {
  func::Device device;
  const Addr buf = device.malloc(8 * 512 + 1024);
  std::vector<std::string> sets = {
      "sm.count=2", "sm.warp_scheduler=gto", "sm.l1d.replacement.impl=age_lru",
      "sm.l1d.replacement.dynamic=true", "sm.l1d.replacement.period=20"};
  sets.insert(sets.end(), more.begin(), more.end());
  return test::run_kernel(device, test::timing_config("v100", test::one_sm(sets)), kLoads,
                          {ctas, 1, 1}, {128, 1, 1}, {&buf});
}

std::uint64_t count(const nlohmann::ordered_json& vote, const char* name) {
  return vote.at(name).get<std::uint64_t>();
}

TEST(DynamicAgeLru, TheControllerSamplesAndVotes) {
  const auto out = run(2, {});
  ASSERT_EQ(out.results.size(), 1u);
  const auto& vote = out.results[0].stats.at("age_lru_vote");
  const std::uint64_t samples = count(vote, "samples");
  EXPECT_GE(samples, 2u);
  EXPECT_GE(count(vote, "votes"), 1u);
  EXPECT_LE(count(vote, "votes_age_lru"), count(vote, "votes"));
  EXPECT_EQ(
      count(vote, "periods_vote") + count(vote, "periods_age_lru") + count(vote, "periods_lru"),
      samples);
  // Every vote ends a vote period, and no vote period passes without one (skip_idle is off).
  EXPECT_EQ(count(vote, "votes"), count(vote, "periods_vote"));
  // Deterministic.
  EXPECT_EQ(test::stream_of(run(2, {}).issues), test::stream_of(out.issues));
}

TEST(DynamicAgeLru, AnIdleCandidateSmLosesEveryVote) {
  // One CTA: SM 0 takes it, SM 1 (the candidate here) never issues.
  const auto out = run(1, {"sm.l1d.replacement.candidate_sm=1"});
  ASSERT_EQ(out.results.size(), 1u);
  const auto& vote = out.results[0].stats.at("age_lru_vote");
  EXPECT_GE(count(vote, "votes"), 1u);
  EXPECT_EQ(count(vote, "votes_age_lru"), 0u);
  EXPECT_EQ(count(vote, "idle_votes"), count(vote, "votes"));
  // With skip_idle the vote waits for the candidate, which never comes: no vote is decided.
  const auto held =
      run(1, {"sm.l1d.replacement.candidate_sm=1", "sm.l1d.replacement.skip_idle=true"});
  const auto& waited = held.results[0].stats.at("age_lru_vote");
  EXPECT_EQ(count(waited, "votes"), 0u);
  EXPECT_EQ(count(waited, "periods_vote"), count(waited, "samples"));
}

TEST(DynamicAgeLru, ACandidateSmTheGpuLacksIsAConfigError) {
  EXPECT_THROW(run(2, {"sm.l1d.replacement.candidate_sm=2"}), ConfigError);
}

}  // namespace
}  // namespace warpsim
