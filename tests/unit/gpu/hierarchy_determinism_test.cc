// Same inputs, same stats, through a busy memory hierarchy: random traffic, a copy and a
// reduction on three streams at once, then a copy on the default stream (which waits for
// them) and a reduction on a fourth stream (which waits for it), with caches so small that
// misses, evictions, write-backs and reservation failures are the rule. Two runs, and a run
// that ticks every component every cycle (sim.skip_idle=false), give identical per-kernel
// results, identical stat trees (after the hierarchy has drained) and identical memory.
// (tests/unit/sm/determinism_test.cc runs through the hierarchy too, but with traffic that
// never misses twice in a line, evicts or fails a reservation.)

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../sm/sm_test_util.h"
#include "gpu/builder.h"
#include "sim/simulation.h"
#include "traffic_kernels.h"

namespace warpsim {
namespace {

struct Outcome {
  std::vector<KernelResult> kernels;
  std::string results;
  std::string stats;
  std::vector<std::uint32_t> memory;
  nlohmann::ordered_json totals;
  std::string schema;  // the stat tree's schema after the run
};

std::uint64_t fails(const nlohmann::ordered_json& level) {
  std::uint64_t n = 0;
  for (const char* cause : {"no_line", "no_mshr", "mshr_merge", "miss_queue"}) {
    n += level[std::string("reservation_fail_") + cause].get<std::uint64_t>();
  }
  return n;
}

Outcome run(const std::string& preset, const std::vector<std::string>& sets) {
  test::RandomTraffic traffic;
  traffic.ctas = 8;
  traffic.iters = 3;
  test::Workload w(16384, traffic);
  GpuModel model(test::timing_config(preset, sets));
  const std::uint64_t streams[3] = {1, 2, 3};
  w.launch(model, streams);
  w.launch_copy(model, w.copied, w.copied_again, 0);
  const void* args[] = {&w.in, &w.sums, &w.n};
  model.launch(
      w.device.prepare(*w.module->find_kernel("reduce"), {{16, 1, 1}, {128, 1, 1}, 0}, args), 4,
      w.resources);
  Outcome o;
  o.kernels = model.synchronize();
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const KernelResult& r : o.kernels) {
    results.push_back({{"launch", r.launch_id}, {"stream", r.stream}, {"stats", r.stats}});
  }
  o.results = results.dump();
  model.sim().run_until_quiescent();
  o.stats = model.sim().stats().snapshot().to_json().dump();
  o.totals = model.run_stats();
  o.schema = model.sim().stats().schema().dump();
  const test::RandomTraffic::Result rt = w.rt.read(w.device);
  for (const auto* part : {&rt.out, &rt.w, &rt.c}) {
    o.memory.insert(o.memory.end(), part->begin(), part->end());
  }
  for (Addr a : {w.copied, w.copied_again}) {
    const std::vector<std::uint32_t> v = w.words(a, w.n);
    o.memory.insert(o.memory.end(), v.begin(), v.end());
  }
  // Both reductions added into sums: twice the CPU's sums.
  std::vector<std::uint32_t> want(8, 0);
  for (std::uint32_t i = 0; i < w.n; ++i) want[i % 8] += 2 * w.input[i];
  EXPECT_EQ(w.words(w.sums, 8), want);
  EXPECT_EQ(w.words(w.copied_again, w.n), w.input);
  w.rt.expect_matches(rt, w.rt.reference());
  return o;
}

void expect_deterministic(const std::string& preset) {
  const std::vector<std::string> sets = test::small_caches(preset);
  const Outcome a = run(preset, sets);
  const Outcome b = run(preset, sets);
  std::vector<std::string> no_skip = sets;
  no_skip.push_back("sim.skip_idle=false");
  const Outcome c = run(preset, no_skip);
  EXPECT_EQ(a.results, b.results);
  EXPECT_EQ(a.stats, b.stats);
  EXPECT_EQ(a.memory, b.memory);
  EXPECT_EQ(a.results, c.results);
  EXPECT_EQ(a.stats, c.stats);
  EXPECT_EQ(a.memory, c.memory);
  // The hierarchy was busy.
  EXPECT_GT(fails(a.totals["l1d"]), 0u);
  EXPECT_GT(fails(a.totals["l2"]), 0u);
  EXPECT_GT(a.totals["l2"]["writebacks"].get<std::uint64_t>(), 0u);
  EXPECT_GT(a.totals["dram"]["writes"].get<std::uint64_t>(), 0u);
  EXPECT_GT(a.totals["dram"]["row_conflicts"].get<std::uint64_t>(), 0u);
  // The streams did overlap: the copy (stream 2) started before random traffic (stream 1)
  // ended; the default-stream copy started after both.
  ASSERT_EQ(a.kernels.size(), 5u);
  std::vector<const KernelResult*> by_launch(5);
  std::uint64_t first = a.kernels[0].launch_id;
  for (const KernelResult& k : a.kernels) first = std::min(first, k.launch_id);
  for (const KernelResult& k : a.kernels) by_launch.at(k.launch_id - first) = &k;
  EXPECT_LT(by_launch[1]->start_cycle, by_launch[0]->end_cycle);
  EXPECT_GE(by_launch[3]->start_cycle, by_launch[0]->end_cycle);
  EXPECT_GE(by_launch[3]->start_cycle, by_launch[1]->end_cycle);
  EXPECT_GE(by_launch[4]->start_cycle, by_launch[3]->end_cycle);
}

// stats-schema.json comes from a GPU that has not run (app/cmd_run.cc): a busy run must not
// register any stat the builder did not.
TEST(HierarchyDeterminism, TheSchemaOfAFreshGpuIsTheSchemaAfterABusyRun) {
  for (const char* preset : {"gtx480", "v100"}) {
    const std::vector<std::string> sets = test::small_caches(preset);
    const std::string fresh =
        build_gpu(test::timing_config(preset, sets)).sim->stats().schema().dump();
    EXPECT_EQ(run(preset, sets).schema, fresh) << preset;
  }
}

TEST(HierarchyDeterminism, Gtx480MultiStreamRunsAreIdenticalWithAndWithoutSkipping) {
  expect_deterministic("gtx480");
}

TEST(HierarchyDeterminism, V100MultiStreamRunsAreIdenticalWithAndWithoutSkipping) {
  expect_deterministic("v100");
}

}  // namespace
}  // namespace warpsim
