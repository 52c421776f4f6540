#pragma once

// The generic cache of the memory hierarchy: the L1 data cache, the texture/read-only and
// constant caches and the L2 slices are all instances. It holds tags and line state only (the
// functional model has the values) and is not a Component: its owner (the SM's LD/ST unit, an
// L2 slice) calls it from its own tick, applies the hit latency, and moves the outgoing queue
// onto its Link to the next level.
//
// Protocol for the owner:
//  1. access(request, now) for each request, in the order the owner chooses.
//     - kHit: served here; answer the request after the hit latency.
//     - kHitReserved / kMiss: the line is on its way; fill() will hand back request.tag.
//     - kForwarded: the request itself went into the outgoing queue (a bypass, a write
//       through, a write miss without allocation, an atomic at a level that does not execute
//       it); the next level answers it with the request's own tag and the owner passes that
//       reply on.
//     - kFailed: nothing changed but the counter of `cause`; retry later.
//  2. Each cycle, while has_outgoing(): try to send outgoing(); on success pop_outgoing().
//     Requests the cache makes itself (fetches, write-backs) carry tags with kFetchTagBit set.
//  3. A reply from the next level whose tag has kFetchTagBit set goes to fill(), which installs
//     the sectors and appends the tags of every request the fill completes; any other reply
//     answers a forwarded request.
// The same calls in the same order give the same results (replacement seeds included).
//
// Details the owner may rely on:
//  - A request covers one block inside one line (a whole line, or a smaller aligned block
//    such as one 32-byte sector); `sectors` is relative to the block, 0 meaning all of it.
//    A block that crosses a line boundary is a std::logic_error.
//  - Reads and instruction fetches are served here. Writes: write_back serves hits and
//    write-validate / lazy-fetch-on-read misses (kHit), fetch-on-write misses wait for the
//    fetch (kMiss / kHitReserved) and no-allocate misses are kForwarded; write_through and
//    write_evict forward every write (kForwarded); read_only throws std::logic_error (as do
//    atomics there). Atomics are served like fetch-on-write writes at a write_back level and
//    forwarded elsewhere, dropping the local copy.
//  - A replacement policy may decline to evict for a read miss (bypass_instead; AgeLRU's
//    bypass): that miss then reserves an MSHR and no line, as a token-less read's does.
//  - With tokens.honor, a read whose request has token false (PCAL) may hit, and on a miss
//    reserves an MSHR but no line; its fill places the line only in an open way
//    (cache_tokens.cc). With bto its fetch asks for the sectors it needs, not whole units.
//  - Failure checks run in GPGPU-Sim's order: no line (allocate on_miss only), miss queue
//    (only when the access would send something), then MSHR (no entry / merge full). The
//    bypass policy is asked (When::kOnLineStall / kOnResourceStall) before a kNoLine, kNoMshr or
//    kMshrMergeFull failure and may turn it into a kForwarded.
//  - The outgoing queue admits a fetch or forward while it holds fewer than miss_queue
//    requests; write-backs (from evictions, fills and invalidate_all) are queued regardless
//    and may take it past miss_queue, delaying later misses until it drains.
//  - Every request the cache sends itself has its own tag. A fill answers the requests whose
//    needed sectors have all arrived, in the order they reached the MSHR.

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "cache/access_info.h"
#include "cache/cache_config.h"
#include "cache/cache_listener.h"
#include "mem/packet.h"
#include "sim/config_node.h"
#include "sim/stats.h"
#include "sim/time.h"

namespace warpsim {

enum class CacheOutcome : std::uint8_t { kHit, kHitReserved, kMiss, kForwarded, kFailed };
enum class FailCause : std::uint8_t { kNone, kNoLine, kNoMshr, kMshrMergeFull, kMissQueueFull };

struct CacheResult {
  CacheOutcome outcome = CacheOutcome::kHit;
  FailCause cause = FailCause::kNone;
  bool sector_miss = false;  // the line was present but some requested sectors were not
};

inline constexpr std::uint64_t kFetchTagBit = std::uint64_t{1} << 63;

struct CacheCounters;
class ReplacementGroup;

class Cache {
 public:
  // `section` is the cache's resolved config section (its policy slots are read from it);
  // `stats` receives the counters; `seed` makes identical caches' random policies differ.
  Cache(const CacheConfig& config, const ConfigNode& section, StatGroup& stats, std::uint64_t seed);
  ~Cache();
  Cache(const Cache&) = delete;
  Cache& operator=(const Cache&) = delete;

  CacheResult access(const MemRequest& request, Cycle now);

  bool has_outgoing() const;
  const MemRequest& outgoing() const;
  void pop_outgoing();

  // A reply to one of this cache's own requests (tag has kFetchTagBit).
  void fill(const MemReply& reply, Cycle now, std::vector<std::uint64_t>& completed);

  // Puts the line holding `addr` here whole, as data written from outside the memory system
  // (the host's copies into the L2): present, every sector valid, dirty when `dirty`; a line
  // already present is touched as a hit. Placing may evict (a dirty victim is written back
  // through the outgoing queue). No access counter changes. False when nothing was placed: the
  // set has no line to give, or the line has a fetch pending.
  bool install(Addr addr, bool dirty);

  // Drops every line (dirty lines are written back through the outgoing queue) — GPGPU-Sim
  // invalidates the L1 data caches at kernel boundaries. Pending misses stay.
  void invalidate_all();

  // Cache tokens (tokens.honor; cache_tokens.cc): the owner calls clear_tokens() at kernel
  // boundaries (it acts with tokens.clear kernel_end) and on_warp_end(slot) when one of its
  // SM's warps ends (it acts with all_owners_end and last_owner_end). No-ops otherwise.
  void clear_tokens();
  void on_warp_end(std::uint32_t warp);

  // From now on `listener` (null: none) hears of this cache's evictions and accesses
  // (cache_listener.h); it must outlive the cache or be replaced first.
  void set_listener(CacheListener* listener);
  // Where the active-warp window of AccessInfo comes from (warp_window.h; null: none, every
  // window empty); it must outlive the cache or be replaced first.
  void set_warp_window(const WarpWindowSource* source);
  // Switches the replacement policy to its fallback (ReplacementPolicy::set_fallback) or back;
  // returns whether it has one.
  bool set_replacement_fallback(bool on);
  // Makes the replacement policy member `member` of `group` (replacement_group.h), which must
  // outlive the cache.
  void join_replacement_group(ReplacementGroup* group, std::uint32_t member);

  // The admission policy (admission_policy.h) switched off (every read miss gets a line) or
  // back on, by SM dueling; returns whether the policy can be switched.
  bool set_admission_enabled(bool on);
  // Cycles a hit takes: hit_latency plus the admission policy's tag probe.
  std::uint32_t hit_latency() const;
  // Reads so far that looked for data here or bypassed it, and the misses among them (misses,
  // merges into a pending miss and bypasses): what SM dueling compares.
  struct ReadTally {
    std::uint64_t reads = 0;
    std::uint64_t misses = 0;
  };
  ReadTally read_tally() const;

  // No pending misses and nothing queued to send.
  bool idle() const;
  // Gives the cache a new capacity (same line, sector and ways; sets change), empty; the
  // counters carry on. Only when idle() and without per-set ways (std::logic_error otherwise).
  // The unified L1/shared array does this when a kernel's shared-memory carve-out changes.
  void resize(std::uint64_t size);
  const CacheConfig& config() const { return config_; }
  std::string describe_state() const;

 private:
  struct Impl;
  CacheConfig config_;
  ConfigNode section_;
  std::uint64_t seed_;
  std::unique_ptr<CacheCounters> counters_;
  CacheListener* listener_ = nullptr;
  const WarpWindowSource* window_source_ = nullptr;
  bool fallback_ = false;
  bool admission_on_ = true;
  ReplacementGroup* group_ = nullptr;
  std::uint32_t member_ = 0;
  std::unique_ptr<Impl> impl_;
};

}  // namespace warpsim
