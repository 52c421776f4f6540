// Which GPU the CUDA runtime presents: `warpsim run` resolves the user's --gpu/-c/--set into a
// config file and names it in $WARPSIM_CONFIG; a program started some other way (the library on
// LD_LIBRARY_PATH by hand) gets the default preset. The file is already resolved; resolving it
// again fills nothing new but gives the ConfigNode the timing model is built from.

#include <exception>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "gpu/gpu_config.h"
#include "runtime/runtime.h"

namespace warpsim::runtime {

namespace {

ConfigNode resolved_config(const std::string& path) {
  if (path.empty()) return resolve_gpu_config(ConfigRequest{kDefaultGpu, {}, {}});
  return resolve_gpu_config(ConfigRequest{path, {}, {}}, ConfigPaths{});
}

}  // namespace

const ConfigNode& Runtime::config() {
  if (config_ == nullptr) {
    try {
      config_ = std::make_unique<ConfigNode>(resolved_config(env().config));
    } catch (const std::exception& e) {
      fatal(fmt::format("cannot read the GPU configuration: {}", e.what()));
    }
  }
  return *config_;
}

const GpuDescription& Runtime::gpu() {
  if (gpu_ == nullptr) {
    try {
      gpu_ = std::make_unique<GpuDescription>(describe_gpu(config()));
    } catch (const std::exception& e) {
      fatal(fmt::format("cannot read the GPU configuration: {}", e.what()));
    }
  }
  return *gpu_;
}

}  // namespace warpsim::runtime
