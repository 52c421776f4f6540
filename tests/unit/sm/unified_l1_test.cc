// The unified L1/shared-memory array (sm.l1d.unified_bytes): an SM starting a kernel gives its
// L1 what the kernel's shared-memory carve-out leaves. On the v100 preset (128 KB array, 64-way
// L1, carve-outs 0..96 KB) a kernel without shared memory gets the smallest carve-out, 0 KB, so
// a 128 KB L1; with the array off, the L1 keeps its 32 KB.

#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::run_kernel;
using test::timing_config;

// One CTA of 256 threads reads a 64 KB buffer twice: in pass p, warp w's load j reads the
// 128-byte line (j * 8 + w) — 512 distinct lines per pass, each read once per pass, every lane
// of a warp in the same line. Pass 2 finds every line in a 128 KB LRU L1 (nothing was evicted:
// 64 KB < 128 KB) and none in a 32 KB one (a 64 KB stream through LRU evicts each line before
// its reuse).
constexpr const char* kTwoPasses = R"(
.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 buf) {
  .reg .u64 %rd<6>;
  .reg .u32 %r<6>;
  .reg .f32 %f<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [buf];
  mov.u32 %r1, %tid.x;
  mov.f32 %f1, 0f00000000;
  mov.u32 %r2, 0;
LOOP:
  and.b32 %r3, %r2, 63;
  shl.b32 %r3, %r3, 8;
  add.u32 %r3, %r3, %r1;
  mul.wide.u32 %rd2, %r3, 4;
  add.u64 %rd3, %rd1, %rd2;
  ld.global.f32 %f2, [%rd3];
  add.f32 %f1, %f1, %f2;
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, 128;
  @%p1 bra LOOP;
  mul.wide.u32 %rd4, %r1, 4;
  add.u64 %rd5, %rd1, %rd4;
  st.global.f32 [%rd5], %f1;
  ret;
}
)";

std::uint64_t second_pass_hits(const std::string& unified) {
  func::Device device;
  const Addr buf = device.malloc(64 * 1024);
  const auto out = run_kernel(device,
                              timing_config("v100", {"sm.count=1", "memory.model=fixed",
                                                     "sm.l1d.unified_bytes=" + unified}),
                              kTwoPasses, {1, 1, 1}, {256, 1, 1}, {&buf});
  EXPECT_EQ(out.results.size(), 1u);
  // Every one of the 8 warps x 128 loads is in the load-latency histogram, none faster than an
  // L1 hit (hit_latency 20 on v100).
  const auto& latency = out.results[0].stats["load_latency"];
  EXPECT_EQ(latency["count"].get<std::uint64_t>(), 8u * 128);
  EXPECT_GE(latency["mean"].get<double>(), 20.0);
  std::uint64_t in_buckets = 0;
  for (const auto& b : latency["log2_buckets"]) in_buckets += b.get<std::uint64_t>();
  EXPECT_EQ(in_buckets, 8u * 128);
  return out.results[0].stats["l1d"]["hits"].get<std::uint64_t>();
}

TEST(UnifiedL1, AKernelWithoutSharedMemoryGetsTheWholeArray) {
  // 8 warps x 64 loads of pass 2, each a hit in the 128 KB L1.
  EXPECT_EQ(second_pass_hits("128KiB"), 512u);
  EXPECT_EQ(second_pass_hits("0"), 0u);
}

}  // namespace
}  // namespace warpsim
