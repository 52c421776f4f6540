#pragma once

// The native build's workload::Host: the part of src/workload/host.h the workloads' drivers call
// (loading their kernels, memory, launches, synchronizing), on a real GPU through the CUDA
// driver API (cuda_driver.h). warpsim-workloads-native (microbench/native/Makefile) compiles the
// drivers (workloads/<suite>/<name>/driver.cc) unchanged with this folder ahead of src/ on the
// include path, so `#include "workload/host.h"` finds this header there and src/workload/host.h
// in the simulator: the same driver code, the same inputs, the same reference check, with the
// kernels nvcc compiles from the same .cu files. The simulator's Host cannot be linked here: it
// is built on the whole simulator (func::Device, GpuModel, yaml-cpp, ...), which the lent GPU
// machines do not have the libraries to build.
//
// Keep the declarations the drivers use in step with src/workload/host.h: a driver that calls
// something this class lacks fails to compile in the test Microbench.NativeBuilds. The
// simulator-only parts (modes, configs, block divisors, replacement PTX, launch records, the
// functional device and the timing model) are left out.
//
// Semantics as in the simulator's timing mode: launches are asynchronous on the legacy default
// stream (or a created stream per nonzero `stream`), copies synchronize, allocations are zeroed.

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "func/dim3.h"
#include "sim/time.h"
#include "workload/host_calls.h"

namespace warpsim::workload {

// Where a Host finds each workload's kernels: `kernels_dir`/<suite>/<name>.fatbin (what the
// Makefile compiles from workloads/<suite>/<name>/<name>.cu), or, when `ptx_dir` is set,
// `ptx_dir`/workloads__<suite>__<name>__<name>.ptx (the committed PTX, ptx/sm_90, compiled by
// the driver at load time).
struct NativeKernels {
  std::string kernels_dir;
  std::string ptx_dir;
};

class Host : public HostCalls<Host> {
 public:
  // Needs a current CUDA context (native::CudaContext).
  explicit Host(NativeKernels kernels);
  ~Host();
  Host(const Host&) = delete;
  Host& operator=(const Host&) = delete;

  // Loads a module from PTX text (cuModuleLoadData).
  void load_ptx(std::string_view text, const std::string& file_name);
  // Loads the kernels of workload "suite/name" (see NativeKernels); throws std::runtime_error
  // naming the missing file.
  void load_workload_ptx(std::string_view workload_name);

  Addr alloc(std::size_t bytes);
  void copy_in(Addr dst, const void* src, std::size_t bytes);
  void copy_out(void* dst, Addr src, std::size_t bytes);
  // alloc_copy, read, launch and launch_on: workload/host_calls.h. Each argument must have
  // exactly its parameter's size, checked where the driver reports parameter sizes
  // (cuFuncGetParamInfo); a mismatch throws std::invalid_argument.
  void launch_dims(std::string_view kernel, func::Dim3 grid, func::Dim3 block, std::uint32_t shared,
                   std::span<const KernelArg> args, std::uint64_t stream);

  // Waits for every launch (cuCtxSynchronize); a kernel's fault surfaces here or at the next
  // copy as native::DriverError.
  void synchronize();

  // Kernels launched so far.
  std::uint64_t launches() const { return launches_; }

 private:
  struct Kernel {
    void* function = nullptr;  // CUfunction
    std::vector<std::size_t> param_sizes;
    bool sizes_known = false;
    std::uint32_t shared_opt_in = 0;  // dynamic shared bytes the function is allowed
  };

  Kernel& find_kernel(std::string_view name);
  void* stream_handle(std::uint64_t stream);

  NativeKernels kernels_;
  std::vector<void*> modules_;  // CUmodule, in load order
  std::vector<Addr> allocations_;
  std::map<std::string, Kernel, std::less<>> functions_;
  std::map<std::uint64_t, void*> streams_;  // CUstream by the driver's stream number
  std::uint64_t launches_ = 0;
};

}  // namespace warpsim::workload
