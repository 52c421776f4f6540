#pragma once

// Where a newly filled line enters the replacement order, and whether a fill happens at all is
// the bypass policy's business (bypass/). An insertion policy runs after the replacement
// policy's on_fill and may demote the line (LIP/BIP-style insertion at the LRU position,
// AgeLRU-style priorities of seed 001). One file per policy under src/cache/insertion/.

#include <cstdint>

#include "cache/access_info.h"
#include "sim/config_node.h"

namespace warpsim {

class ReplacementPolicy;

class InsertionPolicy {
 public:
  static constexpr const char* kKind = "insertion";

  struct Context {
    std::uint32_t sets = 0;
    std::uint32_t ways = 0;
    std::uint64_t seed = 0;
  };

  virtual ~InsertionPolicy() = default;
  // Called after `replacement.on_fill(set, way, access)`. Return true to ask the cache to treat
  // the new line as the next victim of its set (insert at the LRU end); false keeps the
  // replacement policy's own placement (MRU for LRU).
  virtual bool insert_as_victim(std::uint32_t set, std::uint32_t way, const AccessInfo& access) = 0;
};

}  // namespace warpsim
