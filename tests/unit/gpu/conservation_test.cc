// Conservation on whole runs: every request the SMs make is accounted for once at each level
// of the memory hierarchy. Three kernels (random traffic, a streaming copy, a reduction with
// atomics) run one after another on one stream; the stats.json-shaped results of each kernel
// and of the whole run (after the hierarchy has drained) must satisfy, level by level:
//  - LD/ST requests = accesses of L1D + L1T + L1C + requests that skipped the L1;
//  - each cache: accesses = hits + hit_reserved + misses + forwarded, and one fill per miss;
//  - what the SMs send (L1 misses, forwards and write-backs, L1-skipping requests, I-cache
//    misses) = crossbar request packets = L2 requests; every one but a write-back is answered;
//  - DRAM reads = L2 misses, DRAM writes = L2 write-backs, and every DRAM request is one row
//    hit, miss or conflict;
//  - TLB lookups: L1 TLB misses that did not merge = L2 TLB accesses;
// and the per-kernel counters of the SMs and caches add up to the run's totals.

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "../sm/sm_test_util.h"
#include "sim/simulation.h"
#include "traffic_kernels.h"

namespace warpsim {
namespace {

using nlohmann::ordered_json;
using test::RandomTraffic;
using test::small_caches;
using test::Workload;

std::uint64_t at(const ordered_json& j, const std::string& dotted) {
  const ordered_json* node = &j;
  std::stringstream path(dotted);
  for (std::string key; std::getline(path, key, '.');) {
    if (!node->contains(key)) {
      ADD_FAILURE() << "no " << dotted;
      return 0;
    }
    node = &(*node)[key];
  }
  return node->get<std::uint64_t>();
}

constexpr const char* kL1s[] = {"l1d", "l1t", "l1c"};

// `drained`: the window ends with nothing in flight (the whole run after run_until_quiescent).
// A kernel's window ends when its last CTA retires, which waits for all of its own requests;
// only the L2's write-backs to DRAM may still be on their way then.
void expect_conserved(const ordered_json& s, bool drained) {
  std::uint64_t l1_accesses = 0;
  // The I-cache's line requests: demand misses and prefetches through its MSHRs, less those the
  // GPC I-cache answered or merged with another SM's, plus stream buffers' own requests.
  std::uint64_t sent = at(s, "sm.ldst.l1_skipped") + at(s, "sm.icache.misses") +
                       at(s, "sm.icache.prefetches") - at(s, "sm.icache.gpc_hits") -
                       at(s, "sm.icache.gpc_merged");
  if (s.at("sm").at("icache").contains("prefetch")) {
    sent += at(s, "sm.icache.prefetch.buffer_requests");
  }
  std::uint64_t l1_writebacks = 0;
  for (const char* level : {"l1d", "l1t", "l1c", "l2"}) {
    SCOPED_TRACE(level);
    const std::string l = level;
    EXPECT_EQ(at(s, l + ".accesses"), at(s, l + ".hits") + at(s, l + ".hit_reserved") +
                                          at(s, l + ".misses") + at(s, l + ".forwarded"));
    EXPECT_EQ(at(s, l + ".accesses"),
              at(s, l + ".reads") + at(s, l + ".writes") + at(s, l + ".atomics"));
    EXPECT_EQ(at(s, l + ".fills"), at(s, l + ".misses"));
    EXPECT_LE(at(s, l + ".bypassed"), at(s, l + ".forwarded"));
    EXPECT_LE(at(s, l + ".sector_misses"), at(s, l + ".misses"));
    if (l == "l2") continue;
    l1_accesses += at(s, l + ".accesses");
    l1_writebacks += at(s, l + ".writebacks");
    sent += at(s, l + ".misses") + at(s, l + ".forwarded") + at(s, l + ".writebacks");
  }
  EXPECT_EQ(at(s, "sm.ldst.mem_requests"), l1_accesses + at(s, "sm.ldst.l1_skipped"));
  EXPECT_EQ(at(s, "sm.ldst.mem_requests"), at(s, "sm.ldst.mem_read_requests") +
                                               at(s, "sm.ldst.mem_write_requests") +
                                               at(s, "sm.ldst.mem_atomic_requests"));
  // A fetch hits, misses, merges with a demand miss or a prefetch in flight, or finds the MSHRs
  // full (or, with stream buffers, waits for a buffer's request).
  std::uint64_t pending_in_buffers = 0;
  if (s.at("sm").at("icache").contains("prefetch")) {
    pending_in_buffers = at(s, "sm.icache.prefetch.buffer_pending_hits");
  }
  EXPECT_EQ(at(s, "sm.icache.accesses"),
            at(s, "sm.icache.hits") + at(s, "sm.icache.misses") + at(s, "sm.icache.miss_merged") +
                at(s, "sm.icache.prefetch_merged") + at(s, "sm.icache.reservation_fail_mshr") +
                pending_in_buffers);
  // No L1 executes atomics (none is write-back), so every atomic reaches the L2.
  EXPECT_EQ(at(s, "l2.atomics"), at(s, "sm.ldst.mem_atomic_requests"));

  EXPECT_EQ(sent, at(s, "icnt.request.packets"));
  EXPECT_EQ(at(s, "l2.requests"), at(s, "icnt.request.packets"));
  EXPECT_EQ(at(s, "icnt.reply.packets"), at(s, "icnt.request.packets") - l1_writebacks);
  // Without prefetching every L2 access is a request from the crossbar (and vice versa once
  // the window has no request waiting in the slice's pipeline).
  ASSERT_EQ(at(s, "l2.prefetches"), 0u);
  EXPECT_EQ(at(s, "l2.accesses"), at(s, "l2.requests"));

  // The L2 is write-back and allocates on writes: it forwards nothing, it fetches or writes
  // back whole lines' sectors, one DRAM request each.
  EXPECT_EQ(at(s, "l2.forwarded"), 0u);
  EXPECT_EQ(at(s, "dram.reads"), at(s, "l2.misses"));
  if (drained) {
    EXPECT_EQ(at(s, "dram.writes"), at(s, "l2.writebacks"));
    EXPECT_EQ(at(s, "dram.row_hits") + at(s, "dram.row_misses") + at(s, "dram.row_conflicts"),
              at(s, "dram.reads") + at(s, "dram.writes"));
  }

  if (s.contains("tlb")) {
    EXPECT_EQ(at(s, "tlb.l1.accesses"), at(s, "tlb.l1.hits") + at(s, "tlb.l1.misses"));
    EXPECT_EQ(at(s, "tlb.l2.accesses"), at(s, "tlb.l2.hits") + at(s, "tlb.l2.misses"));
    EXPECT_EQ(at(s, "tlb.l1.misses") - at(s, "tlb.l1.merged"), at(s, "tlb.l2.accesses"));
    EXPECT_LE(at(s, "tlb.l2.walks"), at(s, "tlb.l2.misses"));
    // Every coalesced request is translated once, whether it then accesses an L1 or skips it.
    if (at(s, "tlb.l1.accesses") != 0) {
      EXPECT_EQ(at(s, "tlb.l1.accesses"), l1_accesses + at(s, "sm.ldst.l1_skipped"));
    }
  }
}

// Counters that change only while a kernel runs: the SMs', the L1s', the crossbar's and
// (since every L2 access answers a request of a running kernel) the L2's. DRAM writes,
// row outcomes and refreshes may also happen between kernels and after the last one.
const char* const kKernelBound[] = {
    "sm.warp_insts",
    "sm.thread_insts",
    "sm.ldst.mem_requests",
    "sm.ldst.l1_skipped",
    "sm.icache.accesses",
    "sm.icache.misses",
    "icnt.request.packets",
    "icnt.request.bytes",
    "icnt.reply.packets",
    "icnt.reply.bytes",
    "l2.requests",
    "l2.accesses",
    "l2.hits",
    "l2.misses",
    "l2.evictions",
    "l2.writebacks",
    "dram.reads",
    "tlb.l1.accesses",
    "tlb.l2.accesses",
};

void run_and_check(const std::string& preset, const std::vector<std::string>& sets,
                   bool writes_back = true) {
  Workload w;
  GpuModel model(test::timing_config(preset, sets));
  const std::uint64_t streams[3] = {1, 1, 1};
  w.launch(model, streams);
  const std::vector<KernelResult> kernels = model.synchronize();
  ASSERT_EQ(kernels.size(), 3u);
  for (std::size_t i = 1; i < kernels.size(); ++i) {
    ASSERT_GE(kernels[i].start_cycle, kernels[i - 1].end_cycle);
  }
  for (const KernelResult& k : kernels) {
    SCOPED_TRACE(k.name);
    expect_conserved(k.stats, false);
  }
  model.sim().run_until_quiescent();
  const ordered_json totals = model.run_stats();
  {
    SCOPED_TRACE("run totals");
    expect_conserved(totals, true);
  }
  for (const char* counter : kKernelBound) {
    std::uint64_t sum = 0;
    for (const KernelResult& k : kernels) sum += at(k.stats, counter);
    EXPECT_EQ(sum, at(totals, counter)) << counter;
  }
  for (const char* level : kL1s) {
    for (const char* counter : {"accesses", "hits", "misses", "forwarded", "fills",
                                "reservation_fail_no_line", "reservation_fail_no_mshr",
                                "reservation_fail_mshr_merge", "reservation_fail_miss_queue"}) {
      std::uint64_t sum = 0;
      const std::string name = std::string(level) + "." + counter;
      for (const KernelResult& k : kernels) sum += at(k.stats, name);
      EXPECT_EQ(sum, at(totals, name)) << name;
    }
  }
  if (writes_back) {
    EXPECT_GE(at(totals, "dram.writes"), 1u);
  }
  w.expect_results();
}

TEST(Conservation, Gtx480WithSmallCaches) { run_and_check("gtx480", small_caches("gtx480")); }

TEST(Conservation, V100WithSmallCaches) { run_and_check("v100", small_caches("v100")); }

// The full-size caches of these presets: the workload fits their L2, which writes nothing
// back.
TEST(Conservation, Rtx2060) { run_and_check("rtx2060", {"sm.count=4"}, false); }

TEST(Conservation, H100) { run_and_check("h100", {"sm.count=4"}, false); }

// The LD/ST unit should count each global, local and atomic warp instruction in mem_insts, each
// ld.global.nc in tex_accesses and each ld.const in const_accesses, once (instructions whose
// lanes are all off reach no counter). Hand count per warp (all warps are full):
//  - random traffic: 16 st.local, then per iteration 15 memory instructions (ld, ld.cg,
//    st + ld of W, atom, st.local + ld.local, 8 output stores) plus the predicated load when
//    a lane has it on, one ld.global.nc and one ld.const; then 4 loads and 4 stores;
//  - copy: one load and one store; reduce: 65536 / 8192 = 8 loads and one red.
// Disabled: LdstUnit::start_head (src/sm/ldst.cc) counts an instruction again in every cycle
// in which the L1 path cannot take its first request (next_block is still 0), so on a busy
// L1 the counts are many times too high. With sm.ldst.prioritizer_entries large enough that
// the L1 path always accepts, they match. Enable once the counting is fixed.
TEST(Conservation, LdstCountsEachMemoryInstructionOnce) {
  Workload w;
  GpuModel model(test::timing_config("gtx480", small_caches("gtx480")));
  const std::uint64_t streams[3] = {1, 1, 1};
  w.launch(model, streams);
  const std::vector<KernelResult> kernels = model.synchronize();
  ASSERT_EQ(kernels.size(), 3u);
  const std::uint64_t rt_warps = w.rt.total_threads() / 32;
  const std::uint64_t iters = w.rt.iters;
  const RandomTraffic::Result ref = w.rt.reference();
  for (const KernelResult& k : kernels) {
    SCOPED_TRACE(k.name);
    std::uint64_t mem = 0, tex = 0, cnst = 0;
    if (k.name == "k") {
      mem = rt_warps * (16 + iters * 15 + 8) + ref.predicated_warp_loads;
      tex = cnst = rt_warps * iters;
    } else if (k.name == "copy") {
      mem = 2 * (w.n / 32);
    } else {
      mem = 9 * (32 * 256 / 32);
    }
    EXPECT_EQ(at(k.stats, "sm.ldst.mem_insts"), mem);
    EXPECT_EQ(at(k.stats, "sm.ldst.tex_accesses"), tex);
    EXPECT_EQ(at(k.stats, "sm.ldst.const_accesses"), cnst);
  }
}

}  // namespace
}  // namespace warpsim
