// Kernel launches: cudaLaunchKernel for kernels registered by their host handle, and the
// functional-mode entry points of warpsim_functional.h for programs built without nvcc.

#include <algorithm>
#include <limits>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/kernel_names.h"
#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

func::LaunchConfig launch_config(dim3 grid, dim3 block, std::size_t shared_bytes) {
  func::LaunchConfig config;
  config.grid = {grid.x, grid.y, grid.z};
  config.block = {block.x, block.y, block.z};
  // Anything past 32 bits is over every limit; saturating keeps it an invalid configuration.
  config.dynamic_shared = static_cast<std::uint32_t>(
      std::min<std::size_t>(shared_bytes, std::numeric_limits<std::uint32_t>::max()));
  return config;
}

std::string kernel_list(Runtime& rt) {
  std::vector<std::string> names;
  for (const func::FunctionCode* k : rt.code().kernels())
    names.push_back(kernel_cpp_name(k->name()));
  if (names.empty()) return "the loaded PTX has no kernels (was WARPSIM_PTX given?)";
  return fmt::format("the loaded PTX has: {}", fmt::join(names, ", "));
}

// The kernels `want` names: exact matches, else (for a name without template arguments) the
// kernels whose name without template arguments is `want`.
std::vector<const func::FunctionCode*> candidates(Runtime& rt, const std::string& want) {
  std::vector<const func::FunctionCode*> exact;
  std::vector<const func::FunctionCode*> by_base;
  for (const func::FunctionCode* k : rt.code().kernels()) {
    const std::string name = kernel_cpp_name(k->name());
    if (name == want) {
      exact.push_back(k);
    } else if (without_template_args(name) == want) {
      by_base.push_back(k);
    }
  }
  return exact.empty() ? by_base : exact;
}

}  // namespace

KernelHandle find_kernel_by_name(const char* text) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  const func::FunctionCode*& kernel = rt.code().kernel_by_text(text);
  if (kernel == nullptr) {
    const auto found = candidates(rt, normalize_kernel_text(text));
    if (found.size() != 1) {
      fatal(fmt::format("{} kernel named '{}': {}", found.empty() ? "no" : "more than one", text,
                        kernel_list(rt)));
    }
    kernel = found[0];
  }
  const std::vector<ParamSlot>& slots = rt.code().param_slots(*kernel);
  return KernelHandle{kernel, slots.data(), slots.size(), text};
}

const void* symbol(const char* name) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  return rt.code().symbol_handle(name);
}

bool register_ptx_file(const char* path) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  rt.code().add_ptx_file(path);
  return true;
}

void launch(const KernelHandle& kernel, dim3 grid, dim3 block, std::size_t shared_bytes,
            cudaStream_t stream, const void* const* args) {
  api_call_without_sync([&](Runtime& rt) {
    const auto& code = *static_cast<const func::FunctionCode*>(kernel.code);
    return rt.launch(code, launch_config(grid, block, shared_bytes), {args, kernel.param_count},
                     stream);
  });
}

void bad_argument(const KernelHandle& kernel, std::size_t index, const char* what) {
  fatal(fmt::format("launch of kernel '{}': argument {}: {}", kernel.name, index + 1, what));
}

void bad_argument_count(const KernelHandle& kernel, std::size_t given) {
  fatal(fmt::format("launch of kernel '{}': {} arguments given, the kernel takes {}", kernel.name,
                    given, kernel.param_count));
}

}  // namespace warpsim::runtime

extern "C" cudaError_t cudaLaunchKernel(const void* func, dim3 gridDim, dim3 blockDim, void** args,
                                        size_t sharedMem, cudaStream_t stream) {
  using warpsim::runtime::Runtime;
  return warpsim::runtime::api_call_without_sync([&](Runtime& rt) {
    const warpsim::func::FunctionCode* kernel = rt.code().find_launchable(func);
    if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
    const std::size_t count = kernel->ir->params.size();
    if (args == nullptr && count != 0) return cudaErrorInvalidValue;
    std::vector<const void*> pointers(args, args + count);
    return rt.launch(*kernel, warpsim::runtime::launch_config(gridDim, blockDim, sharedMem),
                     pointers, stream);
  });
}
