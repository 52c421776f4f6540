// The entry points nvcc's generated host code calls (never the program itself): registering each
// translation unit's fatbin, kernels and module variables from static constructors, the
// `<<<...>>>` call configuration, and CUDA 13's kernel handles. A fatbin's PTX is chosen for the
// simulated GPU here and loaded with the rest when the device is first used.

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "runtime/fatbin.h"
#include "runtime/kernel_names.h"
#include "runtime/registration.h"
#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

struct ManagedVar {
  void** host_pointer;  // where the host code reads the variable's address
  std::string name;
};

// One registered fatbin. Its address is the handle nvcc's code passes back to us.
struct Registration {
  int index = 0;
  std::string no_ptx;  // why its kernels cannot run; "" when it has PTX
  std::vector<ManagedVar> managed;
};

struct CallConfig {
  dim3 grid;
  dim3 block;
  std::size_t shared = 0;
  void* stream = nullptr;
};

std::vector<std::unique_ptr<Registration>>& registrations() {
  static auto* all = new std::vector<std::unique_ptr<Registration>>();  // outlives atexit
  return *all;
}

thread_local std::vector<CallConfig> t_configs;

Registration* registration_of(void** handle) {
  for (const auto& r : registrations()) {
    if (reinterpret_cast<void**>(r.get()) == handle) return r.get();
  }
  fatal("internal: CUDA registration call with an unknown fatbin handle");
}

std::string no_ptx_message(const std::vector<FatbinEntry>& entries) {
  return fmt::format(
      "the program's device code has no PTX (it carries {}); warpsim executes PTX: rebuild with "
      "-gencode arch=compute_XX,code=compute_XX (or code=[compute_XX,sm_XX]), e.g. "
      "arch=compute_90,code=compute_90",
      describe_entries(entries));
}

// Picks the PTX for the simulated GPU and queues it for loading; records why when there is none.
void load_fatbin(Runtime& rt, Registration& reg, const void* wrapper) {
  const std::uint8_t* fatbin = fatbin_of_wrapper(wrapper);
  const std::vector<FatbinEntry> entries = parse_fatbin(fatbin, SIZE_MAX);
  if (entries.empty()) {
    // nvcc -rdc=true leaves the registered fatbin empty; the code sits in __nv_relfatbin for
    // nvlink, and running it would need PTX linking across translation units.
    reg.no_ptx =
        "the program was built with relocatable device code (-rdc=true or -dc), which warpsim "
        "cannot load yet: build it without -rdc";
    return;
  }
  const FatbinEntry* ptx = choose_ptx(entries, rt.gpu().compute_capability());
  if (ptx == nullptr) {
    reg.no_ptx = no_ptx_message(entries);
    return;
  }
  static bool noted = false;  // once per program, not once per translation unit
  if (ptx->arch > rt.gpu().compute_capability() && !std::exchange(noted, true)) {
    std::fprintf(stderr,
                 "warpsim: note: simulating compute_%d PTX on %s (compute capability %d.%d); "
                 "the program carries no PTX for an older architecture\n",
                 ptx->arch, rt.gpu().name.c_str(), rt.gpu().cc_major, rt.gpu().cc_minor);
  }
  rt.code().add_ptx_text(ptx_text(*ptx),
                         fmt::format("fatbin{}.compute_{}.ptx", reg.index, ptx->arch));
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call_without_sync;
using warpsim::runtime::Runtime;
using warpsim::runtime::fatal;
namespace rt_ns = warpsim::runtime;

extern "C" {

void** __cudaRegisterFatBinary(void* fatCubin) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  auto& all = rt_ns::registrations();
  all.push_back(std::make_unique<rt_ns::Registration>());
  rt_ns::Registration& reg = *all.back();
  reg.index = static_cast<int>(all.size()) - 1;
  try {
    rt_ns::load_fatbin(rt, reg, fatCubin);
  } catch (const std::exception& e) {
    fatal(fmt::format("cannot read the program's device code: {}", e.what()));
  }
  return reinterpret_cast<void**>(&reg);
}

void __cudaRegisterFatBinaryEnd(void** /*fatCubinHandle*/) {}

// Module state lives until the process ends; the simulator has nothing to release early.
void __cudaUnregisterFatBinary(void** /*fatCubinHandle*/) {}

void __cudaRegisterFunction(void** fatCubinHandle, const char* hostFun, char* /*deviceFun*/,
                            const char* deviceName, int /*thread_limit*/, uint3* /*tid*/,
                            uint3* /*bid*/, dim3* /*bDim*/, dim3* /*gDim*/, int* /*wSize*/) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  const rt_ns::Registration* reg = rt_ns::registration_of(fatCubinHandle);
  rt.code().register_function(hostFun, deviceName);
  if (!reg->no_ptx.empty()) {
    rt.code().register_missing_code(
        hostFun, fmt::format("cannot launch kernel '{}': {}", rt_ns::kernel_cpp_name(deviceName),
                             reg->no_ptx));
  }
}

void __cudaRegisterVar(void** fatCubinHandle, char* hostVar, char* /*deviceAddress*/,
                       const char* deviceName, int /*ext*/, size_t /*size*/, int /*constant*/,
                       int /*global*/) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  rt_ns::registration_of(fatCubinHandle);
  rt.code().register_symbol(hostVar, deviceName);
}

// The host code reaches a __managed__ variable through *hostVarPtrAddress, which
// __cudaInitModule fills with the variable's (host-mapped) device address before first use.
void __cudaRegisterManagedVar(void** fatCubinHandle, void** hostVarPtrAddress,
                              char* /*deviceAddress*/, const char* deviceName, int /*ext*/,
                              size_t /*size*/, int /*constant*/, int /*global*/) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  rt_ns::registration_of(fatCubinHandle)->managed.push_back({hostVarPtrAddress, deviceName});
  rt.code().register_symbol(hostVarPtrAddress, deviceName);
}

char __cudaInitModule(void** fatCubinHandle) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  for (const rt_ns::ManagedVar& var : rt_ns::registration_of(fatCubinHandle)->managed) {
    const auto info = rt.code().find_symbol(var.host_pointer);
    if (!info) {
      const std::string& why = rt_ns::registration_of(fatCubinHandle)->no_ptx;
      fatal(fmt::format("cannot place managed variable '{}': {}", var.name,
                        why.empty() ? "the device code does not define it" : why));
    }
    *var.host_pointer = rt_ns::device_pointer(info->address);
  }
  return 1;
}

unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem, void* stream) {
  rt_ns::t_configs.push_back({gridDim, blockDim, sharedMem, stream});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                       void* stream) {
  if (rt_ns::t_configs.empty()) return cudaErrorMissingConfiguration;
  const rt_ns::CallConfig config = rt_ns::t_configs.back();
  rt_ns::t_configs.pop_back();
  *gridDim = config.grid;
  *blockDim = config.block;
  *sharedMem = config.shared;
  *static_cast<void**>(stream) = config.stream;
  return cudaSuccess;
}

// CUDA 13's stubs look a kernel up once, then launch through the handle. The host function's
// address serves as the handle: every API that takes a kernel accepts either.
cudaError_t __cudaGetKernel(cudaKernel_t* kernel, const void* hostFun) {
  return api_call_without_sync([&](Runtime&) {
    if (kernel == nullptr) return cudaErrorInvalidValue;
    *kernel = reinterpret_cast<cudaKernel_t>(const_cast<void*>(hostFun));
    return cudaSuccess;
  });
}

cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void** args,
                               size_t sharedMem, cudaStream_t stream) {
  return cudaLaunchKernel(reinterpret_cast<const void*>(kernel), gridDim, blockDim, args, sharedMem,
                          stream);
}

}  // extern "C"
