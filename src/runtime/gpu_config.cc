// Which GPU the CUDA runtime presents: `warpsim run` resolves the user's --gpu/-c/--set into a
// config file and names it in $WARPSIM_CONFIG; a program started some other way (the library on
// LD_LIBRARY_PATH by hand) gets the default preset. The file is already resolved; resolving it
// again fills nothing new but gives the ConfigNode the timing model is built from.

#include <cstdlib>
#include <exception>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "gpu/gpu_config.h"
#include "runtime/runtime.h"

namespace warpsim::runtime {

namespace {

ConfigNode resolved_config() {
  const char* path = std::getenv("WARPSIM_CONFIG");
  if (path == nullptr || *path == '\0')
    return resolve_gpu_config(ConfigRequest{kDefaultGpu, {}, {}});
  return resolve_gpu_config(ConfigRequest{path, {}, {}}, ConfigPaths{});
}

}  // namespace

const ConfigNode& Runtime::config() {
  if (config_ == nullptr) {
    try {
      config_ = std::make_unique<ConfigNode>(resolved_config());
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

void Runtime::register_missing_code(const void* handle, std::string why) {
  missing_code_[handle] = std::move(why);
}

const std::string* Runtime::missing_code(const void* handle) const {
  auto it = missing_code_.find(handle);
  return it == missing_code_.end() ? nullptr : &it->second;
}

}  // namespace warpsim::runtime
