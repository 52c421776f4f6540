// sm.check_memo: every cycle, each warp's issue verdict is derived again from the SM's and the
// functional model's state, without the memo, and compared with what the memo and the
// scheduler's skip (sm.h) would have the SM use. The first difference throws MemoMismatch,
// naming the SM, the cycle, the warp and both verdicts. Nothing here changes any state: the
// derivation runs on a copy of the warp.

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sm/sm.h"

namespace warpsim {

void Sm::check_memo(std::uint32_t s, Cycle now) const {
  const SchedulerState& st = schedulers_[s];
  auto fail = [&](const std::string& what) {
    throw MemoMismatch(
        fmt::format("{}: cycle {}: scheduler {}: sm.check_memo: {}", path(), now.value(), s, what));
  };
  std::vector<Stall> statuses;
  for (std::uint32_t i = 0; i < st.memo.size(); ++i) {
    const std::uint32_t slot = s + i * config_.schedulers;
    const SmWarp& w = warps_[slot];
    const WarpMemo& m = st.memo[i];
    if (m.live != w.issuable() || st.views[i].valid != w.issuable()) {
      fail(fmt::format("warp slot {} is {} but its memo says live={} and its view valid={}", slot,
                       w.issuable() ? "live" : "not live", m.live, st.views[i].valid));
    }
    if (!w.issuable()) continue;
    SmWarp copy = w;
    copy_functional(copy);
    if (copy.at_barrier != w.at_barrier || copy.code != w.code || copy.pc != w.pc ||
        copy.reg_base != w.reg_base) {
      fail(
          fmt::format("warp slot {}: its functional state changed without invalidate() (pc {} "
                      "copied, {} now; at barrier {} copied, {} now)",
                      slot, w.pc, copy.pc, w.at_barrier, copy.at_barrier));
    }
    WarpMemo fresh;
    fresh.recheck_at = kNever;
    bool settled = false;
    fresh.local = derive_local(copy, fresh, now, settled);
    const bool memo_holds = !m.stale && now.value() < m.recheck_at;
    const bool same_resources =
        fresh.local != Stall::kIssued ||
        (m.unit == fresh.unit && m.to_ldst == fresh.to_ldst && m.global_load == fresh.global_load);
    if (memo_holds && (m.local != fresh.local || !same_resources)) {
      fail(fmt::format("warp slot {}: memoized {} (until cycle {}), derived {}", slot,
                       stall_name(m.local), m.recheck_at, stall_name(fresh.local)));
    }
    statuses.push_back(verdict(fresh, now));
  }

  // A scheduler skips a cycle (issue_scheduler returns at once) only if running it would issue
  // nothing and give the reason of its last run.
  if (!skips(st, now)) return;
  int best = -1;
  for (Stall status : statuses) best = std::max(best, stall_rank(status));
  if (best == stall_rank(Stall::kIssued)) {
    fail(fmt::format("skipped until cycle {} with a warp ready to issue", st.quiet_until));
  }
  const Stall held = reasons_[s];
  const bool consistent =
      statuses.empty() ? held == Stall::kIdle
                       : stall_rank(held) == best &&
                             std::find(statuses.begin(), statuses.end(), held) != statuses.end();
  if (!consistent) {
    fail(fmt::format("skipped until cycle {} holding reason {}, which its warps no longer give",
                     st.quiet_until, stall_name(held)));
  }
}

}  // namespace warpsim
