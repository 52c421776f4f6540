#pragma once

// Static throttling (seed 001's warp-opt and CTA-opt, docs/timing.md "Throttling"): caps below
// the hardware's limits on the warps each scheduler may issue from and on the CTAs of a kernel
// resident on one SM, for every scheduler policy. `sm.throttle.warps` and `sm.throttle.ctas`
// apply to every kernel; `sm.throttle.kernels` names a YAML file that gives kernels their own:
//
//   matvec: {warps: 4}
//   reduce: {warps: 2, ctas: 1, ebt: -1}
//
// `ebt` is the kernel's EBTNum for the PCAL token policy (sm.cache_tokens: pcal; ignored by
// the others, sm/tokens/token_policy.h).
// A kernel it does not name, and a cap it does not give, keep the section's values. A relative
// path is relative to the config file that gives it (to the working directory for --set).

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "sim/config_node.h"

namespace warpsim {

inline constexpr std::uint32_t kMaxThrottleCap = 1024;
inline constexpr std::int32_t kMaxEbt = 1024;  // |EBTNum|

// 0: no cap.
struct ThrottleCaps {
  std::uint32_t warps = 0;          // per scheduler: the oldest this many of its active warps issue
  std::uint32_t ctas = 0;           // per SM and kernel
  std::optional<std::int32_t> ebt;  // the kernel's own EBTNum (PCAL), if the file gives one
};

class ThrottleTable {
 public:
  ThrottleTable() = default;
  // `sm` is the resolved config's `sm` section. Reads the kernels file, if any; a mistake in it
  // is a ConfigError naming its file and line.
  explicit ThrottleTable(const ConfigNode& sm);

  ThrottleCaps caps(const std::string& kernel) const;

 private:
  ThrottleCaps defaults_;
  std::map<std::string, ThrottleCaps, std::less<>> kernels_;
};

}  // namespace warpsim
