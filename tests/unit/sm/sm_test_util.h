#pragma once

// Running small PTX kernels through the timing model, recording every issued instruction.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../support/preset_config.h"
#include "func/device.h"
#include "gpu/gpu_model.h"

namespace warpsim::test {

struct Issue {
  std::uint32_t sm = 0;
  std::uint32_t warp = 0;
  std::uint64_t cycle = 0;
  std::uint32_t pc = 0;
};

inline ConfigNode timing_config(const std::string& preset, std::vector<std::string> sets) {
  return testing::preset_config(preset, std::move(sets));
}

// One SM with one scheduler, fetch never in the way (the whole kernel fits one fetch), the
// fixed-latency memory stand-in behind the L1s, and the latencies the tests' hand computations
// use; `more` overrides.
inline std::vector<std::string> one_sm(std::vector<std::string> more = {}) {
  std::vector<std::string> sets = {"sm.count=1",
                                   "memory.model=fixed",
                                   "sm.schedulers=1",
                                   "sm.fetch.ibuffer_entries=16",
                                   "sm.fetch.fetch_width=16",
                                   "sm.fetch.warps_per_cycle=2",
                                   "sm.fetch.decode_latency=1",
                                   "sm.icache.hit_latency=0",
                                   "sm.ops.int.latency=4",
                                   "sm.ops.move.latency=4",
                                   "sm.ops.control.latency=1",
                                   "sm.units.int=1",
                                   "sm.units.sp=1"};
  sets.insert(sets.end(), more.begin(), more.end());
  return sets;
}

// Kernel `k`: i0..i2 independent moves, i3 reads i0's and i1's results, i4 exits. The
// scheduling and throttling tests derive their issue streams from it.
inline constexpr const char* kFiveInstKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k()
{
  .reg .b32 %r<8>;
  mov.u32 %r1, 1;
  mov.u32 %r2, 2;
  mov.u32 %r3, 3;
  add.u32 %r4, %r1, %r2;
  exit;
}
)";

using Stream = std::vector<std::pair<std::uint32_t, std::uint32_t>>;  // (warp, pc) per issue

inline Stream stream_of(const std::vector<Issue>& issues) {
  Stream out;
  for (const Issue& i : issues) out.emplace_back(i.warp, i.pc);
  return out;
}

struct KernelRunOutput {
  std::vector<Issue> issues;
  std::vector<KernelResult> results;
};

// Loads `ptx`, launches kernel `k` once with `args` on a GPU built from `config`, runs it.
inline KernelRunOutput run_kernel(func::Device& device, const ConfigNode& config,
                                  const std::string& ptx, func::Dim3 grid, func::Dim3 block,
                                  std::vector<const void*> args = {}) {
  const func::LoadedModule& module = device.load_module(ptx, "test.ptx");
  GpuModel model(config);
  KernelRunOutput out;
  model.set_issue_observer(
      [&out](std::uint32_t sm, std::uint32_t warp, Cycle cycle, const func::WarpInst& inst) {
        out.issues.push_back(Issue{sm, warp, cycle.value(), inst.pc});
      });
  func::LaunchState launch =
      device.prepare(*module.find_kernel("k"), func::LaunchConfig{grid, block, 0}, args);
  model.launch(std::move(launch), 0, KernelResourceInfo{16, 0, "config"});
  out.results = model.synchronize();
  return out;
}

// Issue cycles of warp `warp`'s instructions at `pc`s, in issue order.
inline std::vector<std::uint64_t> cycles_of(const std::vector<Issue>& issues, std::uint32_t warp) {
  std::vector<std::uint64_t> out;
  for (const Issue& i : issues) {
    if (i.warp == warp) out.push_back(i.cycle);
  }
  return out;
}

}  // namespace warpsim::test
