// Timing-mode speed (issue F6's speed item): simulated warp instructions and core cycles per
// second of wall time, one core, on the v100 preset (80 SMs), through the C++ API as a
// workload would run them. Targets: 600 K warp-insts/s for a compute-bound kernel, 100 K for a
// memory-bound vector add over 1 M elements. The kernels' sizes follow the Accel-Sim runs of
// ../shared/notes/anchor-accelsim.md §5 (vecAdd n=1M in 8192 CTAs of 128 threads; an FMA
// kernel over 256 K threads in 2048 CTAs).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "func/device.h"
#include "gpu/gpu_model.h"
#include "gpu/gpu_schema.h"
#include "sim/config_load.h"
#include "sim/registry.h"
#include "sim/peak_rss.h"

namespace {

using warpsim::Addr;
namespace func = warpsim::func;

// `fma_loop`: per thread, `iters` rounds of two dependent FMAs, a mul, an add and the loop
// control; no memory traffic until one store at the end. `vec_add`: c[i] = a[i] + b[i].
constexpr const char* kPtx = R"(.version 8.0
.target sm_70
.address_size 64

.visible .entry fma_loop(.param .u64 out, .param .u32 iters)
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
  add.u32 %r6, %r6, 1;
  setp.lt.u32 %p1, %r6, %r1;
  @%p1 bra LOOP;
  add.f32 %f1, %f1, %f2;
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r5, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.f32 [%rd3], %f1;
  ret;
}

.visible .entry vec_add(.param .u64 a, .param .u64 b, .param .u64 c, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  .reg .f32 %f<4>;
  .reg .b64 %rd<10>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mad.lo.u32 %r5, %r3, %r4, %r2;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd4, %rd1;
  cvta.to.global.u64 %rd5, %rd2;
  cvta.to.global.u64 %rd6, %rd3;
  mul.wide.u32 %rd7, %r5, 4;
  add.u64 %rd8, %rd4, %rd7;
  ld.global.f32 %f1, [%rd8];
  add.u64 %rd9, %rd5, %rd7;
  ld.global.f32 %f2, [%rd9];
  add.f32 %f3, %f1, %f2;
  add.u64 %rd9, %rd6, %rd7;
  st.global.f32 [%rd9], %f3;
DONE:
  ret;
}
)";

warpsim::ConfigNode v100() {
  const auto paths = warpsim::ConfigPaths::under(WARPSIM_SOURCE_DIR);
  return warpsim::resolve_config(
      warpsim::load_config(warpsim::ConfigRequest{"v100", {}, {}}, paths), warpsim::gpu_schema(),
      warpsim::PolicyRegistry::global());
}

// Runs one launch on a fresh GPU per iteration (building the 80-SM model is part of the cost,
// as it is for every program) and reports simulated rates.
void run_timed(benchmark::State& state, func::Device& dev, const func::FunctionCode& kernel,
               func::Dim3 grid, func::Dim3 block, std::vector<const void*> args,
               std::uint32_t registers) {
  const warpsim::ConfigNode config = v100();
  std::uint64_t warp = 0, thread = 0, cycles = 0;
  for (auto _ : state) {
    warpsim::GpuModel model(config);
    model.launch(dev.prepare(kernel, func::LaunchConfig{grid, block, 0}, args), 0,
                 warpsim::KernelResourceInfo{registers, 0, "config"});
    for (const warpsim::KernelResult& r : model.synchronize()) {
      warp += r.warp_insts;
      thread += r.thread_insts;
      cycles += r.end_cycle - r.start_cycle;
    }
  }
  using benchmark::Counter;
  state.counters["warp_insts_per_s"] = Counter(static_cast<double>(warp), Counter::kIsRate);
  state.counters["thread_insts_per_s"] = Counter(static_cast<double>(thread), Counter::kIsRate);
  state.counters["cycles_per_s"] = Counter(static_cast<double>(cycles), Counter::kIsRate);
  state.counters["warp_insts"] = Counter(static_cast<double>(warp), Counter::kAvgIterations);
  state.counters["cycles"] = Counter(static_cast<double>(cycles), Counter::kAvgIterations);
  state.counters["peak_rss_mb"] = warpsim::peak_rss_mb();
}

void BM_TimingComputeBound(benchmark::State& state) {
  func::Device dev;
  const auto& mod = dev.load_module(kPtx, "timing_bench.ptx");
  const std::uint32_t ctas = 2048, threads = 128;
  Addr out = dev.malloc(std::uint64_t{ctas} * threads * 4);
  std::uint32_t iters = 16;
  run_timed(state, dev, *mod.find_kernel("fma_loop"), {ctas, 1, 1}, {threads, 1, 1}, {&out, &iters},
            16);
}

void BM_TimingMemoryBound(benchmark::State& state) {
  func::Device dev;
  const auto& mod = dev.load_module(kPtx, "timing_bench.ptx");
  const std::uint32_t n = 1 << 20;
  const std::size_t bytes = std::size_t{n} * sizeof(float);
  std::vector<float> host(n, 1.5f);
  Addr a = dev.malloc(bytes);
  Addr b = dev.malloc(bytes);
  Addr c = dev.malloc(bytes);
  dev.memory().write(a, host.data(), bytes);
  dev.memory().write(b, host.data(), bytes);
  run_timed(state, dev, *mod.find_kernel("vec_add"), {n / 128, 1, 1}, {128, 1, 1}, {&a, &b, &c, &n},
            16);
}

BENCHMARK(BM_TimingComputeBound)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TimingMemoryBound)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
