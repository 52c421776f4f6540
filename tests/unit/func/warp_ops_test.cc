// shfl, vote, match, redux, activemask and elect, with expected values computed here from the
// CUDA-level description of each intrinsic (segments of `width` lanes, masks of lanes).

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "func/exec_error.h"
#include "func/handlers.h"
#include "func_test_util.h"
#include "ptx/parser.h"
#include "ptx/printer.h"

namespace warpsim::func {
namespace {

using testing::FuncRunner;
using testing::kernel_ptx;

// Loads in[tid] into %r2 and leaves &out[tid] in %rd4 (4-byte elements).
constexpr const char* kLoadLaneValue = R"(
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd5, %rd1, %rd3;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.u32 %r2, [%rd5];
)";

std::string lane_kernel(const std::string& name, const std::string& body) {
  return kernel_ptx(name, ".param .u64 in, .param .u64 out", std::string(R"(
  .reg .pred %p<8>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<12>;)") + kLoadLaneValue + body + "\n  ret;");
}

std::vector<std::uint32_t> run_lanes(const std::string& ptx, const std::vector<std::uint32_t>& in,
                                     unsigned out_words, unsigned threads = 32) {
  FuncRunner r(ptx);
  Addr a = r.upload(in);
  Addr out = r.alloc<std::uint32_t>(out_words);
  r.device().memory().write(out, std::vector<std::uint32_t>(out_words, 0xdeadbeefU).data(),
                            out_words * 4);
  r.launch("k", {1, 1, 1}, {threads, 1, 1}, a, out);
  return r.download<std::uint32_t>(out, out_words);
}

std::vector<std::uint32_t> distinct_values() {
  std::vector<std::uint32_t> v(32);
  for (unsigned i = 0; i < 32; ++i) v[i] = 1000 + 7 * i;
  return v;
}

// Each shfl writes its value to out[tid + 32*k] and its predicate to out[tid + 32*(k+1)].
std::string shfl_body(const std::vector<std::string>& insts) {
  std::string body;
  unsigned slot = 0;
  for (const std::string& inst : insts) {
    body += "  " + inst + "\n";
    body += "  selp.u32 %r4, 1, 0, %p1;\n";
    body += "  st.global.u32 [%rd4+" + std::to_string(slot * 128) + "], %r3;\n";
    body += "  st.global.u32 [%rd4+" + std::to_string((slot + 1) * 128) + "], %r4;\n";
    slot += 2;
  }
  return body;
}

struct ShflRef {
  std::uint32_t value;
  bool in_range;
};

// __shfl_sync / _up / _down / _xor as the CUDA programming guide describes them.
ShflRef ref_idx(const std::vector<std::uint32_t>& v, unsigned lane, unsigned src, unsigned w) {
  return {v[(lane / w) * w + src % w], true};
}
ShflRef ref_up(const std::vector<std::uint32_t>& v, unsigned lane, unsigned d, unsigned w) {
  if (lane % w >= d) return {v[lane - d], true};
  return {v[lane], false};
}
ShflRef ref_down(const std::vector<std::uint32_t>& v, unsigned lane, unsigned d, unsigned w) {
  if (lane % w + d < w) return {v[lane + d], true};
  return {v[lane], false};
}
ShflRef ref_xor(const std::vector<std::uint32_t>& v, unsigned lane, unsigned m, unsigned w) {
  unsigned src = lane ^ m;
  if (src < (lane / w + 1) * w) return {v[src], true};  // later segments are out of reach
  return {v[lane], false};
}

void expect_shfl(const std::vector<std::uint32_t>& got, unsigned slot,
                 const std::vector<std::uint32_t>& v,
                 ShflRef (*ref)(const std::vector<std::uint32_t>&, unsigned, unsigned, unsigned),
                 unsigned arg, unsigned width, const std::string& what) {
  for (unsigned lane = 0; lane < 32; ++lane) {
    ShflRef want = ref(v, lane, arg, width);
    EXPECT_EQ(got[slot * 32 + lane], want.value) << what << " lane " << lane;
    EXPECT_EQ(got[(slot + 1) * 32 + lane], want.in_range ? 1U : 0U) << what << " p, lane " << lane;
  }
}

TEST(FuncWarp, ShflFullWarpAllModes) {
  std::vector<std::uint32_t> v = distinct_values();
  auto got = run_lanes(lane_kernel("k", shfl_body({
                                            "shfl.sync.idx.b32 %r3|%p1, %r2, 5, 31, -1;",
                                            "shfl.sync.up.b32 %r3|%p1, %r2, 3, 0, -1;",
                                            "shfl.sync.down.b32 %r3|%p1, %r2, 4, 31, -1;",
                                            "shfl.sync.bfly.b32 %r3|%p1, %r2, 9, 31, -1;",
                                        })),
                       v, 32 * 8);
  expect_shfl(got, 0, v, ref_idx, 5, 32, "idx 5");
  expect_shfl(got, 2, v, ref_up, 3, 32, "up 3");
  expect_shfl(got, 4, v, ref_down, 4, 32, "down 4");
  expect_shfl(got, 6, v, ref_xor, 9, 32, "bfly 9");
}

// nvcc passes c = ((32 - width) << 8) | 0x1f (0 in the low bits for .up).
TEST(FuncWarp, ShflWithSubWarpWidths) {
  std::vector<std::uint32_t> v = distinct_values();
  auto got = run_lanes(lane_kernel("k", shfl_body({
                                            "shfl.sync.idx.b32 %r3|%p1, %r2, 6, 6175, -1;",
                                            "shfl.sync.up.b32 %r3|%p1, %r2, 2, 6144, -1;",
                                            "shfl.sync.down.b32 %r3|%p1, %r2, 3, 6175, -1;",
                                            "shfl.sync.bfly.b32 %r3|%p1, %r2, 4, 7199, -1;",
                                            "shfl.sync.bfly.b32 %r3|%p1, %r2, 16, 7199, -1;",
                                            "shfl.sync.idx.b32 %r3|%p1, %r2, 13, 7711, -1;",
                                        })),
                       v, 32 * 12);
  expect_shfl(got, 0, v, ref_idx, 6, 8, "idx w8");  // 6175 = (24 << 8) | 31
  expect_shfl(got, 2, v, ref_up, 2, 8, "up w8");    // 6144 = 24 << 8
  expect_shfl(got, 4, v, ref_down, 3, 8, "down w8");
  expect_shfl(got, 6, v, ref_xor, 4, 4, "bfly 4 w4");  // 7199 = (28 << 8) | 31
  expect_shfl(got, 8, v, ref_xor, 16, 4, "bfly 16 w4");
  expect_shfl(got, 10, v, ref_idx, 13, 2, "idx w2");  // 7711 = (30 << 8) | 31
}

// Source lanes past the clamp keep the lane's own value and clear p; b only counts mod 32.
TEST(FuncWarp, ShflOutOfRangeSourcesKeepOwnValue) {
  std::vector<std::uint32_t> v = distinct_values();
  auto got = run_lanes(lane_kernel("k", shfl_body({
                                            "shfl.sync.down.b32 %r3|%p1, %r2, 5, 31, -1;",
                                            "shfl.sync.idx.b32 %r3|%p1, %r2, 40, 31, -1;",
                                            "shfl.sync.idx.b32 %r3|%p1, %r2, 20, 15, -1;",
                                            "shfl.sync.up.b32 %r3|%p1, %r2, 31, 0, -1;",
                                        })),
                       v, 32 * 8);
  for (unsigned lane = 0; lane < 32; ++lane) {
    bool down_ok = lane + 5 < 32;
    EXPECT_EQ(got[lane], v[down_ok ? lane + 5 : lane]) << lane;
    EXPECT_EQ(got[32 + lane], down_ok ? 1U : 0U) << lane;
    EXPECT_EQ(got[64 + lane], v[8]) << lane;  // 40 & 31 = 8
    EXPECT_EQ(got[96 + lane], 1U) << lane;
    EXPECT_EQ(got[128 + lane], v[lane]) << lane;  // lane 20 is past the clamp of 15
    EXPECT_EQ(got[160 + lane], 0U) << lane;
    EXPECT_EQ(got[192 + lane], lane == 31 ? v[0] : v[lane]) << lane;
    EXPECT_EQ(got[224 + lane], lane == 31 ? 1U : 0U) << lane;
  }
}

// Even lanes shuffle from odd lanes that took the other branch: they see the odd lanes'
// register value. Without a predicate destination, only d is written.
TEST(FuncWarp, ShflFromInactiveLaneReadsItsRegister) {
  std::vector<std::uint32_t> v = distinct_values();
  auto got = run_lanes(lane_kernel("k", R"(
  and.b32 %r5, %r1, 1;
  setp.ne.u32 %p2, %r5, 0;
  mov.u32 %r3, 0;
  @%p2 bra ODD;
  add.u32 %r6, %r1, 1;
  shfl.sync.idx.b32 %r3, %r2, %r6, 31, 0x55555555;
  bra.uni JOIN;
ODD:
  add.u32 %r7, %r2, 1;
JOIN:
  st.global.u32 [%rd4], %r3;)"),
                       v, 32);
  for (unsigned lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(got[lane], lane % 2 == 0 ? v[lane + 1] : 0U) << lane;
  }
}

TEST(FuncWarp, SyncOpOutsideItsMembermaskIsAnError) {
  FuncRunner r(lane_kernel("k", R"(
  shfl.sync.idx.b32 %r3, %r2, 0, 31, 0xfffffffe;)"));
  Addr in = r.upload(distinct_values());
  Addr out = r.alloc<std::uint32_t>(32);
  try {
    r.launch("k", {1, 1, 1}, {32, 1, 1}, in, out);
    FAIL() << "no error";
  } catch (const ExecError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("thread (0,0,0)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("membermask 0xfffffffe"), std::string::npos) << msg;
  }
}

// Lanes with in[lane] > 100 take the branch; there they vote on in[lane] being odd.
TEST(FuncWarp, VoteInsideADataDependentBranch) {
  std::vector<std::uint32_t> in(32);
  for (unsigned i = 0; i < 32; ++i) in[i] = (i * 37 + 11) % 211;
  auto got = run_lanes(lane_kernel("k", R"(
  setp.le.u32 %p1, %r2, 100;
  @%p1 bra SKIP;
  activemask.b32 %r5;
  and.b32 %r6, %r2, 1;
  setp.ne.u32 %p2, %r6, 0;
  vote.sync.ballot.b32 %r7, %p2, %r5;
  vote.sync.ballot.b32 %r8, !%p2, %r5;
  vote.sync.any.pred %p3, %p2, %r5;
  vote.sync.all.pred %p4, %p2, %r5;
  vote.sync.uni.pred %p5, %p2, %r5;
  selp.u32 %r9, 1, 0, %p3;
  selp.u32 %r10, 1, 0, %p4;
  selp.u32 %r11, 1, 0, %p5;
  st.global.u32 [%rd4], %r7;
  st.global.u32 [%rd4+128], %r8;
  st.global.u32 [%rd4+256], %r9;
  st.global.u32 [%rd4+384], %r10;
  st.global.u32 [%rd4+512], %r11;
  st.global.u32 [%rd4+640], %r5;
SKIP:)"),
                       in, 32 * 6);
  std::uint32_t taken = 0;
  std::uint32_t odd = 0;
  for (unsigned i = 0; i < 32; ++i) {
    if (in[i] > 100) taken |= 1U << i;
    if (in[i] > 100 && in[i] % 2 == 1) odd |= 1U << i;
  }
  ASSERT_NE(odd, 0U);
  ASSERT_NE(odd, taken);
  for (unsigned lane = 0; lane < 32; ++lane) {
    if ((taken >> lane & 1) == 0) {
      EXPECT_EQ(got[lane], 0xdeadbeefU) << lane;
      continue;
    }
    EXPECT_EQ(got[lane], odd) << lane;
    EXPECT_EQ(got[32 + lane], taken & ~odd) << lane;
    EXPECT_EQ(got[64 + lane], 1U) << lane;
    EXPECT_EQ(got[96 + lane], 0U) << lane;
    EXPECT_EQ(got[128 + lane], 0U) << lane;
    EXPECT_EQ(got[160 + lane], taken) << lane;  // activemask in the branch
  }
}

TEST(FuncWarp, VoteAllAnyUniAgreeingLanesAndLegacyForm) {
  std::vector<std::uint32_t> in(32, 3);
  auto got = run_lanes(lane_kernel("k", R"(
  setp.eq.u32 %p1, %r2, 3;
  setp.eq.u32 %p2, %r1, 40;
  vote.sync.all.pred %p3, %p1, -1;
  vote.sync.uni.pred %p4, %p2, -1;
  vote.sync.any.pred %p5, %p2, -1;
  vote.ballot.b32 %r5, %p1;
  vote.all.pred %p6, %p1;
  selp.u32 %r6, 1, 0, %p3;
  selp.u32 %r7, 1, 0, %p4;
  selp.u32 %r8, 1, 0, %p5;
  selp.u32 %r9, 1, 0, %p6;
  st.global.v4.u32 [%rd2], {%r6, %r7, %r8, %r9};
  st.global.u32 [%rd2+16], %r5;)"),
                       in, 5, 20);
  EXPECT_EQ(got, (std::vector<std::uint32_t>{1, 1, 0, 1, 0xfffffU}));
}

TEST(FuncWarp, MatchAnyAndAll) {
  FuncRunner r(kernel_ptx("k", ".param .u64 out", R"(
  .reg .pred %p<4>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  rem.u32 %r2, %r1, 3;
  match.any.sync.b32 %r3, %r2, -1;
  and.b32 %r4, %r1, 1;
  cvt.u64.u32 %rd4, %r4;
  shl.b64 %rd4, %rd4, 32;
  match.any.sync.b64 %r5, %rd4, -1;
  match.all.sync.b32 %r6|%p1, %r4, -1;
  mov.u32 %r7, 77;
  match.all.sync.b32 %r8|%p2, %r7, 0xffff;
  selp.u32 %r9, 1, 0, %p1;
  selp.u32 %r10, 1, 0, %p2;
  st.global.u32 [%rd3], %r3;
  st.global.u32 [%rd3+128], %r5;
  st.global.u32 [%rd3+256], %r6;
  st.global.u32 [%rd3+384], %r9;
  st.global.u32 [%rd3+512], %r8;
  st.global.u32 [%rd3+640], %r10;
  ret;)"));
  Addr out = r.alloc<std::uint32_t>(32 * 6);
  r.launch("k", {1, 1, 1}, {16, 1, 1}, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 32 * 6);
  for (unsigned lane = 0; lane < 16; ++lane) {
    std::uint32_t same_rem = 0;
    std::uint32_t same_parity = 0;
    for (unsigned o = 0; o < 16; ++o) {
      if (o % 3 == lane % 3) same_rem |= 1U << o;
      if (o % 2 == lane % 2) same_parity |= 1U << o;
    }
    EXPECT_EQ(got[lane], same_rem) << lane;
    EXPECT_EQ(got[32 + lane], same_parity) << lane;  // differs only in the high word
    EXPECT_EQ(got[64 + lane], 0U) << lane;
    EXPECT_EQ(got[96 + lane], 0U) << lane;
    EXPECT_EQ(got[128 + lane], 0xffffU) << lane;
    EXPECT_EQ(got[160 + lane], 1U) << lane;
  }
}

TEST(FuncWarp, ReduxAllOperations) {
  std::vector<std::uint32_t> in(32);
  for (unsigned i = 0; i < 32; ++i) in[i] = (i * 2654435761U) ^ (i << 28);
  in[5] = 0x80000000U;  // most negative as s32
  in[9] = 0x7fffffffU;
  auto got = run_lanes(lane_kernel("k", R"(
  redux.sync.add.u32 %r3, %r2, -1;
  redux.sync.add.s32 %r4, %r2, -1;
  redux.sync.min.u32 %r5, %r2, -1;
  redux.sync.max.u32 %r6, %r2, -1;
  redux.sync.min.s32 %r7, %r2, -1;
  redux.sync.max.s32 %r8, %r2, -1;
  redux.sync.and.b32 %r9, %r2, -1;
  redux.sync.or.b32 %r10, %r2, -1;
  redux.sync.xor.b32 %r11, %r2, -1;
  st.global.u32 [%rd4], %r3;
  st.global.u32 [%rd4+128], %r4;
  st.global.u32 [%rd4+256], %r5;
  st.global.u32 [%rd4+384], %r6;
  st.global.u32 [%rd4+512], %r7;
  st.global.u32 [%rd4+640], %r8;
  st.global.u32 [%rd4+768], %r9;
  st.global.u32 [%rd4+896], %r10;
  st.global.u32 [%rd4+1024], %r11;)"),
                       in, 32 * 9);
  std::uint32_t sum = 0, umin = ~0U, umax = 0, band = ~0U, bor = 0, bxor = 0;
  std::int32_t smin = INT32_MAX, smax = INT32_MIN;
  for (std::uint32_t x : in) {
    sum += x;
    umin = std::min(umin, x);
    umax = std::max(umax, x);
    smin = std::min(smin, static_cast<std::int32_t>(x));
    smax = std::max(smax, static_cast<std::int32_t>(x));
    band &= x;
    bor |= x;
    bxor ^= x;
  }
  std::vector<std::uint32_t> want = {
      sum,  sum, umin, umax, static_cast<std::uint32_t>(smin), static_cast<std::uint32_t>(smax),
      band, bor, bxor};
  for (unsigned k = 0; k < want.size(); ++k) {
    for (unsigned lane = 0; lane < 32; ++lane) EXPECT_EQ(got[k * 32 + lane], want[k]) << k;
  }
}

// redux over the lanes of a divergent branch, with membermask = activemask.
TEST(FuncWarp, ReduxInsideABranchUsesOnlyItsLanes) {
  std::vector<std::uint32_t> in(32);
  for (unsigned i = 0; i < 32; ++i) in[i] = i * i;
  auto got = run_lanes(lane_kernel("k", R"(
  and.b32 %r5, %r1, 3;
  setp.eq.u32 %p1, %r5, 0;
  @%p1 bra SKIP;
  activemask.b32 %r6;
  redux.sync.add.u32 %r3, %r2, %r6;
  redux.sync.max.u32 %r7, %r2, %r6;
  elect.sync %r8|%p2, %r6;
  selp.u32 %r9, 1, 0, %p2;
  st.global.u32 [%rd4], %r3;
  st.global.u32 [%rd4+128], %r7;
  st.global.u32 [%rd4+256], %r8;
  st.global.u32 [%rd4+384], %r9;
SKIP:)"),
                       in, 32 * 4);
  std::uint32_t sum = 0;
  for (unsigned i = 0; i < 32; ++i) {
    if (i % 4 != 0) sum += i * i;
  }
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (lane % 4 == 0) {
      EXPECT_EQ(got[lane], 0xdeadbeefU);
      continue;
    }
    EXPECT_EQ(got[lane], sum) << lane;
    EXPECT_EQ(got[32 + lane], 31U * 31U) << lane;
    EXPECT_EQ(got[64 + lane], 1U) << lane;  // the lowest lane of the branch leads
    EXPECT_EQ(got[96 + lane], lane == 1 ? 1U : 0U) << lane;
  }
}

TEST(FuncWarp, ReduxFloatMinMaxWithAbsAndNaN) {
  std::vector<float> in(32);
  for (unsigned i = 0; i < 32; ++i) in[i] = (i % 2 == 0 ? 1.0F : -1.0F) * (0.5F + i);
  in[7] = std::numeric_limits<float>::quiet_NaN();
  in[12] = -0.0F;
  std::vector<std::uint32_t> bits(32);
  for (unsigned i = 0; i < 32; ++i) bits[i] = std::bit_cast<std::uint32_t>(in[i]);
  auto got = run_lanes(lane_kernel("k", R"(
  redux.sync.min.f32 %r3, %r2, -1;
  redux.sync.max.f32 %r4, %r2, -1;
  redux.sync.min.abs.f32 %r5, %r2, -1;
  redux.sync.max.NaN.f32 %r6, %r2, -1;
  st.global.v4.u32 [%rd2], {%r3, %r4, %r5, %r6};)"),
                       bits, 4);
  EXPECT_EQ(std::bit_cast<float>(got[0]), -31.5F);
  EXPECT_EQ(std::bit_cast<float>(got[1]), 30.5F);
  EXPECT_EQ(got[2], 0U);  // |-0| = +0 is the smallest magnitude
  EXPECT_EQ(got[3], 0x7fffffffU);
}

TEST(FuncWarp, ActivemaskAndElectInNestedBranches) {
  std::vector<std::uint32_t> in(32);
  for (unsigned i = 0; i < 32; ++i) in[i] = i % 5;
  auto got = run_lanes(lane_kernel("k", R"(
  activemask.b32 %r3;
  st.global.u32 [%rd4], %r3;
  setp.lt.u32 %p1, %r2, 3;
  @%p1 bra DONE;
  activemask.b32 %r3;
  elect.sync %r4|%p2, -1;
  selp.u32 %r5, 1, 0, %p2;
  st.global.u32 [%rd4+128], %r3;
  st.global.u32 [%rd4+256], %r4;
  st.global.u32 [%rd4+384], %r5;
DONE:)"),
                       in, 32 * 4, 30);
  std::uint32_t branch = 0;
  for (unsigned i = 0; i < 30; ++i) {
    if (in[i] >= 3) branch |= 1U << i;
  }
  for (unsigned lane = 0; lane < 30; ++lane) {
    EXPECT_EQ(got[lane], 0x3fffffffU) << lane;
    bool in_branch = (branch >> lane & 1) != 0;
    EXPECT_EQ(got[32 + lane], in_branch ? branch : 0xdeadbeefU) << lane;
    EXPECT_EQ(got[64 + lane], in_branch ? 3U : 0xdeadbeefU) << lane;
    EXPECT_EQ(got[96 + lane], in_branch ? (lane == 3 ? 1U : 0U) : 0xdeadbeefU) << lane;
  }
}

}  // namespace
}  // namespace warpsim::func
