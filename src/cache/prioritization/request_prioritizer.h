#pragma once

// The slot between the coalescer and the L1 data cache: coalesced requests wait here and the
// policy chooses which one accesses the L1 next. The default keeps issue order; MRPB (seed
// 004) queues them per signature and drains the queues by priority. One file per policy under
// src/cache/prioritization/.
//
// Per cycle the owner (L1Path) first offers the translated requests in order, stopping at the
// first the policy refuses (the memory stage stalls behind it and offers it again next cycle),
// then asks front() for the request that accesses the L1, and pop()s it once the L1 took it.

#include <cstdint>

#include "mem/packet.h"
#include "sim/config_node.h"

namespace warpsim {

class RequestPrioritizer {
 public:
  static constexpr const char* kKind = "request_prioritizer";

  struct Context {
    std::uint32_t capacity = 0;   // requests the buffer may hold (ldst.prioritizer_entries)
    std::uint32_t warps = 0;      // warp slots of the SM
    std::uint32_t ctas = 0;       // CTA slots of the SM
    std::uint32_t cta_warps = 0;  // the most warps one CTA may have
  };

  virtual ~RequestPrioritizer() = default;
  // Whether the memory stage may hand over more requests: false while an offer is refused.
  virtual bool can_accept() const = 0;
  // Takes `request` (true) or refuses it for now (false); a policy may act on a refusal (MRPB
  // drains the queue the request waits for).
  virtual bool offer(const MemRequest& request, std::uint64_t now) = 0;
  // The request that should access the L1 next, or nullptr when empty. It stays queued until
  // pop(): the L1 may refuse it (reservation failure) and the policy sees that with
  // on_refused().
  virtual const MemRequest* front(std::uint64_t now) = 0;
  virtual void pop(std::uint64_t now) = 0;
  virtual void on_refused(std::uint64_t /*now*/) {}
  // Nothing queued (an offer refused this cycle is not queued).
  virtual bool empty() const = 0;
};

}  // namespace warpsim
