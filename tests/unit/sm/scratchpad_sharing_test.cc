// Seed 002's scratchpad sharing in the SM: the pair lock (FCFS, the partner's access held and
// retried), relssp's release semantics, ownership and OWF's order on the paper's Fig. 5.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/registry.h"
#include "sm/scratchpad_sharing.h"
#include "sm/warp_scheduler.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

using test::Issue;

// ---- ScratchpadSharing on its own ----

struct SharingFixture {
  StatGroup stats{"sm", nullptr};
  ScratchpadSharing sharing{stats, 4};
  KernelRun kernel;
  func::CtaState cta[4];

  SharingFixture() {
    kernel.sharing_boundary = 100;
    for (func::CtaState& c : cta) {
      c.warps.resize(2);
      for (func::WarpState& w : c.warps) w.live = 0xffffffffU;
      c.live_threads = 64;
    }
  }
  std::uint64_t stat(const char* name) const { return stats.snapshot().counter(name); }
};

func::WarpInst shared_store(std::uint64_t offset, func::LaneMask exec = 1) {
  func::WarpInst inst;
  inst.space = ptx::StateSpace::kShared;
  inst.is_store = true;
  inst.size = 4;
  inst.exec = exec;
  inst.addr[0] = offset;
  return inst;
}

TEST(ScratchpadSharing, OnlyTheSharedRegionNeedsTheLock) {
  SharingFixture f;
  f.sharing.start(0, f.kernel, 0, Cycle(0));
  f.sharing.start(1, f.kernel, kNoPair, Cycle(0));
  EXPECT_TRUE(f.sharing.shared(0));
  EXPECT_FALSE(f.sharing.shared(1));
  EXPECT_FALSE(f.sharing.needs_lock(0, shared_store(92)));   // [92, 96): private
  EXPECT_TRUE(f.sharing.needs_lock(0, shared_store(97)));    // reaches past 100
  EXPECT_FALSE(f.sharing.needs_lock(1, shared_store(500)));  // unshared CTA
  func::WarpInst global = shared_store(500);
  global.space = ptx::StateSpace::kGlobal;
  EXPECT_FALSE(f.sharing.needs_lock(0, global));
  // A lane that does not execute does not count.
  func::WarpInst masked = shared_store(500, 0);
  EXPECT_FALSE(f.sharing.needs_lock(0, masked));
}

TEST(ScratchpadSharing, TheLockIsFirstComeFirstServedAndFollowsTheOwner) {
  SharingFixture f;
  f.sharing.start(0, f.kernel, 3, Cycle(0));
  f.sharing.start(1, f.kernel, 3, Cycle(1));
  EXPECT_EQ(f.sharing.role(0), ShareRole::kOwner);  // first to arrive
  EXPECT_EQ(f.sharing.role(1), ShareRole::kNonOwner);
  // The later CTA touches the region first: it takes the lock and owns the pair.
  EXPECT_TRUE(f.sharing.try_lock(1, Cycle(5)));
  EXPECT_EQ(f.sharing.role(1), ShareRole::kOwner);
  EXPECT_EQ(f.sharing.role(0), ShareRole::kNonOwner);
  EXPECT_FALSE(f.sharing.try_lock(0, Cycle(6)));
  EXPECT_TRUE(f.sharing.try_lock(1, Cycle(7)));  // the holder keeps it
  // The holder ends: the lock is free, the partner owns the pair, a CTA in the ended one's place
  // is the non-owner.
  f.sharing.end(1, Cycle(20));
  EXPECT_EQ(f.stat("end_releases"), 1u);
  EXPECT_EQ(f.sharing.role(0), ShareRole::kOwner);
  f.sharing.start(1, f.kernel, 3, Cycle(21));
  EXPECT_EQ(f.sharing.role(1), ShareRole::kNonOwner);
  EXPECT_TRUE(f.sharing.try_lock(0, Cycle(22)));
  EXPECT_EQ(f.stat("lock_acquires"), 2u);
}

TEST(ScratchpadSharing, RelsspReleasesOnlyWhenEveryLiveThreadRanIt) {
  SharingFixture f;
  f.sharing.start(0, f.kernel, 0, Cycle(0));
  f.sharing.start(1, f.kernel, 0, Cycle(0));
  ASSERT_TRUE(f.sharing.try_lock(0, Cycle(1)));
  // Divergence: half of warp 0, then all of warp 1, then the other half of warp 0.
  f.sharing.relssp(0, 0, 0x0000ffffU, f.cta[0], Cycle(2));
  f.sharing.relssp(0, 1, 0xffffffffU, f.cta[0], Cycle(3));
  EXPECT_FALSE(f.sharing.try_lock(1, Cycle(4)));
  f.sharing.relssp(0, 0, 0xffff0000U, f.cta[0], Cycle(5));
  EXPECT_EQ(f.stat("relssp_releases"), 1u);
  EXPECT_TRUE(f.sharing.try_lock(1, Cycle(6)));
  // The releasing CTA keeps owning the pair until the partner takes the lock (it just did).
  EXPECT_EQ(f.sharing.role(1), ShareRole::kOwner);
}

TEST(ScratchpadSharing, ExitedThreadsNeedNoReleaseBit) {
  SharingFixture f;
  f.sharing.start(0, f.kernel, 0, Cycle(0));
  f.sharing.start(1, f.kernel, 0, Cycle(0));
  ASSERT_TRUE(f.sharing.try_lock(0, Cycle(1)));
  f.sharing.relssp(0, 1, 0xffffffffU, f.cta[0], Cycle(2));
  EXPECT_FALSE(f.sharing.try_lock(1, Cycle(3)));
  // Warp 0's lanes exit without running relssp: nothing live lacks its bit any more.
  f.cta[0].warps[0].live = 0;
  f.cta[0].live_threads = 32;
  f.sharing.on_exit(0, f.cta[0], Cycle(4));
  EXPECT_TRUE(f.sharing.try_lock(1, Cycle(5)));
}

TEST(ScratchpadSharing, RelsspOfACtaThatNeverHeldTheLockReleasesNothing) {
  SharingFixture f;
  f.sharing.start(0, f.kernel, 0, Cycle(0));
  f.sharing.start(1, f.kernel, 0, Cycle(0));
  ASSERT_TRUE(f.sharing.try_lock(1, Cycle(1)));
  f.sharing.relssp(0, 0, 0xffffffffU, f.cta[0], Cycle(2));
  f.sharing.relssp(0, 1, 0xffffffffU, f.cta[0], Cycle(2));
  EXPECT_EQ(f.stat("relssp_releases"), 0u);
  EXPECT_FALSE(f.sharing.try_lock(0, Cycle(3)));  // the partner still holds it
  EXPECT_EQ(f.stat("relssp"), 2u);
}

// ---- OWF on the paper's Fig. 5 ----
//
// Warps U (unshared), O (owner) and N (non-owner) each run I1 (1 cycle), I2 (a 5-cycle load of a
// shared location) and I3 (needs I2's result). One instruction issues per cycle. N's I2 waits
// for O's lock, which O holds until its last instruction completes. Under OWF, O issues at
// cycles 1-2, U at 3-4, N's I1 at 5; O's I3 issues at 7 and completes at 8, when N's I2 issues;
// U finishes at 9 and N at 13.
TEST(Owf, OrdersThePapersFig5Example) {
  ConfigNode slot = ConfigNode::scalar("owf");
  auto policy = PolicyRegistry::global().create<WarpScheduler>(slot, WarpScheduler::Context{0, 3});
  enum { kU, kO, kN };
  std::vector<WarpView> views(3);
  const ShareRole roles[3] = {ShareRole::kUnshared, ShareRole::kOwner, ShareRole::kNonOwner};
  for (std::uint32_t w = 0; w < 3; ++w) {
    views[w].valid = true;
    views[w].age = w;  // U is the oldest: only the roles put O first
    views[w].share = roles[w];
  }
  std::uint32_t next[3] = {0, 0, 0};               // next instruction (3: done)
  std::uint64_t ready_at[3] = {0, 0, 0};           // when I3's operand arrives
  std::uint64_t finish[3] = {0, 0, 0};             // cycle of the last issue
  std::uint64_t lock_free_at = ~std::uint64_t{0};  // O's end
  std::vector<std::uint32_t> order;
  for (std::uint64_t cycle = 1; cycle <= 20; ++cycle) {
    for (std::uint32_t w = 0; w < 3; ++w) {
      const bool blocked_by_lock = w == kN && next[w] == 1 && cycle < lock_free_at;
      views[w].ready = next[w] < 3 && !blocked_by_lock && !(next[w] == 2 && cycle < ready_at[w]);
      views[w].finished = next[w] == 3;
      views[w].valid = next[w] < 3;
    }
    policy->order(views, Cycle(cycle), order);
    for (std::uint32_t w : order) {
      if (!views[w].ready) continue;
      if (next[w] == 1) ready_at[w] = cycle + 5;
      if (next[w] == 2) {
        finish[w] = cycle;
        if (w == kO) lock_free_at = cycle + 1;
      }
      ++next[w];
      policy->on_issue(w, IssueInfo{Cycle(cycle), next[w] == 2, next[w] == 2});
      break;
    }
  }
  EXPECT_EQ(finish[kO], 7u);
  EXPECT_EQ(finish[kU], 9u);
  EXPECT_EQ(finish[kN], 13u);
}

// ---- the SM: a pair on one SM ----
//
// 12 KB of shared memory per CTA on a 16 KB SM: one CTA fits, two with sharing (t = 0.1). Each
// CTA's one warp stores to and loads from the shared region, optionally runs relssp, then does
// eight more instructions. The second CTA's store waits for the first CTA's lock: until its
// relssp, or its end.
std::string pair_kernel(bool relssp) {
  return std::string(R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k()
{
  .reg .b32 %r<16>;
  .shared .align 4 .b8 buf[12288];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, buf;
  add.s32 %r4, %r3, %r2;
  st.shared.u32 [%r4+8192], %r1;
  ld.shared.u32 %r5, [%r4+8192];
)") + (relssp ? "  relssp;\n" : "") +
         R"(  mov.u32 %r6, 1;
  mov.u32 %r7, 2;
  mov.u32 %r8, 3;
  mov.u32 %r9, 4;
  mov.u32 %r10, 5;
  mov.u32 %r11, 6;
  mov.u32 %r12, 7;
  mov.u32 %r13, %r5;
  exit;
}
)";
}

struct PairRun {
  std::vector<std::uint64_t> first, second;  // issue cycles of each CTA's warp
  std::uint64_t cycles = 0;
};

PairRun run_pair(bool relssp, bool sharing) {
  func::DeviceOptions options;
  options.allow_relssp = true;
  func::Device device(options);
  const auto out = test::run_kernel(
      device,
      test::timing_config("fermi-scratchpad",
                          test::one_sm({std::string("sm.scratchpad_sharing.enabled=") +
                                            (sharing ? "true" : "false"),
                                        "sm.warp_scheduler=owf"})),
      pair_kernel(relssp), {2, 1, 1}, {32, 1, 1});
  PairRun r;
  r.first = test::cycles_of(out.issues, 0);
  r.second = test::cycles_of(out.issues, 1);
  r.cycles = out.results.at(0).end_cycle - out.results.at(0).start_cycle;
  return r;
}

TEST(SmSharing, TwoCtasShareAndThePartnerWaitsForTheRelease) {
  const PairRun alone = run_pair(false, false);
  ASSERT_TRUE(alone.second.empty());  // one warp slot reused: the second CTA ran after the first
  const PairRun with = run_pair(true, true);
  ASSERT_EQ(with.first.size(), 16u);
  ASSERT_EQ(with.second.size(), 16u);
  // Both CTAs are resident at once: the second starts before the first ends.
  EXPECT_LT(with.second.front(), with.first.back());
  // The second CTA's store (its 5th instruction) issues, then its load (6th) waits until the
  // first CTA's relssp (its 7th) released the lock.
  EXPECT_GT(with.second[5], with.first[6]);
  // Without relssp the lock is held until the first CTA ends.
  const PairRun held = run_pair(false, true);
  ASSERT_EQ(held.second.size(), 15u);
  EXPECT_GT(held.second[5], held.first.back());
  EXPECT_LE(with.cycles, held.cycles);
  EXPECT_LT(with.cycles, alone.cycles);
}

}  // namespace
}  // namespace warpsim

namespace warpsim {
namespace {

// DCT1's footprint (2112 bytes, 64 threads) on one 16 KB SM: 7 CTAs at once without sharing,
// 14 with it (two warps each: warp slots up to 13 or 27 in use at once).
TEST(SmSharing, DoublesTheResidentCtasOfADct1LikeKernel) {
  const std::string ptx = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k()
{
  .reg .b32 %r<8>;
  .shared .align 4 .b8 tile[2112];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, tile;
  add.s32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  bar.sync 0;
  ld.shared.u32 %r5, [%r4+4];
  exit;
}
)";
  for (bool sharing : {false, true}) {
    func::Device device;
    const auto out = test::run_kernel(
        device,
        test::timing_config("fermi-scratchpad",
                            test::one_sm({std::string("sm.scratchpad_sharing.enabled=") +
                                          (sharing ? "true" : "false")})),
        ptx, {28, 1, 1}, {64, 1, 1});
    std::uint32_t highest = 0;
    for (const test::Issue& i : out.issues) highest = std::max(highest, i.warp);
    EXPECT_EQ(highest, sharing ? 27u : 13u);
    EXPECT_EQ(out.issues.size(), 28u * 2 * 8);
  }
}

}  // namespace
}  // namespace warpsim
