// SIMT reconvergence, calls, barriers and the executor's error reports, on hand-written PTX.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "func/exec_error.h"
#include "func_test_util.h"

namespace warpsim::func {
namespace {

using testing::FuncRunner;
using testing::kernel_ptx;

// out[tid] = tid odd ? (tid & 2 ? 3 : 2) : 1, through nested divergent if/else.
TEST(FuncControl, NestedDivergenceReconverges) {
  FuncRunner r(kernel_ptx("nested", ".param .u64 out", R"(
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra EVEN;
  and.b32 %r3, %r1, 2;
  setp.ne.u32 %p2, %r3, 0;
  @%p2 bra THREE;
  mov.u32 %r4, 2;
  bra.uni JOIN_IN;
THREE:
  mov.u32 %r4, 3;
JOIN_IN:
  add.u32 %r4, %r4, 100;
  bra.uni JOIN;
EVEN:
  mov.u32 %r4, 101;
JOIN:
  add.u32 %r4, %r4, 1000;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r4;
  ret;)"));
  Addr out = r.alloc<std::uint32_t>(64);
  r.launch("nested", {1, 1, 1}, {64, 1, 1}, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 64);
  for (std::uint32_t t = 0; t < 64; ++t) {
    std::uint32_t want = (t & 1) != 0 ? ((t & 2) != 0 ? 1103 : 1102) : 1101;
    EXPECT_EQ(got[t], want) << "thread " << t;
  }
}

// sum over i < tid of i, skipping multiples of 3 (continue) and stopping at 7 (break);
// threads with tid >= 40 leave early through exit.
TEST(FuncControl, LoopsWithBreakContinueAndEarlyExit) {
  FuncRunner r(kernel_ptx("loops", ".param .u64 out", R"(
  .reg .pred %p<5>;
  .reg .b32 %r<10>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p4, %r1, 40;
  @%p4 exit;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
LOOP:
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  rem.u32 %r4, %r2, 3;
  setp.eq.u32 %p2, %r4, 0;
  @%p2 bra NEXT;
  setp.eq.u32 %p3, %r2, 7;
  @%p3 bra DONE;
  add.u32 %r3, %r3, %r2;
NEXT:
  add.u32 %r2, %r2, 1;
  bra.uni LOOP;
DONE:
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;)"));
  Addr out = r.upload(std::vector<std::uint32_t>(64, 0xdeadU));
  r.launch("loops", {1, 1, 1}, {64, 1, 1}, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 64);
  for (std::uint32_t t = 0; t < 64; ++t) {
    std::uint32_t want = 0;
    for (std::uint32_t i = 0; i < t; ++i) {
      if (i % 3 == 0) continue;
      if (i == 7) break;
      want += i;
    }
    EXPECT_EQ(got[t], t >= 40 ? 0xdeadU : want) << "thread " << t;
  }
}

// The classic warp-synchronous tail of a reduction: no barrier, relies on lockstep lanes.
TEST(FuncControl, WarpSynchronousSharedReduction) {
  FuncRunner r(kernel_ptx("wsum", ".param .u64 in, .param .u64 out", R"(
  .shared .align 4 .b8 buf[256];
  .reg .pred %p<2>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.u64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  mov.u32 %r3, buf;
  shl.b32 %r4, %r1, 2;
  add.u32 %r5, %r3, %r4;
  st.volatile.shared.u32 [%r5], %r2;
  setp.ge.u32 %p1, %r1, 16;
  @%p1 bra END;
  ld.volatile.shared.u32 %r6, [%r5];
  ld.volatile.shared.u32 %r7, [%r5+64];
  add.u32 %r6, %r6, %r7;
  st.volatile.shared.u32 [%r5], %r6;
  ld.volatile.shared.u32 %r7, [%r5+32];
  add.u32 %r6, %r6, %r7;
  st.volatile.shared.u32 [%r5], %r6;
  ld.volatile.shared.u32 %r7, [%r5+16];
  add.u32 %r6, %r6, %r7;
  st.volatile.shared.u32 [%r5], %r6;
  ld.volatile.shared.u32 %r7, [%r5+8];
  add.u32 %r6, %r6, %r7;
  st.volatile.shared.u32 [%r5], %r6;
  ld.volatile.shared.u32 %r7, [%r5+4];
  add.u32 %r6, %r6, %r7;
  st.volatile.shared.u32 [%r5], %r6;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra END;
  st.global.u32 [%rd2], %r6;
END:
  ret;)"));
  std::vector<std::uint32_t> in(32);
  std::iota(in.begin(), in.end(), 5U);
  Addr din = r.upload(in);
  Addr out = r.alloc<std::uint32_t>(1);
  r.launch("wsum", {1, 1, 1}, {32, 1, 1}, din, out);
  EXPECT_EQ(r.download<std::uint32_t>(out, 1)[0], std::accumulate(in.begin(), in.end(), 0U));
}

constexpr const char* kCallsPtx = R"(.version 8.0
.target sm_90
.address_size 64

.func (.param .b32 ret) fact(.param .b32 n);
.func (.param .b32 ret) twice(.param .b32 x);
.func (.param .b32 ret) plus1(.param .b32 x);
.global .align 8 .u64 table[2] = {twice, plus1};

.func (.param .b32 ret) fact(.param .b32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  ld.param.u32 %r1, [n];
  setp.le.u32 %p1, %r1, 1;
  @%p1 bra BASE;
  sub.u32 %r2, %r1, 1;
  {
  .param .b32 a0;
  st.param.b32 [a0], %r2;
  .param .b32 r0;
  call.uni (r0), fact, (a0);
  ld.param.b32 %r3, [r0];
  }
  mul.lo.u32 %r4, %r3, %r1;
  st.param.b32 [ret], %r4;
  ret;
BASE:
  mov.u32 %r5, 1;
  st.param.b32 [ret], %r5;
  ret;
}

.func (.param .b32 ret) twice(.param .b32 x)
{
  .reg .b32 %r<3>;
  ld.param.u32 %r1, [x];
  add.u32 %r2, %r1, %r1;
  st.param.b32 [ret], %r2;
  ret;
}

.func (.param .b32 ret) plus1(.param .b32 x)
{
  .reg .b32 %r<3>;
  ld.param.u32 %r1, [x];
  add.u32 %r2, %r1, 1;
  st.param.b32 [ret], %r2;
  ret;
}

.visible .entry calls(.param .u64 out)
{
  .reg .b32 %r<10>;
  .reg .b64 %rd<10>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  rem.u32 %r2, %r1, 7;
  {
  .param .b32 a0;
  st.param.b32 [a0], %r2;
  .param .b32 r0;
  call.uni (r0), fact, (a0);
  ld.param.b32 %r3, [r0];
  }
  and.b32 %r4, %r1, 1;
  mul.wide.u32 %rd2, %r4, 8;
  mov.u64 %rd3, table;
  add.u64 %rd4, %rd3, %rd2;
  ld.global.u64 %rd5, [%rd4];
  {
  .param .b32 a1;
  st.param.b32 [a1], %r3;
  .param .b32 r1;
  proto: .callprototype (.param .b32 _) _ (.param .b32 _);
  call (r1), %rd5, (a1), proto;
  ld.param.b32 %r5, [r1];
  }
  mul.wide.u32 %rd6, %r1, 4;
  add.u64 %rd7, %rd1, %rd6;
  st.global.u32 [%rd7], %r5;
  ret;
}
)";

// Recursion with divergent depths, then an indirect call whose target differs per lane.
TEST(FuncControl, RecursionAndDivergentIndirectCalls) {
  FuncRunner r(kCallsPtx);
  Addr out = r.alloc<std::uint32_t>(48);
  r.launch("calls", {1, 1, 1}, {48, 1, 1}, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 48);
  for (std::uint32_t t = 0; t < 48; ++t) {
    std::uint32_t f = 1;
    for (std::uint32_t k = 2; k <= t % 7; ++k) f *= k;
    std::uint32_t want = (t & 1) != 0 ? f + 1 : 2 * f;
    EXPECT_EQ(got[t], want) << "thread " << t;
  }
}

// Two warps hand values over through shared memory across bar.sync; bar.red.popc counts.
TEST(FuncControl, BarriersOrderSharedMemoryAndReduce) {
  FuncRunner r(kernel_ptx("bars", ".param .u64 out", R"(
  .shared .align 4 .b8 buf[256];
  .reg .pred %p<2>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  shl.b32 %r3, %r1, 2;
  add.u32 %r4, %r2, %r3;
  mul.lo.u32 %r5, %r1, 3;
  st.shared.u32 [%r4], %r5;
  bar.sync 0;
  xor.b32 %r6, %r1, 63;
  shl.b32 %r7, %r6, 2;
  add.u32 %r8, %r2, %r7;
  ld.shared.u32 %r9, [%r8];
  and.b32 %r10, %r1, 3;
  setp.eq.u32 %p1, %r10, 0;
  bar.red.popc.u32 %r11, 0, %p1;
  add.u32 %r9, %r9, %r11;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r9;
  ret;)"));
  Addr out = r.alloc<std::uint32_t>(64);
  r.launch("bars", {1, 1, 1}, {64, 1, 1}, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 64);
  for (std::uint32_t t = 0; t < 64; ++t) EXPECT_EQ(got[t], (t ^ 63U) * 3 + 16) << t;
}

// Threads of a 3D grid of 3D blocks see their own %tid/%ctaid/%ntid/%nctaid.
TEST(FuncControl, SpecialRegistersIn3dGrids) {
  FuncRunner r(kernel_ptx("ids", ".param .u64 out", R"(
  .reg .b32 %r<20>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %tid.y;
  mov.u32 %r3, %tid.z;
  mov.u32 %r4, %ntid.x;
  mov.u32 %r5, %ntid.y;
  mov.u32 %r6, %ctaid.x;
  mov.u32 %r7, %ctaid.y;
  mov.u32 %r8, %ctaid.z;
  mov.u32 %r9, %nctaid.x;
  mov.u32 %r10, %nctaid.y;
  mad.lo.u32 %r11, %r8, %r10, %r7;
  mad.lo.u32 %r11, %r11, %r9, %r6;
  mov.u32 %r12, %ntid.z;
  mul.lo.u32 %r13, %r4, %r5;
  mul.lo.u32 %r13, %r13, %r12;
  mad.lo.u32 %r14, %r3, %r5, %r2;
  mad.lo.u32 %r14, %r14, %r4, %r1;
  mad.lo.u32 %r15, %r11, %r13, %r14;
  shl.b32 %r16, %r8, 16;
  shl.b32 %r17, %r2, 8;
  or.b32 %r16, %r16, %r17;
  or.b32 %r16, %r16, %r1;
  mul.wide.u32 %rd2, %r15, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r16;
  ret;)"));
  Dim3 grid{2, 3, 2}, block{4, 3, 5};
  std::uint64_t n = grid.volume() * block.volume();
  Addr out = r.alloc<std::uint32_t>(n);
  LaunchResult res = r.launch("ids", grid, block, out);
  EXPECT_EQ(res.ctas, grid.volume());
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, n);
  std::uint64_t i = 0;
  for (std::uint32_t cz = 0; cz < grid.z; ++cz)
    for (std::uint32_t cy = 0; cy < grid.y; ++cy)
      for (std::uint32_t cx = 0; cx < grid.x; ++cx)
        for (std::uint32_t tz = 0; tz < block.z; ++tz)
          for (std::uint32_t ty = 0; ty < block.y; ++ty)
            for (std::uint32_t tx = 0; tx < block.x; ++tx, ++i)
              EXPECT_EQ(got[i], (cz << 16) | (ty << 8) | tx) << i;
}

TEST(FuncControl, BarrierNotReachedByEveryThreadIsAnError) {
  FuncRunner r(kernel_ptx("halfbar", "", R"(
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra SKIP;
  bar.sync 0;
SKIP:
  ret;)"));
  testing::expect_exec_error(
      [&] {
        r.launch("halfbar", {1, 1, 1}, {64, 1, 1});
      },
      {"kernel halfbar", "test.ptx:14:", "block (0,0,0)",
       "barrier 0 is not reached by every thread", "32 of 64 threads arrived", "thread (0,0,0)"});
}

TEST(FuncControl, MisalignedAccessIsAnError) {
  FuncRunner r(kernel_ptx("mis", ".param .u64 p", R"(
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  ld.global.u32 %r1, [%rd1+2];
  ret;)"));
  Addr p = r.alloc<std::uint32_t>(4);
  testing::expect_exec_error(
      [&] {
        r.launch("mis", {1, 1, 1}, {1, 1, 1}, p);
      },
      {"kernel mis", "test.ptx:11:", "thread (0,0,0)", "misaligned read of 4 bytes"});
}

TEST(FuncControl, UnsupportedInstructionIsAnErrorWhenExecuted) {
  FuncRunner r(kernel_ptx("uns", "", R"(
  .reg .b64 %rd<2>;
  alloca.u64 %rd1, 16;
  ret;)"));
  testing::expect_exec_error(
      [&] {
        r.launch("uns", {1, 1, 1}, {1, 1, 1});
      },
      {"kernel uns", "test.ptx:9:", "unsupported instruction 'alloca"});
}

TEST(FuncControl, TrapAndRunawayRecursionAreErrors) {
  FuncRunner trap(kernel_ptx("t", "", "  trap;\n  ret;"));
  testing::expect_exec_error(
      [&] {
        trap.launch("t", {1, 1, 1}, {1, 1, 1});
      },
      {"trap instruction executed"});

  FuncRunner deep(R"(.version 8.0
.target sm_90
.address_size 64
.func forever(.param .b32 x)
{
  .local .align 4 .b8 pad[256];
  .reg .b32 %r<2>;
  ld.param.u32 %r1, [x];
  st.local.u32 [pad], %r1;
  {
  .param .b32 a;
  st.param.b32 [a], %r1;
  call.uni forever, (a);
  }
  ret;
}
.visible .entry deep()
{
  .reg .b32 %r<2>;
  mov.u32 %r1, 0;
  {
  .param .b32 a;
  st.param.b32 [a], %r1;
  call.uni forever, (a);
  }
  ret;
}
)");
  testing::expect_exec_error(
      [&] {
        deep.launch("deep", {1, 1, 1}, {1, 1, 1});
      },
      {"stack overflow calling forever"});
}

TEST(FuncControl, SharedAndLocalBoundsAreChecked) {
  FuncRunner r(kernel_ptx("sb", ".param .u32 off", R"(
  .shared .align 4 .b8 s[64];
  .reg .b32 %r<4>;
  ld.param.u32 %r1, [off];
  mov.u32 %r2, s;
  add.u32 %r2, %r2, %r1;
  st.shared.u32 [%r2], %r1;
  ret;)"));
  r.launch("sb", {1, 1, 1}, {1, 1, 1}, std::uint32_t{60});
  testing::expect_exec_error(
      [&] {
        r.launch("sb", {1, 1, 1}, {1, 1, 1}, std::uint32_t{64});
      },
      {"out-of-bounds write of 4 bytes at shared address 0x40"});
  // Dynamic shared memory extends the CTA's shared memory.
  r.launch_shared("sb", {1, 1, 1}, {1, 1, 1}, 16, std::uint32_t{64});
}

}  // namespace
}  // namespace warpsim::func
