// Floating-point atom/red: exact sums of dyadic values, subnormal flushing (global memory only),
// round-to-nearest-even of f32 and of the 16-bit formats, vector forms, and the memory-order and
// scope modifiers, which are accepted and have no functional effect.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "func_test_util.h"

namespace warpsim::func {
namespace {

using testing::FuncRunner;
using testing::kernel_ptx;

// Dyadic values (k/8) add exactly whatever the order, so the sums are exact.
TEST(FuncAtomic, FloatAddsOfDyadicValuesAreExact) {
  FuncRunner r(kernel_ptx("fadd", ".param .u64 mem, .param .u64 out", R"(
  .reg .b32 %r<4>;
  .reg .f32 %f<4>;
  .reg .f64 %fd<4>;
  .reg .b64 %rd<6>;
  .shared .align 4 .f32 sacc;
  ld.param.u64 %rd1, [mem];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  st.shared.f32 [sacc], 0f00000000;
  bar.sync 0;
  cvt.rn.f32.u32 %f1, %r1;
  mul.f32 %f1, %f1, 0f3E000000;
  atom.global.add.f32 %f2, [%rd1], %f1;
  cvt.f64.f32 %fd1, %f1;
  atom.global.add.f64 %fd2, [%rd1+8], %fd1;
  red.global.add.f32 [%rd1+16], %f1;
  atom.shared.add.f32 %f3, [sacc], %f1;
  bar.sync 0;
  ld.shared.f32 %f3, [sacc];
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.f32 [%rd4], %f2;
  st.global.f32 [%rd2+512], %f3;
  ret;)"));
  std::vector<std::uint64_t> init(3, 0);
  init[0] = std::bit_cast<std::uint32_t>(10.5F);
  Addr mem = r.upload(init);
  Addr out = r.alloc<float>(129);
  r.launch("fadd", {1, 1, 1}, {128, 1, 1}, mem, out);
  // sum_{k<128} k/8 = 127*128/16 = 1016
  std::vector<std::uint64_t> got = r.download<std::uint64_t>(mem, 3);
  EXPECT_EQ(std::bit_cast<float>(static_cast<std::uint32_t>(got[0])), 1026.5F);
  EXPECT_EQ(std::bit_cast<double>(got[1]), 1016.0);
  EXPECT_EQ(std::bit_cast<float>(static_cast<std::uint32_t>(got[2])), 1016.0F);
  std::vector<float> olds = r.download<float>(out, 129);
  EXPECT_EQ(olds[128], 1016.0F);
  // Within a warp, lanes apply in order: lane t sees lane t-1's value plus (t-1)/8.
  for (unsigned t = 0; t < 128; ++t) {
    if (t % 32 == 0) continue;
    EXPECT_EQ(olds[t], olds[t - 1] + (t - 1) / 8.0F) << t;
  }
}

// atom.add.f32 flushes subnormal inputs and results on global memory but keeps them in shared
// memory; f32 rounds to nearest even.
TEST(FuncAtomic, FloatAddSubnormalsAndRounding) {
  FuncRunner r(kernel_ptx("fsub", ".param .u64 mem", R"(
  .reg .f32 %f<8>;
  .reg .b64 %rd<4>;
  .shared .align 4 .f32 s;
  ld.param.u64 %rd1, [mem];
  ld.global.f32 %f1, [%rd1];
  st.shared.f32 [s], %f1;
  atom.global.add.f32 %f2, [%rd1], %f1;
  atom.shared.add.f32 %f3, [s], %f1;
  ld.shared.f32 %f4, [s];
  st.global.f32 [%rd1+4], %f4;
  atom.global.add.f32 %f5, [%rd1+8], 0f33800000;
  atom.global.add.f32 %f6, [%rd1+12], 0f33C00000;
  ld.global.f32 %f1, [%rd1+16];
  st.shared.f32 [s], %f1;
  atom.global.add.f32 %f2, [%rd1+16], 0f80800000;
  atom.shared.add.f32 %f3, [s], 0f80800000;
  ld.shared.f32 %f4, [s];
  st.global.f32 [%rd1+20], %f4;
  ret;)"));
  const float sub = std::ldexp(1.0F, -140);
  const float normal = 1.5F * std::ldexp(1.0F, -126);  // minus 2^-126 leaves a subnormal
  Addr mem = r.upload(std::vector<float>{sub, 0, 1.0F, 1.0F, normal, 0});
  r.launch("fsub", {1, 1, 1}, {1, 1, 1}, mem);
  std::vector<float> got = r.download<float>(mem, 6);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(got[0]), 0U);  // sub + sub flushed to +0
  EXPECT_EQ(got[1], 2 * sub);
  EXPECT_EQ(got[2], 1.0F);                              // 1 + 2^-24: a tie, to even
  EXPECT_EQ(got[3], 1.0F + std::ldexp(1.0F, -23));      // 1 + 1.5*2^-24 rounds up
  EXPECT_EQ(std::bit_cast<std::uint32_t>(got[4]), 0U);  // a subnormal result is flushed
  EXPECT_EQ(got[5], std::ldexp(1.0F, -127));
}

// Half-precision adds round to nearest even, each half of a pair on its own.
TEST(FuncAtomic, HalfPrecisionAdds) {
  FuncRunner r(kernel_ptx("hadd", ".param .u64 mem", R"(
  .reg .b16 %h<8>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [mem];
  ld.global.b16 %h1, [%rd1+16];
  atom.global.add.noftz.f16 %h2, [%rd1], %h1;
  ld.global.b16 %h3, [%rd1+18];
  atom.global.add.noftz.bf16 %h4, [%rd1+2], %h3;
  ld.global.b32 %r1, [%rd1+20];
  atom.global.add.noftz.f16x2 %r2, [%rd1+4], %r1;
  ld.global.b32 %r3, [%rd1+24];
  red.global.add.noftz.bf16x2 [%rd1+8], %r3;
  ret;)"));
  // f16: 1.0 = 0x3c00, 2^-11 = 0x1000 (half an ulp of 1.0), 0x3c01 = 1 + 2^-10.
  // bf16: 1.0 = 0x3f80, 2^-8 = 0x3b80 (half an ulp), 0x3f81 = 1 + 2^-7.
  std::vector<std::uint16_t> mem_init = {
      0x3c00, 0x3f81,  // f16 1.0; bf16 1+2^-7
      0x3c01, 0x7bff,  // f16x2: 1+2^-10, 65504
      0x3f80, 0xc000,  // bf16x2: 1.0, -2.0
      0,      0,       // padding
      0x1000, 0x3b80,  // f16 2^-11; bf16 2^-8
      0x1000, 0x4c00,  // f16x2 operands: 2^-11, 16
      0x3b80, 0x4000,  // bf16x2 operands: 2^-8, 2.0
  };
  Addr mem = r.upload(mem_init);
  r.launch("hadd", {1, 1, 1}, {1, 1, 1}, mem);
  std::vector<std::uint16_t> got = r.download<std::uint16_t>(mem, 6);
  EXPECT_EQ(got[0], 0x3c00);  // tie with an even result: stays 1.0
  EXPECT_EQ(got[1], 0x3f82);  // tie with an odd result: rounds up to 1 + 2^-6
  EXPECT_EQ(got[2], 0x3c02);  // (1 + 2^-10) + 2^-11: tie, odd, rounds up
  EXPECT_EQ(got[3], 0x7c00);  // 65504 + 16 is the midpoint to 2^16: ties to even overflow
  EXPECT_EQ(got[4], 0x3f80);  // 1 + 2^-8 ties to even
  EXPECT_EQ(got[5], 0x0000);  // -2 + 2: an exact zero sum is +0
}

// min/max of the 16-bit formats: -0 orders below +0, a NaN operand yields the other value.
TEST(FuncAtomic, HalfPrecisionMinMax) {
  FuncRunner r(kernel_ptx("hminmax", ".param .u64 mem", R"(
  .reg .b16 %h<8>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [mem];
  mov.b16 %h1, 0x8000;
  atom.global.min.noftz.f16 %h2, [%rd1], %h1;
  mov.b32 %r1, 0x7fc03f80;
  atom.global.max.noftz.bf16x2 %r2, [%rd1+4], %r1;
  mov.b16 %h3, 0xc000;
  mov.b16 %h4, 0x3c00;
  red.global.v4.f16.max.noftz [%rd1+8], {%h3, %h4, %h3, %h4};
  ret;)"));
  // f16 +0; bf16x2 {-1.0, 2.0}; f16 {-1.0, 1.5, -3.0, 0.5}.
  Addr mem = r.upload(
      std::vector<std::uint16_t>{0x0000, 0, 0xbf80, 0x4000, 0xbc00, 0x3e00, 0xc200, 0x3800});
  r.launch("hminmax", {1, 1, 1}, {1, 1, 1}, mem);
  std::vector<std::uint16_t> got = r.download<std::uint16_t>(mem, 8);
  EXPECT_EQ(got[0], 0x8000);  // min(+0, -0) = -0
  EXPECT_EQ(got[2], 0x3f80);  // max(-1, 1) = 1
  EXPECT_EQ(got[3], 0x4000);  // max(2, NaN) = 2
  EXPECT_EQ(got[4], 0xbc00);  // max(-1, -2) = -1
  EXPECT_EQ(got[5], 0x3e00);  // max(1.5, 1) = 1.5
  EXPECT_EQ(got[6], 0xc000);  // max(-3, -2) = -2
  EXPECT_EQ(got[7], 0x3c00);  // max(0.5, 1) = 1
}

TEST(FuncAtomic, VectorFloatAddsAndMemoryModifiers) {
  FuncRunner r(kernel_ptx("vec", ".param .u64 mem, .param .u64 out", R"(
  .reg .f32 %f<8>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [mem];
  ld.param.u64 %rd2, [out];
  mov.f32 %f1, 0f3F800000;
  mov.f32 %f2, 0f40000000;
  atom.global.v2.f32.add {%f3, %f4}, [%rd1], {%f1, %f2};
  red.global.v4.f32.add [%rd1+16], {%f1, %f2, %f2, %f1};
  atom.acq_rel.gpu.global.add.u32 %r1, [%rd1+32], 1;
  atom.relaxed.sys.global.exch.b32 %r2, [%rd1+36], 9;
  red.release.cta.global.or.b32 [%rd1+40], 6;
  atom.global.cta.add.u32 %r3, [%rd1+32], 1;
  atom.sc.global.sys.add.u32 %r4, [%rd1+32], 1;
  st.global.v2.f32 [%rd2], {%f3, %f4};
  st.global.v4.u32 [%rd2+16], {%r1, %r2, %r3, %r4};
  ret;)"));
  std::vector<std::uint32_t> init(11, 0);
  init[0] = std::bit_cast<std::uint32_t>(0.5F);
  init[1] = std::bit_cast<std::uint32_t>(-4.0F);
  init[4] = std::bit_cast<std::uint32_t>(8.0F);
  init[7] = std::bit_cast<std::uint32_t>(0.25F);
  init[8] = 40;
  init[9] = 3;
  init[10] = 0x11;
  Addr mem = r.upload(init);
  Addr out = r.alloc<std::uint32_t>(8);
  r.launch("vec", {1, 1, 1}, {32, 1, 1}, mem, out);
  std::vector<float> f = r.download<float>(mem, 8);
  EXPECT_EQ(f[0], 0.5F + 32);
  EXPECT_EQ(f[1], -4.0F + 64);
  EXPECT_EQ(f[4], 8.0F + 32);
  EXPECT_EQ(f[5], 64.0F);
  EXPECT_EQ(f[6], 64.0F);
  EXPECT_EQ(f[7], 0.25F + 32);
  std::vector<std::uint32_t> u = r.download<std::uint32_t>(mem, 11);
  EXPECT_EQ(u[8], 40U + 3 * 32);
  EXPECT_EQ(u[9], 9U);
  EXPECT_EQ(u[10], 0x17U);
  // Lane 31 is the last to apply each instruction.
  std::vector<std::uint32_t> o = r.download<std::uint32_t>(out, 8);
  EXPECT_EQ(std::bit_cast<float>(o[0]), 0.5F + 31);
  EXPECT_EQ(std::bit_cast<float>(o[1]), -4.0F + 62);
  EXPECT_EQ(o[4], 40U + 31);
  EXPECT_EQ(o[5], 9U);
  EXPECT_EQ(o[6], 40U + 32 + 31);
  EXPECT_EQ(o[7], 40U + 64 + 31);
}

}  // namespace
}  // namespace warpsim::func
