// workload::Host on a real GPU (microbench/native/host/workload/host.h says why it exists).

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "microbench/native/cuda_driver.h"
#include "workload/host.h"

namespace warpsim::workload {

using native::check;
using native::driver;

namespace {

// "suite/name" -> ("suite", "name"); throws for anything else.
std::pair<std::string, std::string> split_name(std::string_view workload_name) {
  const std::size_t slash = workload_name.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == workload_name.size()) {
    throw std::runtime_error("workload name '" + std::string(workload_name) +
                             "' is not suite/name");
  }
  return {std::string(workload_name.substr(0, slash)),
          std::string(workload_name.substr(slash + 1))};
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CUdeviceptr device_ptr(Addr addr) { return static_cast<CUdeviceptr>(addr); }

// The largest dynamic shared memory a launch may ask for without opting in.
constexpr std::uint32_t kDefaultSharedLimit = 48 * 1024;

}  // namespace

Host::Host(NativeKernels kernels) : kernels_(std::move(kernels)) {}

Host::~Host() {
  // Nothing here may throw; a faulted context fails these calls, which is fine.
  const native::CudaDriver& d = driver();
  d.cuCtxSynchronize();
  for (auto& [id, stream] : streams_) d.cuStreamDestroy(static_cast<CUstream>(stream));
  for (Addr addr : allocations_) d.cuMemFree(device_ptr(addr));
  for (void* module : modules_) d.cuModuleUnload(static_cast<CUmodule>(module));
}

void Host::load_ptx(std::string_view text, const std::string& file_name) {
  const std::string image(text);  // NUL-terminated, as cuModuleLoadData reads PTX
  CUmodule module = nullptr;
  check(driver().cuModuleLoadData(&module, image.c_str()), "cuModuleLoadData " + file_name);
  modules_.push_back(module);
}

void Host::load_workload_ptx(std::string_view workload_name) {
  const auto [suite, name] = split_name(workload_name);
  const bool ptx = !kernels_.ptx_dir.empty();
  const std::string path =
      ptx ? kernels_.ptx_dir + "/workloads__" + suite + "__" + name + "__" + name + ".ptx"
          : kernels_.kernels_dir + "/" + suite + "/" + name + ".fatbin";
  const std::string image = read_file(path);
  if (image.empty()) {
    throw std::runtime_error("no kernels for workload '" + std::string(workload_name) +
                             "': " + path + " is missing or empty" +
                             (ptx ? " (--ptx takes a folder such as ptx/sm_90)"
                                  : " (make -C microbench/native workloads)"));
  }
  // A fatbin is binary; cuModuleLoadData takes it, or PTX text, from memory.
  CUmodule module = nullptr;
  check(driver().cuModuleLoadData(&module, image.c_str()), "cuModuleLoadData " + path);
  modules_.push_back(module);
}

Addr Host::alloc(std::size_t bytes) {
  bytes = std::max<std::size_t>(bytes, 1);  // as the simulator's device memory does
  CUdeviceptr addr = 0;
  check(driver().cuMemAlloc(&addr, bytes), "cuMemAlloc " + std::to_string(bytes) + " bytes");
  allocations_.push_back(addr);
  check(driver().cuMemsetD8(addr, 0, bytes), "cuMemsetD8");
  return addr;
}

void Host::copy_in(Addr dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return;
  check(driver().cuMemcpyHtoD(device_ptr(dst), src, bytes), "cuMemcpyHtoD");
}

void Host::copy_out(void* dst, Addr src, std::size_t bytes) {
  if (bytes == 0) return;
  check(driver().cuMemcpyDtoH(dst, device_ptr(src), bytes), "cuMemcpyDtoH");
}

Host::Kernel& Host::find_kernel(std::string_view name) {
  auto it = functions_.find(name);
  if (it != functions_.end()) return it->second;
  const std::string key(name);
  const native::CudaDriver& d = driver();
  for (void* module : modules_) {
    CUfunction function = nullptr;
    const CUresult result =
        d.cuModuleGetFunction(&function, static_cast<CUmodule>(module), key.c_str());
    if (result == CUDA_ERROR_NOT_FOUND) continue;
    check(result, "cuModuleGetFunction " + key);
    Kernel kernel;
    kernel.function = function;
    if (d.cuFuncGetParamInfo != nullptr) {
      kernel.sizes_known = true;
      for (std::size_t i = 0;; ++i) {
        std::size_t offset = 0;
        std::size_t size = 0;
        const CUresult info = d.cuFuncGetParamInfo(function, i, &offset, &size);
        if (info == CUDA_ERROR_INVALID_VALUE) break;  // past the last parameter
        if (info != CUDA_SUCCESS) {
          kernel.sizes_known = false;
          break;
        }
        kernel.param_sizes.push_back(size);
      }
    }
    return functions_.emplace(key, std::move(kernel)).first->second;
  }
  throw std::invalid_argument("no kernel '" + key + "' in the loaded modules");
}

void* Host::stream_handle(std::uint64_t stream) {
  if (stream == 0) return nullptr;  // the legacy default stream
  auto it = streams_.find(stream);
  if (it == streams_.end()) {
    CUstream created = nullptr;
    check(driver().cuStreamCreate(&created, CU_STREAM_DEFAULT), "cuStreamCreate");
    it = streams_.emplace(stream, created).first;
  }
  return it->second;
}

void Host::launch_dims(std::string_view name, func::Dim3 grid, func::Dim3 block,
                       std::uint32_t shared, std::span<const KernelArg> args,
                       std::uint64_t stream) {
  Kernel& kernel = find_kernel(name);
  if (kernel.sizes_known) {
    if (args.size() != kernel.param_sizes.size()) {
      throw std::invalid_argument("kernel " + std::string(name) + ": " +
                                  std::to_string(args.size()) + " arguments given, it takes " +
                                  std::to_string(kernel.param_sizes.size()));
    }
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (args[i].size != kernel.param_sizes[i]) {
        throw std::invalid_argument("kernel " + std::string(name) + ": argument " +
                                    std::to_string(i) + " has " + std::to_string(args[i].size) +
                                    " bytes, its parameter " +
                                    std::to_string(kernel.param_sizes[i]));
      }
    }
  }
  const native::CudaDriver& d = driver();
  CUfunction function = static_cast<CUfunction>(kernel.function);
  if (shared > kDefaultSharedLimit && shared > kernel.shared_opt_in) {
    check(d.cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               static_cast<int>(shared)),
          "cuFuncSetAttribute " + std::string(name));
    kernel.shared_opt_in = shared;
  }
  std::vector<void*> params;
  params.reserve(args.size());
  for (const KernelArg& arg : args) params.push_back(const_cast<void*>(arg.value));
  check(d.cuLaunchKernel(function, grid.x, grid.y, grid.z, block.x, block.y, block.z, shared,
                         static_cast<CUstream>(stream_handle(stream)), params.data(), nullptr),
        "cuLaunchKernel " + std::string(name) + " grid " + grid.str() + " block " + block.str());
  ++launches_;
}

void Host::synchronize() { check(driver().cuCtxSynchronize(), "cuCtxSynchronize"); }

}  // namespace warpsim::workload
