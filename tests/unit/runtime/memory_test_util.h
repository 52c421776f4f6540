#pragma once

// A PTX module for the memory tests, loaded into the process-wide runtime once:
//   add_one(int* p, int n)   p[i] += 1 for i < n, and m_total += 1 per element
// and the managed variables m_total (u32, initially 5) and m_init (u64[2] = {7, 9}, which no
// kernel touches); the host reads and writes them through their addresses, as a CUDA program
// uses a __managed__ variable.

#include <mutex>

#include "runtime/include/warpsim_functional.h"
#include "runtime/runtime.h"

namespace warpsim::runtime::testing {

inline const char* const kMemoryTestPtx = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .global .attribute(.managed) .align 4 .u32 m_total = 5;
.visible .global .attribute(.managed) .align 8 .u64 m_init[2] = {7, 9};

.visible .entry _Z7add_onePii(.param .u64 p, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<9>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [p];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  setp.ge.s32 %p1, %r5, %r1;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.s32 %rd3, %r5, 4;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.u32 %r6, [%rd4];
  add.s32 %r7, %r6, 1;
  st.global.u32 [%rd4], %r7;
  atom.global.add.u32 %r8, [m_total], 1;
DONE:
  ret;
}
)";

// Loads kMemoryTestPtx (once per process) and registers add_one under a host handle.
inline const void* add_one_handle() {
  static const char marker = 0;  // stands in for nvcc's host stub of add_one()
  static const bool loaded = [] {
    Runtime& rt = Runtime::instance();
    std::lock_guard<std::recursive_mutex> lock(rt.mutex());
    rt.code().add_ptx_text(kMemoryTestPtx, "memory_test.ptx");
    rt.code().register_function(&marker, "_Z7add_onePii");
    return true;
  }();
  (void)loaded;
  return &marker;
}

// Runs add_one(p, n) with 64-thread blocks.
inline cudaError_t launch_add_one(void* p, int n) {
  const void* kernel = add_one_handle();
  void* args[] = {&p, &n};
  return cudaLaunchKernel(kernel, dim3((n + 63) / 64), dim3(64), args, 0, nullptr);
}

// The managed variable m_total, through the address the host uses for it.
inline unsigned* managed_total() {
  add_one_handle();
  void* address = nullptr;
  if (cudaGetSymbolAddress(&address, symbol("m_total")) != cudaSuccess) return nullptr;
  return static_cast<unsigned*>(address);
}

}  // namespace warpsim::runtime::testing
