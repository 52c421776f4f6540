#pragma once

// A hand-written PTX module for the runtime tests, loaded into the process-wide runtime once.
// Its kernels carry the mangled names nvcc would give these declarations:
//   scale(float* p, float s, int n)        p[i] *= s for i < n; counts threads in g_counter
//   widths(unsigned long long* out, long long a, unsigned char b, double d, short e)
//                                          out = {a, b, bits of d, e sign-extended}
//   by_value(Pair pair, int* out)          struct Pair { int a; double b; }: out = {a, (int)b}
//   tmpl<int, 4>(int* out), tmpl<float, 4>(int* out)   *out = 4 and 44
//   fault(int* out)                        stores to address 0: an out-of-bounds fault
// and the variables g_counter (.global u32), g_table (.global, 4 u32 = 1, 2, 3, 4) and c_scale
// (.const f32).

#include <string>

#include "runtime/runtime.h"

namespace warpsim::runtime::testing {

inline const char* const kTestPtx = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .global .align 4 .u32 g_counter;
.visible .global .align 4 .u32 g_table[4] = {1, 2, 3, 4};
.visible .const .align 4 .f32 c_scale;

.visible .entry _Z5scalePffi(.param .u64 p, .param .f32 s, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .f32 %f<4>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [p];
  ld.param.f32 %f1, [s];
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
  ld.global.f32 %f2, [%rd4];
  mul.f32 %f3, %f2, %f1;
  st.global.f32 [%rd4], %f3;
  atom.global.add.u32 %r6, [g_counter], 1;
DONE:
  ret;
}

.visible .entry _Z6widthsPyxhds(.param .u64 out, .param .u64 a, .param .u8 b, .param .f64 d,
                                .param .u16 e)
{
  .reg .b16 %rs<3>;
  .reg .f64 %fd<2>;
  .reg .b64 %rd<7>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ld.param.u64 %rd2, [a];
  st.global.u64 [%rd1], %rd2;
  ld.param.u8 %rs1, [b];
  cvt.u64.u16 %rd3, %rs1;
  st.global.u64 [%rd1+8], %rd3;
  ld.param.f64 %fd1, [d];
  mov.b64 %rd4, %fd1;
  st.global.u64 [%rd1+16], %rd4;
  ld.param.s16 %rs2, [e];
  cvt.s64.s16 %rd5, %rs2;
  st.global.u64 [%rd1+24], %rd5;
  ret;
}

.visible .entry _Z8by_value4PairPi(.param .align 8 .b8 pair[16], .param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .f64 %fd<2>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ld.param.u32 %r1, [pair];
  ld.param.f64 %fd1, [pair+8];
  cvt.rzi.s32.f64 %r2, %fd1;
  st.global.u32 [%rd1], %r1;
  st.global.u32 [%rd1+4], %r2;
  ret;
}

.visible .entry _Z4tmplIiLi4EEvPi(.param .u64 out)
{
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  st.global.u32 [%rd1], 4;
  ret;
}

.visible .entry _Z4tmplIfLi4EEvPi(.param .u64 out)
{
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  st.global.u32 [%rd1], 44;
  ret;
}

.visible .entry _Z5faultPi(.param .u64 out)
{
  .reg .b64 %rd<2>;
  mov.u64 %rd1, 0;
  st.global.u32 [%rd1], 1;
  ret;
}
)";

// Loads kTestPtx into the runtime (once per process).
inline void use_test_module() {
  static const bool loaded = [] {
    Runtime& rt = Runtime::instance();
    std::lock_guard<std::recursive_mutex> lock(rt.mutex());
    rt.code().add_ptx_text(kTestPtx, "runtime_test.ptx");
    return true;
  }();
  (void)loaded;
}

}  // namespace warpsim::runtime::testing
