// What a warp's age among its scheduler's warps decides for its memory requests: its age rank
// (seed 001's relative warp age, MemRequest::age_rank) and whether it holds a cache token
// (PCAL, sm/tokens/token_policy.h), and which warps their kernel's warp cap holds back.

#include <vector>

#include "sm/sm.h"

namespace warpsim {

namespace {

// Unfinished warps of `w`'s kernel among `warps` (one scheduler's slots are every
// `stride`-th from `first`) launched before it; with `skip_barrier`, not counting those
// waiting at a barrier (as the warp cap does not).
std::uint32_t older_in_kernel(const std::vector<SmWarp>& warps, std::size_t first,
                              std::size_t stride, const SmWarp& w, bool skip_barrier) {
  std::uint32_t older = 0;
  for (std::size_t i = first; i < warps.size(); i += stride) {
    const SmWarp& o = warps[i];
    older +=
        o.issuable() && !(skip_barrier && o.at_barrier) && o.source == w.source && o.age < w.age
            ? 1
            : 0;
  }
  return older;
}

}  // namespace

std::uint32_t Sm::age_rank(std::uint32_t slot) const {
  const std::uint64_t age = warps_[slot].age;
  std::uint32_t older = 0;
  for (const WarpView& v : schedulers_[slot % config_.schedulers].views) {
    older += v.valid && v.age < age ? 1 : 0;
  }
  return older;
}

// Tokens go to the oldest token_cap unfinished warps of the kernel, so a token passes to the
// oldest warp without one as soon as its holder finishes; warps at a barrier keep theirs.
bool Sm::holds_token(std::uint32_t slot) const {
  const SmWarp& w = warps_[slot];
  if (w.token_cap == 0) return true;
  return older_in_kernel(warps_, slot % config_.schedulers, config_.schedulers, w, false) <
         w.token_cap;
}

std::uint32_t Sm::held_warps() const {
  std::uint32_t held = 0;
  for (std::uint32_t slot = 0; slot < warps_.size(); ++slot) {
    const SmWarp& w = warps_[slot];
    if (!w.issuable() || w.at_barrier || w.warp_cap == 0) continue;
    const std::size_t first = slot % config_.schedulers;
    held += older_in_kernel(warps_, first, config_.schedulers, w, true) >= w.warp_cap ? 1 : 0;
  }
  return held;
}

}  // namespace warpsim
