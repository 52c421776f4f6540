#include "sm/scratchpad_sharing.h"

#include <algorithm>

namespace warpsim {

ScratchpadSharing::ScratchpadSharing(StatGroup& stats, std::uint32_t cta_slots)
    : ctas_(cta_slots),
      shared_ctas_(stats.counter("shared_ctas", "CTAs", "CTAs started in a sharing pair")),
      acquires_(stats.counter("lock_acquires", "acquisitions",
                              "times a CTA took its pair's lock on the shared region")),
      relssp_releases_(stats.counter("relssp_releases", "releases",
                                     "locks released by relssp before the CTA ended")),
      end_releases_(stats.counter("end_releases", "releases", "locks released by the CTA's end")),
      relssp_insts_(stats.counter("relssp", "warp insts", "relssp instructions of shared CTAs")),
      wait_cycles_(stats.counter("lock_wait_cycles", "warp cycles",
                                 "cycles warps waited for their partner's lock")),
      before_lock_(stats.counter("cycles_before_lock", "CTA cycles",
                                 "shared CTAs' cycles before they took the lock (Fig. 19)")),
      holding_lock_(stats.counter("cycles_holding_lock", "CTA cycles",
                                  "shared CTAs' cycles holding the lock")),
      after_release_(stats.counter("cycles_after_release", "CTA cycles",
                                   "shared CTAs' cycles after releasing the lock by relssp")) {}

void ScratchpadSharing::start(std::uint32_t cta, const KernelRun& k, std::uint32_t pair,
                              Cycle now) {
  CtaShare& c = ctas_.at(cta);
  c = CtaShare{};
  if (pair == kNoPair) return;
  c.kernel = &k;
  c.pair = pair;
  c.boundary = k.sharing_boundary;
  c.started = now.value();
  PairState& p = pairs_[{&k, pair}];
  std::uint32_t& member = p.members[0] == kNone ? p.members[0] : p.members[1];
  member = cta;
  if (p.owner == kNone) p.owner = cta;  // the first to arrive owns the pair until it locks
  shared_ctas_.inc();
}

bool ScratchpadSharing::needs_lock(std::uint32_t cta, const func::WarpInst& inst) const {
  const CtaShare& c = ctas_[cta];
  if (c.pair == kNoPair || !(inst.is_load || inst.is_store || inst.is_atomic)) return false;
  if (inst.space != ptx::StateSpace::kShared && inst.space != ptx::StateSpace::kSharedCta) {
    return false;
  }
  for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
    if (((inst.exec >> lane) & 1U) != 0 && inst.addr[lane] + inst.size > c.boundary) return true;
  }
  return false;
}

bool ScratchpadSharing::try_lock(std::uint32_t cta, Cycle now) {
  CtaShare& c = ctas_[cta];
  PairState& p = pair_of(cta);
  if (p.holder == cta) return true;
  if (p.holder != kNone) return false;
  p.holder = cta;
  p.owner = cta;
  acquires_.inc();
  if (!c.ever_locked) c.locked = now.value();
  c.ever_locked = true;
  return true;
}

void ScratchpadSharing::unlock(std::uint32_t cta, Cycle now, Counter& reason) {
  PairState& p = pair_of(cta);
  if (p.holder != cta) return;
  p.holder = kNone;
  ctas_[cta].unlocked = now.value();
  reason.inc();
}

void ScratchpadSharing::maybe_release(std::uint32_t cta, const func::CtaState& state, Cycle now) {
  const CtaShare& c = ctas_[cta];
  if (pair_of(cta).holder != cta) return;
  for (std::size_t w = 0; w < state.warps.size(); ++w) {
    if ((state.warps[w].live & ~c.released[w]) != 0) return;
  }
  unlock(cta, now, relssp_releases_);
}

void ScratchpadSharing::relssp(std::uint32_t cta, std::uint32_t warp, func::LaneMask lanes,
                               const func::CtaState& state, Cycle now) {
  CtaShare& c = ctas_[cta];
  if (c.pair == kNoPair) return;
  relssp_insts_.inc();
  c.released.resize(state.warps.size(), 0);
  c.released[warp] |= lanes;
  maybe_release(cta, state, now);
}

void ScratchpadSharing::on_exit(std::uint32_t cta, const func::CtaState& state, Cycle now) {
  CtaShare& c = ctas_[cta];
  // Only a CTA some of whose threads ran relssp can release before it ends.
  if (c.pair == kNoPair || c.released.empty()) return;
  if (state.live_threads == 0) return;  // it ends: end() releases
  maybe_release(cta, state, now);
}

void ScratchpadSharing::end(std::uint32_t cta, Cycle now) {
  CtaShare& c = ctas_[cta];
  if (c.pair == kNoPair) return;
  const std::uint64_t t = now.value();
  PairState& p = pair_of(cta);
  if (p.holder == cta) unlock(cta, now, end_releases_);
  if (!c.ever_locked) {
    before_lock_.inc(t - c.started);
  } else {
    before_lock_.inc(c.locked - c.started);
    holding_lock_.inc(c.unlocked - c.locked);
    after_release_.inc(t - c.unlocked);
  }
  const std::uint32_t other = p.members[0] == cta ? p.members[1] : p.members[0];
  p.members[0] = other;
  p.members[1] = kNone;
  p.owner = other;  // the partner owns the pair; a CTA launched in this one's place will not
  if (other == kNone) pairs_.erase({c.kernel, c.pair});
  c = CtaShare{};
}

ShareRole ScratchpadSharing::role(std::uint32_t cta) const {
  if (ctas_[cta].pair == kNoPair) return ShareRole::kUnshared;
  return pair_of(cta).owner == cta ? ShareRole::kOwner : ShareRole::kNonOwner;
}

}  // namespace warpsim
