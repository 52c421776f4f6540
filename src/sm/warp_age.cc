// What a warp's age among its scheduler's warps decides for its memory requests: its age rank
// (seed 001's relative warp age, MemRequest::age_rank) and whether it holds a cache token
// (PCAL, sm/tokens/token_policy.h).

#include "sm/sm.h"

namespace warpsim {

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
  std::uint32_t older = 0;
  for (std::size_t i = slot % config_.schedulers; i < warps_.size(); i += config_.schedulers) {
    const SmWarp& o = warps_[i];
    older += o.valid && !o.finished && o.source == w.source && o.age < w.age ? 1 : 0;
  }
  return older < w.token_cap;
}

}  // namespace warpsim
