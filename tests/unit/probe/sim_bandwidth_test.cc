// The throughput sweeps on the simulator: below the hardware's limits that the config states
// (DRAM channels x bus width; one bank word per bank and cycle), and rising with the loads each
// thread keeps in flight (Little's law, seed 003 §2.6/§2.8).

#include <gtest/gtest.h>

#include <algorithm>

#include "probe/bandwidth.h"
#include "probe/report.h"
#include "probe/sim/sim_device.h"
#include "sim_probe_util.h"

namespace warpsim::probe {
namespace {

using test::key;
using test::sim_config;
using test::uint_key;

TEST(SimBandwidth, GlobalCopyStaysBelowDramPeakAndGainsFromIlp) {
  const ConfigNode config = sim_config("gtx480");
  SimDevice device(config);
  // Bytes per core cycle the DRAM channels can move: dram.bus_bytes per DRAM cycle each.
  const double peak =
      static_cast<double>(uint_key(config, "dram.channels") * uint_key(config, "dram.bus_bytes")) *
      key(config, "clocks.dram_mhz").as_double() / key(config, "clocks.core_mhz").as_double();
  const std::vector<ThroughputPoint> points =
      sweep_global(device, GlobalSweep{.ctas_per_sm = {1}, .threads = {64}, .ilp = {1, 4}});
  ASSERT_EQ(points.size(), 2u);
  for (const ThroughputPoint& p : points) {
    EXPECT_GT(p.bytes_per_cycle, 0) << describe(p);
    EXPECT_LT(p.bytes_per_cycle, peak) << describe(p);
  }
  EXPECT_GT(points[1].bytes_per_cycle, 1.5 * points[0].bytes_per_cycle);
}

TEST(SimBandwidth, SharedCopyStaysBelowTheBanksAndGainsFromIlp) {
  const ConfigNode config = sim_config("gtx480");
  SimDevice device(config);
  const double banks_per_cycle = static_cast<double>(uint_key(config, "sm.ldst.shared_banks") *
                                                     uint_key(config, "sm.ldst.bank_bytes"));
  const std::vector<ThroughputPoint> points = sweep_shared(
      device, SharedSweep{.ctas_per_sm = {1}, .threads = {128}, .ilp = {1, 8}, .iterations = 8});
  ASSERT_EQ(points.size(), 2u);
  for (const ThroughputPoint& p : points) {
    EXPECT_GT(p.bytes_per_cycle, 0) << describe(p);
    EXPECT_LE(p.bytes_per_cycle, banks_per_cycle) << describe(p);
  }
  EXPECT_GT(points[1].bytes_per_cycle, points[0].bytes_per_cycle);
}

TEST(SimBandwidth, EveryPointIsKeptAndWrittenBesideThePeak) {
  const ConfigNode config = sim_config("gtx480");
  SimDevice device(config);
  const Bandwidth b = measure_bandwidth(
      device, GlobalSweep{.ctas_per_sm = {1}, .threads = {64, 128}, .ilp = {2}, .bytes = 1 << 20},
      SharedSweep{.ctas_per_sm = {1}, .threads = {128}, .ilp = {1, 2}, .iterations = 4});
  ASSERT_EQ(b.global_points.size(), 2u);
  ASSERT_EQ(b.shared_points.size(), 2u);
  EXPECT_EQ(b.global_points[0].threads, 64u);  // sweep order
  EXPECT_EQ(b.global_points[1].threads, 128u);
  EXPECT_EQ(b.shared_points[1].ilp, 2u);
  const double global_peak =
      std::max(b.global_points[0].bytes_per_cycle, b.global_points[1].bytes_per_cycle);
  EXPECT_DOUBLE_EQ(b.global_bytes_per_cycle, global_peak);
  const double mhz = key(config, "clocks.core_mhz").as_double();
  EXPECT_DOUBLE_EQ(b.core_mhz, mhz);

  Hierarchy h;
  h.bandwidth = b;
  const nlohmann::ordered_json j = to_json(h).at("bandwidth");
  ASSERT_EQ(j.at("global_points").size(), 2u);
  ASSERT_EQ(j.at("shared_points").size(), 2u);
  const nlohmann::ordered_json& p = j.at("global_points")[1];
  EXPECT_EQ(p.at("ctas_per_sm"), 1);
  EXPECT_EQ(p.at("threads"), 128);
  EXPECT_EQ(p.at("ilp"), 2);
  EXPECT_DOUBLE_EQ(p.at("bytes_per_cycle").get<double>(), b.global_points[1].bytes_per_cycle);
  EXPECT_NEAR(p.at("gb_s").get<double>(), b.global_points[1].bytes_per_cycle * mhz / 1e3, 1e-9);
}

TEST(SimBandwidth, PointsThatCannotLaunchAreLeftOutAndBadIlpIsRejected) {
  SimDevice device(sim_config("gtx480"));
  // 2048 threads exceed a block; 8 x 1024 x 2 x 4 B = 64 KB exceed gtx480's 48 KB per block.
  EXPECT_TRUE(
      sweep_shared(device, SharedSweep{.ctas_per_sm = {1}, .threads = {2048}, .ilp = {1}}).empty());
  EXPECT_TRUE(
      sweep_shared(device, SharedSweep{.ctas_per_sm = {1}, .threads = {1024}, .ilp = {8}}).empty());
  EXPECT_THROW(sweep_global(device, GlobalSweep{.ilp = {3}}), std::invalid_argument);
}

}  // namespace
}  // namespace warpsim::probe
