// gpu.timeline_cycles: stats.json's total.timeline, checked against the issue stream the SM
// reports instruction by instruction, and shown not to disturb the model.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../sm/sm_test_util.h"

namespace warpsim {
namespace {

// One warp: 40 iterations, each loading a new 128-byte line and adding it to a sum.
constexpr const char* kLoop = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 buf)
{
  .reg .u64 %rd<4>;
  .reg .u32 %r<6>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [buf];
  mov.u32 %r1, 0;
  mov.u32 %r2, 0;
LOOP:
  mul.wide.u32 %rd2, %r1, 128;
  add.u64 %rd3, %rd1, %rd2;
  ld.global.u32 %r3, [%rd3];
  add.u32 %r2, %r2, %r3;
  add.u32 %r1, %r1, 1;
  setp.lt.u32 %p1, %r1, 40;
  @%p1 bra LOOP;
  exit;
}
)";

struct LoopRun {
  std::vector<test::Issue> issues;
  std::vector<KernelResult> results;
  nlohmann::ordered_json run;
};

LoopRun run_loop(const std::string& timeline_cycles) {
  func::Device device;
  const Addr buf = device.malloc(40 * 128);
  const func::LoadedModule& module = device.load_module(kLoop, "test.ptx");
  GpuModel model(test::timing_config(
      "v100", test::one_sm({"memory.model=fixed", "gpu.timeline_cycles=" + timeline_cycles})));
  LoopRun out;
  model.set_issue_observer(
      [&out](std::uint32_t sm, std::uint32_t warp, Cycle cycle, const func::WarpInst& inst) {
        out.issues.push_back(test::Issue{sm, warp, cycle.value(), inst.pc});
      });
  std::vector<const void*> args = {&buf};
  model.launch(
      device.prepare(*module.find_kernel("k"), func::LaunchConfig{{1, 1, 1}, {32, 1, 1}, 0}, args),
      0, KernelResourceInfo{16, 0, "config"});
  out.results = model.synchronize();
  out.run = model.run_stats();
  return out;
}

TEST(Timeline, EachRowCountsTheInstructionsIssuedInItsWindow) {
  const LoopRun r = run_loop("50");
  ASSERT_EQ(r.results.size(), 1u);
  const auto& t = r.run.at("timeline");
  EXPECT_EQ(t.at("interval_cycles").get<std::uint64_t>(), 50u);
  const auto columns = t.at("columns").get<std::vector<std::string>>();
  ASSERT_GE(columns.size(), 3u);
  EXPECT_EQ(columns[0], "cycle");
  EXPECT_EQ(columns[2], "warp_ipc");
  const auto& rows = t.at("rows");
  // A row at every multiple of 50 the run reached: up to the kernel's end, and at most the
  // cycle the dispatcher takes to see the last CTA retire beyond it.
  const std::uint64_t end = r.results[0].end_cycle;
  ASSERT_GE(rows.size(), end / 50);
  ASSERT_LE(rows.size(), (end + 2) / 50);
  std::uint64_t counted = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::uint64_t at = rows[i][0].get<std::uint64_t>();
    EXPECT_EQ(at, 50 * (i + 1));
    // The sampler runs after the SM in each instant: its window is (at - 50, at].
    std::uint64_t issued = 0;
    for (const test::Issue& is : r.issues) issued += is.cycle > at - 50 && is.cycle <= at ? 1 : 0;
    EXPECT_DOUBLE_EQ(rows[i][2].get<double>() * 50, static_cast<double>(issued)) << "row " << i;
    counted += issued;
    EXPECT_EQ(rows[i].size(), columns.size());
  }
  EXPECT_GT(counted, 0u);
  EXPECT_LE(counted, r.issues.size());
}

TEST(Timeline, SamplingChangesNoNumberOfTheModel) {
  const LoopRun with = run_loop("50");
  const LoopRun without = run_loop("0");
  ASSERT_EQ(with.results.size(), 1u);
  ASSERT_EQ(without.results.size(), 1u);
  EXPECT_EQ(with.results[0].stats.dump(), without.results[0].stats.dump());
  EXPECT_FALSE(without.run.contains("timeline"));
  nlohmann::ordered_json a = with.run;
  a.erase("timeline");
  EXPECT_EQ(a.dump(), without.run.dump());
}

}  // namespace
}  // namespace warpsim
