// Seed 003 (Mei & Chu) signatures: the L2 TLB's piecewise-linear misses under a page-stride
// pointer chase (Figs. 8/9, Table V) and the page-table window (Fig. 14, pattern P6).

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tlb/tlb.h"
#include "tlb_test_util.h"

namespace warpsim {
namespace {

using test::page_addr;
using test::Translation;

// Default (Fermi) latencies: L2 TLB hit after an L1 TLB miss 27, a walk 27 + 84.
constexpr std::uint64_t kL2Hit = 27;
constexpr std::uint64_t kWalk = 27 + 84;

// One pass of the fine-grained P-chase over pages [0, n) with a 2 MB stride: each access starts
// when the previous translation is ready. Returns each access's latency.
std::vector<std::uint64_t> chase_pass(TlbUnit& sm, std::uint64_t n, std::uint64_t* now) {
  std::vector<std::uint64_t> latencies;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t ready = sm.translate(page_addr(i), *now);
    latencies.push_back(ready - *now);
    *now = ready;
  }
  return latencies;
}

// Hand derivation for the default L2 TLB (sets 17, 8 x 6; page p goes to the 17-entry set when
// p mod 8 is 0 or 1, else to set (p mod 8) - 1). A chase over n > 16 pages misses the 16-entry
// LRU L1 TLB on every access. In steady state an LRU set holding c <= ways pages never misses,
// and one holding c > ways pages misses all c every pass. The 17-entry set holds
// ceil(n/8) + ceil((n-1)/8) pages and set k the pages with p mod 8 = k + 1.
struct PatternPoint {
  std::uint64_t pages;
  std::uint64_t l2_misses_per_pass;
};
constexpr PatternPoint kPattern[] = {
    {17, 0},   // 34 MB: past the L1 TLB, all L2 hits
    {64, 0},   // 128 MB
    {65, 0},   // 130 MB = 65 entries: everything fits
    {66, 18},  // 132 MB: the 17-entry set holds 18 pages (9 with p%8==0, 9 with p%8==1)
    {67, 27},  // + set 1 (p%8==2) holds 9 > 8
    {68, 36}, {69, 45}, {70, 54}, {71, 63}, {72, 72},  // 144 MB: every set over-full
    {73, 73},
};

TEST(TlbSeed003Test, L2TlbMissesRisePiecewiseLinearly) {
  for (const PatternPoint& point : kPattern) {
    SCOPED_TRACE("pages " + std::to_string(point.pages));
    Translation t("tlb: {enabled: true}");
    std::uint64_t now = 0;
    chase_pass(*t.units[0], point.pages, &now);  // cold pass (the paper pre-heats too)
    chase_pass(*t.units[0], point.pages, &now);
    const std::uint64_t walks_before = t.stat("l2_tlb.walks");
    const std::uint64_t l2_before = t.stat("l2_tlb.accesses");
    const std::vector<std::uint64_t> latencies = chase_pass(*t.units[0], point.pages, &now);
    EXPECT_EQ(t.stat("l2_tlb.accesses") - l2_before, point.pages);  // every L1 TLB lookup misses
    EXPECT_EQ(t.stat("l2_tlb.walks") - walks_before, point.l2_misses_per_pass);
    std::uint64_t slow = 0;
    for (std::uint64_t latency : latencies) {
      EXPECT_TRUE(latency == kL2Hit || latency == kWalk) << latency;
      slow += latency == kWalk;
    }
    EXPECT_EQ(slow, point.l2_misses_per_pass);
  }
}

TEST(TlbSeed003Test, MissedResidentEntriesAreSeventeenThenEightPerStep) {
  // The paper counts the entries that were resident at 130 MB and now miss: 17 at 132 MB, then
  // 8 more per 2 MB up to 144 MB. That is the per-pass miss count less the pages added.
  std::uint64_t expected = 17;
  for (const PatternPoint& point : kPattern) {
    if (point.pages < 66 || point.pages > 72) continue;
    EXPECT_EQ(point.l2_misses_per_pass - (point.pages - 65), expected) << point.pages;
    Translation t("tlb: {enabled: true}");
    std::uint64_t now = 0;
    chase_pass(*t.units[0], point.pages, &now);
    const std::vector<std::uint64_t> latencies = chase_pass(*t.units[0], point.pages, &now);
    // Which pages miss: those of the over-full sets, i.e. p mod 8 in {0, 1} and then one more
    // residue per added page.
    const std::uint64_t overfull_residues = 2 + (point.pages - 66);
    for (std::uint64_t i = 0; i < point.pages; ++i) {
      const bool overfull = i % 8 < overfull_residues;
      EXPECT_EQ(latencies[i], overfull ? kWalk : kL2Hit) << "page " << i;
    }
    expected += 8;
  }
}

TEST(TlbSeed003Test, WalkOutsideThePageWindowPaysTheSwitchExactlyWhenCrossing) {
  // A window of 4 pages (8 MB) so crossings are quick to reach; switch cost 266 (GTX780).
  Translation t("tlb: {enabled: true, page_window: {bytes: 8MiB, switch_latency: 266}}", 2);
  TlbUnit& sm0 = *t.units[0];
  TlbUnit& sm1 = *t.units[1];
  const std::uint64_t walk_and_switch = kWalk + 266;
  auto latency = [](TlbUnit& sm, std::uint64_t page, std::uint64_t now) {
    return sm.translate(page_addr(page), now) - now;
  };
  EXPECT_EQ(latency(sm0, 0, 1000), kWalk);            // the first walk finds its window active
  EXPECT_EQ(latency(sm0, 3, 2000), kWalk);            // last page of window 0
  EXPECT_EQ(latency(sm0, 4, 3000), walk_and_switch);  // X: first page of window 1
  EXPECT_EQ(latency(sm0, 5, 4000), kWalk);
  EXPECT_EQ(latency(sm0, 3, 5000), 0u);               // L1 TLB hit: no walk, no page-table access
  EXPECT_EQ(latency(sm0, 8, 6000), walk_and_switch);  // window 2
  EXPECT_EQ(latency(sm1, 4, 7000), kL2Hit);           // L2 TLB hit outside the window: no walk
  EXPECT_EQ(latency(sm1, 7, 8000), walk_and_switch);  // back to window 1, from another SM
  EXPECT_EQ(latency(sm0, 6, 9000), kWalk);            // window 1 is active again
  EXPECT_EQ(t.stat("l2_tlb.walks"), 7u);
  EXPECT_EQ(t.stat("l2_tlb.window_switches"), 3u);
}

TEST(TlbSeed003Test, KeplerWindowIs512MegabytesOfPages) {
  Translation t("tlb: {enabled: true, page_window: {bytes: 512MiB}}");
  TlbUnit& sm = *t.units[0];
  // 512 MB / 2 MB = 256 pages per window; page_addr(0) is 512 MB aligned.
  EXPECT_EQ(sm.translate(page_addr(0), 0), kWalk);
  EXPECT_EQ(sm.translate(page_addr(255), 1000), 1000 + kWalk);
  EXPECT_EQ(sm.translate(page_addr(256), 2000), 2000 + kWalk + (968 - 702));
  EXPECT_EQ(t.stat("l2_tlb.window_switches"), 1u);
}

TEST(TlbSeed003Test, WithoutAWindowFarPagesNeverSwitch) {
  Translation t("tlb: {enabled: true}");
  std::uint64_t now = 0;
  for (std::uint64_t i = 0; i < 4096; i += 512) {
    EXPECT_EQ(t.units[0]->translate(page_addr(i), now) - now, kWalk);
    now += 1000;
  }
  EXPECT_EQ(t.stat("l2_tlb.window_switches"), 0u);
}

}  // namespace
}  // namespace warpsim
