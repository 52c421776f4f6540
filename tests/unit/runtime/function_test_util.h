#pragma once

// A second hand-written PTX module for the kernel-attribute, occupancy and launch-rule tests,
// loaded after the shared test module (runtime_test_util.h) and registered under host handles
// the way __cudaRegisterFunction would. Its numbers are chosen to be computed by hand:
//   five_regs(unsigned* out)     at most 5 32-bit registers live (%rd1 counts two); *out = 6
//   caller(unsigned long long*)  4 registers live itself, but calls quad(), which holds four
//                                64-bit registers (8) at once; *out = 4 * 7 + 6 = 34
//   bounded(float*)              .maxntid 256: 1000 bytes of static shared memory (each thread
//                                passes its id through byte tid), a 64-byte .local buffer;
//                                out[tid] = tid
//   required(int*)               .reqntid 64, 2: at most 128 threads
//   dynamic(float* out, int n)   extern shared memory: out[i] = i through it for i < n
//   wide(unsigned* out)          102 registers live: %rd1 and %r1..%r100 at once
//   grid_barrier(unsigned* out)  thread 0 of each block: out[0] += 1, wait until out[0] equals
//                                the grid size (a grid-wide barrier), then out[1] += 1
// The module targets sm_80 and declares 112 bytes of .const data (100 at align 4, then 8).

#include <string>

#include "runtime/runtime.h"
#include "runtime_test_util.h"

namespace warpsim::runtime::testing {

inline const char* const kFunctionPtx = R"(
.version 8.0
.target sm_80
.address_size 64

.visible .const .align 4 .b8 c_table[100];
.visible .const .align 8 .u64 c_word;

.visible .entry _Z9five_regsPj(.param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, 1;
  mov.u32 %r2, 2;
  mov.u32 %r3, 3;
  add.u32 %r4, %r1, %r2;
  add.u32 %r5, %r4, %r3;
  st.global.u32 [%rd1], %r5;
  ret;
}

.func (.param .b64 res) quad(.param .b64 a)
{
  .reg .b64 %q<6>;
  ld.param.b64 %q1, [a];
  add.s64 %q2, %q1, 1;
  add.s64 %q3, %q1, 2;
  add.s64 %q4, %q1, 3;
  add.s64 %q5, %q1, %q2;
  add.s64 %q5, %q5, %q3;
  add.s64 %q5, %q5, %q4;
  st.param.b64 [res], %q5;
  ret;
}

.visible .entry _Z6callerPy(.param .u64 out)
{
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u64 %rd2, 7;
  {
  .param .b64 arg;
  .param .b64 ret;
  st.param.b64 [arg], %rd2;
  call.uni (ret), quad, (arg);
  ld.param.b64 %rd3, [ret];
  }
  st.global.u64 [%rd1], %rd3;
  ret;
}

.visible .entry _Z7boundedPf(.param .u64 out) .maxntid 256, 1, 1
{
  .shared .align 8 .b8 tile[1000];
  .local .align 16 .b8 scratch[64];
  .reg .b16 %h<2>;
  .reg .b32 %r<3>;
  .reg .f32 %f<2>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  st.local.u32 [scratch], %r1;
  ld.local.u32 %r1, [scratch];
  cvt.u64.u32 %rd2, %r1;
  mov.u64 %rd3, tile;
  add.s64 %rd3, %rd3, %rd2;
  cvt.u16.u32 %h1, %r1;
  st.shared.u8 [%rd3], %h1;
  ld.shared.u8 %h1, [%rd3];
  cvt.rn.f32.u16 %f1, %h1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd1, %rd1, %rd2;
  st.global.f32 [%rd1], %f1;
  ret;
}

.visible .entry _Z8requiredPi(.param .u64 out) .reqntid 64, 2, 1
{
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  st.global.u32 [%rd1], 1;
  ret;
}

.extern .shared .align 16 .b8 dyn_smem[];

.visible .entry _Z7dynamicPfi(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .f32 %f<2>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  cvt.rn.f32.u32 %f1, %r2;
  mul.wide.u32 %rd2, %r2, 4;
  mov.u64 %rd3, dyn_smem;
  add.s64 %rd3, %rd3, %rd2;
  st.shared.f32 [%rd3], %f1;
  ld.shared.f32 %f1, [%rd3];
  add.s64 %rd1, %rd1, %rd2;
  st.global.f32 [%rd1], %f1;
DONE:
  ret;
}

.visible .entry _Z12grid_barrierPj(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<2>;
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r2, %nctaid.x;
  atom.global.add.u32 %r3, [%rd1], 1;
WAIT:
  ld.volatile.global.u32 %r4, [%rd1];
  setp.lt.u32 %p2, %r4, %r2;
  @%p2 bra WAIT;
  atom.global.add.u32 %r5, [%rd1+4], 1;
DONE:
  ret;
}
)";

// wide(unsigned* out): %r1..%r100 are all set before the first is read, so 100 32-bit registers
// and the 64-bit %rd1 are live at once; *out = 1 + 2 + ... + 100 = 5050.
inline std::string wide_kernel_ptx() {
  std::string ptx =
      ".visible .entry _Z4widePj(.param .u64 out)\n{\n"
      "  .reg .b32 %r<102>;\n  .reg .b64 %rd<2>;\n"
      "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd1, %rd1;\n";
  for (int i = 1; i <= 100; ++i) {
    ptx += "  mov.u32 %r" + std::to_string(i) + ", " + std::to_string(i) + ";\n";
  }
  ptx += "  add.u32 %r101, %r1, %r2;\n";
  for (int i = 3; i <= 100; ++i) ptx += "  add.u32 %r101, %r101, %r" + std::to_string(i) + ";\n";
  ptx += "  st.global.u32 [%rd1], %r101;\n  ret;\n}\n";
  return ptx;
}

// The host handles the kernels are registered under.
struct FunctionHandles {
  char five_regs = 0;
  char caller = 0;
  char bounded = 0;
  char required = 0;
  char dynamic = 0;
  char wide = 0;
  char grid_barrier = 0;
};

// Loads the module (once per process, after the shared one) and returns the handles.
inline const FunctionHandles& function_handles() {
  static const FunctionHandles* const handles = [] {
    use_test_module();
    Runtime& rt = Runtime::instance();
    std::lock_guard<std::recursive_mutex> lock(rt.mutex());
    rt.code().add_ptx_text(std::string(kFunctionPtx) + wide_kernel_ptx(), "function_test.ptx");
    auto* h = new FunctionHandles();
    rt.code().register_function(&h->five_regs, "_Z9five_regsPj");
    rt.code().register_function(&h->caller, "_Z6callerPy");
    rt.code().register_function(&h->bounded, "_Z7boundedPf");
    rt.code().register_function(&h->required, "_Z8requiredPi");
    rt.code().register_function(&h->dynamic, "_Z7dynamicPfi");
    rt.code().register_function(&h->wide, "_Z4widePj");
    rt.code().register_function(&h->grid_barrier, "_Z12grid_barrierPj");
    return h;
  }();
  return *handles;
}

}  // namespace warpsim::runtime::testing
