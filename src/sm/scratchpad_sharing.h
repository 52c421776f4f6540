#pragma once

// The SM's side of seed 002's scratchpad sharing (Jatala et al., digest §2.2-2.6): which
// resident CTAs form pairs, each pair's lock on its shared region, who owns it, and each shared
// CTA's per-thread release bits for `relssp`.
//
// - Lock: a shared CTA's access at or above the kernel's sharing boundary (floor(t * its
//   bytes)) needs the pair's lock; the first CTA of the pair to need it takes it (FCFS) and
//   holds it until every thread of it that has not exited has executed relssp, or until it
//   ends. The partner waits (the SM holds its access back and retries every cycle).
// - Ownership: the CTA that takes the lock owns the pair; before any access the pair's first
//   CTA does. When the owner ends, its partner owns the pair; the CTA launched in its place is
//   the non-owner. OWF (warp_sched/owf.cc) orders warps by these roles.
// - relssp sets the release bit of each executing lane; a CTA that holds the lock releases it
//   when no live thread lacks its bit (checked at relssp and when its warps exit). relssp by a
//   CTA that does not hold the lock releases nothing, but its bits stay set.

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "func/cta_state.h"
#include "func/warp_inst.h"
#include "sim/stats.h"
#include "sim/time.h"
#include "sm/kernel_run.h"
#include "sm/warp_scheduler.h"

namespace warpsim {

class ScratchpadSharing {
 public:
  ScratchpadSharing(StatGroup& stats, std::uint32_t cta_slots);

  // CTA slot `cta` starts CTA of kernel `k` in pair `pair` (kNoPair: unshared).
  void start(std::uint32_t cta, const KernelRun& k, std::uint32_t pair, Cycle now);
  // It ended: the lock (if it holds it) is free and the partner owns the pair.
  void end(std::uint32_t cta, Cycle now);

  bool shared(std::uint32_t cta) const { return ctas_[cta].pair != kNoPair; }
  // Whether `inst`, executed by shared CTA `cta`, touches the pair's shared region.
  bool needs_lock(std::uint32_t cta, const func::WarpInst& inst) const;
  // Takes the lock if it is free; true if `cta` holds it now.
  bool try_lock(std::uint32_t cta, Cycle now);
  // relssp on `lanes` of the CTA's warp `warp`; releases the lock if the CTA now may.
  void relssp(std::uint32_t cta, std::uint32_t warp, func::LaneMask lanes,
              const func::CtaState& state, Cycle now);
  // A warp of the CTA lost lanes (exits): the release condition may hold now.
  void on_exit(std::uint32_t cta, const func::CtaState& state, Cycle now);

  ShareRole role(std::uint32_t cta) const;
  // Warp-cycles instructions waited for the lock, for the stats (the SM counts them).
  void note_wait(std::uint64_t cycles) { wait_cycles_.inc(cycles); }

 private:
  static constexpr std::uint32_t kNone = 0xffffffffU;
  using PairKey = std::pair<const KernelRun*, std::uint32_t>;

  struct PairState {
    std::uint32_t members[2] = {kNone, kNone};
    std::uint32_t holder = kNone;  // CTA slot holding the lock
    std::uint32_t owner = kNone;
  };
  struct CtaShare {
    const KernelRun* kernel = nullptr;
    std::uint32_t pair = kNoPair;
    std::uint64_t boundary = 0;
    std::vector<func::LaneMask> released;  // per warp of the CTA
    // Seed 002's Fig. 19 phases: when it started, took the lock and gave it back (0: not yet).
    std::uint64_t started = 0, locked = 0, unlocked = 0;
    bool ever_locked = false;
  };

  PairState& pair_of(std::uint32_t cta) { return pairs_.at({ctas_[cta].kernel, ctas_[cta].pair}); }
  const PairState& pair_of(std::uint32_t cta) const {
    return pairs_.at({ctas_[cta].kernel, ctas_[cta].pair});
  }
  void unlock(std::uint32_t cta, Cycle now, Counter& reason);
  void maybe_release(std::uint32_t cta, const func::CtaState& state, Cycle now);

  std::vector<CtaShare> ctas_;
  std::map<PairKey, PairState> pairs_;  // pairs with a resident member
  Counter& shared_ctas_;
  Counter& acquires_;
  Counter& relssp_releases_;
  Counter& end_releases_;
  Counter& relssp_insts_;
  Counter& wait_cycles_;
  Counter& before_lock_;
  Counter& holding_lock_;
  Counter& after_release_;
};

}  // namespace warpsim
