// Engine overhead on the toy pipeline (tests/support/toy_pipeline.h): component ticks per
// second and simulated core cycles per second, with and without idle skipping. This is the
// floor every timing model pays; whole-GPU figures live in docs/performance.md.
#include <benchmark/benchmark.h>

#include "tests/support/toy_pipeline.h"

namespace {

void pipeline(benchmark::State& state, bool skip_idle) {
  const auto messages = static_cast<std::uint64_t>(state.range(0));
  std::uint64_t ticks = 0;
  std::uint64_t core_cycles = 0;
  for (auto _ : state) {
    const auto result = warpsim::toy::run_pipeline(7, messages, 8, skip_idle);
    benchmark::DoNotOptimize(result.received);
    ticks += result.run.ticks;
    core_cycles += result.run.end_time / 1000;  // the toy core clock has a 1000 ps period
  }
  state.counters["ticks_per_s"] =
      benchmark::Counter(static_cast<double>(ticks), benchmark::Counter::kIsRate);
  state.counters["core_cycles_per_s"] =
      benchmark::Counter(static_cast<double>(core_cycles), benchmark::Counter::kIsRate);
}

void BM_PipelineSkip(benchmark::State& state) { pipeline(state, true); }
void BM_PipelineNoSkip(benchmark::State& state) { pipeline(state, false); }

BENCHMARK(BM_PipelineSkip)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PipelineNoSkip)->Arg(20000)->Unit(benchmark::kMillisecond);

}  // namespace
