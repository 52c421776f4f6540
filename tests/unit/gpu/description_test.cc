// The device description the CUDA runtime reports comes from the preset: every preset gives a
// consistent one, and bad compute capabilities are config errors naming the key.
#include <gtest/gtest.h>

#include <string>

#include "../../support/preset_config.h"
#include "gpu/gpu_description.h"
#include "sim/config_load.h"

namespace warpsim {
namespace {

const ConfigPaths kPaths = ConfigPaths::under(WARPSIM_SOURCE_DIR);

GpuDescription describe(const std::string& preset, std::vector<std::string> sets = {}) {
  return describe_gpu(testing::preset_config(preset, std::move(sets)));
}

TEST(GpuDescription, EveryPresetIsConsistent) {
  for (const PresetInfo& preset : list_presets(kPaths.preset_dirs.front())) {
    SCOPED_TRACE(preset.name);
    const GpuDescription gpu = describe(preset.name);
    EXPECT_EQ(gpu.name, preset.name);
    EXPECT_GE(gpu.cc_major, 2);
    EXPECT_GT(gpu.sm_count, 0u);
    EXPECT_EQ(gpu.max_threads_per_sm % gpu.warp_size, 0u);
    EXPECT_LE(gpu.max_shared_per_cta, gpu.shared_per_sm);
    EXPECT_GT(gpu.global_memory, gpu.l2_size);
  }
}

// Numbers from the CUDA Programming Guide's compute-capability table and the H100 whitepaper.
TEST(GpuDescription, H100MatchesItsDatasheet) {
  const GpuDescription gpu = describe("h100");
  EXPECT_EQ(gpu.compute_capability(), 90);
  EXPECT_EQ(gpu.sm_count, 132u);
  EXPECT_EQ(gpu.max_threads_per_sm, 2048u);
  EXPECT_EQ(gpu.shared_per_sm, 228u * 1024);
  EXPECT_EQ(gpu.max_shared_per_cta, 227u * 1024);
  EXPECT_EQ(gpu.l2_size, 50u << 20);
  EXPECT_EQ(gpu.global_memory, 80ull << 30);
  EXPECT_DOUBLE_EQ(gpu.core_mhz, 1980.0);
}

TEST(GpuDescription, ComputeCapabilityMustBeMajorDotMinor) {
  for (const char* bad : {"9", "9.", ".0", "x.y", "9.0.1", "9.10", "0.5"}) {
    SCOPED_TRACE(bad);
    try {
      describe("h100", {std::string("sm.compute_capability=") + bad});
      FAIL() << "expected a ConfigError";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("sm.compute_capability"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(describe("h100", {"sm.compute_capability=8.6"}).compute_capability(), 86);
}

TEST(GpuDescription, PerBlockSharedMemoryCannotExceedTheSm) {
  EXPECT_THROW(describe("v100", {"sm.max_shared_per_cta=200KiB"}), ConfigError);
}

}  // namespace
}  // namespace warpsim
