// atom and red: every integer operation and type against C++ reference results, contention
// from many warps and CTAs, shared-memory and generic addresses, inc/dec wrap-around, cas loops,
// and the errors of bad addresses. Floating-point forms: atomic_float_ops_test.cc.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "func/exec_error.h"
#include "func/executor.h"
#include "func/handlers.h"
#include "func_test_util.h"
#include "ptx/parser.h"
#include "ptx/printer.h"

namespace warpsim::func {
namespace {

using testing::FuncRunner;
using testing::kernel_ptx;

// Global thread index in %r4 and its byte offset for 4-byte elements in %rd2.
constexpr const char* kGlobalIndex = R"(
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.u32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd2, %r4, 4;
)";

TEST(FuncAtomic, ContendedAddGivesEveryThreadADistinctTicket) {
  FuncRunner r(kernel_ptx("tickets", ".param .u64 counter, .param .u64 out", std::string(R"(
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [counter];
  ld.param.u64 %rd3, [out];)") + kGlobalIndex + R"(
  atom.global.add.u32 %r5, [%rd1], 1;
  add.s64 %rd4, %rd3, %rd2;
  st.global.u32 [%rd4], %r5;
  ret;)"));
  constexpr unsigned kCtas = 4;
  constexpr unsigned kThreads = 128;
  constexpr unsigned kTotal = kCtas * kThreads;
  Addr counter = r.upload(std::vector<std::uint32_t>{0});
  Addr out = r.alloc<std::uint32_t>(kTotal);
  r.launch("tickets", {kCtas, 1, 1}, {kThreads, 1, 1}, counter, out);
  EXPECT_EQ(r.download<std::uint32_t>(counter, 1)[0], kTotal);
  std::vector<std::uint32_t> tickets = r.download<std::uint32_t>(out, kTotal);
  std::vector<std::uint32_t> sorted = tickets;
  std::sort(sorted.begin(), sorted.end());
  for (unsigned i = 0; i < kTotal; ++i) EXPECT_EQ(sorted[i], i);
  // One warp instruction updates lane by lane, lowest lane first.
  for (unsigned w = 0; w < kTotal / 32; ++w) {
    for (unsigned lane = 1; lane < 32; ++lane) {
      EXPECT_EQ(tickets[w * 32 + lane], tickets[w * 32] + lane) << "warp " << w;
    }
  }
}

TEST(FuncAtomic, ContendedAddOfDifferentAmountsSumsExactly) {
  FuncRunner r(kernel_ptx("sum", ".param .u64 total, .param .u64 wide", std::string(R"(
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [total];
  ld.param.u64 %rd5, [wide];)") + kGlobalIndex + R"(
  add.u32 %r5, %r4, 1;
  red.global.add.u32 [%rd1], %r5;
  cvt.u64.u32 %rd6, %r5;
  shl.b64 %rd6, %rd6, 32;
  atom.global.add.u64 %rd7, [%rd5], %rd6;
  ret;)"));
  Addr total = r.upload(std::vector<std::uint32_t>{5});
  Addr wide = r.upload(std::vector<std::uint64_t>{7});
  r.launch("sum", {3, 1, 1}, {96, 1, 1}, total, wide);
  const std::uint64_t n = 3 * 96;
  EXPECT_EQ(r.download<std::uint32_t>(total, 1)[0], 5 + n * (n + 1) / 2);
  EXPECT_EQ(r.download<std::uint64_t>(wide, 1)[0], 7 + ((n * (n + 1) / 2) << 32));
}

// Each case runs `atom.global.<op>` on 32 lanes with their own addresses (no contention) and
// compares the returned old values and the memory afterwards with `ref`.
template <typename T>
struct RmwCase {
  std::string op;  // "min.s32"
  std::function<T(T old, T b, T c)> ref;
};

template <typename T>
void run_rmw_case(const RmwCase<T>& tc, const std::vector<T>& init, const std::vector<T>& b,
                  const std::vector<T>& c) {
  const unsigned bits = sizeof(T) * 8;
  const bool cas = tc.op.rfind("cas", 0) == 0;
  std::string reg = ".b" + std::to_string(bits);
  std::string body = R"(
  .reg .b32 %r<2>;
  .reg .b64 %rd<10>;
  .reg )" + reg + R"( %v<4>;
  ld.param.u64 %rd1, [mem];
  ld.param.u64 %rd2, [bv];
  ld.param.u64 %rd3, [cv];
  ld.param.u64 %rd4, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd5, %r1, )" +
                     std::to_string(sizeof(T)) + R"(;
  add.s64 %rd6, %rd1, %rd5;
  add.s64 %rd7, %rd2, %rd5;
  add.s64 %rd8, %rd3, %rd5;
  add.s64 %rd9, %rd4, %rd5;
  ld.global)" + reg + R"( %v1, [%rd7];
  ld.global)" + reg + R"( %v2, [%rd8];
  atom.global.)" + tc.op +
                     R"( %v3, [%rd6], %v1)" + (cas ? ", %v2" : "") + R"(;
  st.global)" + reg + R"( [%rd9], %v3;
  ret;)";
  FuncRunner r(
      kernel_ptx("rmw", ".param .u64 mem, .param .u64 bv, .param .u64 cv, .param .u64 out", body));
  Addr mem = r.upload(init);
  Addr bv = r.upload(b);
  Addr cv = r.upload(c);
  Addr out = r.alloc<T>(32);
  r.launch("rmw", {1, 1, 1}, {32, 1, 1}, mem, bv, cv, out);
  std::vector<T> olds = r.download<T>(out, 32);
  std::vector<T> after = r.download<T>(mem, 32);
  for (unsigned i = 0; i < 32; ++i) {
    EXPECT_EQ(olds[i], init[i]) << tc.op << " lane " << i;
    EXPECT_EQ(after[i], tc.ref(init[i], b[i], c[i]))
        << tc.op << " lane " << i << " old " << +init[i] << " b " << +b[i];
  }
}

// 32 values: edge cases first, then pseudo-random ones.
template <typename T>
std::vector<T> lane_values(std::uint32_t seed, std::vector<T> edges) {
  std::mt19937_64 gen(seed);
  while (edges.size() < 32) edges.push_back(static_cast<T>(gen()));
  return edges;
}

TEST(FuncAtomic, Every32BitOperationMatchesReference) {
  using T = std::uint32_t;
  auto s = [](T v) { return static_cast<std::int32_t>(v); };
  std::vector<T> init = lane_values<T>(1, {0, 1, 0xffffffffU, 0x80000000U, 0x7fffffffU, 5, 5, 9});
  std::vector<T> b = lane_values<T>(2, {0xffffffffU, 0x80000000U, 1, 0xffffffffU, 1, 5, 3, 2});
  std::vector<T> c = lane_values<T>(3, {});
  for (unsigned i = 0; i < 32; i += 2) b[i + 1] = init[i + 1];  // odd lanes: cas succeeds
  std::vector<RmwCase<T>> cases = {
      {"add.u32", [](T o, T v, T) { return static_cast<T>(o + v); }},
      {"add.s32", [](T o, T v, T) { return static_cast<T>(o + v); }},
      {"and.b32", [](T o, T v, T) { return o & v; }},
      {"or.b32", [](T o, T v, T) { return o | v; }},
      {"xor.b32", [](T o, T v, T) { return o ^ v; }},
      {"exch.b32", [](T, T v, T) { return v; }},
      {"cas.b32", [](T o, T v, T w) { return o == v ? w : o; }},
      {"min.u32", [](T o, T v, T) { return std::min(o, v); }},
      {"max.u32", [](T o, T v, T) { return std::max(o, v); }},
      {"min.s32", [&](T o, T v, T) { return static_cast<T>(std::min(s(o), s(v))); }},
      {"max.s32", [&](T o, T v, T) { return static_cast<T>(std::max(s(o), s(v))); }},
      {"inc.u32", [](T o, T v, T) { return o >= v ? T{0} : o + 1; }},
      {"dec.u32", [](T o, T v, T) { return (o == 0 || o > v) ? v : o - 1; }},
  };
  for (const auto& tc : cases) run_rmw_case(tc, init, b, c);
}

TEST(FuncAtomic, Every64BitOperationMatchesReference) {
  using T = std::uint64_t;
  auto s = [](T v) { return static_cast<std::int64_t>(v); };
  std::vector<T> init = lane_values<T>(
      4, {0, ~T{0}, T{1} << 63, (T{1} << 63) - 1, 0xffffffffULL, 0x100000000ULL, 42});
  std::vector<T> b =
      lane_values<T>(5, {~T{0}, 1, 1, T{1} << 63, 1, 0xffffffffULL, 0x1'0000'0000'002aULL});
  std::vector<T> c = lane_values<T>(6, {});
  for (unsigned i = 0; i < 32; i += 2) b[i] = init[i];  // even lanes: cas succeeds
  std::vector<RmwCase<T>> cases = {
      {"add.u64", [](T o, T v, T) { return o + v; }},
      {"and.b64", [](T o, T v, T) { return o & v; }},
      {"or.b64", [](T o, T v, T) { return o | v; }},
      {"xor.b64", [](T o, T v, T) { return o ^ v; }},
      {"exch.b64", [](T, T v, T) { return v; }},
      {"cas.b64", [](T o, T v, T w) { return o == v ? w : o; }},
      {"min.u64", [](T o, T v, T) { return std::min(o, v); }},
      {"max.u64", [](T o, T v, T) { return std::max(o, v); }},
      {"min.s64", [&](T o, T v, T) { return static_cast<T>(std::min(s(o), s(v))); }},
      {"max.s64", [&](T o, T v, T) { return static_cast<T>(std::max(s(o), s(v))); }},
  };
  for (const auto& tc : cases) run_rmw_case(tc, init, b, c);
}

TEST(FuncAtomic, SixteenBitCasTouchesOnlyItsHalfword) {
  using T = std::uint16_t;
  std::vector<T> init = lane_values<T>(7, {0xffff, 0x1234, 0, 0xffff});
  std::vector<T> b = init;
  for (unsigned i = 1; i < 32; i += 3) b[i] = static_cast<T>(init[i] + 1);  // these fail
  std::vector<T> c = lane_values<T>(8, {0xbeef, 0x4321});
  run_rmw_case<T>({"cas.b16", [](T o, T v, T w) { return o == v ? w : o; }}, init, b, c);

  // nvcc's form: an immediate -1 compares against 0xffff.
  FuncRunner r(kernel_ptx("cas16", ".param .u64 mem", R"(
  .reg .b16 %rs<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [mem];
  mov.b16 %rs1, 7;
  atom.global.cas.b16 %rs2, [%rd1], -1, %rs1;
  atom.global.cas.b16 %rs3, [%rd1+2], -1, %rs1;
  st.global.b16 [%rd1+4], %rs2;
  st.global.b16 [%rd1+6], %rs3;
  ret;)"));
  Addr mem = r.upload(std::vector<T>{0xffff, 0xfffe, 0, 0});
  r.launch("cas16", {1, 1, 1}, {1, 1, 1}, mem);
  EXPECT_EQ(r.download<T>(mem, 4), (std::vector<T>{7, 0xfffe, 0xffff, 0xfffe}));
}

// 32 lanes increment one word with bound 5: the old values run 0..5 and wrap to 0.
TEST(FuncAtomic, IncAndDecWrapAtTheBound) {
  FuncRunner r(kernel_ptx("wrap", ".param .u64 mem, .param .u64 out", R"(
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [mem];
  ld.param.u64 %rd3, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd4, %rd3, %rd2;
  atom.global.inc.u32 %r2, [%rd1], 5;
  atom.global.dec.u32 %r3, [%rd1+4], 5;
  atom.global.dec.u32 %r4, [%rd1+8], 5;
  st.global.u32 [%rd4], %r2;
  st.global.u32 [%rd4+128], %r3;
  st.global.u32 [%rd4+256], %r4;
  ret;)"));
  Addr mem = r.upload(std::vector<std::uint32_t>{0, 0, 100});
  Addr out = r.alloc<std::uint32_t>(96);
  r.launch("wrap", {1, 1, 1}, {32, 1, 1}, mem, out);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 96);
  // Counting modulo 6: inc sees 0,1,2,3,4,5,0,...; dec from 0 sees 0,5,4,3,2,1,0,5,...
  for (unsigned lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(got[lane], lane % 6) << lane;
    EXPECT_EQ(got[32 + lane], (6 - lane % 6) % 6) << lane;
  }
  // dec from a value above the bound resets to the bound first: 100, 5, 4, ..., 0, 5, ...
  EXPECT_EQ(got[64], 100U);
  for (unsigned lane = 1; lane < 32; ++lane) EXPECT_EQ(got[64 + lane], 5 - (lane - 1) % 6) << lane;
  EXPECT_EQ(r.download<std::uint32_t>(mem, 3),
            (std::vector<std::uint32_t>{32 % 6, (6 - 32 % 6) % 6, 5 - 31 % 6}));
}

// Shared-memory counters from four warps, read back after a barrier; the same words are also
// updated through generic addresses.
TEST(FuncAtomic, SharedMemoryAtomicsFromManyWarps) {
  FuncRunner r(kernel_ptx("shared", ".param .u64 out", R"(
  .reg .pred %p<2>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  .shared .align 4 .b32 cnt[4];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra START;
  st.shared.u32 [cnt], 0;
  st.shared.u32 [cnt+4], 0;
  st.shared.u32 [cnt+8], 1000;
  st.shared.u32 [cnt+12], 0;
START:
  bar.sync 0;
  atom.shared.add.u32 %r2, [cnt], 1;
  atom.shared.max.s32 %r3, [cnt+4], %r1;
  sub.u32 %r4, 500, %r1;
  atom.shared.min.s32 %r5, [cnt+8], %r4;
  mov.u64 %rd2, cnt;
  cvta.shared.u64 %rd3, %rd2;
  atom.add.u32 %r6, [%rd3+12], 2;
  atom.shared.inc.u32 %r7, [cnt+12], 1000000;
  bar.sync 0;
  @%p1 bra DONE;
  ld.shared.u32 %r8, [cnt];
  ld.shared.u32 %r9, [cnt+4];
  ld.shared.u32 %r10, [cnt+8];
  ld.shared.u32 %r11, [cnt+12];
  st.global.v4.u32 [%rd1], {%r8, %r9, %r10, %r11};
DONE:
  ret;)"));
  Addr out = r.alloc<std::uint32_t>(4);
  r.launch("shared", {2, 1, 1}, {128, 1, 1}, out);
  // 500 - 127 is the smallest value offered; each thread adds 2 and then 1.
  EXPECT_EQ(r.download<std::uint32_t>(out, 4), (std::vector<std::uint32_t>{128, 127, 373, 384}));
}

// The classic CAS loop (atomicAdd emulation): in each round one lane of the warp wins.
TEST(FuncAtomic, CasLoopsAccumulateEveryContribution) {
  FuncRunner r(kernel_ptx("casloop", ".param .u64 mem", R"(
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [mem];
  mov.u32 %r1, %tid.x;
  add.u32 %r2, %r1, 1;
  cvt.u64.u32 %rd2, %r2;
  ld.global.u32 %r3, [%rd1];
LOOP32:
  add.u32 %r4, %r3, %r2;
  atom.global.cas.b32 %r5, [%rd1], %r3, %r4;
  setp.ne.u32 %p1, %r5, %r3;
  mov.u32 %r3, %r5;
  @%p1 bra LOOP32;
  ld.global.u64 %rd3, [%rd1+8];
LOOP64:
  mul.lo.u64 %rd4, %rd2, 0x100000001;
  add.u64 %rd5, %rd3, %rd4;
  atom.global.cas.b64 %rd6, [%rd1+8], %rd3, %rd5;
  setp.ne.u64 %p1, %rd6, %rd3;
  mov.u64 %rd3, %rd6;
  @%p1 bra LOOP64;
  ret;)"));
  Addr mem = r.upload(std::vector<std::uint64_t>{0, 0});
  r.launch("casloop", {2, 1, 1}, {64, 1, 1}, mem);
  std::vector<std::uint64_t> got = r.download<std::uint64_t>(mem, 2);
  const std::uint64_t per_cta = 64 * 65 / 2;
  EXPECT_EQ(got[0] & 0xffffffffU, 2 * per_cta);
  EXPECT_EQ(got[1], 2 * per_cta * 0x100000001ULL);
}

// The timing model sees atomics as such: their space (generic addresses resolved), size and
// per-lane address within the space.
TEST(FuncAtomic, RecordsSpaceSizeAndAddresses) {
  FuncRunner r(kernel_ptx("rec", ".param .u64 mem", R"(
  .reg .b32 %r<2>;
  .reg .b64 %rd<8>;
  .shared .align 8 .b64 sh[32];
  ld.param.u64 %rd1, [mem];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd3, %rd1, %rd2;
  mov.u64 %rd4, sh;
  cvta.shared.u64 %rd5, %rd4;
  add.s64 %rd6, %rd5, %rd2;
  red.global.add.u64 [%rd3], 1;
  atom.min.s64 %rd7, [%rd6], %rd2;
  ret;)"));
  Addr mem = r.alloc<std::uint64_t>(32);
  const void* args[] = {&mem};
  LaunchState launch =
      r.device().prepare(*r.module().find_kernel("rec"), {{1, 1, 1}, {32, 1, 1}, 0}, args);
  CtaState cta = start_cta(launch, 0);
  WarpState& warp = cta.warps[0];
  WarpInst rec;
  do {
    step(launch, cta, warp, &rec);
  } while (rec.inst->ir->op != ptx::Opcode::kRed);
  EXPECT_TRUE(rec.is_atomic);
  EXPECT_FALSE(rec.is_load || rec.is_store);
  EXPECT_EQ(rec.space, ptx::StateSpace::kGlobal);
  EXPECT_EQ(rec.size, 8U);
  for (unsigned lane = 0; lane < 32; ++lane) EXPECT_EQ(rec.addr[lane], mem + 8 * lane) << lane;
  step(launch, cta, warp, &rec);
  ASSERT_EQ(rec.inst->ir->op, ptx::Opcode::kAtom);
  EXPECT_TRUE(rec.is_atomic);
  EXPECT_EQ(rec.space, ptx::StateSpace::kShared);
  EXPECT_EQ(rec.size, 8U);
  EXPECT_LT(rec.addr[31], launch.shared_size);
  for (unsigned lane = 0; lane < 32; ++lane) EXPECT_EQ(rec.addr[lane], rec.addr[0] + 8 * lane);
}

TEST(FuncAtomic, MisalignedAndLocalAtomicsAreErrors) {
  const char* kBad = R"(
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [mem];
  atom.global.add.u32 %r1, [%rd1+2], 1;
  ret;)";
  FuncRunner r(kernel_ptx("bad", ".param .u64 mem", kBad));
  Addr mem = r.alloc<std::uint32_t>(4);
  testing::expect_exec_error(
      [&] {
        r.launch("bad", {1, 1, 1}, {1, 1, 1}, mem);
      },
      {"kernel bad", "misaligned atomic of 4 bytes"});

  FuncRunner l(kernel_ptx("local", ".param .u64 mem", R"(
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .local .align 4 .b32 loc;
  mov.u64 %rd1, loc;
  cvta.local.u64 %rd2, %rd1;
  atom.add.u32 %r1, [%rd2], 1;
  ret;)"));
  testing::expect_exec_error(
      [&] {
        l.launch("local", {1, 1, 1}, {1, 1, 1}, mem);
      },
      {"kernel local", "atomics need global or shared memory"});

  FuncRunner o(kernel_ptx("oob", ".param .u64 mem", R"(
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [mem];
  red.global.add.u32 [%rd1+16], 1;
  ret;)"));
  Addr small = o.alloc<std::uint32_t>(4);
  testing::expect_exec_error(
      [&] {
        o.launch("oob", {1, 1, 1}, {1, 1, 1}, small);
      },
      {"out-of-bounds atomic of 4 bytes"});
}

}  // namespace
}  // namespace warpsim::func
