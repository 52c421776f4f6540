// Shared-memory latency and bank conflicts measured on the simulator: the figures the config
// gives (sm.ldst.*), and the bank geometry inferred from the stride sweep, not read from it.

#include <cmath>

#include <gtest/gtest.h>

#include "probe/shared_latency.h"
#include "probe/sim/sim_device.h"
#include "sim_probe_util.h"

namespace warpsim::probe {
namespace {

using test::key;
using test::sim_config;
using test::uint_key;

// A shared load of conflict degree n is usable shared_latency + 1 + round((n - 1) x
// bank_conflict_cycles) cycles after it issues (docs/timing.md, sm.ldst.bank_conflict_cycles):
// the LD/ST unit starts it the cycle after issue, and each conflicting row adds its cycles.
double expected_latency(const ConfigNode& config, std::uint32_t degree) {
  const double conflict = key(config, "sm.ldst.bank_conflict_cycles").as_double();
  return static_cast<double>(uint_key(config, "sm.ldst.shared_latency")) + 1 +
         std::round((degree - 1) * conflict);
}

void expect_config_figures(const std::vector<std::string>& sets, std::uint32_t bank_bytes) {
  const ConfigNode config = sim_config("gtx480", sets);
  SimDevice device(config);
  const SharedMemory shared = measure_shared(device);
  EXPECT_EQ(shared.banks, uint_key(config, "sm.ldst.shared_banks"));
  EXPECT_EQ(shared.bank_bytes, bank_bytes);
  EXPECT_EQ(shared.latency, expected_latency(config, 1));
  ASSERT_EQ(shared.conflict_latency.size(), 32u);
  for (std::uint32_t n = 1; n <= 32; ++n) {
    EXPECT_EQ(shared.conflict_latency[n - 1], expected_latency(config, n)) << "degree " << n;
  }
}

TEST(SimShared, Gtx480LatencyAndConflictsAreTheConfiguredOnes) { expect_config_figures({}, 4); }

TEST(SimShared, OtherLatenciesAndEightByteBanksAreFoundToo) {
  expect_config_figures(
      {"sm.ldst.shared_latency=40", "sm.ldst.bank_conflict_cycles=2.5", "sm.ldst.bank_bytes=8"}, 8);
}

TEST(SimShared, StrideSweepShowsPowerOfTwoDegrees) {
  const ConfigNode config = sim_config("v100");
  SimDevice device(config);
  const BankSweep sweep = sweep_bank_strides(device);
  ASSERT_EQ(sweep.strides.size(), 8u);  // 1, 2, 4, ..., 128 words
  for (std::size_t i = 0; i < sweep.strides.size(); ++i) {
    // 32 banks of 4 bytes: lane t at word t * s has degree min(s, 32) for s a power of two.
    const std::uint32_t degree = std::min(sweep.strides[i], 32u);
    EXPECT_EQ(sweep.latency[i], expected_latency(config, degree)) << "stride " << sweep.strides[i];
  }
}

}  // namespace
}  // namespace warpsim::probe
