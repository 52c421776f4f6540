#pragma once

// The slot between the coalescer and the L1 data cache: coalesced requests wait here and the
// policy chooses which one accesses the L1 next. The default keeps issue order; MRPB (seed
// 004, issue F9) reorders per warp and may bypass. One file per policy under
// src/cache/prioritization/.

#include <cstdint>

#include "mem/packet.h"
#include "sim/config_node.h"

namespace warpsim {

class RequestPrioritizer {
 public:
  static constexpr const char* kKind = "request_prioritizer";

  struct Context {
    std::uint32_t capacity = 0;  // requests the buffer may hold (ldst.prioritizer_entries)
    std::uint32_t warps = 0;     // warp slots of the SM
  };

  virtual ~RequestPrioritizer() = default;
  // Room for one more request.
  virtual bool can_accept() const = 0;
  virtual void push(const MemRequest& request, std::uint64_t now) = 0;
  // The request that should access the L1 next, or nullptr when empty. It stays queued until
  // pop(): the L1 may refuse it (reservation failure) and the policy sees that with
  // on_refused().
  virtual const MemRequest* front(std::uint64_t now) = 0;
  virtual void pop(std::uint64_t now) = 0;
  virtual void on_refused(std::uint64_t /*now*/) {}
  // Whether the chosen request should skip the L1 (MRPB's bypass-on-stall).
  virtual bool bypass_front(std::uint64_t /*now*/) { return false; }
  virtual bool empty() const = 0;
};

}  // namespace warpsim
