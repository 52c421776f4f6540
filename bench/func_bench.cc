// Functional-mode speed (issue F3): simulated thread instructions per second on one core for a
// compute-bound kernel (an FMA/integer loop, no memory traffic in the loop) and a memory-bound
// one (a grid-stride saxpy: two loads and a store per element), both through the C++ API as a
// workload would run them. Targets: 50 M and 20 M thread-instructions/s.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "func/device.h"
#include "sim/peak_rss.h"

namespace {

using warpsim::Addr;
namespace func = warpsim::func;

constexpr const char* kPtx = R"(.version 8.0
.target sm_90
.address_size 64

.visible .entry compute(.param .u64 out, .param .u32 iters)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [iters];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mad.lo.u32 %r5, %r3, %r4, %r2;
  cvt.rn.f32.u32 %f1, %r5;
  mov.f32 %f2, 0f3F800000;
  mov.f32 %f3, 0f3F000000;
  mov.u32 %r6, 0;
LOOP:
  fma.rn.f32 %f2, %f2, %f3, %f1;
  fma.rn.f32 %f3, %f3, %f2, %f1;
  mul.f32 %f4, %f2, %f3;
  add.f32 %f1, %f1, %f4;
  xor.b32 %r7, %r6, %r5;
  add.u32 %r6, %r6, 1;
  setp.lt.u32 %p1, %r6, %r1;
  @%p1 bra LOOP;
  add.f32 %f1, %f1, %f2;
  mul.wide.u32 %rd2, %r5, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.f32 [%rd3], %f1;
  ret;
}

.visible .entry saxpy(.param .u64 x, .param .u64 y, .param .f32 a, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .f32 %f<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [x];
  ld.param.u64 %rd2, [y];
  ld.param.f32 %f1, [a];
  ld.param.u32 %r1, [n];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mad.lo.u32 %r5, %r3, %r4, %r2;
  mov.u32 %r6, %nctaid.x;
  mul.lo.u32 %r6, %r6, %r4;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra DONE;
LOOP:
  mul.wide.u32 %rd3, %r5, 4;
  add.u64 %rd4, %rd1, %rd3;
  add.u64 %rd5, %rd2, %rd3;
  ld.global.f32 %f2, [%rd4];
  ld.global.f32 %f3, [%rd5];
  fma.rn.f32 %f3, %f2, %f1, %f3;
  st.global.f32 [%rd5], %f3;
  add.u32 %r5, %r5, %r6;
  setp.lt.u32 %p1, %r5, %r1;
  @%p1 bra LOOP;
DONE:
  ret;
}
)";

void report(benchmark::State& state, std::uint64_t warp_insts, std::uint64_t thread_insts) {
  state.counters["thread_insts_per_s"] =
      benchmark::Counter(static_cast<double>(thread_insts), benchmark::Counter::kIsRate);
  state.counters["warp_insts_per_s"] =
      benchmark::Counter(static_cast<double>(warp_insts), benchmark::Counter::kIsRate);
  state.counters["peak_rss_mb"] = warpsim::peak_rss_mb();
}

void BM_FuncComputeBound(benchmark::State& state) {
  func::Device dev;
  const auto& mod = dev.load_module(kPtx, "func_bench.ptx");
  const std::uint32_t threads = 64 * 256;
  Addr out = dev.malloc(threads * 4);
  std::uint32_t iters = 256;
  const void* args[] = {&out, &iters};
  std::uint64_t warp = 0, thread = 0;
  for (auto _ : state) {
    func::LaunchResult r =
        dev.launch(*mod.find_kernel("compute"), {{64, 1, 1}, {256, 1, 1}, 0}, args);
    warp += r.warp_insts;
    thread += r.thread_insts;
  }
  report(state, warp, thread);
}

void BM_FuncMemoryBound(benchmark::State& state) {
  func::Device dev;
  const auto& mod = dev.load_module(kPtx, "func_bench.ptx");
  const std::uint32_t n = 1 << 20;
  std::vector<float> host(n, 1.5f);
  Addr x = dev.malloc(n * 4);
  Addr y = dev.malloc(n * 4);
  dev.memory().write(x, host.data(), n * 4);
  dev.memory().write(y, host.data(), n * 4);
  float a = 0.5f;
  const void* args[] = {&x, &y, &a, &n};
  std::uint64_t warp = 0, thread = 0;
  for (auto _ : state) {
    func::LaunchResult r =
        dev.launch(*mod.find_kernel("saxpy"), {{128, 1, 1}, {256, 1, 1}, 0}, args);
    warp += r.warp_insts;
    thread += r.thread_insts;
  }
  report(state, warp, thread);
}

BENCHMARK(BM_FuncComputeBound)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FuncMemoryBound)->Unit(benchmark::kMillisecond);

}  // namespace
