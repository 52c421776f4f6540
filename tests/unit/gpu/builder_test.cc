// Every shipped preset validates against the GPU schema and builds; clocks become the
// integer picosecond periods the engine runs on.
#include <gtest/gtest.h>

#include "gpu/builder.h"
#include "gpu/gpu_schema.h"
#include "sim/config_load.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

const ConfigPaths kPaths = ConfigPaths::under(WARPSIM_SOURCE_DIR);

ConfigNode resolve(const ConfigRequest& request) {
  return resolve_config(load_config(request, kPaths), gpu_schema(), PolicyRegistry::global());
}

TEST(GpuPresets, EveryPresetResolvesAndBuilds) {
  const auto presets = list_presets(kPaths.preset_dirs.front());
  ASSERT_GE(presets.size(), 3u);
  for (const PresetInfo& preset : presets) {
    SCOPED_TRACE(preset.name);
    EXPECT_FALSE(preset.description.empty());
    const ConfigNode config = resolve(ConfigRequest{preset.name, {}, {}});
    EXPECT_EQ(config.at("name").as_string(), preset.name);
    const BuiltGpu gpu = build_gpu(config);
    EXPECT_EQ(gpu.sim->engine().clocks().size(), 4u);
  }
}

TEST(GpuBuilder, ClockPeriodsComeFromMegahertz) {
  const BuiltGpu gpu = build_gpu(resolve(ConfigRequest{"gtx480", {}, {}}));
  const Engine& engine = gpu.sim->engine();
  EXPECT_EQ(engine.clock(gpu.clocks.core).name, "core");
  EXPECT_EQ(engine.clock(gpu.clocks.core).period, 1429u);  // 1e6 / 700 = 1428.57
  EXPECT_EQ(engine.clock(gpu.clocks.dram).period, 1082u);  // 1e6 / 924 = 1082.25
}

TEST(GpuBuilder, SimSectionSetsEngineOptions) {
  const BuiltGpu gpu =
      build_gpu(resolve(ConfigRequest{"v100", {"no_skip"}, {"sim.watchdog_cycles=77"}}));
  EXPECT_FALSE(gpu.sim->options().skip_idle);
  EXPECT_EQ(gpu.sim->options().watchdog_cycles, 77u);
  // The watchdog counts core cycles: 77 cycles of the 1132 MHz clock (883 ps).
  EXPECT_EQ(gpu.sim->engine().options().watchdog_span, 77u * 883u);
}

TEST(GpuBuilder, OutOfRangeClockIsAConfigErrorWithItsPath) {
  try {
    resolve(ConfigRequest{"v100", {}, {"clocks.core_mhz=0"}});
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("clocks.core_mhz"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace warpsim
