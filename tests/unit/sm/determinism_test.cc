// Same inputs, same stats: several kernels on several streams (with a default-stream launch
// between them) give identical per-kernel results and identical stat trees run twice, and
// with idle skipping off (--no-skip), and compute the right values.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sim/simulation.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

// out[i] = in[i] + in[i ^ 1] + c through shared memory and a barrier.
const char* kKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out, .param .u32 c)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  .shared .align 4 .b8 sh[1024];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r9, [c];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mad.lo.u32 %r3, %r2, 256, %r1;
  mul.wide.u32 %rd3, %r3, 4;
  add.u64 %rd4, %rd1, %rd3;
  ld.global.u32 %r4, [%rd4];
  shl.b32 %r5, %r1, 2;
  mov.u32 %r6, sh;
  add.u32 %r7, %r6, %r5;
  st.shared.u32 [%r7], %r4;
  bar.sync 0;
  xor.b32 %r8, %r5, 4;
  add.u32 %r8, %r6, %r8;
  ld.shared.u32 %r10, [%r8];
  add.u32 %r10, %r10, %r4;
  add.u32 %r10, %r10, %r9;
  add.u64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r10;
  exit;
}
)";

struct Outcome {
  std::string results;
  std::string stats;
  std::vector<std::uint32_t> values;
};

Outcome run_streams(const std::vector<std::string>& sets) {
  func::Device device;
  const func::LoadedModule& module = device.load_module(kKernel, "streams.ptx");
  GpuModel model(test::timing_config("v100", sets));
  const std::uint32_t n = 4 * 256;
  std::vector<std::uint32_t> init(n);
  for (std::uint32_t i = 0; i < n; ++i) init[i] = i * 3;
  // Buffers: b0 -> b1 (stream 1), b0 -> b2 (stream 2), b1 -> b3 (stream 1, after the first),
  // b3 -> b4 (default stream: after everything), b2 -> b5 (stream 3, after the default one).
  std::vector<Addr> b;
  for (int i = 0; i < 6; ++i) b.push_back(device.malloc(n * 4));
  device.memory().write(b[0], init.data(), n * 4);
  const struct {
    int in, out;
    std::uint32_t c;
    std::uint64_t stream;
  } launches[] = {{0, 1, 1, 1}, {0, 2, 2, 2}, {1, 3, 3, 1}, {3, 4, 4, 0}, {2, 5, 5, 3}};
  for (const auto& l : launches) {
    const void* args[] = {&b[l.in], &b[l.out], &l.c};
    model.launch(device.prepare(*module.find_kernel("k"), {{4, 1, 1}, {256, 1, 1}, 0}, args),
                 l.stream, KernelResourceInfo{16, 0, "config"});
  }
  Outcome o;
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const KernelResult& r : model.synchronize()) {
    results.push_back({{"launch", r.launch_id}, {"stream", r.stream}, {"stats", r.stats}});
  }
  o.results = results.dump();
  o.stats = model.sim().stats().snapshot().to_json().dump();
  for (int i : {4, 5}) {
    std::vector<std::uint32_t> v(n);
    device.memory().read(b[i], v.data(), n * 4);
    o.values.insert(o.values.end(), v.begin(), v.end());
  }
  return o;
}

TEST(SmDeterminism, MultiKernelMultiStreamRunsAreIdenticalWithAndWithoutSkipping) {
  const std::vector<std::string> sets = {"sm.count=4"};
  const Outcome a = run_streams(sets);
  const Outcome b = run_streams(sets);
  std::vector<std::string> no_skip = sets;
  no_skip.push_back("sim.skip_idle=false");
  const Outcome c = run_streams(no_skip);
  EXPECT_EQ(a.results, b.results);
  EXPECT_EQ(a.stats, b.stats);
  EXPECT_EQ(a.results, c.results);
  EXPECT_EQ(a.stats, c.stats);
  EXPECT_EQ(a.values, c.values);
  // f(x)[i] = x[i] + x[i^1] + c; b1 = f1(b0), b3 = f3(b1), b4 = f4(b3); b2 = f2(b0), b5 = f5(b2).
  const std::uint32_t n = 4 * 256;
  auto f = [n](const std::vector<std::uint32_t>& x, std::uint32_t c) {
    std::vector<std::uint32_t> y(n);
    for (std::uint32_t i = 0; i < n; ++i) y[i] = x[i] + x[i ^ 1] + c;
    return y;
  };
  std::vector<std::uint32_t> b0(n);
  for (std::uint32_t i = 0; i < n; ++i) b0[i] = i * 3;
  std::vector<std::uint32_t> expected = f(f(f(b0, 1), 3), 4);
  const auto b5 = f(f(b0, 2), 5);
  expected.insert(expected.end(), b5.begin(), b5.end());
  EXPECT_EQ(a.values, expected);
}

// Stream order: the kernels of stream 1 do not overlap, the default-stream kernel starts after
// every earlier kernel ended, and the stream-3 kernel after it; streams 1 and 2 overlap.
TEST(SmDeterminism, StreamsOrderKernelsAndLetOthersOverlap) {
  func::Device device;
  const func::LoadedModule& module = device.load_module(kKernel, "streams.ptx");
  GpuModel model(test::timing_config("v100", {"sm.count=8"}));
  const std::uint32_t n = 4 * 256;
  std::vector<Addr> b;
  for (int i = 0; i < 6; ++i) b.push_back(device.malloc(n * 4));
  const std::uint64_t streams[] = {1, 2, 1, 0, 3};
  for (int i = 0; i < 5; ++i) {
    const std::uint32_t c = 0;
    const void* args[] = {&b[0], &b[i + 1], &c};
    model.launch(device.prepare(*module.find_kernel("k"), {{4, 1, 1}, {256, 1, 1}, 0}, args),
                 streams[i], KernelResourceInfo{16, 0, "config"});
  }
  std::vector<KernelResult> r = model.synchronize();
  ASSERT_EQ(r.size(), 5u);
  std::vector<KernelResult> by_launch(5);
  const std::uint64_t first = r[0].launch_id < r[1].launch_id ? r[0].launch_id : r[1].launch_id;
  for (KernelResult& k : r) by_launch[k.launch_id - first] = k;
  EXPECT_LT(by_launch[1].start_cycle, by_launch[0].end_cycle);  // streams 1 and 2 overlap
  EXPECT_GE(by_launch[2].start_cycle, by_launch[0].end_cycle);  // stream 1 in order
  EXPECT_GE(by_launch[3].start_cycle, by_launch[1].end_cycle);  // default stream waits
  EXPECT_GE(by_launch[3].start_cycle, by_launch[2].end_cycle);
  EXPECT_GE(by_launch[4].start_cycle, by_launch[3].end_cycle);  // and holds later ones
}

}  // namespace
}  // namespace warpsim
