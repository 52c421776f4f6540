#include "runtime/device_options.h"

#include "passes/pass_runner.h"

namespace warpsim::runtime {

func::DeviceOptions device_options(const GpuDescription& gpu, const ConfigNode& resolved) {
  const ConfigNode& sm = resolved.at("sm");
  func::DeviceOptions options;
  options.max_shared_per_cta = static_cast<std::uint32_t>(gpu.max_shared_per_cta);
  options.transform = passes::configured_transform(resolved);
  options.allow_relssp = sm.at("scratchpad_sharing").at("enabled").as_bool();
  options.independent_scheduling = sm.at("independent_thread_scheduling").as_bool();
  return options;
}

}  // namespace warpsim::runtime
