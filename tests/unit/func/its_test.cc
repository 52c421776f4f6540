// Independent thread scheduling (func/its.h) on hand-written PTX: threads of one warp that wait
// for each other finish, and code that is safe under a lockstep SIMT stack runs exactly as it
// does there.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "func_test_util.h"

namespace warpsim::func {
namespace {

using testing::FuncRunner;
using testing::kernel_ptx;

DeviceOptions independent() {
  DeviceOptions options;
  options.independent_scheduling = true;
  return options;
}

// Odd lanes wait for the flag their even neighbour sets on the other side of the branch; the
// waiting side is the fall-through, which the stack runs first.
const std::string kNeighbourFlags = kernel_ptx("flags", ".param .u64 flags, .param .u64 out", R"(
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [flags];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 0;
  mul.wide.u32 %rd3, %r1, 4;
  add.u64 %rd4, %rd1, %rd3;
  add.u64 %rd5, %rd2, %rd3;
  @%p1 bra PRODUCE;
  xor.b32 %r3, %r1, 1;
  mul.wide.u32 %rd6, %r3, 4;
  add.u64 %rd7, %rd1, %rd6;
WAIT:
  ld.volatile.global.u32 %r4, [%rd7];
  setp.eq.u32 %p2, %r4, 0;
  @%p2 bra WAIT;
  mul.lo.u32 %r5, %r4, 10;
  st.global.u32 [%rd5], %r5;
  bra.uni DONE;
PRODUCE:
  add.u32 %r6, %r1, 1;
  st.volatile.global.u32 [%rd4], %r6;
  st.global.u32 [%rd5], %r6;
DONE:
  ret;)");

TEST(FuncIts, WaitingPathLetsTheSiblingItWaitsForRun) {
  FuncRunner r(kNeighbourFlags, independent());
  Addr flags = r.upload(std::vector<std::uint32_t>(64, 0));
  Addr out = r.alloc<std::uint32_t>(64);
  r.launch("flags", {1, 1, 1}, {64, 1, 1}, flags, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 64);
  for (std::uint32_t t = 0; t < 64; ++t) {
    std::uint32_t want = (t & 1) != 0 ? 10 * t : t + 1;
    EXPECT_EQ(got[t], want) << "thread " << t;
  }
}

// Without independent scheduling the waiting side, run first, can never see its flag: after
// kLivelockSpins unchanged iterations that is an error naming the spinning lanes, not a hang.
TEST(FuncIts, LockstepWarpWaitingForItselfIsAnError) {
  FuncRunner r(kNeighbourFlags);
  Addr flags = r.upload(std::vector<std::uint32_t>(32, 0));
  Addr out = r.alloc<std::uint32_t>(32);
  testing::expect_exec_error(
      [&] {
        r.launch("flags", {1, 1, 1}, {32, 1, 1}, flags, out);
      },
      {"lanes 0xaaaaaaaa have spun here over 4194304 times", "thread (1,0,0)",
       "sm.independent_thread_scheduling is false"});
}

// Every thread takes one lock; the critical section follows the spin loop, so the lane that
// took the lock waits at the loop's reconvergence point while its warp-mates spin.
const std::string kLockAfterLoop =
    kernel_ptx("lock", ".param .u64 lock, .param .u64 counter, .param .u64 seen", R"(
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [lock];
  ld.param.u64 %rd2, [counter];
  ld.param.u64 %rd3, [seen];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r6, %ntid.x;
  mov.u32 %r7, %tid.x;
  mad.lo.u32 %r1, %r1, %r6, %r7;
SPIN:
  atom.global.cas.b32 %r2, [%rd1], 0, 1;
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra SPIN;
  ld.volatile.global.u32 %r3, [%rd2];
  add.u32 %r4, %r3, 1;
  st.volatile.global.u32 [%rd2], %r4;
  mul.wide.u32 %rd4, %r1, 4;
  add.u64 %rd5, %rd3, %rd4;
  st.global.u32 [%rd5], %r3;
  atom.global.exch.b32 %r5, [%rd1], 0;
  ret;)");

struct LockRun {
  std::uint32_t counter = 0;
  std::vector<std::uint32_t> seen;
  std::uint64_t warp_insts = 0;
};

LockRun run_lock(std::uint32_t ctas, std::uint32_t threads) {
  FuncRunner r(kLockAfterLoop, independent());
  const std::uint32_t n = ctas * threads;
  Addr lock = r.upload(std::vector<std::uint32_t>{0});
  Addr counter = r.upload(std::vector<std::uint32_t>{0});
  Addr seen = r.alloc<std::uint32_t>(n);
  LockRun run;
  run.warp_insts = r.launch("lock", {ctas, 1, 1}, {threads, 1, 1}, lock, counter, seen).warp_insts;
  run.counter = r.download<std::uint32_t>(counter, 1)[0];
  run.seen = r.download<std::uint32_t>(seen, n);
  return run;
}

TEST(FuncIts, LanesGoOnPastTheirReconvergencePointWhileWarpMatesSpin) {
  LockRun run = run_lock(3, 96);
  EXPECT_EQ(run.counter, 288U);
  std::vector<std::uint32_t> sorted = run.seen;
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::uint32_t> want(288);
  std::iota(want.begin(), want.end(), 0U);
  EXPECT_EQ(sorted, want);  // each thread held the lock alone, once
}

TEST(FuncIts, SameInputsSameOrder) {
  LockRun a = run_lock(2, 64);
  LockRun b = run_lock(2, 64);
  EXPECT_EQ(a.seen, b.seen);
  EXPECT_EQ(a.warp_insts, b.warp_insts);
}

// Even and odd lanes meet at a bar.sync on their own side of the branch and read the other
// half's values.
TEST(FuncIts, BarrierReachedFromBothSidesOfABranch) {
  FuncRunner r(kernel_ptx("bars", ".param .u64 out", R"(
  .shared .align 4 .b8 buf[512];
  .reg .pred %p<2>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  shl.b32 %r3, %r1, 2;
  add.u32 %r4, %r2, %r3;
  xor.b32 %r5, %r1, 1;
  shl.b32 %r5, %r5, 2;
  add.u32 %r5, %r2, %r5;
  and.b32 %r6, %r1, 1;
  setp.eq.u32 %p1, %r6, 0;
  @%p1 bra EVEN;
  mul.lo.u32 %r7, %r1, 3;
  st.shared.u32 [%r4], %r7;
  bar.sync 0;
  ld.shared.u32 %r8, [%r5];
  bra.uni JOIN;
EVEN:
  mul.lo.u32 %r7, %r1, 5;
  st.shared.u32 [%r4], %r7;
  bar.sync 0;
  ld.shared.u32 %r8, [%r5];
  add.u32 %r8, %r8, 1;
JOIN:
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r8;
  ret;)"),
               independent());
  Addr out = r.alloc<std::uint32_t>(128);
  r.launch("bars", {1, 1, 1}, {128, 1, 1}, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 128);
  for (std::uint32_t t = 0; t < 128; ++t) {
    std::uint32_t want = (t & 1) != 0 ? 5 * (t ^ 1) : 3 * (t ^ 1) + 1;
    EXPECT_EQ(got[t], want) << "thread " << t;
  }
}

// Lane 0 spins until thread 32 (another warp) publishes a value; its warp-mates go on to the
// bar.sync, where they wait for lane 0 without holding it up.
const std::string kSpinThenBarrier = kernel_ptx("spinbar", ".param .u64 out", R"(
  .shared .align 4 .b8 flag[4];
  .shared .align 4 .b8 copy[4];
  .reg .pred %p<4>;
  .reg .b32 %r<10>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra OTHERS;
WAIT:
  ld.volatile.shared.u32 %r2, [flag];
  setp.eq.u32 %p2, %r2, 0;
  @%p2 bra WAIT;
  st.shared.u32 [copy], %r2;
  bra.uni JOIN;
OTHERS:
  setp.ne.u32 %p3, %r1, 32;
  @%p3 bra JOIN;
  mov.u32 %r3, 77;
  st.volatile.shared.u32 [flag], %r3;
JOIN:
  bar.sync 0;
  ld.shared.u32 %r4, [copy];
  add.u32 %r4, %r4, %r1;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r4;
  ret;)");

TEST(FuncIts, SpinningLaneDoesNotHoldUpItsWarpMatesAtABarrier) {
  FuncRunner r(kSpinThenBarrier, independent());
  Addr out = r.alloc<std::uint32_t>(64);
  r.launch("spinbar", {1, 1, 1}, {64, 1, 1}, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 64);
  for (std::uint32_t t = 0; t < 64; ++t) EXPECT_EQ(got[t], 77 + t) << "thread " << t;
}

// Lane 0 writes a value and meets the other lanes at bar.warp.sync on its side of the branch;
// they wait at theirs (the fall-through, run first) before reading it.
TEST(FuncIts, WarpSyncWaitsForMembersOnTheOtherSide) {
  FuncRunner r(kernel_ptx("wsync", ".param .u64 out", R"(
  .shared .align 4 .b8 value[4];
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra WRITE;
  bar.warp.sync -1;
  ld.shared.u32 %r2, [value];
  bra.uni JOIN;
WRITE:
  mov.u32 %r3, 42;
  st.shared.u32 [value], %r3;
  bar.warp.sync -1;
  mov.u32 %r2, %r3;
JOIN:
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;)"),
               independent());
  Addr out = r.alloc<std::uint32_t>(32);
  r.launch("wsync", {1, 1, 1}, {32, 1, 1}, out);
  EXPECT_EQ(r.download<std::uint32_t>(out, 32), std::vector<std::uint32_t>(32, 42));
}

// bar.warp.sync inside a function that only some lanes call: the others wait in the caller,
// where no path of the function can bring them.
TEST(FuncIts, WarpSyncThatCannotCompleteIsAnError) {
  FuncRunner r(R"(.version 8.0
.target sm_90
.address_size 64

.func sync_all()
{
  bar.warp.sync -1;
  ret;
}

.visible .entry half(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<2>;
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, 16;
  @%p1 bra DONE;
  call.uni sync_all, ();
DONE:
  ret;
}
)",
               independent());
  Addr out = r.alloc<std::uint32_t>(32);
  testing::expect_exec_error(
      [&] {
        r.launch("half", {1, 1, 1}, {32, 1, 1}, out);
      },
      {"bar.warp.sync waits for lanes 0xffff0000", "thread (0,0,0)"});
}

// Divergent loops whose lanes never wait for each other: lane t runs 40 + t iterations (well
// past the spin check) while its warp-mates wait at the loop's exit, then a nested if/else and
// a call. Independent scheduling changes nothing: same results, same instruction counts.
const std::string kLockstepSafe = R"(.version 8.0
.target sm_90
.address_size 64

.func (.param .b32 ret) twice(.param .b32 x)
{
  .reg .b32 %r<3>;
  ld.param.b32 %r1, [x];
  add.u32 %r2, %r1, %r1;
  st.param.b32 [ret], %r2;
  ret;
}

.visible .entry safe(.param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  add.u32 %r2, %r1, 40;
  mov.u32 %r3, 0;
  mov.u32 %r4, 0;
LOOP:
  add.u32 %r4, %r4, %r3;
  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p1, %r3, %r2;
  @%p1 bra LOOP;
  and.b32 %r5, %r1, 3;
  setp.eq.u32 %p2, %r5, 0;
  @%p2 bra ZERO;
  setp.eq.u32 %p3, %r5, 1;
  @%p3 bra ONE;
  add.u32 %r4, %r4, 7;
  bra.uni JOIN;
ONE:
  add.u32 %r4, %r4, 3;
  bra.uni JOIN;
ZERO:
  {
    .param .b32 a;
    .param .b32 b;
    st.param.b32 [a], %r4;
    call.uni (b), twice, (a);
    ld.param.b32 %r4, [b];
  }
JOIN:
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r4;
  ret;
}
)";

TEST(FuncIts, LockstepSafeCodeRunsAsOnTheStack) {
  std::vector<std::vector<std::uint32_t>> results;
  std::vector<LaunchResult> counts;
  for (bool its : {false, true}) {
    DeviceOptions options;
    options.independent_scheduling = its;
    FuncRunner r(kLockstepSafe, options);
    Addr out = r.alloc<std::uint32_t>(96);
    counts.push_back(r.launch("safe", {1, 1, 1}, {96, 1, 1}, out));
    results.push_back(r.download<std::uint32_t>(out, 96));
  }
  EXPECT_EQ(results[0], results[1]);
  EXPECT_EQ(counts[0].warp_insts, counts[1].warp_insts);
  EXPECT_EQ(counts[0].thread_insts, counts[1].thread_insts);
  for (std::uint32_t t = 0; t < 96; ++t) {
    std::uint32_t n = 40 + t;
    std::uint32_t sum = n * (n - 1) / 2;
    std::uint32_t want = t % 4 == 0 ? 2 * sum : sum + (t % 4 == 1 ? 3 : 7);
    EXPECT_EQ(results[1][t], want) << "thread " << t;
  }
}

}  // namespace
}  // namespace warpsim::func
