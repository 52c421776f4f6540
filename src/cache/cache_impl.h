#pragma once

// The inside of the generic cache (cache.h), shared by cache.cc (lookups and misses) and
// cache_fill.cc (fills, flushes, state dumps). Not for use outside src/cache.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cache/admission/admission_policy.h"
#include "cache/block_stats.h"
#include "cache/bypass/bypass_policy.h"
#include "cache/cache.h"
#include "cache/cache_geometry.h"
#include "cache/cache_lines.h"
#include "cache/insertion/insertion_policy.h"
#include "cache/mshr.h"
#include "cache/replacement/replacement_policy.h"
#include "cache/request_queue.h"
#include "cache/reuse_distance.h"
#include "cache/set_index/set_index.h"
#include "sim/stats.h"

namespace warpsim {

// The counters of token holders' and token-less accesses (tokens.honor only; cache_tokens.cc).
struct TokenCounters {
  explicit TokenCounters(StatGroup& group);  // the cache's `tokens` group

  Counter& token_lookups;
  Counter& token_hits;
  Counter& tokenless_lookups;
  Counter& tokenless_hits;
  Counter& tokenless_misses;
  Counter& opportunistic_fills;
  Counter& unplaced_fills;
  Counter& clears;
};

// The counters of one cache, as they appear in stats.json (see cache.cc for their meaning).
struct CacheCounters {
  // `admission`: the cache has an admission policy other than `all` (group `admission`).
  CacheCounters(StatGroup& stats, bool admission);

  Counter& accesses;
  Counter& reads;
  Counter& writes;
  Counter& atomics;
  Counter& hits;
  Counter& hit_reserved;
  Counter& misses;
  Counter& sector_misses;
  Counter& policy_bypasses;
  Counter& forwarded;
  Counter& bypassed;
  Counter& write_hits;
  Counter& fail_no_line;
  Counter& fail_no_mshr;
  Counter& fail_mshr_merge;
  Counter& fail_miss_queue;
  Counter& evictions;
  Counter& writebacks;
  Counter& fills;
  Counter& hits_intra_warp;
  Counter& hits_inter_warp;
  Histogram& hits_by_warp_age;
  Histogram& fetch_latency;
  Histogram& fetch_latency_dram;
  std::unique_ptr<ReuseDistance> reuse;   // reuse_distance_pcs > 0
  std::unique_ptr<TokenCounters> tokens;  // tokens.honor
  std::unique_ptr<AdmissionCounters> admission;
  std::unique_ptr<BlockStats> blocks;  // block_stats
};

struct Cache::Impl {
  // One access, looked up.
  struct Lookup {
    const MemRequest* request;
    Addr line;
    std::uint32_t set;
    std::uint32_t way;  // CacheLines::kNoWay when the line is absent
    SectorMask want;    // requested sectors of the line
    AccessInfo info;
    bool places;  // a miss may place the line (false: a token-less read, cache tokens)
  };

  Impl(const CacheConfig& config, const ConfigNode& section, CacheCounters& counters,
       std::uint64_t seed);

  CacheResult access(const MemRequest& request);
  void fill(const MemReply& reply, std::vector<std::uint64_t>& completed);
  void invalidate_all();
  std::string describe_state() const;

  // Access paths (cache.cc).
  Lookup lookup(const MemRequest& request) const;
  CacheResult serve_here(const Lookup& k, bool write);
  // CacheConfig::perfect_reads: a read that hits with no line, no miss and no replacement state.
  CacheResult perfect_hit();
  CacheResult miss(const Lookup& k, SectorMask missing, SectorMask written);
  // A miss with nothing pending for its line: reserve a line (allocate on miss) and an MSHR.
  CacheResult allocate(const Lookup& k, SectorMask missing, SectorMask written);
  CacheResult merge(const Lookup& k, std::uint32_t mshr, SectorMask missing, SectorMask written);
  CacheResult write(const Lookup& k);
  CacheResult write_validate(const Lookup& k);
  CacheResult write_through(const Lookup& k);
  CacheResult forward_and_invalidate(const Lookup& k);
  CacheResult forward(const Lookup& k, bool bypassed);
  CacheResult refuse(const Lookup& k, FailCause cause);
  // A read miss the admission policy is asked about: a normal miss if admitted, else a bypass.
  CacheResult admit_or_filter(const Lookup& k, SectorMask missing);
  CacheResult done(const Lookup& k, CacheOutcome outcome, bool sector_miss = false);
  CacheResult failed(FailCause cause);
  void send_fetch(const Lookup& k, std::uint32_t mshr, SectorMask sectors);

  // Line changes (cache_fill.cc). place_line requires lines.can_place(set) and takes an
  // invalid way or evicts one the replacement policy picks among `candidates` (default: every
  // evictable line).
  std::uint32_t place_line(std::uint32_t set, Addr line, const AccessInfo& info);
  std::uint32_t place_line(std::uint32_t set, Addr line, const AccessInfo& info,
                           WayMask candidates);
  void evict(std::uint32_t set, std::uint32_t way);
  bool install(Addr addr, bool dirty);
  // `flush`: part of invalidate_all (the admission policy ages nothing for it).
  void invalidate_line(std::uint32_t set, std::uint32_t way, bool flush = false);
  void touch(std::uint32_t set, std::uint32_t way, const AccessInfo& info);
  void write_back(std::size_t index);

  // Cache tokens (cache_tokens.cc).
  // A token holder placed or hit the line at `index`: it gets a priority.
  void note_token_use(std::size_t index, const AccessInfo& info);
  // A token-less read's fill: a line for it if an open one exists (tokens.opportunistic).
  std::uint32_t place_opportunistic(std::uint32_t set, Addr line, const AccessInfo& info);
  void clear_tokens();
  void on_warp_end(std::uint32_t warp);
  // tokens.clear periodic: clears when a period boundary has passed since the last access.
  void clear_periodically();
  // The sectors a miss for `missing` fetches: whole fetch units, or with bto and a miss that
  // places no line, just those.
  SectorMask fetch_sectors(const Lookup& k, SectorMask missing) const {
    return config.bto && !k.places ? missing : geometry.expand(missing);
  }
  // Whether the replacement policy declines to evict for read miss `k` (bypass_instead).
  bool policy_bypasses(const Lookup& k) const;

  bool queue_full() const { return outgoing.size() >= config.miss_queue; }
  // Sectors a write makes valid without a fetch: write_validate assumes whole fetch units are
  // written; the other modes trust only the sectors the write covers.
  SectorMask validated(SectorMask written) const {
    return config.write_allocate == WriteAllocate::kWriteValidate ? geometry.expand(written)
                                                                  : written;
  }

  const CacheConfig& config;
  CacheGeometry geometry;
  CacheLines lines;
  MshrTable mshrs;
  RequestQueue outgoing;
  std::unique_ptr<SetIndexFunction> set_index;
  std::unique_ptr<ReplacementPolicy> replacement;
  std::unique_ptr<InsertionPolicy> insertion;
  std::unique_ptr<BypassPolicy> bypass;
  std::unique_ptr<AdmissionPolicy> admission;  // asked only when counters.admission exists
  std::vector<AccessInfo> mshr_info;           // per MSHR entry: the access that opened it
  CacheCounters& counters;                     // owned by the Cache, so that they outlive a resize
  std::uint64_t next_sequence = 0;             // of the next fetch
  std::uint64_t next_writeback = 0;
  std::uint64_t now = 0;              // the owner's cycle of the current access() or fill()
  std::uint64_t next_clear = 0;       // tokens.clear periodic: the next period boundary
  CacheListener* listener = nullptr;  // Cache::set_listener
  const WarpWindowSource* window_source = nullptr;  // Cache::set_warp_window
};

// Fetch tags: kFetchTagBit | sequence << kTagIndexBits | MSHR index, with one sequence number
// per fetch, so every request the cache sends has its own tag; a reply is accepted when its
// MSHR is busy and its sequence is not older than the MSHR's first fetch. Write-backs use the
// index kWritebackIndex; they are never answered.
inline constexpr std::uint32_t kTagIndexBits = 24;
inline constexpr std::uint64_t kTagIndexMask = (std::uint64_t{1} << kTagIndexBits) - 1;
inline constexpr std::uint64_t kWritebackIndex = kTagIndexMask;
inline constexpr std::uint64_t kTagSequenceMask = (std::uint64_t{1} << (63 - kTagIndexBits)) - 1;

inline std::uint64_t make_fetch_tag(std::uint64_t sequence, std::uint64_t index) {
  return kFetchTagBit | ((sequence & kTagSequenceMask) << kTagIndexBits) | index;
}

}  // namespace warpsim
