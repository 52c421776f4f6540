// Timing never changes results: many warps on several SMs do seeded pseudo-random loads,
// stores and atomics (L1D, texture path, L1-skipping, local and constant memory) through a
// memory hierarchy with caches so small that hits, misses, MSHR merges, evictions,
// write-backs and every kind of reservation failure happen. Functional mode and timing mode
// on gtx480 and v100 must then leave every loaded value and all of memory as the CPU
// reference says. Values are computed at issue, so a difference means the timing model lost,
// duplicated or reordered an instruction; a lost request shows as a deadlock instead.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../sm/sm_test_util.h"
#include "sim/simulation.h"
#include "traffic_kernels.h"

namespace warpsim {
namespace {

using test::RandomTraffic;

struct TimingOutcome {
  Addr r = 0;
  RandomTraffic::Result result;
  std::vector<KernelResult> kernels;
  nlohmann::ordered_json totals;
};

TimingOutcome run_timing(const RandomTraffic& shape, const std::string& preset,
                         const std::vector<std::string>& sets) {
  func::Device device;
  const func::LoadedModule& module = device.load_module(test::random_traffic_ptx(), "rt.ptx");
  RandomTraffic rt = shape;
  rt.setup(device);
  GpuModel model(test::timing_config(preset, sets));
  model.launch(rt.prepare(device, module), 0, KernelResourceInfo{32, 64, "config"});
  TimingOutcome o;
  o.kernels = model.synchronize();
  model.sim().run_until_quiescent();
  o.totals = model.run_stats();
  o.result = rt.read(device);
  o.r = rt.r;
  return o;
}

RandomTraffic::Result run_functional(const RandomTraffic& shape) {
  func::Device device;
  const func::LoadedModule& module = device.load_module(test::random_traffic_ptx(), "rt.ptx");
  RandomTraffic rt = shape;
  rt.setup(device);
  func::LaunchState launch = rt.prepare(device, module);
  device.run(launch);
  return rt.read(device);
}

std::uint64_t fails(const nlohmann::ordered_json& level) {
  return level["reservation_fail_no_line"].get<std::uint64_t>() +
         level["reservation_fail_no_mshr"].get<std::uint64_t>() +
         level["reservation_fail_mshr_merge"].get<std::uint64_t>() +
         level["reservation_fail_miss_queue"].get<std::uint64_t>();
}

TEST(RandomTraffic, FunctionalModeMatchesTheCpuReference) {
  const RandomTraffic rt;
  rt.expect_matches(run_functional(rt), rt.reference());
}

// The non-atomic outputs and the final W and C of timing mode equal functional mode's; both
// equal the reference (checked against it, atomics included).
void expect_timing_matches(const std::string& preset) {
  const RandomTraffic rt;
  const RandomTraffic::Result functional = run_functional(rt);
  const TimingOutcome timing = run_timing(rt, preset, test::small_caches(preset));
  ASSERT_EQ(timing.r % 256, 0u);
  rt.expect_matches(timing.result, rt.reference());
  EXPECT_EQ(timing.result.w, functional.w);
  EXPECT_EQ(timing.result.c, functional.c);
  for (std::uint32_t slot = 0; slot < rt.slots(); ++slot) {
    if (rt.is_atomic_slot(slot)) continue;
    const std::size_t from = std::size_t{slot} * rt.total_threads();
    const std::size_t to = from + rt.total_threads();
    ASSERT_TRUE(std::equal(timing.result.out.begin() + from, timing.result.out.begin() + to,
                           functional.out.begin() + from))
        << "slot " << slot;
  }
  // The configuration did what it is for.
  ASSERT_EQ(timing.kernels.size(), 1u);
  const nlohmann::ordered_json& s = timing.totals;
  for (const char* level : {"l1d", "l1t", "l2"}) {
    SCOPED_TRACE(level);
    EXPECT_GT(s[level]["hits"].get<std::uint64_t>(), 0u);
    EXPECT_GT(s[level]["misses"].get<std::uint64_t>(), 0u);
    EXPECT_GT(s[level]["hit_reserved"].get<std::uint64_t>(), 0u);
    EXPECT_GT(fails(s[level]), 0u);
  }
  EXPECT_GT(s["l1c"]["misses"].get<std::uint64_t>(), 0u);
  // Each ld.global.nc reads two whole 128-byte lines (R is 256-byte aligned), the same two in
  // all warps of an iteration: 2 texture-cache accesses per warp instruction, and 2 misses per
  // SM and iteration, since the 12 lines of all iterations fit the 16-line texture cache
  // (3 per 4-way set) and are never fetched twice.
  const std::uint64_t warps = rt.total_threads() / 32;
  EXPECT_EQ(s["l1t"]["accesses"].get<std::uint64_t>(), 2 * warps * rt.iters);
  EXPECT_EQ(s["l1t"]["misses"].get<std::uint64_t>(), 2 * 4 * rt.iters);
  EXPECT_EQ(s["l1t"]["evictions"].get<std::uint64_t>(), 0u);
  EXPECT_GT(s["l2"]["evictions"].get<std::uint64_t>(), 0u);
  EXPECT_GT(s["l2"]["writebacks"].get<std::uint64_t>(), 0u);
  EXPECT_GT(s["l2"]["atomics"].get<std::uint64_t>(), 0u);
  EXPECT_GT(s["sm"]["ldst"]["l1_skipped"].get<std::uint64_t>(), 0u);
  EXPECT_GT(s["dram"]["writes"].get<std::uint64_t>(), 0u);
}

TEST(RandomTraffic, TimingModeOnGtx480GivesTheFunctionalResults) {
  expect_timing_matches("gtx480");
}

TEST(RandomTraffic, TimingModeOnV100GivesTheFunctionalResults) { expect_timing_matches("v100"); }

// Seed 000's L1D schemes on the small-cache gtx480 (one data way per set: the decoupled tag
// store gets two): the results are the functional model's, the model drains, and each scheme
// did what it is for.
TEST(RandomTraffic, TheDecoupledL1dAndItsRivalsGiveTheFunctionalResults) {
  const RandomTraffic rt;
  const RandomTraffic::Result functional = run_functional(rt);
  struct Scheme {
    std::string set;
    std::string counter;  // in total.l1d, must be > 0
  };
  for (const Scheme& scheme :
       {Scheme{"sm.l1d.admission={impl: decoupled, tag_ways: 2}", "bypassed"},
        Scheme{"sm.l1d.admission={impl: decoupled, tag_ways: 2, dueling: true, "
               "dueling_period: 100}",
               "bypassed"},
        Scheme{"sm.l1d.replacement={impl: pdp, pd: 64}", "policy_bypasses"},
        Scheme{"sm.l1d.replacement=ship", "hits"}}) {
    SCOPED_TRACE(scheme.set);
    std::vector<std::string> sets = test::small_caches("gtx480");
    sets.push_back(scheme.set);
    const TimingOutcome timing = run_timing(rt, "gtx480", sets);
    rt.expect_matches(timing.result, rt.reference());
    EXPECT_EQ(timing.result.w, functional.w);
    EXPECT_EQ(timing.result.c, functional.c);
    EXPECT_GT(timing.totals["l1d"][scheme.counter].get<std::uint64_t>(), 0u);
  }
}

}  // namespace
}  // namespace warpsim
