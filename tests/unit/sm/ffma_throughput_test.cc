// Cycles of a dependent-FMA chain on the v100 preset's SM front end (issue 35 (b)): every thread
// runs `mov; N x fma (each reading the one before); exit`, with W warps per scheduler. The
// cycle counts are derived below from the FP32 latency, one issue per scheduler per cycle and
// the scheduler's greedy-then-oldest order; they hold only if fetch keeps each of the four
// schedulers supplied, which the v100 preset's four warps fetched per cycle do (Accel-Sim's
// -gpgpu_inst_fetch_throughput 4) and one warp per cycle did not.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "sm_test_util.h"

namespace warpsim {
namespace {

constexpr std::uint32_t kSchedulers = 4;  // v100: four schedulers, one issue each per cycle
constexpr std::uint64_t kMemoryLatency = 100;

std::string ffma_chain_kernel(std::uint32_t n) {
  std::string body = "  mov.f32 %f1, 0f3F800000;\n";
  for (std::uint32_t i = 0; i < n; ++i) body += "  fma.rn.f32 %f1, %f1, 0f3F800000, %f1;\n";
  body += "  exit;\n";
  return ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n"
         "  .reg .f32 %f<2>;\n" +
         body + "}\n";
}

// The v100 preset on one SM with the fixed-latency memory stand-in; FP32 and move latency L,
// initiation interval 1, four FP32 pipelines (one issue per scheduler per cycle never waits
// for one). sm.fetch.inst_bytes 1 puts the whole kernel (at most 66 instructions) in one
// 128-byte I-cache line, so the only I-cache miss is the kernel's first fetch. Fetch itself
// (warps per cycle, width, buffer, decode latency) is the preset's.
std::vector<std::string> chain_sets(std::uint32_t latency, std::vector<std::string> more = {}) {
  std::vector<std::string> sets = {"sm.count=1",
                                   "memory.model=fixed",
                                   "memory.latency=" + std::to_string(kMemoryLatency),
                                   "sm.fetch.inst_bytes=1",
                                   "sm.units.sp=4",
                                   "sm.ops.fp32.latency=" + std::to_string(latency),
                                   "sm.ops.fp32.interval=1",
                                   "sm.ops.move.latency=" + std::to_string(latency),
                                   "sm.ops.control.latency=1"};
  sets.insert(sets.end(), more.begin(), more.end());
  return sets;
}

struct ChainRun {
  std::uint64_t cycles = 0;  // from the first CTA's dispatch to the kernel's end
  // Per scheduler: issues, first and last issue cycle (relative to the kernel's start).
  std::vector<std::uint64_t> issues, first, last;
  // Per warp slot: the cycle of its first issue (relative to the kernel's start).
  std::vector<std::uint64_t> warp_first;
};

ChainRun run_chain(std::uint32_t warps_per_scheduler, std::uint32_t n, std::uint32_t latency,
                   std::vector<std::string> more = {}) {
  func::Device device;
  const std::uint32_t threads = 32 * kSchedulers * warps_per_scheduler;  // one CTA
  const ConfigNode config = test::timing_config("v100", chain_sets(latency, std::move(more)));
  const auto out =
      test::run_kernel(device, config, ffma_chain_kernel(n), {1, 1, 1}, {threads, 1, 1});
  // A kernel's cycles include a launch latency where the config has one; counted from the first
  // CTA's dispatch here.
  std::uint64_t launch = 0;
  if (const ConfigNode* l = config.at("gpu").find("kernel_launch_latency")) launch = l->as_uint();
  ChainRun r;
  const std::uint64_t start = out.results.at(0).start_cycle + launch;
  r.cycles = out.results.at(0).end_cycle - start;
  r.issues.assign(kSchedulers, 0);
  r.first.assign(kSchedulers, ~std::uint64_t{0});
  r.last.assign(kSchedulers, 0);
  r.warp_first.assign(kSchedulers * warps_per_scheduler, ~std::uint64_t{0});
  for (const test::Issue& i : out.issues) {
    const std::uint32_t s = i.warp % kSchedulers;  // warp w goes to scheduler w mod 4
    const std::uint64_t c = i.cycle - start;
    ++r.issues[s];
    r.first[s] = std::min(r.first[s], c);
    r.last[s] = std::max(r.last[s], c);
    r.warp_first.at(i.warp) = std::min(r.warp_first.at(i.warp), c);
  }
  return r;
}

// By hand, for one scheduler with W warps, each issuing mov, N dependent FMAs and exit, at
// latency L (mov and FMA; the exit reads nothing and issues the cycle after the warp's last
// FMA if the warp is still the greedy one):
//
// Start. The CTA is dispatched at cycle 0 and reaches the SM at 1; the first fetch misses, its
// line read reaches the memory at 2 and comes back at 2 + M, the SM has it at 3 + M and fetches
// (a hit) four warps that cycle, slots 0-3, one per scheduler, then 4-7, and so on: the
// scheduler's warp i is decoded at t0 + i, t0 = M + 4. Each issues its mov as it arrives
// (the older warps' FMAs wait for their movs): movs at t0, t0 + 1, ...
//
// GTO keeps issuing the greedy warp until it waits, then the oldest ready warp. A warp that
// issued waits L - 1 cycles for its result, so the oldest L warps take turns and the younger
// ones do not issue until those have exited: the warps run in groups of L, oldest first.
//  - A full group (L warps) issues one instruction every cycle: in any cycle at most L - 1 of
//    its warps are waiting on an instruction of the last L - 1 cycles, so one is ready. At its
//    end warp 0's FMA N at c, its exit at c + 1 (greedy), warp 1's FMA N at c + 2 (ready since
//    c + 1), its exit at c + 3, ...: still one a cycle. L (N + 2) cycles.
//  - A last group of r < L warps is latency-bound: movs at x .. x + r - 1, warp j's FMA k at
//    x + j + kL (no two collide: r < L), then the exits push the later warps' last FMAs back
//    one cycle each: warp j's FMA N at x + NL + 2j, its exit at x + NL + 2j + 1. The last
//    issue is at x + NL + 2r - 1: NL + 2r cycles.
// The next group's first mov comes the cycle after the previous group's last exit, so with
// q = W / L full groups and r = W mod L:
//   span = q L (N + 2) + (r ? N L + 2r : 0)    (first issue to last, inclusive)
// and the kernel ends the cycle after the last exit (the CTA retires in that tick):
//   cycles = t0 + span = M + 4 + span.
// W >= L with r = 0 is issue-bound (W (N + 2) cycles, one instruction per cycle); W < L is
// latency-bound (N L + 2W cycles).
std::uint64_t span_by_hand(std::uint64_t w, std::uint64_t n, std::uint64_t l) {
  const std::uint64_t q = w / l;
  const std::uint64_t r = w % l;
  return q * l * (n + 2) + (r != 0 ? n * l + 2 * r : 0);
}

TEST(SmFfmaThroughput, DependentChainCyclesFollowLatencyIssueRateAndWarps) {
  for (std::uint32_t latency : {4u, 6u}) {
    for (std::uint32_t w : {1u, 2u, 3u, 4u, 6u, 8u}) {
      for (std::uint32_t n : {32u, 64u}) {
        SCOPED_TRACE("L " + std::to_string(latency) + " W " + std::to_string(w) + " N " +
                     std::to_string(n));
        const ChainRun r = run_chain(w, n, latency);
        const std::uint64_t t0 = kMemoryLatency + 4;
        const std::uint64_t span = span_by_hand(w, n, latency);
        for (std::uint32_t s = 0; s < kSchedulers; ++s) {
          EXPECT_EQ(r.issues[s], std::uint64_t{w} * (n + 2)) << "scheduler " << s;
          EXPECT_EQ(r.first[s], t0) << "scheduler " << s;
          EXPECT_EQ(r.last[s] - r.first[s] + 1, span) << "scheduler " << s;
          // The first group's warps arrive one per scheduler per cycle, in slot order.
          for (std::uint32_t i = 0; i < std::min(w, latency); ++i) {
            EXPECT_EQ(r.warp_first[s + kSchedulers * i], t0 + i)
                << "scheduler " << s << " warp " << i;
          }
        }
        EXPECT_EQ(r.cycles, t0 + span);
      }
    }
  }
}

// The user's case in numbers: 64 FMAs and 8 warps per scheduler at L = 4 take
// 104 + 2 x 4 x 66 = 632 cycles, one warp instruction per scheduler per cycle (528 per scheduler
// in 528 cycles).
TEST(SmFfmaThroughput, EightWarpsPerSchedulerIssueEveryCycle) {
  const ChainRun r = run_chain(8, 64, 4);
  EXPECT_EQ(r.cycles, 632u);
  for (std::uint32_t s = 0; s < kSchedulers; ++s) {
    EXPECT_EQ(r.issues[s], 528u);
    EXPECT_EQ(r.last[s] - r.first[s] + 1, 528u);
  }
}

// What the v100 preset did before: one warp fetched per cycle, at most fetch_width = 2
// instructions into the four schedulers' warps. With W warps per scheduler each FMA per thread
// is 4W warp instructions, fetched in at least 4W / 2 = 2W cycles, more than the L = 4 of
// latency or the W of issue: each FMA added 2W cycles, half the issue rate.
TEST(SmFfmaThroughput, OneWarpFetchedPerCycleHalvesTheIssueRate) {
  for (std::uint32_t w : {4u, 8u}) {
    SCOPED_TRACE("W " + std::to_string(w));
    const std::vector<std::string> old = {"sm.fetch.warps_per_cycle=1"};
    const ChainRun a = run_chain(w, 32, 4, old);
    const ChainRun b = run_chain(w, 64, 4, old);
    EXPECT_EQ(b.cycles - a.cycles, 32u * 2 * w);
    // The preset's four warps per cycle: W per FMA (issue-bound), as derived above.
    const ChainRun c = run_chain(w, 32, 4);
    const ChainRun d = run_chain(w, 64, 4);
    EXPECT_EQ(d.cycles - c.cycles, 32u * w);
  }
}

}  // namespace
}  // namespace warpsim
