#pragma once

// A second-level instruction cache shared by a group of SMs (sm.gpc_icache): the L1.5 of a GPC,
// between the SMs' L1 I-caches and the L2. An SM whose I-cache misses asks it first:
// - a line it holds reaches the SM hit_latency cycles later, without a memory request;
// - a line another SM of the group is already fetching from memory is waited for: when that
//   SM's reply arrives the line is placed here and handed to every waiting SM hit_latency
//   cycles later (one memory request per line per group);
// - otherwise the asking SM fetches the line from memory itself and becomes its owner.
// The SMs call it synchronously from their cycles (the simulation is single-threaded); a
// waiting SM is handed its line through the Deliver callback it registered, which also wakes
// it. Given the same calls in the same order, the same results.

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "cache/tag_array.h"
#include "mem/packet.h"
#include "sim/config_node.h"

namespace warpsim {

class GpcIcache {
 public:
  // `ready` is the core cycle at which the SM may place the line in its I-cache.
  using Deliver = std::function<void(Addr line, std::uint64_t ready)>;
  enum class Result : std::uint8_t { kHit, kPending, kMiss };

  GpcIcache(std::uint64_t size, std::uint32_t line, std::uint32_t ways, std::uint32_t hit_latency,
            const ConfigNode& replacement, std::uint64_t seed);

  void connect(std::uint32_t sm, Deliver deliver) { deliver_[sm] = std::move(deliver); }
  // SM `sm`'s I-cache missed `line` (a line address).
  Result request(Addr line, std::uint32_t sm);
  // A memory reply for `line` reached an SM of the group at core cycle `now`: the line is placed
  // and the SMs waiting for it are handed it.
  void fill(Addr line, std::uint64_t now);
  // Drops every line (gpu.cache_control flush); lines in flight stay in flight.
  void invalidate_all() { tags_.invalidate_all(); }
  std::uint32_t hit_latency() const { return hit_latency_; }

 private:
  TagArray tags_;
  std::uint32_t hit_latency_;
  std::map<Addr, std::vector<std::uint32_t>> pending_;  // line -> SMs waiting (owner excluded)
  std::map<std::uint32_t, Deliver> deliver_;
};

}  // namespace warpsim
