// The fine-grained pointer chase run on the simulator (SimDevice + run_chase): latencies come
// out as the config's hit latencies once the timing code is subtracted, misses where the array
// cannot fit, the same figures in record and count mode, and long traces split over launches.

#include <gtest/gtest.h>

#include "probe/chase.h"
#include "probe/sim/sim_device.h"
#include "sim_probe_util.h"

namespace warpsim::probe {
namespace {

using test::sim_config;
using test::uint_key;

// A load's value is usable hit_latency + 1 cycles after it issues: the LD/ST unit starts the
// access in the cycle after issue (docs/timing.md; tests/unit/sm/l1_path_test.cc), and the L1
// TLB adds its hit latency before the L1 is accessed (docs/memory.md).
std::uint32_t expected_hit(const ConfigNode& config, const std::string& cache) {
  return static_cast<std::uint32_t>(uint_key(config, "sm." + cache + ".hit_latency") + 1 +
                                    uint_key(config, "tlb.l1.hit_latency"));
}

ChaseSpec warm_small_chase(LoadPath path, std::uint32_t records) {
  const std::uint64_t bytes = 1024;
  std::vector<std::uint64_t> order = uniform_order(bytes, 4);
  const auto n = static_cast<std::uint32_t>(order.size());
  return ChaseSpec{
      .path = path, .array_bytes = bytes, .order = order, .warmup = n, .records = records};
}

TEST(SimChase, UniformOrderVisitsEveryStride) {
  EXPECT_EQ(uniform_order(64, 16), (std::vector<std::uint64_t>{0, 4, 8, 12}));
  EXPECT_EQ(uniform_order(60, 16), (std::vector<std::uint64_t>{0, 4, 8, 12}));
  EXPECT_THROW(uniform_order(64, 6), std::invalid_argument);
  EXPECT_THROW(uniform_order(64, 0), std::invalid_argument);
}

TEST(SimChase, WarmSmallArrayHitsAtTheConfiguredLatencyOnEveryCachedPath) {
  const ConfigNode config = sim_config("gtx480");
  SimDevice device(config);
  const ChaseOverhead overhead = calibrate_chase(device);
  const struct {
    LoadPath path;
    const char* cache;
  } paths[] = {{LoadPath::kGlobalCa, "l1d"},
               {LoadPath::kTexture, "l1t"},
               {LoadPath::kReadOnly, "l1t"}};  // ld.global.nc takes the texture path
  for (const auto& p : paths) {
    const ChaseSpec spec = warm_small_chase(p.path, 300);
    const ChaseTrace trace = run_chase(device, spec, overhead);
    ASSERT_EQ(trace.latency.size(), 300u);
    ASSERT_EQ(trace.index.size(), 300u);
    const std::uint32_t hit = expected_hit(config, p.cache);
    for (std::size_t i = 0; i < trace.latency.size(); ++i) {
      ASSERT_EQ(trace.latency[i], hit) << p.cache << " load " << i;
      // Load i returns the element after the one it read: order[warmup + i + 1].
      ASSERT_EQ(trace.index[i], spec.order[(spec.warmup + i + 1) % spec.order.size()]);
    }
    EXPECT_EQ(trace.latency_sum, 300.0 * hit);
  }
}

TEST(SimChase, TwiceTheL1AtLineStrideMissesEveryLoad) {
  const ConfigNode config = sim_config("gtx480");
  SimDevice device(config);
  const std::uint64_t bytes = 2 * uint_key(config, "sm.l1d.size");
  const std::vector<std::uint64_t> order = uniform_order(bytes, uint_key(config, "sm.l1d.line"));
  const auto n = static_cast<std::uint32_t>(order.size());
  const ChaseTrace trace = run_chase(device, ChaseSpec{.path = LoadPath::kGlobalCa,
                                                       .array_bytes = bytes,
                                                       .order = order,
                                                       .warmup = n,
                                                       .records = 2 * n});
  ASSERT_EQ(trace.latency.size(), 2u * n);
  const std::uint32_t hit = expected_hit(config, "l1d");
  for (std::size_t i = 0; i < trace.latency.size(); ++i) {
    ASSERT_GT(trace.latency[i], hit) << "load " << i << " hit the L1";
  }
}

TEST(SimChase, CountModeAgreesWithTheRecordedTrace) {
  SimDevice device(sim_config("gtx480"));
  const ChaseOverhead overhead = calibrate_chase(device);
  // Twice the L1 at half-line stride: the first load of each line misses the L1 and hits the
  // L2 (warm after one traversal), the second hits the L1.
  const std::uint64_t bytes = 32 * 1024;
  ChaseSpec spec{.path = LoadPath::kGlobalCa,
                 .array_bytes = bytes,
                 .order = uniform_order(bytes, 64),
                 .warmup = 512,
                 .records = 1000};
  const ChaseTrace recorded = run_chase(device, spec, overhead);
  std::uint64_t above_100 = 0;
  for (std::uint32_t latency : recorded.latency) above_100 += latency > 100 ? 1 : 0;
  ASSERT_GT(above_100, 0u);
  ASSERT_LT(above_100, 1000u);
  spec.count_above = 100;
  const ChaseTrace counted = run_chase(device, spec, overhead);
  EXPECT_TRUE(counted.latency.empty());
  EXPECT_EQ(counted.slow, above_100);
  EXPECT_DOUBLE_EQ(counted.latency_sum, recorded.latency_sum);
}

TEST(SimChase, CountWindowsAreLaunchesThatGoOnWhereTheLastStopped) {
  SimDevice device(sim_config("gtx480"));
  const ChaseOverhead overhead = calibrate_chase(device);
  // 64 KB at 128-byte stride past the L1 (.cg): 512 lines, all L2 hits once warm. Windows of 300
  // loads start at 300, 700 (after 100 warm-up loads of their own) and 1100 in the order.
  const std::uint64_t bytes = 64 * 1024;
  ChaseSpec spec{.path = LoadPath::kGlobalCg,
                 .array_bytes = bytes,
                 .order = uniform_order(bytes, 128),
                 .warmup = 512,
                 .records = 900,
                 .count_above = 1,
                 .count_windows = 3,
                 .window_warmup = 100};
  const std::uint64_t before = device.launches();
  const ChaseTrace counted = run_chase(device, spec, overhead);
  EXPECT_EQ(device.launches() - before, 3u);
  EXPECT_EQ(counted.slow_windows, (std::vector<std::uint64_t>{300, 300, 300}));  // all > 1
  EXPECT_EQ(counted.slow, 900u);
  spec.count_above = 1000;  // no load that slow: an L2 hit takes about 145 cycles, DRAM 265
  const ChaseTrace fast = run_chase(device, spec, overhead);
  EXPECT_EQ(fast.slow_windows, (std::vector<std::uint64_t>{0, 0, 0}));
  // The same loads recorded in one launch take as long in all (every one an L2 hit).
  const ChaseTrace recorded = run_chase(device,
                                        ChaseSpec{.path = LoadPath::kGlobalCg,
                                                  .array_bytes = bytes,
                                                  .order = spec.order,
                                                  .warmup = 512,
                                                  .records = 900},
                                        overhead);
  EXPECT_DOUBLE_EQ(counted.latency_sum, recorded.latency_sum);
  spec.records = 901;
  EXPECT_THROW(run_chase(device, spec, overhead), std::invalid_argument);
}

TEST(SimChase, TracesLongerThanSharedMemorySplitOverLaunches) {
  SimDevice device(sim_config("gtx480"));
  // 48 KB of shared memory holds 8192 six-byte records; 9000 need two launches.
  const ChaseSpec spec = warm_small_chase(LoadPath::kGlobalCa, 9000);
  const std::uint64_t before = device.launches();
  const ChaseTrace trace = run_chase(device, spec);
  EXPECT_EQ(device.launches() - before, 2u + 2u);  // calibration (two kernels) + two windows
  ASSERT_EQ(trace.index.size(), 9000u);
  for (std::size_t i = 0; i < trace.index.size(); ++i) {
    ASSERT_EQ(trace.index[i], spec.order[(spec.warmup + i + 1) % spec.order.size()]) << i;
  }
}

TEST(SimChase, CalibratedOverheadIsNonNegativeAndTheSameInBothModes) {
  for (const char* gpu : {"gtx480", "v100"}) {
    SimDevice device(sim_config(gpu));
    const ChaseOverhead overhead = calibrate_chase(device);
    EXPECT_GE(overhead.record, 0) << gpu;
    EXPECT_GE(overhead.count, 0) << gpu;
    // The two modes time the same "clock; store; clock" (chase.cu).
    EXPECT_EQ(overhead.record, overhead.count) << gpu;
  }
}

TEST(SimChase, BadSpecsAreRejected) {
  SimDevice device(sim_config("gtx480"));
  EXPECT_THROW(run_chase(device, ChaseSpec{.array_bytes = 64, .order = {}, .records = 1}),
               std::invalid_argument);
  EXPECT_THROW(run_chase(device, ChaseSpec{.array_bytes = 64, .order = {0, 16}, .records = 1}),
               std::invalid_argument);
}

}  // namespace
}  // namespace warpsim::probe
