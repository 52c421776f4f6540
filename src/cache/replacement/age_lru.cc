// AgeLRU (Dong Li's thesis, §5.2, Fig. 5.2): a thrashing-resistant replacement for GPU L1s that
// keeps the lines of old warps, which GTO issues first, and sacrifices the youngest warp's.
// Each line keeps the AWID (launch age) of the warp whose access placed it; the SM's window of
// active warps (cache/warp_window.h: its oldest warp that has instructions left and is not at a
// barrier, to the youngest warp launched) comes with every access.
//  1. A line of a warp outside the window (finished, at a barrier, or older than the oldest
//     active warp) goes first; the least recently used of them.
//  2. Otherwise the LRU line among those of the youngest warp in the set: the largest relative
//     age, AWID - oldest AWID.
// With `bypass`, a read miss whose warp is younger than that victim's warp places no line
// (bypass_instead): the cache serves it as a token-less read, with BTO if the cache's `bto`
// is set (the thesis's AgeLRU bypass and bypass+BTO).
//
// The thesis prints the active test as Youngest <= WID <= Oldest (wrapped: WID <= Youngest or
// WID >= Oldest) and the relative age as (AWID - Oldest) % 255. With Youngest counting up as
// warps launch, the window must be Oldest <= WID <= Youngest, and an 8-bit counter wraps at
// 256; we use both (docs/timing.md "AgeLRU"). `awid_bits` sets the counters' width: 8 as in
// the thesis, so a line whose warp is 256 launches gone can alias into the window as the
// hardware's would; 0 compares exact launch ages.
//
// Dynamic-AgeLRU (§5.3): with `dynamic`, the GPU builder adds a controller
// (gpu/age_lru_controller.h) that runs AgeLRU on one SM and LRU on the others for a sampling
// period of `period` cycles, then gives every SM the policy whose SMs ran faster until the
// phase detector sees a new phase. Under the fallback this policy is plain LRU (no bypass);
// AWIDs are kept either way.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "cache/replacement/awid.h"
#include "cache/replacement/replacement_policy.h"
#include "cache/replacement/stamps.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class AgeLru final : public ReplacementPolicy {
 public:
  AgeLru(const ConfigNode& params, const Context& context)
      : context_(context),
        bits_(static_cast<std::uint32_t>(params.at("awid_bits").as_uint())),
        mask_(awid_mask(bits_)),
        bypass_(params.at("bypass").as_bool()),
        last_touch_((check_context(context), std::size_t{context.sets} * context.ways)),
        awid_(last_touch_.values().size(), 0) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& access) override {
    const std::size_t i = line_index(context_, set, way);
    last_touch_.use(i);
    awid_[i] = access.warp_age & mask_;
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    last_touch_.use(line_index(context_, set, way));
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override {
    last_touch_.clear(line_index(context_, set, way));
  }
  void demote(std::uint32_t set, std::uint32_t way) override {
    last_touch_.demote(line_index(context_, set, way));
  }
  bool wants_warp_window() const override { return true; }
  bool set_fallback(bool on) override {
    lru_ = on;
    return true;
  }

  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& access) override {
    if (lru_) return smallest_stamp(context_, last_touch_.values(), set, candidates);
    return victim(set, candidates, access.window);
  }

  bool may_bypass() const override { return bypass_; }
  bool bypass_instead(std::uint32_t set, WayMask candidates, const AccessInfo& access) override {
    if (!bypass_ || lru_ || access.window.empty()) return false;
    const std::size_t v = line_index(context_, set, victim(set, candidates, access.window));
    const std::uint64_t incoming = access.warp_age & mask_;
    return active(awid_[v], access.window) && active(incoming, access.window) &&
           relative(incoming, access.window) > relative(awid_[v], access.window);
  }

 private:
  bool active(std::uint64_t awid, const WarpWindow& window) const {
    return awid_active(awid, window, mask_);
  }
  std::uint64_t relative(std::uint64_t awid, const WarpWindow& window) const {
    return awid_relative(awid, window, mask_);
  }
  std::uint32_t victim(std::uint32_t set, WayMask candidates, const WarpWindow& window) const {
    WayMask inactive;
    for (std::uint32_t way : candidates) {
      if (!active(awid_[line_index(context_, set, way)], window)) inactive.set(way);
    }
    if (!inactive.empty()) return smallest_stamp(context_, last_touch_.values(), set, inactive);
    std::uint64_t youngest = 0;
    WayMask of_youngest;
    for (std::uint32_t way : candidates) {
      const std::uint64_t age = relative(awid_[line_index(context_, set, way)], window);
      if (age > youngest || of_youngest.empty()) {
        youngest = age;
        of_youngest = WayMask();
      }
      if (age == youngest) of_youngest.set(way);
    }
    return smallest_stamp(context_, last_touch_.values(), set, of_youngest);
  }

  Context context_;
  std::uint32_t bits_;
  std::uint64_t mask_;
  bool bypass_;
  bool lru_ = false;  // set_fallback: plain LRU
  Stamps last_touch_;
  std::vector<std::uint64_t> awid_;  // placing warp's AWID (launch age, masked to bits_)
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    ReplacementPolicy, AgeLru, "age_lru",
    "AgeLRU (Dong Li, §5.2): lines of inactive warps first, then the LRU line of the youngest "
    "warp in the set; with bypass, a younger warp's miss places no line instead of evicting",
    {{.name = "awid_bits",
      .type = ParamType::kUint,
      .description = "width of the warp-age (AWID) counters, wrapping around; 0: exact ages",
      .default_value = "8",
      .min = 0,
      .max = 32},
     {.name = "bypass",
      .type = ParamType::kBool,
      .description = "a read miss of a warp younger than the victim's warp bypasses the cache",
      .default_value = "false"},
     {.name = "dynamic",
      .type = ParamType::kBool,
      .description = "Dynamic-AgeLRU (L1D only): SMs vote between AgeLRU and LRU each phase",
      .default_value = "false"},
     {.name = "period",
      .type = ParamType::kUint,
      .description = "Dynamic-AgeLRU: sampling period in core cycles",
      .default_value = "5000",
      .min = 1},
     {.name = "phase_change",
      .type = ParamType::kFloat,
      .description = "Dynamic-AgeLRU: a new phase is IPC, L1D or L2 miss ratio moving by more "
                     "than this fraction",
      .default_value = "0.20",
      .min = 0},
     {.name = "phase_periods",
      .type = ParamType::kUint,
      .description = "Dynamic-AgeLRU: samples in a row a move must hold to be a new phase",
      .default_value = "2",
      .min = 1},
     {.name = "candidate_sm",
      .type = ParamType::kUint,
      .description = "Dynamic-AgeLRU: the SM that runs AgeLRU during a vote",
      .default_value = "0"},
     {.name = "skip_idle",
      .type = ParamType::kBool,
      .description = "Dynamic-AgeLRU: hold the vote over while the candidate SM is idle "
                     "(false: it votes LRU, as in the thesis)",
      .default_value = "false"}});

}  // namespace warpsim
