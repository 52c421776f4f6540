// The warp identity a memory request carries for seed 001's locality statistics: its warp's
// launch order and age rank, seen through the L1's intra-/inter-warp and by-age hit counts.

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "sm_test_util.h"

namespace warpsim {
namespace {

// Every thread loads the same word twice; the second load waits (through the add) for the
// first to complete, and the barrier keeps every warp live until all four have issued it.
constexpr const char* kLoadTwice = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 buf)
{
  .reg .u64 %rd<2>;
  .reg .u32 %r<4>;
  ld.param.u64 %rd1, [buf];
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  ld.global.u32 %r3, [%rd1];
  bar.sync 0;
  exit;
}
)";

TEST(WarpAgeRank, SecondLoadsHitWithTheirWarpsRankAndOnlyTheAllocatorsHitIsIntraWarp) {
  func::Device device;
  const Addr buf = device.malloc(128);
  // One CTA of 4 warps on one scheduler. GTO issues warp 0's first load first: it misses and
  // allocates the line; warps 1-3's first loads merge into that miss. Each warp's second load
  // hits the filled line. All four warps are live then (the barrier comes after it), so warp
  // i has i older live warps: ranks 0, 1, 2, 3, one hit each. Warp 0 allocated the line, so its
  // hit is the one intra-warp hit and the other three are inter-warp.
  const auto out =
      test::run_kernel(device, test::timing_config("v100", test::one_sm({"sm.warp_scheduler=gto"})),
                       kLoadTwice, {1, 1, 1}, {128, 1, 1}, {&buf});
  ASSERT_EQ(out.results.size(), 1u);
  const auto& l1d = out.results[0].stats["l1d"];
  EXPECT_EQ(l1d["misses"].get<std::uint64_t>(), 1u);
  EXPECT_EQ(l1d["hit_reserved"].get<std::uint64_t>(), 3u);
  EXPECT_EQ(l1d["hits"].get<std::uint64_t>(), 4u);
  EXPECT_EQ(l1d["hits_intra_warp"].get<std::uint64_t>(), 1u);
  EXPECT_EQ(l1d["hits_inter_warp"].get<std::uint64_t>(), 3u);
  EXPECT_DOUBLE_EQ(l1d["intra_warp_hit_share"].get<double>(), 0.25);
  std::vector<std::uint64_t> expected(64, 0);
  for (int i = 0; i < 4; ++i) expected[i] = 1;
  EXPECT_EQ(l1d["hits_by_warp_age"].get<std::vector<std::uint64_t>>(), expected);
}

}  // namespace
}  // namespace warpsim
