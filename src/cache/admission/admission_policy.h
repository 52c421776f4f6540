#pragma once

// Which read misses get a line in this cache (seed 000 ch. 4, the Decoupled L1D's locality
// filter; docs/memory.md "Admission"). The cache asks only about a read whose line is neither
// present nor being fetched: admitted, it is an ordinary miss (it reserves a line and an MSHR);
// refused, it is forwarded to the next level as a bypass (no line, no MSHR; the reply goes
// straight back to the requester). The policy hears of every accepted read and of every line
// the cache places or removes, so it can keep its own view of the set. One file per policy
// under src/cache/admission/ (`all`, `decoupled`, `profiled`).

#include <cstdint>
#include <optional>

#include "cache/access_info.h"
#include "cache/replacement/replacement_group.h"
#include "sim/config_node.h"
#include "sim/stats.h"
#include "sim/time.h"

namespace warpsim {

// The counters of an admission policy other than `all` (group `admission` of the cache). The
// cache counts checks, admitted, filtered and off_checks; a policy counts the rest where they
// mean something to it.
struct AdmissionCounters {
  explicit AdmissionCounters(StatGroup& group);

  Counter& checks;         // reads the policy was asked about
  Counter& admitted;       // ... that got a line
  Counter& filtered;       // ... that went on without one (bypassed)
  Counter& off_checks;     // checks while the policy was switched off (all admitted)
  Counter& tag_misses;     // reads whose block had no tag entry: a new entry was made
  Counter& tag_evictions;  // valid tag entries replaced by new ones
  Counter& agings;         // set-wide reference-count decrements
  Counter& resets;         // tag entries whose data line left: count back to 0
};

class AdmissionPolicy {
 public:
  static constexpr const char* kKind = "admission";

  struct Context {
    std::uint32_t sets = 0;
    std::uint32_t ways = 0;  // the data store's (largest) associativity
    std::uint32_t line = 0;  // bytes
    std::uint64_t seed = 0;
    AdmissionCounters* counters = nullptr;  // null for `all`
  };

  virtual ~AdmissionPolicy() = default;

  // A read of `line` (a line address) in `set` that would miss with nothing pending: true to
  // give it a line. Must not change the policy's state: a refused access is retried.
  virtual bool admits(std::uint32_t set, Addr line, const AccessInfo& access) const = 0;
  // After every accepted read of `line` in `set`: hits, merges, misses and bypasses.
  virtual void on_read(std::uint32_t /*set*/, Addr /*line*/, const AccessInfo& /*access*/) {}
  // The cache placed (reserved) a line for `line` in `set`, evicting `evicted` if given.
  virtual void on_place(std::uint32_t /*set*/, Addr /*line*/, std::optional<Addr> /*evicted*/) {}
  // The line of `line` left `set` without a replacement: a write invalidated it, or the cache
  // was flushed (`flush`: every line at once, at a kernel boundary).
  virtual void on_remove(std::uint32_t /*set*/, Addr /*line*/, bool /*flush*/) {}
  // Cycles a hit takes beyond the cache's hit_latency (a larger tag store's probe).
  virtual std::uint32_t extra_hit_latency() const { return 0; }
  // SM dueling switches the filter off (every read admitted, the policy still keeps its state)
  // and on. Returns whether the policy can be switched.
  virtual bool set_enabled(bool /*on*/) { return false; }
  virtual bool enabled() const { return true; }
  // The cache belongs to `group` as member `member` (replacement_group.h), as its replacement
  // policy does; a policy that shares state across caches (Profiled-BYPASS's profile) takes it
  // from there.
  virtual void join(ReplacementGroup& /*group*/, std::uint32_t /*member*/) {}
};

}  // namespace warpsim
