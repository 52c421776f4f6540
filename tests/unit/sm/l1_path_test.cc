// Cycle-exact behaviour of the SM's L1 side (src/sm/l1_path.*), in two ways:
//  1. L1Path on its own, driven by a small host component the way the LD/ST unit drives it
//     (replies first, then new requests, then cycle()), in front of a mock memory that answers
//     every request a fixed number of cycles after it sees it (l1_bench.h). Links of latency 1
//     both ways.
//  2. Through a whole SM on the v100 and gtx480 presets: %clock around an L1 miss and an L1 hit,
//     with the fixed-latency memory stand-in behind the L1.
// Expected cycles are derived by hand beside each test.

#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "func/texture.h"

#include "l1_bench.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::kRoundTrip;
using test::L1Bench;
using test::run_kernel;
using test::timing_config;

struct Case {
  const char* preset;
  bool skip;
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.preset << (c.skip ? ", skip" : ", no skip");
}

class L1PathTiming : public ::testing::TestWithParam<Case> {
 protected:
  L1Bench bench(std::vector<std::string> sets = {}) const {
    return L1Bench(GetParam().preset, GetParam().skip, std::move(sets));
  }
};

// A miss leaves in the cycle of its access (the push's cycle: no TLB, empty prioritizer) and
// completes kRoundTrip later; a hit completes l1d.hit_latency after its access.
TEST_P(L1PathTiming, HitAndMissLatencies) {
  L1Bench b = bench();
  const std::uint64_t hit = b.cfg("l1d", "hit_latency");
  b.push(0, 0x1000, 1);
  b.push(200, 0x1000, 2);
  b.run();
  EXPECT_EQ(b.done(1), kRoundTrip);
  EXPECT_EQ(b.done(2), 200 + hit);
  ASSERT_EQ(b.memory->received.size(), 1u);
  EXPECT_EQ(b.memory->received[0].cycle, 1u);
  EXPECT_EQ(b.stat("l1d.hits"), 1u);
  EXPECT_EQ(b.stat("l1d.misses"), 1u);
}

// The texture and constant caches apply their own hit latencies (set apart here).
TEST_P(L1PathTiming, EachL1AppliesItsOwnHitLatency) {
  L1Bench b = bench({"sm.l1d.hit_latency=11", "sm.l1t.hit_latency=23", "sm.l1c.hit_latency=5"});
  const std::pair<L1Target, std::uint64_t> targets[] = {
      {L1Target::kData, 11}, {L1Target::kTexture, 23}, {L1Target::kConst, 5}};
  // Target i misses at cycle i and hits at 300 + i (one access per cycle is enough).
  for (std::uint64_t i = 0; i < 3; ++i) {
    b.push(i, 0x2000, 2 * i + 1, targets[i].first);
    b.push(300 + i, 0x2000, 2 * i + 2, targets[i].first);
  }
  b.run();
  for (std::uint64_t i = 0; i < 3; ++i) {
    SCOPED_TRACE(static_cast<int>(targets[i].first));
    EXPECT_EQ(b.done(2 * i + 1), i + kRoundTrip);
    EXPECT_EQ(b.done(2 * i + 2), 300 + i + targets[i].second);
  }
}

// A second read of a line in flight joins its MSHR and completes with the first.
TEST_P(L1PathTiming, MshrMergeCompletesWithTheFirstMiss) {
  L1Bench b = bench();
  b.push(0, 0x3000, 1);
  b.push(4, 0x3000, 2);
  b.run();
  EXPECT_EQ(b.done(1), kRoundTrip);
  EXPECT_EQ(b.done(2), kRoundTrip);
  EXPECT_EQ(b.memory->received.size(), 1u);
  EXPECT_EQ(b.stat("l1d.hit_reserved"), 1u);
}

// One MSHR: B (another line, pushed at 1) is refused in cycles 1..kRoundTrip - 1 and misses at
// kRoundTrip, when A's fill (handled before the access stage) has freed the MSHR. C (A's line,
// pushed at 2) waits behind B in the prioritizer: with requests_per_cycle accesses per cycle
// it goes in B's cycle (v100: 4) or the next (gtx480: 1), and hits.
TEST_P(L1PathTiming, RefusedAccessBlocksTheOnesBehindIt) {
  L1Bench b = bench({"sm.l1d.mshrs=1"});
  const std::uint64_t hit = b.cfg("l1d", "hit_latency");
  const std::uint64_t per_cycle = b.cfg("ldst", "requests_per_cycle");
  b.push(0, 0x000, 1);
  b.push(1, 0x400, 2);
  b.push(2, 0x000, 3);
  b.run();
  EXPECT_EQ(b.done(1), kRoundTrip);
  EXPECT_EQ(b.done(2), kRoundTrip + kRoundTrip);
  EXPECT_EQ(b.done(3), kRoundTrip + (per_cycle > 1 ? 0 : 1) + hit);
  EXPECT_EQ(b.stat("ldst.l1_refusals"), kRoundTrip - 1);
  EXPECT_EQ(b.stat("l1d.reservation_fail_no_mshr"), kRoundTrip - 1);
}

// Writes are forwarded (write-through on both presets) and complete when memory acknowledges
// them; requests that skip the L1 go out at once and complete with their reply.
TEST_P(L1PathTiming, ForwardedWritesAndSkippedLoadsCompleteWithTheirReply) {
  L1Bench b = bench();
  b.push(0, 0x4000, 1);                                      // fills the line
  b.push(100, 0x4000, 2, L1Target::kData, MemKind::kWrite);  // write hit: still forwarded
  b.push(100, 0x5000, 3, L1Target::kBypass);
  b.run();
  EXPECT_EQ(b.done(2), 100 + kRoundTrip);
  EXPECT_EQ(b.done(3), 100 + kRoundTrip);
  EXPECT_EQ(b.stat("ldst.l1_skipped"), 1u);
  EXPECT_EQ(b.stat("l1d.forwarded"), 1u);
  EXPECT_EQ(b.memory->received.size(), 3u);
}

// MRPB's bypass (sm.l1d.bypass: on_stall) in a one-line L1D (gtx480, allocate on miss): A's
// miss reserves the only line, so B, a cycle later, meets an associativity stall and goes to
// memory unallocated; it completes with its reply, one round trip after its access. B's line
// was not filled: B's line again, later, misses; A's was and hits.
TEST(L1PathBypass, AnAssociativityStalledReadBypassesWithoutFilling) {
  L1Bench b(
      "gtx480", true,
      {"sm.l1d.size=128", "sm.l1d.ways=1", "sm.l1d.set_index=linear", "sm.l1d.bypass=on_stall"});
  const std::uint64_t hit = b.cfg("l1d", "hit_latency");
  const std::uint64_t later = 2 * kRoundTrip + 10;
  b.push(0, 0x000, 1);
  b.push(1, 0x400, 2);
  b.push(later, 0x400, 3);
  b.push(later + 2 * kRoundTrip, 0x400, 4);
  b.run();
  EXPECT_EQ(b.done(1), kRoundTrip);
  EXPECT_EQ(b.done(2), 1 + kRoundTrip);
  EXPECT_EQ(b.done(3), later + kRoundTrip);
  EXPECT_EQ(b.done(4), later + 2 * kRoundTrip + hit);  // 3's miss filled the line
  EXPECT_EQ(b.stat("l1d.bypassed"), 1u);
  EXPECT_EQ(b.stat("l1d.misses"), 2u);
  EXPECT_EQ(b.stat("l1d.reservation_fail_no_line"), 0u);
  EXPECT_EQ(b.memory->received.size(), 3u);
}

INSTANTIATE_TEST_SUITE_P(PresetsSkipAndNoSkip, L1PathTiming,
                         ::testing::Values(Case{"v100", true}, Case{"v100", false},
                                           Case{"gtx480", true}, Case{"gtx480", false}),
                         [](const ::testing::TestParamInfo<Case>& p) {
                           return std::string(p.param.preset) +
                                  (p.param.skip ? "_skip" : "_no_skip");
                         });

// Through the whole SM. Warm-up: a load of line A and its use. Then
//   t0 = %clock; load line B (an L1 miss); use it; t1 = %clock;
//   load line A again (an L1 hit); use it; t2 = %clock.
// Each clock read and each load issues the cycle after the instruction before it (nothing it
// reads is pending). A load issued at c starts in the LD/ST unit at c + 1, which accesses the
// L1 in that cycle:
//   hit:  the value is ready at c + 1 + l1d.hit_latency, when the use issues (load-to-use
//         hit_latency + 1);
//   miss: the request leaves at c + 1, the stand-in sees it at c + 2 and answers at
//         c + 2 + memory.latency, the SM sees the reply (and the use issues) one cycle later
//         (load-to-use memory.latency + 3).
// The clock read after the use issues one cycle after it: t1 - t0 = 1 + (L + 3) + 1 and
// t2 - t1 = 1 + (hit_latency + 1) + 1. The L1 TLB (on in gtx480) hits in 0 cycles for line B
// and the second A: the warm-up load brought the page in.
const char* kLoadToUseKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  mov.u32 %r3, %clock;
  ld.global.u32 %r4, [%rd1+128];
  add.u32 %r5, %r4, 1;
  mov.u32 %r6, %clock;
  ld.global.u32 %r7, [%rd1+4];
  add.u32 %r8, %r7, %r5;
  mov.u32 %r9, %clock;
  sub.u32 %r10, %r6, %r3;
  sub.u32 %r11, %r9, %r6;
  st.global.u32 [%rd1+256], %r10;
  st.global.u32 [%rd1+260], %r11;
  st.global.u32 [%rd1+264], %r8;
  exit;
}
)";

TEST(L1PathLoadToUse, L1HitAndMissThroughTheSm) {
  for (const char* preset : {"v100", "gtx480"}) {
    for (std::uint32_t latency : {60u, 150u}) {
      SCOPED_TRACE(::testing::Message() << preset << ", memory.latency " << latency);
      func::Device device;
      const Addr p = device.malloc(512);
      ASSERT_EQ(p % 128, 0u);
      const std::uint32_t init[] = {10, 20};
      device.memory().write(p, init, sizeof(init));
      const std::uint32_t b = 7;
      device.memory().write(p + 128, &b, 4);
      const ConfigNode config =
          timing_config(preset, test::one_sm({"memory.latency=" + std::to_string(latency)}));
      const std::uint32_t hit =
          static_cast<std::uint32_t>(config.at("sm").at("l1d").at("hit_latency").as_uint());
      run_kernel(device, config, kLoadToUseKernel, {1, 1, 1}, {1, 1, 1}, {&p});
      std::uint32_t out[3] = {};
      device.memory().read(p + 256, out, sizeof(out));
      EXPECT_EQ(out[0], 1 + (latency + 3) + 1) << "L1 miss";
      EXPECT_EQ(out[1], 1 + (hit + 1) + 1) << "L1 hit";
      EXPECT_EQ(out[2], 20u + 8u);  // timing never changes results
    }
  }
}

// sm.ldst.texture_miss_latency: a read-only load that misses in the texture L1 finishes that
// many cycles after its fill; a texture hit and an L1D miss do not change.
const char* kTextureMissKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  mov.u32 %r1, %clock;
  ld.global.nc.u32 %r2, [%rd1];
  add.u32 %r3, %r2, 1;
  mov.u32 %r4, %clock;
  ld.global.nc.u32 %r5, [%rd1+4];
  add.u32 %r6, %r5, %r3;
  mov.u32 %r7, %clock;
  ld.global.u32 %r8, [%rd1+128];
  add.u32 %r9, %r8, %r6;
  mov.u32 %r10, %clock;
  sub.u32 %r11, %r4, %r1;
  sub.u32 %r12, %r7, %r4;
  sub.u32 %r13, %r10, %r7;
  st.global.u32 [%rd1+256], %r11;
  st.global.u32 [%rd1+260], %r12;
  st.global.u32 [%rd1+264], %r13;
  st.global.u32 [%rd1+268], %r9;
  exit;
}
)";

TEST(L1PathLoadToUse, TextureMissLatencyDelaysOnlyTextureMisses) {
  auto run = [](std::uint32_t extra) {
    func::Device device;
    const Addr p = device.malloc(512);
    const std::uint32_t init[] = {10, 20};
    device.memory().write(p, init, sizeof(init));
    const std::uint32_t zero = 0;
    device.memory().write(p + 128, &zero, 4);
    const ConfigNode config = timing_config(
        "v100", test::one_sm({"memory.latency=100", "sm.ldst.readonly_in_l1d=false",
                              "sm.ldst.texture_miss_latency=" + std::to_string(extra)}));
    run_kernel(device, config, kTextureMissKernel, {1, 1, 1}, {1, 1, 1}, {&p});
    std::array<std::uint32_t, 4> out{};
    device.memory().read(p + 256, out.data(), sizeof(out));
    return out;
  };
  const auto base = run(0);
  const auto slow = run(65);
  EXPECT_EQ(slow[0], base[0] + 65) << "texture miss";
  EXPECT_EQ(slow[1], base[1]) << "texture hit";
  EXPECT_EQ(slow[2], base[2]) << "L1D miss";
  EXPECT_EQ(slow[3], base[3]);  // the results
  EXPECT_EQ(base[3], 10u + 1 + 20 + 0);
}

// prefetch.global.L1 brings its line into the L1D without holding the warp; prefetch.global.L2
// leaves the L1D alone; a prefetch of an address outside every allocation does not fault:
//   prefetch.L1 line B; prefetch.L2 line C; prefetch.L1 [0]; load line A (a miss: by its
//   reply both prefetches have been answered); t0; load B (a hit); t1; load C (a miss); t2.
const char* kPrefetchKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  prefetch.global.L1 [%rd1+128];
  prefetch.global.L2 [%rd1+256];
  mov.u64 %rd2, 0;
  prefetch.global.L1 [%rd2];
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  mov.u32 %r3, %clock;
  ld.global.u32 %r4, [%rd1+128];
  add.u32 %r5, %r4, %r2;
  mov.u32 %r6, %clock;
  ld.global.u32 %r7, [%rd1+256];
  add.u32 %r8, %r7, %r5;
  mov.u32 %r9, %clock;
  sub.u32 %r10, %r6, %r3;
  sub.u32 %r11, %r9, %r6;
  st.global.u32 [%rd1+512], %r10;
  st.global.u32 [%rd1+516], %r11;
  st.global.u32 [%rd1+520], %r8;
  exit;
}
)";

TEST(L1PathLoadToUse, PrefetchL1FillsTheL1AndPrefetchL2DoesNot) {
  for (const char* preset : {"v100", "gtx480"}) {
    SCOPED_TRACE(preset);
    constexpr std::uint32_t kLatency = 100;
    func::Device device;
    const Addr p = device.malloc(1024);
    ASSERT_EQ(p % 128, 0u);
    const std::uint32_t a = 10, b = 20, c = 30;
    device.memory().write(p, &a, 4);
    device.memory().write(p + 128, &b, 4);
    device.memory().write(p + 256, &c, 4);
    const ConfigNode config =
        timing_config(preset, test::one_sm({"memory.latency=" + std::to_string(kLatency)}));
    const std::uint32_t hit =
        static_cast<std::uint32_t>(config.at("sm").at("l1d").at("hit_latency").as_uint());
    run_kernel(device, config, kPrefetchKernel, {1, 1, 1}, {1, 1, 1}, {&p});
    std::uint32_t out[3] = {};
    device.memory().read(p + 512, out, sizeof(out));
    EXPECT_EQ(out[0], 1 + (hit + 1) + 1) << "line B, prefetched into the L1";
    EXPECT_EQ(out[1], 1 + (kLatency + 3) + 1) << "line C, prefetched into the L2 only";
    EXPECT_EQ(out[2], 10u + 1 + 20 + 30);
  }
}

// sm.ldst.texture_in_l1d: texture fetches use the L1D (one array; the texture cache sees none)
// and finish texture_latency cycles after it answers, texture_miss_latency more after a fill:
//   t0; tex element 0 (a miss); use; t1; tex element 1 (same line: a hit); use; t2.
const char* kTextureInL1dKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 p, .param .u64 t)
{
  .reg .b32 %r<24>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  ld.param.u64 %rd2, [t];
  mov.u32 %r20, 0;
  mov.u32 %r21, 1;
  mov.u32 %r1, %clock;
  tex.1d.v4.u32.s32 {%r2, %r3, %r4, %r5}, [%rd2, {%r20}];
  add.u32 %r6, %r2, 1;
  mov.u32 %r7, %clock;
  tex.1d.v4.u32.s32 {%r8, %r9, %r10, %r11}, [%rd2, {%r21}];
  add.u32 %r12, %r8, %r6;
  mov.u32 %r13, %clock;
  sub.u32 %r14, %r7, %r1;
  sub.u32 %r15, %r13, %r7;
  st.global.u32 [%rd1+256], %r14;
  st.global.u32 [%rd1+260], %r15;
  st.global.u32 [%rd1+264], %r12;
  exit;
}
)";

TEST(L1PathLoadToUse, TextureFetchesThroughTheL1dPayTheTexturePipeline) {
  struct Run {
    std::uint32_t miss, hit, sum, l1d_reads, l1t_reads;
  };
  auto run = [](bool in_l1d, std::uint32_t latency, std::uint32_t miss_latency) {
    func::Device device;
    const Addr p = device.malloc(512);
    const std::uint32_t init[] = {10, 20};
    device.memory().write(p, init, sizeof(init));
    const std::uint64_t t = device.textures().create(func::linear_u32_texture(p, 256));
    const ConfigNode config = timing_config(
        "v100", test::one_sm({"memory.latency=100",
                              std::string("sm.ldst.texture_in_l1d=") + (in_l1d ? "true" : "false"),
                              "sm.ldst.texture_latency=" + std::to_string(latency),
                              "sm.ldst.texture_miss_latency=" + std::to_string(miss_latency)}));
    const test::KernelRunOutput out =
        run_kernel(device, config, kTextureInL1dKernel, {1, 1, 1}, {1, 1, 1}, {&p, &t});
    std::uint32_t got[3] = {};
    device.memory().read(p + 256, got, sizeof(got));
    const auto& stats = out.results.at(0).stats;
    return Run{got[0], got[1], got[2], stats["l1d"]["reads"].get<std::uint32_t>(),
               stats["l1t"]["reads"].get<std::uint32_t>()};
  };
  const Run base = run(true, 0, 0);
  const Run slow = run(true, 50, 7);
  EXPECT_EQ(slow.miss, base.miss + 50 + 7);
  EXPECT_EQ(slow.hit, base.hit + 50);
  EXPECT_EQ(base.sum, 10u + 1 + 20);
  EXPECT_EQ(slow.sum, base.sum);
  EXPECT_EQ(base.l1d_reads, 2u);
  EXPECT_EQ(base.l1t_reads, 0u);
  // The texture cache, as before: texture_latency does not apply to it.
  const Run separate = run(false, 50, 0);
  EXPECT_EQ(separate.l1d_reads, 0u);
  EXPECT_EQ(separate.l1t_reads, 2u);
  EXPECT_EQ(separate.sum, base.sum);
  EXPECT_EQ(run(false, 0, 0).hit, separate.hit);
}

}  // namespace
}  // namespace warpsim
