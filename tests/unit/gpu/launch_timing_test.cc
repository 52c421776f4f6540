// Launch timing and cache control (gpu.kernel_launch_latency, gpu.cache_control), the per-SM
// active cycles a kernel reports (sm_active_cycles), and the GPC instruction cache
// (sm.gpc_icache), on small hand-made kernels.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../sm/sm_test_util.h"

namespace warpsim {
namespace {

// Each thread loads one word of its own 128-byte line and stores it back incremented: 20
// straight-line instructions, so the code spans several I-cache lines.
constexpr const char* kKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 buf)
{
  .reg .u64 %rd<6>;
  .reg .u32 %r<12>;
  ld.param.u64 %rd1, [buf];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.u32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd2, %r4, 128;
  add.u64 %rd3, %rd1, %rd2;
  ld.global.u32 %r5, [%rd3];
  add.u32 %r6, %r5, 1;
  add.u32 %r7, %r6, 1;
  add.u32 %r8, %r7, 1;
  add.u32 %r9, %r8, 1;
  add.u32 %r10, %r9, 1;
  add.u32 %r11, %r10, 1;
  st.global.u32 [%rd3], %r11;
  exit;
}
)";

struct Runs {
  std::vector<KernelResult> results;
};

// Launches the kernel `launches` times in stream 0 with `ctas` CTAs of 32 threads.
Runs run(std::vector<std::string> sets, std::uint32_t launches = 1, std::uint32_t ctas = 1) {
  func::Device device;
  const Addr buf = device.malloc(std::uint64_t{ctas} * 32 * 128);
  const func::LoadedModule& module = device.load_module(kKernel, "test.ptx");
  GpuModel model(test::timing_config("v100", std::move(sets)));
  std::vector<const void*> args = {&buf};
  for (std::uint32_t i = 0; i < launches; ++i) {
    model.launch(device.prepare(*module.find_kernel("k"),
                                func::LaunchConfig{{ctas, 1, 1}, {32, 1, 1}, 0}, args),
                 0, KernelResourceInfo{16, 0, "config"});
  }
  Runs out;
  out.results = model.synchronize();
  return out;
}

std::uint64_t cycles(const KernelResult& r) { return r.end_cycle - r.start_cycle; }

// The launch latency delays the first CTA and counts in the kernel's cycles, nothing else: the
// kernel takes exactly `latency` more cycles, its SM is active as long as without it, and the
// stalls' `launch` reason holds latency x SMs x schedulers.
TEST(LaunchTiming, LatencyAddsItsCyclesBeforeTheFirstCta) {
  const Runs base = run(test::one_sm());
  const Runs late = run(test::one_sm({"gpu.kernel_launch_latency=500"}));
  ASSERT_EQ(base.results.size(), 1u);
  ASSERT_EQ(late.results.size(), 1u);
  EXPECT_EQ(cycles(late.results[0]), cycles(base.results[0]) + 500);
  const auto active = [](const Runs& r) {
    return r.results[0].stats.at("sm_active_cycles").get<std::uint64_t>();
  };
  EXPECT_EQ(active(late), active(base));
  EXPECT_GT(active(base), 0u);
  EXPECT_LE(active(base), cycles(base.results[0]));
  const auto& stalls = late.results[0].stats.at("stalls");
  EXPECT_EQ(stalls.at("launch").get<std::uint64_t>(), 500u);  // one SM, one scheduler
  std::uint64_t sum = 0;
  for (const auto& [key, value] : stalls.items()) {
    if (key != "scheduler_cycles") sum += value.get<std::uint64_t>();
  }
  EXPECT_EQ(sum, stalls.at("scheduler_cycles").get<std::uint64_t>());
  EXPECT_EQ(base.results[0].stats.at("stalls").at("launch").get<std::uint64_t>(), 0u);
}

// A kernel waiting for the one before it in its stream may start the cycle after that one
// ends; its cycles then count from there, its first CTA coming `latency` later.
TEST(LaunchTiming, ASecondKernelCountsFromTheCycleItMayStart) {
  const Runs r = run(test::one_sm({"gpu.kernel_launch_latency=300"}), 2);
  ASSERT_EQ(r.results.size(), 2u);
  EXPECT_EQ(r.results[1].start_cycle, r.results[0].end_cycle + 1);
  EXPECT_EQ(r.results[0].start_cycle, 0u);
}

// With the caches kept, a second run of the kernel finds its code and data on chip; flushed,
// every run starts cold: the same I-cache misses and L2 hits as the first (its cycles may differ
// by a few: the DRAM's open rows and refresh are not reset).
TEST(LaunchTiming, FlushedCachesMakeEveryRunTheFirst) {
  const std::vector<std::string> sets = {"sm.count=2", "gpu.kernel_launch_latency=10"};
  std::vector<std::string> keep = sets;
  keep.push_back("gpu.cache_control=keep");
  std::vector<std::string> flush = sets;
  flush.push_back("gpu.cache_control=flush");
  const Runs kept = run(keep, 2, 2);
  const Runs flushed = run(flush, 2, 2);
  ASSERT_EQ(kept.results.size(), 2u);
  ASSERT_EQ(flushed.results.size(), 2u);
  EXPECT_LT(cycles(kept.results[1]), cycles(kept.results[0]));
  EXPECT_EQ(cycles(flushed.results[0]), cycles(kept.results[0]));
  EXPECT_LT(cycles(kept.results[1]), cycles(flushed.results[1]));
  const auto l2_hits = [](const KernelResult& r) {
    return r.stats.at("l2").at("hits").get<std::uint64_t>();
  };
  EXPECT_EQ(l2_hits(flushed.results[1]), l2_hits(flushed.results[0]));
  EXPECT_GT(l2_hits(kept.results[1]), l2_hits(kept.results[0]));
  const auto icache_misses = [](const KernelResult& r) {
    return r.stats.at("sm").at("icache").at("misses").get<std::uint64_t>();
  };
  EXPECT_EQ(icache_misses(flushed.results[1]), icache_misses(flushed.results[0]));
  EXPECT_EQ(icache_misses(kept.results[1]), 0u);
}

// Four SMs in one group, one CTA each: every SM misses every line of the code, and only one of
// the four fetches each line from memory; the other three are served by the group's cache or
// wait for that fetch.
TEST(GpcIcache, OneMemoryRequestPerLinePerGroup) {
  const std::vector<std::string> sets = {"sm.count=4", "sm.icache.prefetcher.impl=none"};
  std::vector<std::string> grouped = sets;
  grouped.push_back("sm.gpc_icache.sms=4");
  const Runs alone = run(sets, 1, 4);
  const Runs shared = run(grouped, 1, 4);
  const auto icache = [](const Runs& r, const char* key) {
    return r.results[0].stats.at("sm").at("icache").at(key).get<std::uint64_t>();
  };
  const std::uint64_t misses = icache(shared, "misses");
  ASSERT_EQ(misses % 4, 0u);
  EXPECT_EQ(misses, icache(alone, "misses"));
  EXPECT_GT(misses, 4u);  // more than one line per SM
  EXPECT_EQ(icache(shared, "gpc_hits") + icache(shared, "gpc_merged"), misses / 4 * 3);
  EXPECT_EQ(icache(alone, "gpc_hits") + icache(alone, "gpc_merged"), 0u);
}

}  // namespace
}  // namespace warpsim
